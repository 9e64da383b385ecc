import LinkAuditModel
import WHATWGURL

/// A dump's own framed pages: an iframe or frame whose `src` is another page of the same
/// dump loads that page as a sub-frame, where its refresh, scripts and links run — so its
/// navigations are sub-frame navigations of the framing page too (README, "Framed pages").
///
/// The dump's pages are known by URL before any is read (`InputCollector`); a framed page
/// is read again from its file when a page frames it, and nothing of it is kept after, so
/// memory does not grow with the dump. Frames inside a framed page are followed too, up to
/// `maxDepth` pages deep, and never back into a page already on the way (a browser does not
/// load a frame's own ancestor either).
public struct FramedPages: Sendable {
    /// Frames inside frames followed at most this deep (as `srcdoc` documents are).
    public static let maxDepth = 4
    /// A page's frames could load the same framed page thousands of times: at most this
    /// many framed documents, and this many of their navigations, are added to one page
    /// (past either, the page's record says so: `framed-pages-cut`).
    public static let maxDocumentsPerPage = 64
    public static let maxNavigationsPerPage = 100_000

    /// By URL (without fragment): the page, and the URL it is known by (`a/index.html` is
    /// also found as `a/`, its page URL). Compact: `FramedIndex`.
    private let pages: FramedIndex
    private let reader: PageReader

    /// The file pages of `inputs`, by URL (archives and fetched pages are not followed).
    public init(_ inputs: [PageInput], reader: PageReader) {
        self.init(PageInputs(inputs), reader: reader)
    }

    public init(_ inputs: PageInputs, reader: PageReader) {
        pages = FramedIndex(inputs)
        self.reader = reader
    }

    /// Whether any page could be framed at all.
    public var isEmpty: Bool { pages.isEmpty }

    /// The URL a frame loads, as the index knows pages: without its fragment.
    static func key(_ url: String) -> String? {
        guard let parsed = WebURL.parse(url), parsed.scheme == "http" || parsed.scheme == "https" else { return nil }
        let href = parsed.href
        return href.firstIndex(of: "#").map { String(href[..<$0]) } ?? href
    }

    /// A page's navigations with, right after each frame that loads another page of the
    /// dump, that page's own navigations as this page's sub-frame navigations: on the
    /// frame's line, with `framedPage` naming the page, each framed document numbered
    /// after this page's own (`ParsePlace.document`).
    public func follow(_ navigations: [Navigation], page: String) -> [Navigation] {
        var warning: String?
        return follow(navigations, page: page, warning: &warning)
    }

    /// As `follow(_:page:)`, adding to `warning` (the page record's) when a bound cut the
    /// framed pages short.
    public func follow(_ navigations: [Navigation], page: String, warning: inout String?) -> [Navigation] {
        guard !pages.isEmpty, navigations.contains(where: Self.loadsAFrame) else { return navigations }
        var budget = Budget(nextDocument: 1 + navigations.reduce(0) { max($0, $1.place.value?.document ?? 0) })
        var out: [Navigation] = []
        out.reserveCapacity(navigations.count)
        let own = Self.key(page).map { pages[$0]?.key ?? $0 }
        for navigation in navigations {
            out.append(navigation)
            guard !budget.spent, Self.loadsAFrame(navigation), let url = Self.key(navigation.url),
                  let key = pages[url]?.key, key != own else { continue }
            out += framed(key, by: navigation, page: page, ancestors: [own].compactMap { $0 }, budget: &budget)
        }
        if budget.spent {
            let note = "framed-pages-cut: the page's frames load more than \(Self.maxDocumentsPerPage) of the dump's "
                + "pages, or more than \(Self.maxNavigationsPerPage) navigations in them; those past it are not listed"
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

    /// A frame element's own load (not an `<object>` or `<embed>`, not inert content).
    static func loadsAFrame(_ navigation: Navigation) -> Bool {
        navigation.trigger == .frameLoad && navigation.context != "template"
            && (navigation.source == "iframe[src]" || navigation.source == "frame[src]")
    }

    /// The navigations of the page at `key` and of the pages framed inside it, depth first
    /// with an explicit stack (no recursion).
    private func framed(_ key: String, by frame: Navigation, page: String, ancestors: [String],
                        budget: inout Budget) -> [Navigation] {
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
            guard let input = pages[key]?.input else { return }
            guard budget.documents < Self.maxDocumentsPerPage else {
                budget.spent = true
                return
            }
            budget.documents += 1
            let result = reader.read(input)
            guard result.record.isOK else { return }
            stack.append(Pending(navigations: result.navigations, chain: chain + [key]))
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
            guard budget.navigations < Self.maxNavigationsPerPage else {
                budget.spent = true
                break
            }
            budget.navigations += 1
            var moved = inner
            moved.page = page
            moved.line = frame.line
            moved.framedPage = inner.framedPage ?? stack[top].chain.last
            moved.context = frame.context ?? inner.context
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
            if Self.loadsAFrame(inner), chain.count <= Self.maxDepth, let url = Self.key(inner.url),
               let next = pages[url]?.key, !chain.contains(next) {
                open(next, chain: chain)
            }
        }
        return out
    }
}
