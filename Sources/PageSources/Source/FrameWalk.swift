import LinkAuditModel

/// Follows a page's frames into other pages of the same input (a dump's files, an archive's
/// records): each framed page's navigations become sub-frame navigations of the framing page
/// (README, "Framed pages"). Where the pages come from is the caller's: `known` says whether a
/// frame's URL is a page it can read (and the key it knows it by), `read` reads it again.
///
/// Bounds: frames inside frames `FramedPages.maxDepth` pages deep, never back into a page on
/// the way (a browser does not load a frame's own ancestor either); per framing page at most
/// `FramedPages.maxDocumentsPerPage` framed documents and `maxNavigationsPerPage` of their
/// navigations (past either: `framed-pages-cut` on the page's record). Depth first with an
/// explicit stack: no recursion, whatever the input.
struct FrameWalk {
    /// What reading a framed page gives: its navigations, or nothing and why (nil: nothing
    /// to say, as for a page that is not HTML).
    enum Document {
        case navigations([Navigation])
        case skipped(String?)
    }

    /// The key of the page a frame's URL (fragment dropped: `FramedPages.key`) loads, nil
    /// when it is no page of the input.
    let known: (String) -> String?
    let read: (String) -> Document
    /// What the cut note calls the input's pages: "the dump's pages", "the archive's pages".
    let pagesName: String

    func follow(_ navigations: [Navigation], page: String, warning: inout String?) -> [Navigation] {
        guard navigations.contains(where: FramedPages.loadsAFrame) else { return navigations }
        var budget = Budget(nextDocument: 1 + navigations.reduce(0) { max($0, $1.place.value?.document ?? 0) })
        // The page's own navigations are copied out only once a frame adds some: most frames
        // load no page of the input (a deep link, another site), and copying every
        // navigation (twenty fields) cost a dense page more than the walk (Benchmarks/README.md).
        var out: [Navigation] = []
        var copied = 0
        let own = FramedPages.key(page).map { known($0) ?? $0 }
        var notes: [String] = []
        for index in navigations.indices {
            guard !budget.spent, FramedPages.loadsAFrame(navigations[index]),
                  let url = FramedPages.key(navigations[index].url), let key = known(url), key != own else { continue }
            let added = framed(key, by: navigations[index], page: page, ancestors: [own].compactMap { $0 },
                               budget: &budget, notes: &notes)
            guard !added.isEmpty else { continue }
            if out.isEmpty { out.reserveCapacity(navigations.count + added.count) }
            out += navigations[copied...index]
            out += added
            copied = index + 1
        }
        if copied > 0 {
            out += navigations[copied...]
        } else {
            out = navigations
        }
        if budget.spent {
            notes.append("framed-pages-cut: the page's frames load more than \(FramedPages.maxDocumentsPerPage) of "
                + "\(pagesName), or more than \(FramedPages.maxNavigationsPerPage) navigations in them; those past "
                + "it are not listed")
        }
        if !notes.isEmpty {
            let note = notes.joined(separator: "; ")
            warning = warning.map { $0 + "; " + note } ?? note
        }
        return out
    }

    /// What one page may still add: documents and navigations, and the next document's number.
    private struct Budget {
        var nextDocument: Int
        var documents = 0
        var navigations = 0
        var spent = false
    }

    /// The navigations of the page at `key` and of the pages framed inside it, depth first
    /// with an explicit stack (no recursion).
    private func framed(_ key: String, by frame: Navigation, page: String, ancestors: [String],
                        budget: inout Budget, notes: inout [String]) -> [Navigation] {
        struct Pending {
            var navigations: [Navigation]
            var next = 0
            var chain: [String]
            /// This framed page's document numbers, renumbered for the framing page.
            var documents: [Int: Int] = [:]
        }
        var out: [Navigation] = []
        var stack: [Pending] = []
        func open(_ key: String, chain: [String]) {
            guard budget.documents < FramedPages.maxDocumentsPerPage else {
                budget.spent = true
                return
            }
            budget.documents += 1
            switch read(key) {
            case .navigations(let navigations):
                stack.append(Pending(navigations: navigations, chain: chain + [key]))
            case .skipped(let why):
                if let why, !notes.contains(why) { notes.append(why) }
            }
        }
        open(key, chain: ancestors)
        while !stack.isEmpty, !budget.spent {
            let top = stack.count - 1
            guard stack[top].next < stack[top].navigations.count else {
                stack.removeLast()
                continue
            }
            let inner = stack[top].navigations[stack[top].next]
            stack[top].next += 1
            guard inner.trigger != .metadata && inner.trigger != .serverRedirect else { continue }
            // A frame sandboxed without `allow-scripts` runs no script and no refresh (§F.17).
            if let sandbox = FrameSandbox(field: frame.sandbox), !sandbox.allowsScripts, Self.needsScripts(inner) { continue }
            guard budget.navigations < FramedPages.maxNavigationsPerPage else {
                budget.spent = true
                break
            }
            budget.navigations += 1
            var moved = inner
            moved.page = page
            moved.line = frame.line
            moved.framedPage = inner.framedPage ?? stack[top].chain.last
            moved.context = frame.context ?? inner.context
            moved.sandbox = FrameSandbox.within(frame.sandbox, inner.sandbox)
            if let place = inner.place.value {
                let document: Int
                if let known = stack[top].documents[place.document] {
                    document = known
                } else {
                    document = budget.nextDocument
                    budget.nextDocument += 1
                    stack[top].documents[place.document] = document
                }
                var renumbered = place
                renumbered.document = document
                moved.place = Carried(renumbered)
                // The framed page's own frame is a sub-frame here; `_top` still goes to the top.
                if inner.frame == .main && place.ownFrame { moved.frame = .sub }
            } else if inner.frame == .main {
                moved.frame = .sub
            }
            out.append(moved)
            let chain = stack[top].chain
            // (`chain` starts with the framing page: it holds at most `maxDepth` framed ones.)
            if FramedPages.loadsAFrame(inner), chain.count <= FramedPages.maxDepth, let url = FramedPages.key(inner.url),
               let next = known(url), !chain.contains(next) {
                open(next, chain: chain)
            }
        }
        return out
    }

    /// A navigation that happens only where scripts run: a script's, an event handler's, a
    /// refresh (which a sandbox without `allow-scripts` blocks too).
    static func needsScripts(_ navigation: Navigation) -> Bool {
        switch navigation.trigger {
        case .scriptLoad, .scriptTimer, .scriptHandler, .scriptAsync, .metaRefresh: return true
        default: return navigation.source == "script" || navigation.source.hasPrefix("attr[")
        }
    }
}
