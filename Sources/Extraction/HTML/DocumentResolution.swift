import LinkAuditModel
import WHATWGURL

/// The end of a document: resolve URLs against the base, decide frames, place script
/// navigations by where their code runs, and extract `srcdoc` documents.
extension DocumentState {
    /// The document's base URL: the first `<base href>` resolved against the fallback,
    /// unless it resolves to a data: or javascript: URL, which browsers ignore.
    var baseURL: WebURL? {
        guard let href = baseHref, let resolved = WebURL.parse(href, base: fallbackBase, queryEncoder: queryEncoder),
              resolved.scheme != "data", resolved.scheme != "javascript" else { return fallbackBase }
        return resolved
    }

    /// An iframe or frame whose src is about:blank stays on its initial about:blank document:
    /// "if url matches about:blank and initialInsertion is true", no navigation (HTML Standard,
    /// shared attribute processing steps for iframe and frame elements; §F.10).
    private func staysBlank(_ trigger: Trigger, _ source: borrowing String, at url: WebURL) -> Bool {
        trigger == .frameLoad && (source == "iframe[src]" || source == "frame[src]")
            && url.scheme == "about" && url.pathname == "blank" && url.hostname == nil
            && url.username.isEmpty && url.password.isEmpty
    }

    /// A navigation that only scrolls or leaves a frame on about:blank. (The URL lent as it
    /// is: bound with `if let` by the caller, it was copied.)
    private func dropped(_ trigger: Trigger, _ source: borrowing String, _ target: borrowing TargetRule,
                         at resolved: WebURL?) -> Bool {
        guard let url = resolved else { return false }
        return onlyScrolls(trigger, target, to: url) || staysBlank(trigger, source, at: url)
    }

    func finish() -> [Navigation] {
        let base = baseURL
        // Script navigations go after the elements' (`inLineOrder` sorts them in).
        var placed = ScriptPlacement.placeDocument(scripts, document: ScriptDocument(elements: elements, baseTarget: baseTarget),
                                                   limits: limits)
        // An element's own link or action a script rewrites at load is live only with
        // scripting off (Docs/PLATFORM.md §F.16), as `<noscript>` content is.
        for own in placed.superseded where own.index < pending.count && pending[own.index].line == own.line
            && pending[own.index].context == nil && ElementIndex.rewritable.contains(pending[own.index].source) {
            pending[own.index].context = "noscript"
        }
        // The `srcdoc` documents' records first (they do not depend on these), so that the
        // list is made once at its size: grown by them, it was copied whole (Navigation is
        // twenty fields).
        var framed = srcdocNavigations(base: base)
        // The elements' records, then the scripts' (not appended to `pending`, which copied
        // each), each taken out of its list (`navigations(taking:)`): the document's records
        // are made once, at its end, and the list is not read after.
        var own: [PendingNavigation] = []
        swap(&own, &pending)
        var scripted = placed.navigations
        placed.navigations = []
        var out = navigations(taking: &own, &scripted, base: base, room: framed.count)
        Self.move(&framed, onto: &out)
        Self.putInLineOrder(&out)
        return out
    }

    /// The records of the document's own pending navigations, then of its scripts', in
    /// order, each made in the list's own storage (`makeNavigation`): appended, a record was
    /// made aside, copied in and destroyed (twenty fields a link; Benchmarks/README.md, issue
    /// 17). Each pending navigation is taken out of its list (reversed, then removed from the
    /// end: moves, not copies) into `scratch`, whose strings `makeNavigation` moves into the
    /// record: none retained for the record, none released with the list. At most one record
    /// per pending navigation, and `room` for what the caller adds.
    private func navigations(taking own: inout [PendingNavigation], _ scripted: inout [PendingNavigation],
                             base: WebURL?, room: Int) -> [Navigation] {
        // Reversed through their buffers, whose swaps are moves (the array's own copied each record).
        own.withUnsafeMutableBufferPointer { $0.reverse() }
        scripted.withUnsafeMutableBufferPointer { $0.reverse() }
        // `scratch` on the stack: allocated, it was two more heap calls a document.
        return withUnsafeTemporaryAllocation(of: PendingNavigation.self, capacity: 1) { scratch in
            navigations(taking: &own, &scripted, base: base, room: room, scratch: scratch.baseAddress!)
        }
    }

