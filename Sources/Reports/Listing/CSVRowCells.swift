import LinkAuditModel

/// The cells of `findings.csv` rows that repeat from row to row, rendered once and copied
/// after: a finding's code, severity, profile columns, message, baseline and suppression
/// depend only on its verdict set and code (`VerdictSetMemo.FindingText`), and the page's
/// and file's cells, the link's placement (source, trigger, frame) on few values each. A
/// custom-scheme link's two or three rows were a third of its cost of classification and
/// output, mostly those cells quoted, checked for formulas and rewritten again per row
/// (Benchmarks/README.md, issue 17).
///
/// Looked up by the identity of the finding's `outcomes` array, which the rows of one
/// verdict set share (`VerdictSetTexts`), and then compared by value, field by field, so a
/// row whose arrays are its own (read back from a spill) gets the same bytes, only not
/// faster. Bounded: past `limit` texts it starts afresh. `CSVRows.append(_:to:)` renders
/// every cell itself (the plain version); `ReportCSVTests` compares the two.
struct CSVRowCells {
    /// The cells a finding's verdict set and code decide, in one buffer (a class: a lookup
    /// hands over a reference, not ten fields): `code,severity,`,
    /// then what each row puts between its link's cells and its message (`profile,outcome,
    /// reason` per profile in the long layout, `,,` for a page finding; the three lists in
    /// the wide layout), then `,message,baseline,suppressed` and CRLF.
    private final class Texts {
        /// The finding the cells were made from: one reference to its fields' box
        /// (`Finding.Storage`, never changed while shared), which also keeps its outcomes
        /// array, and so the address the texts are found by, alive.
        let sample: Finding
        /// Each row's cells past its link's, whole (`code,severity,`, its profile cells, then
        /// `,message,baseline,suppressed` and CRLF), one after another: a row is its link's
        /// cells and one copy, where the three pieces were three (each a `memcpy` call and a
        /// check for room: a quarter of findings.csv's cost, issue 17).
        let rows: [UInt8]
        /// Where each row ends in `rows`.
        let rowEnds: [Int]

        /// `bytes`: `code,severity,` up to `head`, each row's profile cells up to its `ends`
        /// (one row in the wide layout, or without profiles), then the tail.
        init(sample: Finding, bytes: [UInt8], head: Int, ends: [Int]) {
            self.sample = sample
            var rows: [UInt8] = []
            var rowEnds: [Int] = []
            let tail = bytes[ends.last!...]
            rows.reserveCapacity(ends.count * (head + tail.count) + ends.last! - head)
            var start = head
            for end in ends {
                rows += bytes[..<head]
                rows += bytes[start..<end]
                rows += tail
                rowEnds.append(rows.count)
                start = end
            }
            self.rows = rows
            self.rowEnds = rowEnds
        }

        /// Whether `finding` has the fields the cells are made of.
        func fits(_ finding: Finding) -> Bool {
            sample.code == finding.code && sample.severity == finding.severity && sample.message == finding.message
                && sample.suppressed == finding.suppressed && sample.baseline == finding.baseline
                && sample.profiles == finding.profiles && sample.outcomes == finding.outcomes
        }
    }

    static let limit = 4_096

    /// What decides the cells of a finding made from a page's link (`LinkRowsCSV`): its set's
    /// outcomes (their buffer's address), its text in the run (`VerdictSetTexts.Finding`, by
    /// identity), its severity and suppression (-1: none). Equal keys give equal cells; each
    /// key's objects are held here (`byKey`: the text, and the outcomes by the cells' sample)
    /// so an address stays its own.
    struct LinkTextKey: Hashable {
        let outcomes: Int
        let text: ObjectIdentifier
        let severity: Severity
        let suppression: Int
    }

    /// Cells by `LinkTextKey`, in `keySlots` slots chosen by a mix of the key (one a slot: a
    /// key whose slot another took is found the long way, and takes the slot): a group of a
    /// page met for the first time is found by comparing four words, where the fields'
    /// comparison (`fits`) read the page's texts and outcomes in place and retained and
    /// released them on nearly every row of a dense page (issue 17). Each slot holds its
    /// key's text object, so the identity stays its own.
    private var byKey: [(key: LinkTextKey?, cells: Texts?, text: AnyObject?)] = []
    /// Room for a run's keys to collide seldom (the dense corpus has ~1,400; at 2,048 slots a
    /// third of its misses were collisions), ~200 KB a table.
    private static let keySlots = 4_096

