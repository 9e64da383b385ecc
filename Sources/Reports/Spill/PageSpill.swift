import LinkAuditModel

/// What one page part leaves for the end of a run (`ReportAccumulator.add`): its record
/// and its own counts, taken from the part when it is added. Nothing is looked up when
/// it comes: a page added twice gives two entries, combined when the entries are merged in
/// page order (`ReportPages`), so the run keeps no table of its pages.
struct PageEntry: SpillRecord {
    enum Kind: UInt8 {
        /// A page record, with the counts of the findings on it.
        case record
        /// Counts of findings on a page other than the part's own (no record): they go to
        /// that page's record, if there is one.
        case counts
        /// Counts of findings of an association file (kept apart from the pages).
        case associationCounts
    }

    var page: String
    var kind: Kind
    var file: String?
    var status = "ok"
    var navigations = 0
    var tally = FindingTally.PageTally()
    /// The page's page-scope findings (an unreadable page's): counted and listed for the
    /// first record of a page only, which is known when the entries are merged.
    var pageScope: [Finding] = []
    /// Where the page's report fragments went (`FragmentStore`).
    var fragments: FragmentPlace?

    /// Page order; a page's records and counts before an association file's of the same URL.
    static func ordered(_ a: PageEntry, _ b: PageEntry) -> Bool {
        if a.page != b.page { return a.page < b.page }
        return a.kind != .associationCounts && b.kind == .associationCounts
    }

    /// Roughly the memory it holds.
    var footprint: Int {
        160 + page.utf8.count + (file?.utf8.count ?? 0) + status.utf8.count + tally.footprint
            + pageScope.reduce(0) { $0 + FindingSpill.footprint($1) } + (fragments == nil ? 0 : 64)
    }

    func encode(into out: inout [UInt8]) {
        var flags = kind.rawValue
        if file != nil { flags |= 4 }
        if fragments != nil { flags |= 8 }
        if !pageScope.isEmpty { flags |= 16 }
        out.append(flags)
        SpillBytes.appendString(page, to: &out)
        if let file { SpillBytes.appendString(file, to: &out) }
        SpillBytes.appendString(status, to: &out)
        SpillBytes.appendVarint(UInt64(navigations), to: &out)
        tally.encode(into: &out)
        if let fragments {
            SpillBytes.appendVarint(UInt64(fragments.csvStart), to: &out)
            SpillBytes.appendVarint(UInt64(fragments.start), to: &out)
            SpillBytes.appendVarint(UInt64(fragments.lengths.count), to: &out)
            for length in fragments.lengths { SpillBytes.appendVarint(UInt64(length), to: &out) }
        }
        if !pageScope.isEmpty {
            SpillBytes.appendVarint(UInt64(pageScope.count), to: &out)
            for finding in pageScope { finding.append(to: &out) }
        }
    }

    static func decode(_ body: UnsafeBufferPointer<UInt8>) -> PageEntry {
        var reader = SpillBytes.Reader(body)
        let flags = reader.byte()
        var entry = PageEntry(page: reader.string(), kind: Kind(rawValue: flags & 3)!)
        if flags & 4 != 0 { entry.file = reader.string() }
        entry.status = reader.string()
        entry.navigations = Int(reader.varint())
        entry.tally = FindingTally.PageTally.decode(&reader)
        if flags & 8 != 0 {
            let csvStart = Int(reader.varint()), start = Int(reader.varint())
            entry.fragments = FragmentPlace(csvStart: csvStart, start: start,
                                            lengths: (0..<Int(reader.varint())).map { _ in Int(reader.varint()) })
        }
        if flags & 16 != 0 {
            entry.pageScope = (0..<Int(reader.varint())).map { _ in
                let (length, prefix) = SpillBytes.recordLength(UnsafeBufferPointer(rebasing: body[reader.offset...]), at: 0)!
                defer { reader.offset += prefix + length }
                return Finding.decode(UnsafeBufferPointer(rebasing: body[reader.offset + prefix..<reader.offset + prefix + length]))
            }
        }
        return entry
    }
}

/// One page (or association file) as the merged entries give it: every entry of its URL
/// combined — the first record's file and status, the navigations of all its records,
/// the counts of all its entries and the first record's page-scope findings.
struct PageGroup {
    var stats: PageStats
    /// Its counts (in `stats` already): for an association file, what its record gets.
    var counts: FindingTally.PageTally
    /// The first record's page-scope findings (counted in `stats` already).
    var pageScope: [Finding]
    /// How many records the page came with (more than one: a page added twice).
    var records: Int
    /// Whether every record brought its fragments.
    var fragmented: Bool
    /// Counts for an association file (`stats` holds only them), not a page.
    var association: Bool
}

/// Groups the merged entries by page. Counts of a page without a record are dropped, as
/// findings of a page no record names have no row in the page tables.
struct PageGrouping<Entries: IteratorProtocol>: IteratorProtocol where Entries.Element == PageEntry {
    private var entries: Entries
    private var head: PageEntry?

    init(_ entries: Entries) {
        self.entries = entries
        head = self.entries.next()
    }

    mutating func next() -> PageGroup? {
        while let first = head {
            let association = first.kind == .associationCounts
            var stats: PageStats?
            var counts = FindingTally.PageTally()
            var pageScope: [Finding] = []
            var records = 0
            var fragmented = true
            var navigations = 0
            while let entry = head, entry.page == first.page, (entry.kind == .associationCounts) == association {
                counts.add(entry.tally)
                if entry.kind == .record {
                    records += 1
                    navigations += entry.navigations
                    if entry.fragments == nil { fragmented = false }
                    if stats == nil {
                        stats = PageStats(page: entry.page, file: entry.file, status: entry.status, navigations: 0)
                        stats!.fragments = entry.fragments
                        pageScope = entry.pageScope
                    }
                }
                head = entries.next()
            }
            if association {
                var stats = PageStats(page: first.page, file: nil, status: "ok", navigations: 0)
                stats.take(counts)
                return PageGroup(stats: stats, counts: counts, pageScope: [], records: 0, fragmented: false,
                                 association: true)
            }
            guard var stats else { continue }
            for finding in pageScope { counts.add(finding) }
            stats.navigations = navigations
            stats.take(counts)
            return PageGroup(stats: stats, counts: counts, pageScope: pageScope, records: records,
                             fragmented: fragmented, association: false)
        }
        return nil
    }
}

extension PageStats {
    /// Adds a page's counts: its findings by severity, suppressed ones and JUnit cases.
    mutating func take(_ counts: FindingTally.PageTally) {
        suppressed += counts.suppressed
        JUnitCase.merge(counts.junitCases, into: &junitCases)
        counts.addSeverities(to: &severities)
    }
}

/// Every input page of a report, sorted by page, each once: read again from the page
/// spill (`RecordSpill<PageEntry>`) at each pass, so a report of any number of pages holds
/// none of them. `count` is known without a pass.
public struct ReportPages: Sequence, Sendable, Equatable {
    let entries: SortedRuns<PageEntry>
    /// How many pages there are.
    public let count: Int

    public func makeIterator() -> Iterator {
        Iterator(groups: PageGrouping(entries.makeIterator()))
    }

    public struct Iterator: IteratorProtocol {
        fileprivate var groups: PageGrouping<SortedMerge<PageEntry>>

        public mutating func next() -> PageStats? {
            while let group = groups.next() {
                if !group.association { return group.stats }
            }
            return nil
        }
    }

    public var isEmpty: Bool { count == 0 }

    /// The same pages, page by page.
    public static func == (a: ReportPages, b: ReportPages) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }
}