    private func navigations(taking own: inout [PendingNavigation], _ scripted: inout [PendingNavigation],
                             base: WebURL?, room: Int, scratch: UnsafeMutablePointer<PendingNavigation>) -> [Navigation] {
        var seen = SeenRecords()
        seen.reserveCapacity(scripted.count)
        return [Navigation](unsafeUninitializedCapacity: own.count + scripted.count + room) { records, count in
            guard let start = records.baseAddress else { return }
            func take(_ list: inout [PendingNavigation]) {
                while !list.isEmpty {
                    scratch.initialize(to: list.removeLast())
                    let fromScript = scratch.pointee.fromScript
                    guard makeNavigation(taking: scratch, base: base, at: start + count) else { continue }
                    // A function called from several places yields the same record each time.
                    if fromScript, !seen.insert(start + count) {
                        (start + count).deinitialize(count: 1)
                        continue
                    }
                    count += 1
                }
            }
            take(&own)
            take(&scripted)
        }
    }

    /// A pending navigation resolved against `base`, its frame decided and its place in the
    /// parse carried; nil for one that only scrolls or leaves a frame on about:blank.
    func navigation(for p: PendingNavigation, base: WebURL?) -> Navigation? {
        withUnsafeTemporaryAllocation(of: PendingNavigation.self, capacity: 1) { scratch in
            scratch.baseAddress!.initialize(to: p)
            return [Navigation](unsafeUninitializedCapacity: 1) { record, count in
                if makeNavigation(taking: scratch.baseAddress!, base: base, at: record.baseAddress!) { count = 1 }
            }.first
        }
    }

    /// `navigation(for:base:)` made at `record` (uninitialized memory, left so when there is
    /// none: false) and filled there, so the page's list holds it without a copy. The pending
    /// navigation at `p` is taken: its strings are moved into the record and the rest
    /// deinitialized, so `p` is uninitialized memory after, either way. (Read through the
    /// pointer and copied, each string was retained for the record and released with the
    /// pending list; a `consuming` parameter was still copied field by field.)
    func makeNavigation(taking p: UnsafeMutablePointer<PendingNavigation>, base: WebURL?,
                        at record: UnsafeMutablePointer<Navigation>) -> Bool {
        // Every field that holds a reference is moved out first: what stays at `p` is plain
        // bits (`PendingNavigationTakingTests` holds the list of fields), and the locals are
        // read in place, where a read through `p` was a copy around each call.
        let raw = withUnsafeMutablePointer(to: &p.pointee.raw) { $0.move() }
        let source = withUnsafeMutablePointer(to: &p.pointee.source) { $0.move() }
        let target = withUnsafeMutablePointer(to: &p.pointee.target) { $0.move() }
        let context = withUnsafeMutablePointer(to: &p.pointee.context) { $0.move() }
        let condition = withUnsafeMutablePointer(to: &p.pointee.condition) { $0.move() }
        let sandbox = withUnsafeMutablePointer(to: &p.pointee.sandbox) { $0.move() }
        // Every URL of the document is parsed with its encoding (§F.12).
        let resolved = p.pointee.toDocument ? documentURL ?? resolve(raw, base) : resolve(raw, base)
        if dropped(p.pointee.trigger, source, target, at: resolved) { return false }
        // Matched, not compared with `nil`: `resolved == nil` took Equatable's `==`, which built a
        // tuple of two URLs (the parsed one copied in) and destroyed it through the runtime's
        // generic tuple witness, ~300 instructions and a retain/release a link (issue 17).
        let unparsedScheme: String
        if case .none = resolved { unparsedScheme = WebURL.schemeOf(raw) ?? "" } else { unparsedScheme = "" }
        // Made in place (`Navigation.initialize`), the URL moved in: a written init built the
        // record aside and copied it in.
        Navigation.initialize(record, page: page, line: p.pointee.line, source: source, trigger: p.pointee.trigger,
                              frame: frame(for: target), delayMs: p.pointee.delayMs, raw: raw,
                              target: consume resolved, unparsedScheme: unparsedScheme,
                              partial: p.pointee.partial ? true : nil, context: context, condition: condition,
                              sandbox: sandbox,
                              place: ParsePlace(document: number, parserLine: p.pointee.parserLine,
                                                startsWhileParsing: p.pointee.startsWhileParsing,
                                                ownFrame: navigatesOwnFrame(target)))
        return true
    }

    /// A `srcdoc` document's URL, parsed once.
    private static let srcdocURL = WebURL.parse("about:srcdoc")