    /// Whether a group's cells are looked for by `LinkTextKey` first (false: by the outcomes'
    /// address and the fields alone, the plain way; read once a page by `LinkRowsCSV`).
    @TaskLocal static var findsCellsByKey = true

    @inline(__always)
    private static func slot(_ key: LinkTextKey) -> Int {
        let outcomes = UInt(bitPattern: key.outcomes) >> 4, text = UInt(bitPattern: key.text) >> 4
        var mixed = (outcomes ^ text &* 0x9E37_79B9_7F4A_7C15) ^ UInt(bitPattern: key.suppression &+ 1) &* 0x85EB_CA6B
        mixed ^= mixed >> 29
        return Int(truncatingIfNeeded: mixed & UInt(keySlots - 1))
    }

    /// Texts by their outcomes array's address (a shared array's, held here so the address
    /// stays its own), a few per array: one per code and suppression.
    private var texts: [Int: [Texts]] = [:]
    private var held = 0

    private var page: String?
    private var file: String?
    private var pageCells: [UInt8] = []

    private var placements: [(source: String, trigger: String, frame: String, cells: [UInt8])] = []

    /// `page,file,` of `finding`.
    mutating func appendPage(_ finding: Finding, to out: inout ByteBuffer) {
        appendPage(finding.page, file: finding.file, to: &out)
    }

    /// `page,file,`.
    mutating func appendPage(_ page: String, file: String?, to out: inout ByteBuffer) {
        if page != self.page || file != self.file {
            var cells = ByteBuffer()
            CSVCell.append(page, to: &cells)
            cells.append(0x2C)
            if let file { CSVCell.append(file, to: &cells) }
            cells.append(0x2C)
            self.page = page
            self.file = file
            pageCells = cells.bytes
        }
        out.append(pageCells)
    }

    /// `source,trigger,frame,`: a handful of values on any page.
    mutating func appendPlacement(source: String, trigger: String, frame: String, to out: inout ByteBuffer) {
        for i in placements.indices
        where placements[i].trigger == trigger && placements[i].frame == frame && placements[i].source == source {
            out.append(placements[i].cells)
            return
        }
        var cells = ByteBuffer()
        CSVCell.append(source, to: &cells)
        cells.append(0x2C)
        CSVCell.append(trigger, to: &cells)
        cells.append(0x2C)
        CSVCell.append(frame, to: &cells)
        cells.append(0x2C)
        if placements.count >= 64 { placements.removeAll(keepingCapacity: true) }
        // Room for a page's dozen or so placements at once; the cells written from where
        // they lie (`cells.bytes` is a copy each time it is read).
        if placements.isEmpty { placements.reserveCapacity(16) }
        placements.append((source, trigger, frame, cells.bytes))
        out.append(cells.written)
    }

    /// The placements of links (`appendPlacement(of:to:)`), by their trigger and frame.
    /// Each with where its cells lie in `linkPlacementCells`: read from one array, a known
    /// placement's cells are no array of their own to retain and release on every link
    /// (issue 17).
    private var linkPlacements: [(source: String, trigger: Trigger, frame: FrameKind, cells: Range<Int>)] = []
    private var linkPlacementCells: [UInt8] = []

    /// `source,trigger,frame,` of a page's link: found by the link's trigger and frame (two
    /// small numbers) and source, where the strings `trigger.rawValue` and `frame.rawValue`
    /// were compared, and every string retained and released for it, on every link
    /// (Benchmarks/README.md, issue 17). The same cells as `appendPlacement(source:trigger:frame:to:)`.
    /// The link is read in place, and the known cells where they are kept: the source handed
    /// over and the cells read by index were retained and released on every link (issue 17).
    mutating func appendPlacement(of link: UnsafePointer<Navigation>, to out: inout ByteBuffer) {
        let trigger = link.pointee.trigger, frame = link.pointee.frame
        let known = linkPlacements.withUnsafeBufferPointer { placements -> Range<Int>? in
            for i in placements.indices
            where placements[i].trigger == trigger && placements[i].frame == frame
                && placements[i].source == link.pointee.source {
                return placements[i].cells
            }
            return nil
        }
        if let known {
            return linkPlacementCells.withUnsafeBufferPointer { cells in
                precondition(known.lowerBound >= 0 && known.upperBound <= cells.count, "a placement's cells")
                out.append(UnsafeBufferPointer(rebasing: cells[known]))
            }
        }
        let source = link.pointee.source
        var cells = ByteBuffer()
        CSVCell.append(source, to: &cells)
        cells.append(0x2C)
        CSVCell.append(trigger.rawValue, to: &cells)
        cells.append(0x2C)
        CSVCell.append(frame.rawValue, to: &cells)
        cells.append(0x2C)
        if linkPlacements.count >= 64 {
            linkPlacements.removeAll(keepingCapacity: true)
            linkPlacementCells.removeAll(keepingCapacity: true)
        }
        if linkPlacements.isEmpty {
            linkPlacements.reserveCapacity(16)
            linkPlacementCells.reserveCapacity(1024)
        }
        let start = linkPlacementCells.count
        linkPlacementCells.append(contentsOf: cells.written)
        linkPlacements.append((source, trigger, frame, start..<linkPlacementCells.count))
        out.append(cells.written)
    }

