import Foundation
import Checks
import LinkAuditModel
import Policies

/// A page on which a scheme (or an intent's package) is used, and by how many of its links:
/// what the inventory spills. A name's links are summed from these when the spill is merged
/// (`SchemeInventory.Listing.everyPage` holds no table of names).
struct InventoryPage: SpillRecord {
    var package: Bool
    var name: String
    var page: String
    var links = 0

    /// The same kind and name (`==`).
    func isSameName(as other: InventoryPage) -> Bool {
        package == other.package && name == other.name
    }

    static func ordered(_ a: InventoryPage, _ b: InventoryPage) -> Bool {
        if a.package != b.package { return !a.package }
        if a.name != b.name { return a.name < b.name }
        return a.page < b.page
    }

    /// `records` in `ordered` order, ties as given, by numbers: each distinct name and page
    /// is ranked once among the batch's (a few dozen names; pages come in runs, a page's
    /// names one after another), and the records are sorted by one integer each — kind,
    /// name's rank, page's rank, position. Sorted by `ordered`, a batch of a hundred pages'
    /// ~3,000 records compared two strings (URLs that share their first bytes) some 35,000
    /// times and moved each record's two strings on every step of the merge, 7.6 M
    /// instructions of the dense corpus's whole run (issue 17). `plain`: the standard
    /// library's stable sort by `ordered`; `SchemeInventoryCountsTests` compares the two.
    static func sorted(_ records: [InventoryPage], plain: Bool) -> [InventoryPage] {
        guard !plain, records.count > 1 else { return records.sorted(by: ordered) }
        // Each record's name's number and the names numbered: a name is found again by its
        // bytes in a slot chosen by their hash (a `[String: Int]` hashed every record's name,
        // ~400 instructions each). A name whose slot another took is numbered again: the
        // ranks below give names that are `==` one rank, so a number is only a shortcut.
        var names: [String] = []
        var slots = [Int32](repeating: -1, count: 256)
        // Each record's page's run: consecutive records of one page (`==`, the same string as
        // a rule: one part's records) share one, and the runs' pages are ranked below.
        var runPages: [String] = []
        var nameOf = [Int](repeating: 0, count: records.count)
        var runOf = [Int](repeating: 0, count: records.count)
        records.withUnsafeBufferPointer { records in
            for i in records.indices {
                let (slot, known) = records[i].name.withBorrowedUTF8 { bytes -> (Int, Int?) in
                    var hash = UInt64(bytes.count)
                    for k in 0..<min(8, bytes.count) {
                        hash = hash &* 31 &+ UInt64(bytes[k]) &+ UInt64(bytes[bytes.count - 1 - k]) << 8
                    }
                    let slot = Int(truncatingIfNeeded: (hash ^ hash >> 8) & 255)
                    let number = Int(slots[slot])
                    guard number >= 0 else { return (slot, nil) }
                    let same = names[number].withBorrowedUTF8 { known in
                        known.count == bytes.count
                            && (bytes.count == 0 || memcmp(known.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
                    }
                    return (slot, same ? number : nil)
                }
                if let known {
                    nameOf[i] = known
                } else {
                    nameOf[i] = names.count
                    slots[slot] = Int32(truncatingIfNeeded: names.count)
                    names.append(records[i].name)
                }
                if runPages.isEmpty || runPages[runPages.count - 1] != records[i].page {
                    runPages.append(records[i].page)
                }
                runOf[i] = runPages.count - 1
            }
        }
        let nameRank = ranks(names)
        let runRank = ranks(runPages)
        // The key's fields, each as wide as its largest value needs.
        let nameBits = Int.bitWidth - names.count.leadingZeroBitCount
        let pageBits = Int.bitWidth - runPages.count.leadingZeroBitCount
        let indexBits = Int.bitWidth - records.count.leadingZeroBitCount
        guard 1 + nameBits + pageBits + indexBits <= 64 else { return records.sorted(by: ordered) }
        var keys = [UInt64](repeating: 0, count: records.count)
        records.withUnsafeBufferPointer { records in
            for i in records.indices {
                var key: UInt64 = records[i].package ? 1 : 0
                key = key << nameBits | UInt64(nameRank[nameOf[i]])
                key = key << pageBits | UInt64(runRank[runOf[i]])
                keys[i] = key << indexBits | UInt64(i)
            }
        }
        // Every key differs (its position is in it): any sort gives the stable sort's order.
        keys.sort()
        let mask = UInt64(1) << indexBits - 1
        return keys.map { records[Int($0 & mask)] }
    }

    static func sorted(_ records: [InventoryPage]) -> [InventoryPage] {
        sorted(records, plain: false)
    }

    /// Each string's rank among `texts` by `<`, strings that are `==` one rank.
    private static func ranks(_ texts: [String]) -> [Int] {
        let order = texts.indices.sorted { texts[$0] < texts[$1] }
        var rank = [Int](repeating: 0, count: texts.count)
        var current = 0
        for (position, index) in order.enumerated() {
            if position > 0, texts[order[position - 1]] != texts[index] { current += 1 }
            rank[index] = current
        }
        return rank
    }

    func encode(into out: inout [UInt8]) {
        out.append(package ? 1 : 0)
        SpillBytes.appendString(name, to: &out)
        SpillBytes.appendString(page, to: &out)
        SpillBytes.appendInt(links, to: &out)
    }

    static func decode(_ body: UnsafeBufferPointer<UInt8>) -> InventoryPage {
        var reader = SpillBytes.Reader(body)
        let package = reader.byte() != 0
        let name = reader.string()
        let page = reader.string()
        return InventoryPage(package: package, name: name, page: page, links: reader.int())
    }
}

/// An inventory entry's pages, sorted, each once: in memory, or a range of the file the
/// merged pages were written to (read again at each pass).
public struct InventoryPages: Sequence, Sendable, Equatable {
    enum Storage: Sendable {
        case memory([String])
        case file(SpillFile, Range<Int>)
    }

    let storage: Storage

    public static func == (a: InventoryPages, b: InventoryPages) -> Bool {
        a.elementsEqual(b)
    }

    public func makeIterator() -> AnyIterator<String> {
        switch storage {
        case .memory(let pages):
            return AnyIterator(pages.makeIterator())
        case .file(let file, let range):
            var cursor = RunCursor<InventoryPage>(file: file, range: range)
            return AnyIterator { cursor.next()?.page }
        }
    }
}

/// Writes each name's list of pages from the merged, de-duplicated spill: on disk, each
/// name a range of one file written in order; or in memory, each list handed back.
struct InventoryLists {
    let onDisk: Bool
    let directory: String
    /// The file, once something was written to it.
    private(set) var file: SpillFile?
    /// Bytes not yet written, and where the file ends.
    private var pending: [UInt8] = []
    private var written = 0
    private var failed = false
    /// The list being written: where it starts, or its pages.
    private var start = 0
    private var pages: [String] = []

    init(onDisk: Bool, directory: String) {
        self.onDisk = onDisk
        self.directory = directory
    }

    /// Starts a name's list.
    mutating func begin() {
        start = written + pending.count
        pages = []
    }

    mutating func add(_ item: InventoryPage) {
        if onDisk {
            item.append(to: &pending)
            if pending.count >= 1 << 16 { flush() }
        } else {
            pages.append(item.page)
        }
    }

    /// The list begun last: its range of the file, or its pages when kept in memory.
    func end() -> (range: Range<Int>?, pages: [String]) {
        onDisk ? (start..<written + pending.count, []) : (nil, pages)
    }

    /// Writes what is left; false when the file could not be written.
    mutating func finish() -> Bool {
        flush()
        return !failed
    }

    private mutating func flush() {
        guard !pending.isEmpty, !failed else { return }
        do {
            if file == nil { file = try SpillFile(directory: directory, name: "inventory") }
            written = try file!.appendRun { write in try write(pending) }.upperBound
            pending.removeAll(keepingCapacity: true)
        } catch {
            failed = true
        }
    }
}