    /// The navigations of the document's `srcdoc` documents, each extracted now.
    func srcdocNavigations(base: WebURL?) -> [Navigation] {
        var out: [Navigation] = []
        for doc in srcdocs {
            // Its lines count from where the attribute's value starts. A line break written as
            // a character reference (`&#10;`) is one the page's text does not have, so no
            // record goes past the tag's end: the document lies within it.
            let child = DocumentState(page: page, documentURL: Self.srcdocURL, fallbackBase: base,
                                      frame: .sub, lineOffset: doc.lines.lowerBound - 1,
                                      scriptsAllowed: doc.scriptsAllowed, depth: depth + 1, queryEncoder: queryEncoder,
                                      limits: limits, numbers: numbers)
            var html = doc.html
            html.withUTF8 { HTMLExtractor.parse(UnsafeRawBufferPointer($0), into: child) }
            // Set in place and moved on: `for var navigation in` copied each record (twenty
            // fields retained) and appending copied it again (Benchmarks/README.md, issue 17).
            var records = child.finish()
            for k in records.indices {
                records[k].line = min(records[k].line, doc.lines.upperBound)
                if doc.sandbox != nil || records[k].sandbox != nil {
                    records[k].sandbox = FrameSandbox.within(doc.sandbox, records[k].sandbox)
                }
            }
            Self.move(&records, onto: &out)
        }
        return out
    }

    /// Appends `records` to `list` and leaves `records` empty, each record moved (reversed
    /// by moves, then removed from the end): `append(contentsOf:)` copied each (its strings
    /// retained), and the emptied list released them.
    static func move(_ records: inout [Navigation], onto list: inout [Navigation]) {
        if list.isEmpty {
            swap(&list, &records)
            return
        }
        list.reserveCapacity(list.count + records.count)
        records.withUnsafeMutableBufferPointer { $0.reverse() }
        while !records.isEmpty { list.append(records.removeLast()) }
    }

    private func resolve(_ raw: String, _ base: WebURL?) -> WebURL? {
        WebURL.parse(raw, base: base, queryEncoder: queryEncoder)
    }

    /// Sorted by line, stably: records on one line keep document order. Element records
    /// come in document order already; only script and srcdoc records, appended after
    /// them, can be out of place, so the usual page needs no sort at all, and the others
    /// sort small keys instead of moving whole records around.
    static func inLineOrder(_ navigations: [Navigation]) -> [Navigation] {
        var sorted = true
        for i in navigations.indices.dropFirst() where navigations[i - 1].line > navigations[i].line {
            sorted = false
            break
        }
        if sorted { return navigations }
        // The line in the high bits, the position in the low ones: one integer sort is stable.
        var keys = navigations.indices.map { navigations[$0].line << 32 | $0 }
        keys.sort()
        return keys.map { navigations[$0 & 0xFFFF_FFFF] }
    }

    /// `inLineOrder` on the page's own list: the sorted order applied in place, cycle by
    /// cycle, where building the sorted list copied every record
    /// (`ExtractionTests.LineOrderTests` compares the two).
    static func putInLineOrder(_ navigations: inout [Navigation]) {
        var sorted = true
        for i in navigations.indices.dropFirst() where navigations[i - 1].line > navigations[i].line {
            sorted = false
            break
        }
        if sorted { return }
        var keys = navigations.indices.map { navigations[$0].line << 32 | $0 }
        keys.sort()
        // Position k takes the record at keys[k]'s position: follow each cycle once, its
        // first record held aside and each other moved once into the place it goes to (a
        // swap along the cycle moved every record three times: ~2 M instructions of copies
        // on the dense corpus, issue 17). Moves are bit copies: nothing retained or released.
        var placed = [Bool](filledWith: false, count: keys.count)
        navigations.withUnsafeMutableBufferPointer { records in
            guard let base = records.baseAddress else { return }
            for start in keys.indices where !placed[start] {
                placed[start] = true
                var from = keys[start] & 0xFFFF_FFFF
                if from == start { continue }
                let held = (base + start).move()
                var current = start
                while from != start {
                    (base + current).moveInitialize(from: base + from, count: 1)
                    placed[from] = true
                    current = from
                    from = keys[current] & 0xFFFF_FFFF
                }
                (base + current).initialize(to: held)
            }
        }
    }

    struct DuplicateKey: Hashable {
        let line: Int, source: String, trigger: Trigger, frame: FrameKind, delayMs: Int?, raw: String

        /// Hashed without `source` (equal keys still hash alike: what is hashed is a part of
        /// what `==` compares; keys that differ in their source alone are rare), which cost a
        /// String hash per script record.
        func hash(into hasher: inout Hasher) {
            hasher.combine(line)
            hasher.combine(trigger)
            hasher.combine(frame)
            hasher.combine(delayMs)
            hasher.combine(raw)
        }
    }

    /// A record of the list `navigations(taking:)` makes, compared and hashed as its
    /// `DuplicateKey` is, read where it lies: a key copied out of it retained its two strings
    /// and destroyed them again, for every script record (Benchmarks/README.md, issue 17).
    /// The list's storage is allocated at its full size before the first record is made, so
    /// the address stays good while the set lives, inside the list's making.
    struct RecordKey: Hashable {
        let record: UnsafePointer<Navigation>