    /// The rows of the page's finding groups (`FindingOrigin.group`) as met, copied out of
    /// their texts into one buffer of the page's: a row is then its link's cells and bytes
    /// read in place, where reading a group's texts (a class) and their two arrays retained
    /// and released them on every row (Benchmarks/README.md, issue 17).
    /// `groupRows[group]`: the group's rows, as positions in `rowEnds` (`first` -1: not met).
    private var groupRows: [(first: Int, end: Int)] = []
    /// The rows met on the page, one after another, and where each ends.
    private var pageRows: [UInt8] = []
    private var rowEnds: [Int] = []

    /// A page begins: its groups are its own.
    mutating func beginPage() {
        groupRows.removeAll(keepingCapacity: true)
        pageRows.removeAll(keepingCapacity: true)
        rowEnds.removeAll(keepingCapacity: true)
    }

    /// Writes `finding`'s rows, whose cells past its link's are the same for every finding
    /// of `group` on the page: found by the group once met, by `finding`'s fields before.
    mutating func appendRows(_ finding: Finding, group: Int, link: UnsafeBufferPointer<UInt8>, layout: CSVLayout,
                             scratch: inout ByteBuffer, to out: inout ByteBuffer) {
        if appendKnown(group: group, link: link, to: &out) { return }
        let entry = texts(finding, layout: layout, scratch: &scratch)
        remember(entry, group: group)
        _ = appendKnown(group: group, link: link, to: &out)
    }

    /// Writes the rows of the page's group `group` when the page has met it (false: not met).
    mutating func appendRows(ofKnown group: Int, link: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer) -> Bool {
        appendKnown(group: group, link: link, to: &out)
    }

    /// Writes the rows of a finding of `group`, a group the page has not met, whose outcomes
    /// are `outcomes`: its cells found by the array's address and by `fits` (whether a
    /// finding the cells were made from has the finding's code, severity, message,
    /// suppression, no baseline state, its profiles and `outcomes`, as `Texts.fits`
    /// compares), made from `sample()` (a finding with these fields) when no page has met
    /// them. Rows made from a page's links (`LinkRowsCSV`) make a finding only then, and
    /// compare the fields where their page's memo holds them (gathered into a value first,
    /// they were retained and released on every group of every page: issue 17).
    /// `key`: what decides the cells (`LinkTextKey`), `text()` its text object (held while
    /// the key is); `byKey`: whether the cells are looked for by the key first
    /// (`findsCellsByKey`).
    mutating func appendRows(group: Int, key: LinkTextKey, byKey keyed: Bool, text: () -> AnyObject,
                             fits: (Finding) -> Bool, sample: () -> Finding, link: UnsafeBufferPointer<UInt8>,
                             layout: CSVLayout, scratch: inout ByteBuffer, to out: inout ByteBuffer) {
        guard keyed else {
            let entry = texts[key.outcomes]?.first { fits($0.sample) }
                ?? make(sample(), layout: layout, scratch: &scratch, address: key.outcomes)
            remember(entry, group: group)
            _ = appendKnown(group: group, link: link, to: &out)
            return
        }
        if byKey.isEmpty { byKey = Array(repeating: (nil, nil, nil), count: Self.keySlots) }
        let slot = Self.slot(key)
        if byKey.withUnsafeBufferPointer({ $0[slot].key == key }) {
            // The cells' rows where they lie, held by the slot (not changed while they are
            // copied): the cells handed over were a retain and a release a group (issue 17).
            let held = byKey.withUnsafeBufferPointer { slots in
                (rows: slots[slot].cells!.rows.withUnsafeBufferPointer { $0 },
                 ends: slots[slot].cells!.rowEnds.withUnsafeBufferPointer { $0 })
            }
            remember(rows: held.rows, ends: held.ends, group: group)
        } else {
            let address = key.outcomes
            let entry = texts[address]?.first { fits($0.sample) }
                ?? make(sample(), layout: layout, scratch: &scratch, address: address)
            byKey[slot] = (key, entry, text())
            remember(entry, group: group)
        }
        _ = appendKnown(group: group, link: link, to: &out)
    }

