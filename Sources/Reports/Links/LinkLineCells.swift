import LinkAuditModel

/// The fields of a page's `links.jsonl` lines that repeat from line to line, written once
/// per page and copied after: the page, the link's placement (source, trigger, frame: a
/// handful of values), and what a line's verdict set and findings decide (`"verdictSet":…,
/// "findings":[…]`, the same for every link of a set with the same findings); a link whose
/// `raw` is its `url` copies the escaped string. A custom-scheme link's line spent most of
/// its cost escaping those strings again and writing its findings' objects
/// (Benchmarks/README.md, issue 17). Lines without verdicts (extraction alone) share the
/// page and placement fields too (`writeUndecided`).
///
/// One per page (the verdict-set keys are the page's), looked up by the set's entry in the
/// page's memo, then compared by value. `Navigation.writeJSON(to:verdicts:)` is the plain
/// version; `PageLinks(_:memo:plain:)` chooses, and `LinksFormatTests` compares the two.
struct LinkLineCells: ~Copyable {
    private var page: String?
    private var pageField: [UInt8] = []
    /// Each placement met and where its fields lie in `placementFields`: the bytes of a known
    /// placement read from the page's one buffer are no array of their own, which was
    /// retained and released on every line (issue 17).
    private var placements: [(source: String, trigger: Trigger, frame: FrameKind, fields: Range<Int>)] = []
    private var placementFields = ByteBuffer(capacity: 1024)
    /// Each findings list met with a set, and the fields they end a line with, in one list for
    /// the page: `firstTail[set]` is the last one met with memo entry `set` (-1: none), and
    /// each names the one met before it with the same set (`next`). A list of its own for each
    /// set was one more allocation for most sets of a page (a page meets most of its sets on
    /// a line or two) and was retained and released on every line (issue 17).
    private var firstTail: [Int32] = []
    private var tails: [(findings: [FindingRef]?, fields: [UInt8], next: Int32)] = []

    /// The line of `links[position]` (no newline): as `writeJSON(to:verdicts: .reference(definition))`
    /// writes it, `set` being the entry in the page's memo of the link's set, defined already
    /// (`VerdictSetMemo.define(at:)`). The navigation is read in place (`links[position]`),
    /// not copied.
    mutating func write(_ links: UnsafeBufferPointer<Navigation>, _ position: Int, set: Int, memo: VerdictSetMemo,
                        to json: inout JSONText) {
        precondition(links.indices.contains(position), "a link of the page")
        let link = links.baseAddress! + position
        head(link, to: &json)
        tail(link, set: set, memo: memo, to: &json)
        json.close()
    }

    /// The line of a link without verdicts (a run where no profile decides: extraction
    /// alone), as `writeJSON(to:verdicts: nil)` writes it: the same repeated fields, then
    /// its findings, if any, written out.
    mutating func writeUndecided(_ links: UnsafeBufferPointer<Navigation>, _ position: Int, to json: inout JSONText) {
        precondition(links.indices.contains(position), "a link of the page")
        let link = links.baseAddress! + position
        head(link, to: &json)
        if let findings = link.pointee.findings {
            Self.findingsField(findings).withUnsafeBufferPointer { json.fields($0) }
        }
        json.close()
    }

    /// A line's fields up to its verdicts, after `{`.
    private mutating func head(_ link: UnsafePointer<Navigation>, to json: inout JSONText) {
        json.open()
        if link.pointee.page != page {
            var cells = JSONText(capacity: link.pointee.page.utf8.count + 16)
            cells.field("page", link.pointee.page)
            page = link.pointee.page
            pageField = cells.bytes
        }
        pageField.withUnsafeBufferPointer { json.fields($0) }
        json.field("line", link.pointee.line)
        placement(link, to: &json)
        json.field("delayMs", link.pointee.delayMs)
        // The raw link and URL, most of a line, read where they lie: handed to the escaper,
        // each was retained and released on every line (issue 17).
        if let raw = link.pointee.raw.heldUTF8, let url = link.pointee.url.heldUTF8 {
            json.stringFields("raw", utf8: raw, "url", utf8: url)
        } else {
            json.stringFields("raw", link.pointee.raw, "url", link.pointee.url)
        }
        // The scheme (a few bytes) read into a local first: handed to the escaper, it was
        // retained and released on every line (issue 17).
        if let scheme = link.pointee.scheme.heldUTF8 {
            json.field("scheme", utf8: scheme)
        } else if let scheme = PackedScheme(link.pointee.scheme) {
            scheme.withBytes { json.field("scheme", utf8: $0) }
        } else {
            json.field("scheme", link.pointee.scheme)
        }
        json.field("partial", link.pointee.partial)
        json.field("context", link.pointee.context)
        json.field("condition", link.pointee.condition)
        json.field("framedPage", link.pointee.framedPage)
        json.field("sandbox", link.pointee.sandbox)
    }

    /// `"findings":[{"code":…,"profiles":[…]},…]`, as `Navigation.writeJSON` writes it.
    static func findingsField(_ findings: [FindingRef]) -> [UInt8] {
        var json = JSONText(capacity: 64 * findings.count + 16)
        json.objects("findings", findings) { item, ref in
            item.field("code", ref.code)
            item.strings("profiles", ref.profiles)
        }
        return json.bytes
    }