        static func == (lhs: Self, rhs: Self) -> Bool {
            let a = lhs.record, b = rhs.record
            return a.pointee.line == b.pointee.line && a.pointee.source == b.pointee.source
                && a.pointee.trigger == b.pointee.trigger && a.pointee.frame == b.pointee.frame
                && a.pointee.delayMs == b.pointee.delayMs && a.pointee.raw == b.pointee.raw
        }

        /// `DuplicateKey.hash(into:)`'s fields.
        func hash(into hasher: inout Hasher) {
            hasher.combine(record.pointee.line)
            hasher.combine(record.pointee.trigger)
            hasher.combine(record.pointee.frame)
            hasher.combine(record.pointee.delayMs)
            hasher.combine(record.pointee.raw)
        }
    }

    /// The script records `navigations(taking:)` has kept, to drop one equal to a record
    /// kept before (`RecordKey`'s equality). Found by their place first (line, trigger, frame
    /// and delay: four numbers hashed) and compared with the records kept at that place, a
    /// chain through `records`; a place past `listed` records has them in `hashed`, a set of
    /// `RecordKey`s, whole. A `Set<RecordKey>` alone (`plain`, the reference,
    /// `SeenRecordsTests`) hashed every record's `raw` text: ~900 instructions a script
    /// record, ~1,400 an `intent:` one (issue 17).
    struct SeenRecords {
        static let listed = 16
        /// Off: every record goes to `hashed`.
        var plain = false
        private struct Place: Hashable {
            let line: Int, kinds: Int, delayMs: Int?

            init(_ record: UnsafePointer<Navigation>) {
                line = record.pointee.line
                kinds = record.pointee.trigger.ordinal << 2 | record.pointee.frame.ordinal
                delayMs = record.pointee.delayMs
            }
        }
        /// A place's last record kept (the head of its chain), or -1 once its records are in `hashed`.
        private var places: [Place: Int] = [:]
        private var records: [(record: UnsafePointer<Navigation>, next: Int)] = []
        private var hashed = Set<RecordKey>()

        mutating func reserveCapacity(_ count: Int) {
            if plain { hashed.reserveCapacity(count) } else { places.reserveCapacity(count) }
            records.reserveCapacity(plain ? 0 : count)
        }

        /// Keeps `record` unless one equal to it was kept: whether it was kept.
        mutating func insert(_ record: UnsafePointer<Navigation>) -> Bool {
            if plain { return hashed.insert(RecordKey(record: record)).inserted }
            let place = Place(record)
            // One hash for a new place, the usual case: the head set at once, restored after.
            guard let head = places.updateValue(records.count, forKey: place) else {
                records.append((record, -1))
                return true
            }
            if head < 0 {
                places[place] = -1
                return hashed.insert(RecordKey(record: record)).inserted
            }
            let key = RecordKey(record: record)
            var k = head
            var chained = 0
            while k >= 0 {
                if RecordKey(record: records[k].record) == key {
                    places[place] = head
                    return false
                }
                k = records[k].next
                chained += 1
            }
            if chained >= Self.listed {
                k = head
                while k >= 0 {
                    hashed.insert(RecordKey(record: records[k].record))
                    k = records[k].next
                }
                hashed.insert(key)
                places[place] = -1
                return true
            }
            records.append((record, head))
            return true
        }
    }

    /// Whether a navigation goes to the frame this document is in by itself (§F.15): its
    /// own `location`, a link or form with no target or `_self` — not one that names the
    /// top (`_top`, `_parent`, `top.location`), which stays the top when the document is
    /// framed.
    private func navigatesOwnFrame(_ rule: borrowing TargetRule) -> Bool {
        switch rule {
        case .document: return true
        case .main, .sub, .newWindow: return false
        case .named(let name):
            switch name.trimmingASCIIWhitespace.lowercased() {
            case "", "_self": return true
            default: return false
            }
        }
    }

    private func frame(for rule: borrowing TargetRule) -> FrameKind {
        switch rule {
        case .document: return frame
        case .main: return .main
        case .sub: return .sub
        case .newWindow: return .newWindow
        case .named(let name):
            switch name.trimmingASCIIWhitespace.lowercased() {
            case "", "_self": return frame
            case "_top", "_parent": return .main
            case "_blank": return .newWindow
            default: return iframeNames.contains(name) ? .sub : .newWindow
            }
        }
    }
}

// The key's inits stay out of its body, so it keeps the memberwise init (a written init built
// the key aside and copied it out: `Navigation.initialize`, Docs/ARCHITECTURE.md §3).
extension DocumentState.DuplicateKey {
    init(_ n: Navigation) {
        self.init(line: n.line, source: n.source, trigger: n.trigger, frame: n.frame, delayMs: n.delayMs, raw: n.raw)
    }
}