    /// Writes `finding`'s rows: `link` (its cells up to and including `raw,`) before each.
    mutating func appendRows(_ finding: Finding, link: UnsafeBufferPointer<UInt8>, layout: CSVLayout,
                             scratch: inout ByteBuffer, to out: inout ByteBuffer) {
        append(texts(finding, layout: layout, scratch: &scratch), link: link, to: &out)
    }

    /// The texts of `finding`, found by its outcomes array and fields, made on first sight.
    private mutating func texts(_ finding: Finding, layout: CSVLayout, scratch: inout ByteBuffer) -> Texts {
        let outcomes = finding.outcomes
        let address = outcomes.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        let known = texts[address]?.first { $0.fits(finding) }
        return known ?? make(finding, layout: layout, scratch: &scratch, address: address)
    }

    /// Writes the rows of `group` when the page has met it, `link` before each.
    @inline(__always)
    private func appendKnown(group: Int, link: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer) -> Bool {
        guard group < groupRows.count else { return false }
        let span = groupRows[group]
        guard span.first >= 0 else { return false }
        pageRows.withUnsafeBufferPointer { rows in
            rowEnds.withUnsafeBufferPointer { ends in
                var start = span.first == 0 ? 0 : ends[span.first - 1]
                for row in span.first..<span.end {
                    out.append(link)
                    out.append(UnsafeBufferPointer(rebasing: rows[start..<ends[row]]))
                    start = ends[row]
                }
            }
        }
        return true
    }

    /// `entry`'s rows, the rows of the page's group `group` from now on.
    private mutating func remember(_ entry: Texts, group: Int) {
        entry.rows.withUnsafeBufferPointer { rows in
            entry.rowEnds.withUnsafeBufferPointer { ends in remember(rows: rows, ends: ends, group: group) }
        }
    }

    /// Rows `rows` ending at `ends` (a `Texts`' rows), the rows of the page's group `group`
    /// from now on.
    private mutating func remember(rows: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<Int>, group: Int) {
        if group >= groupRows.count {
            // A chunk at a time: a group at a time, the list was extended on most rows.
            groupRows += repeatElement((first: -1, end: -1), count: max(group + 1 - groupRows.count, groupRows.count, 32))
        }
        let base = pageRows.count
        // From the texts' buffers (appended as arrays, each was retained and released).
        pageRows.append(contentsOf: rows)
        let first = rowEnds.count
        for end in ends { rowEnds.append(base + end) }
        groupRows[group] = (first, rowEnds.count)
    }

    private func append(_ entry: Texts, link: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer) {
        entry.rows.withUnsafeBufferPointer { rows in
            var start = 0
            for end in entry.rowEnds {
                out.append(link)
                out.append(UnsafeBufferPointer(rebasing: rows[start..<end]))
                start = end
            }
        }
    }

    private mutating func make(_ finding: Finding, layout: CSVLayout, scratch: inout ByteBuffer,
                               address: Int) -> Texts {
        var cells = ByteBuffer()
        CSVCell.append(finding.code, to: &cells)
        cells.append(0x2C)
        cells.append(severity: finding.severity)
        cells.append(0x2C)
        let head = cells.count
        var ends: [Int] = []
        switch layout {
        case .long:
            CSVRows.appendLongCells(finding, ends: &ends, to: &cells)
        case .wide:
            CSVRows.appendWideCells(finding, scratch: &scratch, to: &cells)
            ends.append(cells.count)
        }
        CSVRows.appendTail(finding, scratch: &scratch, to: &cells)
        let made = Texts(sample: finding, bytes: cells.bytes, head: head, ends: ends)
        if held >= Self.limit {
            texts.removeAll(keepingCapacity: true)
            held = 0
        }
        texts[address, default: []].append(made)
        held += 1
        return made
    }
}
