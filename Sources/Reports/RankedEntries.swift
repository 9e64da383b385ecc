/// One table of the scheme inventory (its schemes, or its `intent://` packages) in the order
/// the reports list it — most-used first, then by name — read from a spill sorted that way.
/// findings.json lists every name; a run can meet a name per link, and the table was held
/// whole at the end of a run: ~460 bytes a name, 1,000 pages of 1,000 names each peaked at
/// 674 MB (issue 17). Held now: a batch of entries (`SpillLimits.recordBatchBytes`), the
/// rest in sorted runs on disk, each name's pages a range of the inventory's lists file.
public struct RankedEntries: Sequence, Sendable {
    private var spill: RecordSpill<RankedEntry>
    /// The file the entries' pages are ranges of (nil: the pages are in the entries).
    var lists: SpillFile?
    /// How many names, and their links.
    public private(set) var count = 0
    public private(set) var links = 0

    /// An empty table.
    init(directory: String, batchBytes: Int) {
        spill = RecordSpill(name: "inventory-entries", directory: directory, batchBytes: batchBytes)
    }

    /// `entry` added; the table's order is made when it is read.
    mutating func add(_ entry: RankedEntry) {
        spill.append(entry, footprint: entry.footprint)
        count += 1
        links += entry.links
    }

    public func makeIterator() -> AnyIterator<SchemeInventory.Entry> {
        var merged = spill.sorted().makeIterator()
        let lists = lists
        return AnyIterator {
            guard let entry = merged.next() else { return nil }
            let pages: InventoryPages
            if let lists, let range = entry.range {
                pages = InventoryPages(storage: .file(lists, range))
            } else {
                pages = InventoryPages(storage: .memory(entry.pages))
            }
            return SchemeInventory.Entry(name: entry.name, links: entry.links, pageCount: entry.pageCount, pages: pages)
        }
    }

    /// Why entries or pages could not be read back from disk, if that happened.
    var readFailure: String? { spill.readFailure ?? lists?.failed }

    /// Runs of entries on disk (tests check that a small bound spills).
    var spilledRuns: Int { spill.spilledRuns }
}

/// A name's entry as `RankedEntries` spills it: its counts, and where its pages are.
struct RankedEntry: SpillRecord, Equatable {
    var name: String
    var links: Int
    var pageCount: Int
    /// Its pages' range of the lists file, when they were written to one.
    var range: Range<Int>?
    /// Its pages, when held in memory (each name's first pages, or every page of a run
    /// whose inventory never went to disk).
    var pages: [String]

    static func ordered(_ a: RankedEntry, _ b: RankedEntry) -> Bool {
        SchemeInventory.ranked(a.links, a.name, before: b.links, b.name)
    }

    /// Bytes held in memory, about.
    var footprint: Int {
        pages.reduce(96 + name.utf8.count) { $0 + 16 + $1.utf8.count }
    }

    func encode(into out: inout [UInt8]) {
        SpillBytes.appendString(name, to: &out)
        SpillBytes.appendInt(links, to: &out)
        SpillBytes.appendInt(pageCount, to: &out)
        if let range {
            out.append(1)
            SpillBytes.appendInt(range.lowerBound, to: &out)
            SpillBytes.appendInt(range.count, to: &out)
        } else {
            out.append(0)
        }
        SpillBytes.appendInt(pages.count, to: &out)
        for page in pages { SpillBytes.appendString(page, to: &out) }
    }

    static func decode(_ body: UnsafeBufferPointer<UInt8>) -> RankedEntry {
        var reader = SpillBytes.Reader(body)
        let name = reader.string()
        let links = reader.int(), pageCount = reader.int()
        var range: Range<Int>?
        if reader.byte() != 0 {
            // Written by this run (SpillRecord): a range of the file, well formed.
            let lower = max(0, reader.int())
            range = lower..<lower + max(0, reader.int())
        }
        let pages = (0..<max(0, reader.int())).map { _ in reader.string() }
        return RankedEntry(name: name, links: links, pageCount: pageCount, range: range, pages: pages)
    }
}