    /// Writes the link's placement fields: the link read in place, and the known fields
    /// written where they are kept (the source handed over and the fields handed back were
    /// retained and released on every line: Benchmarks/README.md, issue 17).
    private mutating func placement(_ link: UnsafePointer<Navigation>, to json: inout JSONText) {
        let trigger = link.pointee.trigger, frame = link.pointee.frame
        // The known placements read in place too: read by index, each one's source and
        // fields were retained and released (issue 17).
        let known = placements.withUnsafeBufferPointer { placements -> Range<Int>? in
            for i in placements.indices
            where placements[i].trigger == trigger && placements[i].frame == frame
                && placements[i].source == link.pointee.source {
                return placements[i].fields
            }
            return nil
        }
        if let known {
            precondition(known.upperBound <= placementFields.count, "a placement's fields")
            return json.fields(UnsafeBufferPointer(start: placementFields.base + known.lowerBound, count: known.count))
        }
        let source = link.pointee.source
        // Room for the three fields at once (64 bytes fell short of most sources, and grew).
        var cells = JSONText(capacity: 96 + source.utf8.count)
        cells.field("source", source)
        cells.field("trigger", trigger.rawValue)
        cells.field("frame", frame.rawValue)
        if placements.count >= 64 {
            placements.removeAll(keepingCapacity: true)
            placementFields.removeAll()
        }
        // Room for a page's dozen or so placements at once.
        if placements.isEmpty { placements.reserveCapacity(16) }
        let start = placementFields.count
        placementFields.append(cells.written)
        placements.append((source, trigger, frame, start..<placementFields.count))
        json.fields(cells.written)
    }

    /// Writes the fields `findings` end a line of set `set` with.
    /// The link's findings are read where they lie (handed over, they were retained and
    /// released on every line: issue 17).
    private mutating func tail(_ link: UnsafePointer<Navigation>, set: Int, memo: VerdictSetMemo,
                               to json: inout JSONText) {
        // Room for the page's sets made a few dozen at a time, not one set at a time.
        if set >= firstTail.count { firstTail += repeatElement(-1, count: max(set + 1 - firstTail.count, 32)) }
        // Read in place: reading the known tails by value retained and released each one's
        // findings list and bytes on every line (Benchmarks/README.md, issue 17).
        let first = firstTail[set]
        let known = tails.withUnsafeBufferPointer { tails -> (found: Bool, count: Int) in
            var t = Int(first), count = 0
            while t >= 0 {
                if FindingRef.sameList(tails[t].findings, link.pointee.findings) {
                    json.roomForFields(tails[t].fields.count)
                    tails[t].fields.withUnsafeBufferPointer { json.fields(inRoom: $0) }
                    return (true, count)
                }
                count += 1
                t = Int(tails[t].next)
            }
            return (false, count)
        }
        if known.found { return }
        // The run's line ends of the set as the page met them, read in place, without the
        // texts' lock (`VerdictSetMemo.Entry.sharedTails`); not remembered on the page again.
        // The list's buffer taken out where it lies, held by the memo (not changed while the
        // line is made): read inside its closure, around the calls there, the list was
        // retained and released on every line (issue 17).
        let sharedTails = memo.entries.withUnsafeBufferPointer { entries in
            entries[set].naturalKey ? entries[set].sharedTails.withUnsafeBufferPointer { $0 } : nil
        }
        if let sharedTails {
            for t in sharedTails.indices where FindingRef.sameList(sharedTails[t].findings, link.pointee.findings) {
                json.roomForFields(sharedTails[t].fields.count)
                sharedTails[t].fields.withUnsafeBufferPointer { json.fields(inRoom: $0) }
                return
            }
        }
        let findings = link.pointee.findings
        let definition = memo.defined(at: set)
        let texts = memo.texts, shared = memo.entries[set].shared
        func make() -> [UInt8] {
            // Shared sets' findings fields are kept for the run (`VerdictSetTexts`).
            let field = findings.map { findings in
                shared.map { texts!.findingsField(of: $0, findings) } ?? Self.findingsField(findings)
            }
            var cells = JSONText(capacity: 32 + (field?.count ?? 0))
            cells.raw("verdictSet", definition.reference)
            field?.withUnsafeBufferPointer { cells.fields($0) }
            return cells.bytes
        }
        // A shared set under the key its JSON hashes to ends its lines alike on every page.
        let bytes: [UInt8]
        if let shared, let texts, definition.key == shared.definition.key {
            bytes = texts.tail(of: shared, findings, make: make)
        } else {
            bytes = make()
        }
        // A set's links share a few findings lists (the checks judge a decision once); a
        // page that gives one set more is written, not remembered past them.
        if known.count < 8 {
            // Room for a page's usual sets at once.
            if tails.isEmpty { tails.reserveCapacity(64) }
            tails.append((findings, bytes, first))
            firstTail[set] = Int32(truncatingIfNeeded: tails.count - 1)
        }
        bytes.withUnsafeBufferPointer { json.fields($0) }
    }
}
