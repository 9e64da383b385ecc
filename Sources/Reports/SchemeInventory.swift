import Foundation
import Checks
import LinkAuditModel
import Policies

/// Every non-web scheme and every `intent://` target package seen, with how many links
/// use it and on which pages: the list of apps a site expects a WebView to launch.
///
/// The links are counted by name in memory (a run has few names); the pages go to a spill
/// of their own as they come (`RecordSpill<InventoryPage>`, a page once per name and part)
/// and are counted and listed, each once, from its merge in name and page order
/// (`resolved()`), so a run of any number of pages holds none of them. A run that lists
/// no more than each name's first pages, and whose pages come once each in rising order,
/// keeps just those and a count as the pages come (`Listing.firstPages`).
public struct SchemeInventory: Sendable, Equatable {
    /// Which of a name's pages the inventory keeps.
    public enum Listing: Sendable {
        /// Every page, each once, from the spill merged at the end: findings.json lists them
        /// all, and the pages may come in any order and more than once.
        case everyPage
        /// The first `firstPagesLimit` pages and how many there are: summary.md shows no
        /// more. Only for pages that come once each, in rising order (by `<`), a page's parts
        /// one after another (`Audit.pagesComeOnce`): a name's first pages met are then its
        /// first in order, and a page is new to a name exactly when it is not the last one
        /// counted for it. The spill's sort and merge were most of a run's serial end
        /// (issue 17); `SchemeInventoryListingTests` compares the two listings.
        case firstPages

        /// The listing a run writing `formats` needs, its pages coming once each in rising
        /// order (`pagesOnce`) or not.
        public static func needed(for formats: Set<ReportFormat>, pagesOnce: Bool) -> Listing {
            pagesOnce && !formats.contains(.json) ? .firstPages : .everyPage
        }
    }

    /// How many pages a name keeps with `Listing.firstPages` (summary.md shows three; `Tally`
    /// holds three).
    public static let firstPagesLimit = 3


    public struct Entry: Sendable, Equatable {
        public var name: String
        public var links: Int
        /// How many distinct pages.
        public var pageCount: Int
        /// Sorted, each once; read from the spill at each pass. With `Listing.firstPages`,
        /// the first `firstPagesLimit` only.
        public var pages: InventoryPages
    }

    /// A name's links, and with `Listing.firstPages` its pages so far: how many, the first
    /// ones and the last.
    /// Its fields held in place, no array: a run may meet a name per link.
    private struct Tally: Sendable {
        var links = 0
        var pages = 0
        /// The first `firstPagesLimit` (three) pages.
        var first: (String?, String?, String?) = (nil, nil, nil)
        var last: String?

        mutating func add(links more: Int, page: String) {
            links += more
            guard last != page else { return }
            switch pages {
            case 0: first.0 = page
            case 1: first.1 = page
            case 2: first.2 = page
            default: break
            }
            pages += 1
            last = page
        }

        var firstPages: [String] { [first.0, first.1, first.2].compactMap { $0 } }
    }

    public let listing: Listing
    private var schemeLinks: [String: Tally] = [:]
    private var packageLinks: [String: Tally] = [:]
    private var spill: RecordSpill<InventoryPage>
    /// The entries with their pages, once `resolved()`.
    private var entries: (schemes: [Entry], packages: [Entry])?

    public init() {
        self.init(limits: SpillLimits(batchBytes: .max))
    }

    init(limits: SpillLimits, listing: Listing = .everyPage) {
        self.listing = listing
        spill = RecordSpill(name: "inventory", directory: limits.directory, batchBytes: limits.recordBatchBytes)
    }

    public static func == (a: SchemeInventory, b: SchemeInventory) -> Bool {
        a.schemes == b.schemes && a.packages == b.packages
    }

    /// One page's deep links, counted by scheme and package on the worker that read the
    /// page (a few entries, where a list of its deep links held one per link).
    /// A scheme is told a deep link's or not once a page, and counted in the same lookup
    /// (a set and a dictionary hashed every link's scheme twice).
    ///
    /// A run of links of one scheme (and of `intent:` links of one package) is counted without
    /// a lookup, and added to the tables when another comes: a page's links mostly come in
    /// runs of a scheme, and hashing each link's scheme and package was ~800 instructions an
    /// `intent:` link (Benchmarks/README.md, issue 17). `ReportPartsTests` compares the counts
    /// with counting each link by lookup (the plain way).
    struct PageCounts: Sendable {
        /// The page's counts by name, once every link is counted (`close()`).
        struct Closed: Sendable {
            var schemes: [(name: String, links: Int)]
            var packages: [(name: String, links: Int)]
        }

        /// Set by `close()`, on the worker that read the page: the writer then adds up two
        /// short lists, where it had made both tables of every page itself, on the run's one
        /// writer (~43,000 instructions a dense page, issue 17). The counting state is
        /// dropped with it.
        private var closedCounts: Closed?

        /// The counts by name, made here unless `close()` made them.
        var closed: Closed {
            closedCounts ?? lists(plain: false)
        }

        /// The counts by name read off the page's tables, when every name in them is ASCII:
        /// names in different bytes are then different names. Else (and `plain`) through the
        /// dictionaries of `schemes` and `packages`, which add up names that are `==` in
        /// different bytes; made through them always, a dense page's ~30 names cost ~40,000
        /// instructions (issue 17). `SchemeInventoryListingTests` compares the two.
        func lists(plain: Bool) -> Closed {
            var counts = self
            counts.countRun()
            counts.runLinks = nil
            if let run = counts.packageRun {
                counts.count(package: run)
                counts.packageRun = nil
            }
            var closed = Closed(schemes: [], packages: [])
            if !plain, counts.listed.allSatisfy({ $0.packed.isASCII }), counts.seen.keys.allSatisfy(Self.isASCII) {
                closed.schemes.reserveCapacity(counts.listed.count + counts.seen.count)
                for entry in counts.listed where entry.deep && entry.links > 0 { closed.schemes.append((entry.scheme, entry.links)) }
                for (scheme, entry) in counts.seen where entry.deep && entry.links > 0 { closed.schemes.append((scheme, entry.links)) }
            } else {
                closed.schemes = counts.countedSchemes.map { ($0.key, $0.value) }
            }
            if !plain, counts.recentPackages.allSatisfy({ Self.isASCII($0.name) }), counts.packageLinks.keys.allSatisfy(Self.isASCII) {
                closed.packages = counts.recentPackages
                for (name, links) in counts.packageLinks { closed.packages.append((name, links)) }
            } else {
                closed.packages = counts.countedPackages.map { ($0.key, $0.value) }
            }
            return closed
        }

        private static func isASCII(_ name: String) -> Bool {
            name.utf8.allSatisfy { $0 < 0x80 }
        }

        /// Makes the counts by name and drops what counted them: no link is added after.
        mutating func close() {
            guard closedCounts == nil else { return }
            let made = closed
            self = PageCounts()
            closedCounts = made
        }

        var schemes: [String: Int] {
            guard let closedCounts else { return countedSchemes }
            return Dictionary(closedCounts.schemes, uniquingKeysWith: +)
        }
        var packages: [String: Int] {
            guard let closedCounts else { return countedPackages }
            return Dictionary(closedCounts.packages, uniquingKeysWith: +)
        }

        private var countedSchemes: [String: Int] {
            var counts = self
            counts.countRun()
            // Room for every scheme at once: grown from empty, the table was rehashed as it grew.
            var all: [String: Int] = [:]
            all.reserveCapacity(counts.seen.count + counts.listed.count)
            for (scheme, entry) in counts.seen where entry.deep && entry.links > 0 { all[scheme, default: 0] += entry.links }
            for entry in counts.listed where entry.deep && entry.links > 0 { all[entry.scheme, default: 0] += entry.links }
            return all
        }
        private var countedPackages: [String: Int] {
            var all = packageLinks
            for (name, links) in recentPackages { all[name, default: 0] += links }
            if let packageRun { all[packageRun.name, default: 0] += packageRun.links }
            return all
        }
        private var packageLinks: [String: Int] = [:]
        /// The page's first packages, found by a scan (length first) rather than a hash: a
        /// page names a handful, its links alternating between them.
        private var recentPackages: [(name: String, links: Int)] = []
        private static let recentLimit = 16
        /// The page's first schemes of up to 15 bytes, found by their bytes (`PackedScheme`:
        /// two words compared) rather than by a hash of their names; the rest in `seen`. A
        /// scheme is in one of the two, never both: it is looked for here first.
        private var listed: [(packed: PackedScheme, scheme: String, deep: Bool, links: Int)] = []
        private static let listedLimit = 64
        private var seen: [String: (deep: Bool, links: Int)] = [:]
        /// The scheme of the last links (`runLinks` nil: none yet), whether it is a deep
        /// link's, how many of them, and its place in `listed` (-1: in `seen`). Fields of
        /// their own, read in place: as one optional tuple, the run was copied out on every
        /// link, its scheme retained and released, and a dense page's schemes change from
        /// link to link (~3 calls a link, issue 17).
        private var runScheme = ""
        private var runDeep = false
        private var runLinks: Int?
        private var runPlace = -1
        /// Whether the run's scheme is `intent`, told once a run.
        private var runIntent = false
        /// The package of the last `intent:` links, and how many.
        private var packageRun: (name: String, links: Int)?

        /// One navigation, by its scheme and URL (not the whole navigation: a copy a link).
        mutating func add(scheme: String, url: @autoclosure () -> String) {
            add(packed: PackedScheme(scheme), scheme: scheme, url: url())
        }

        /// `add(scheme:url:)` of a link read in place: its scheme is copied out only where a
        /// lookup needs the string (a scheme not met on the page yet), where handing it over
        /// retained and released it on every link (issue 17).
        @inline(__always)
        mutating func add(_ link: UnsafePointer<Navigation>) {
            add(packed: PackedScheme(link.pointee.scheme), scheme: link.pointee.scheme, url: link.pointee.url)
        }

        /// A listed scheme's run is known by its place (`runPlace`) and compared by its bytes
        /// (`sameAsRun`): kept as a string of its own, the run's scheme was retained and
        /// released on nearly every link of a dense page, where runs are a link long (issue 17).
        @inline(__always)
        private mutating func add(packed: PackedScheme?, scheme: @autoclosure () -> String,
                                  url: @autoclosure () -> String) {
            precondition(closedCounts == nil, "a link counted after the page's counts were closed")
            let deep: Bool
            if runLinks != nil, sameAsRun(scheme, packed) {
                deep = runDeep
                if deep { runLinks! += 1 }
            } else {
                countRun()
                let (known, place) = find(scheme, packed)
                deep = known
                // The string only for a scheme not listed (`seen` counts it by name).
                if place < 0 { runScheme = scheme() }
                runDeep = deep
                runLinks = deep ? 1 : 0
                runPlace = place
                // `intent` by its bytes: a string `==` to it has them (`String.isName`).
                runIntent = deep && (packed.map { $0 == Self.intent } ?? scheme().isName("intent"))
            }
            guard deep, runIntent else { return }
            // The run's packages by fragment (`IntentPackageMemo`); `SchemeInventory.package(of:)`
            // is the plain reading.
            let package = IntentPackageMemo.shared.package(of: url())
            if let current = packageRun, current.name == package {
                packageRun!.links += 1
            } else {
                if let packageRun { count(package: packageRun) }
                packageRun = (package, 1)
            }
        }

        private static let intent = PackedScheme("intent")!

        /// Whether `scheme` is a deep link's, and its place in `listed` (-1: in `seen`, or to
        /// be counted there): listed on first sight while there is room. `scheme` is asked
        /// for only when the scheme is not listed.
        private mutating func find(_ scheme: () -> String, _ packed: PackedScheme?) -> (deep: Bool, place: Int) {
            guard let packed else {
                let scheme = scheme()
                return (seen[scheme]?.deep ?? WebSchemes.isDeepLink(scheme), -1)
            }
            // Read in place (an entry copied out retained its scheme).
            let found = listed.withUnsafeBufferPointer { list -> (place: Int, deep: Bool)? in
                for i in list.indices where list[i].packed == packed { return (i, list[i].deep) }
                return nil
            }
            if let found { return (found.deep, found.place) }
            let scheme = scheme()
            if let known = seen[scheme] { return (known.deep, -1) }
            let deep = WebSchemes.isDeepLink(scheme)
            guard listed.count < Self.listedLimit else { return (deep, -1) }
            // Room for a page's usual few dozen schemes from the first.
            if listed.isEmpty { listed.reserveCapacity(32) }
            listed.append((packed, scheme, deep, 0))
            return (deep, listed.count - 1)
        }

        private mutating func count(package run: (name: String, links: Int)) {
            let known = recentPackages.withUnsafeBufferPointer { list -> Int? in
                for i in list.indices where list[i].name.isName(run.name) { return i }
                return nil
            }
            if let known {
                recentPackages[known].links += run.links
            } else if recentPackages.count < Self.recentLimit {
                recentPackages.append(run)
            } else {
                packageLinks[run.name, default: 0] += run.links
            }
        }

        /// Whether `scheme` (packed: `packed`) is the run's, as `==` tells: a listed scheme by
        /// its bytes, read in place, and by `==` only when they differ and either is not ASCII
        /// (ASCII strings are equal exactly when their bytes are); any other by `==`.
        @inline(__always)
        private func sameAsRun(_ scheme: () -> String, _ packed: PackedScheme?) -> Bool {
            guard runPlace >= 0 else { return runScheme == scheme() }
            return listed.withUnsafeBufferPointer { list in
                precondition(runPlace < list.count, "a listed scheme")
                if let packed {
                    if list[runPlace].packed == packed { return true }
                    if packed.isASCII, list[runPlace].packed.isASCII { return false }
                }
                return list[runPlace].scheme == scheme()
            }
        }

        /// The run so far counted in (none: nothing), read where it is.
        private mutating func countRun() {
            guard let links = runLinks else { return }
            if runPlace >= 0 {
                // In place: the entry copied out and back retained and released its scheme.
                listed.withUnsafeMutableBufferPointer { list in
                    precondition(runPlace < list.count, "a listed scheme")
                    list[runPlace].links += links
                }
            } else {
                seen[runScheme, default: (runDeep, 0)].links += links
            }
        }
    }

    mutating func add(_ counts: PageCounts, page: String) {
        entries = nil
        let counts = counts.closed
        guard listing == .everyPage else {
            for (scheme, links) in counts.schemes { schemeLinks[scheme, default: Tally()].add(links: links, page: page) }
            for (package, links) in counts.packages { packageLinks[package, default: Tally()].add(links: links, page: page) }
            return
        }
        for (scheme, links) in counts.schemes {
            schemeLinks[scheme, default: Tally()].links += links
            spill.append(InventoryPage(package: false, name: scheme, page: page), footprint: 96 + scheme.utf8.count + page.utf8.count)
        }
        for (package, links) in counts.packages {
            packageLinks[package, default: Tally()].links += links
            spill.append(InventoryPage(package: true, name: package, page: page), footprint: 96 + package.utf8.count + page.utf8.count)
        }
    }

    /// Most-used first, then by name.
    public var schemes: [Entry] { (entries ?? resolving()).schemes }
    public var packages: [Entry] { (entries ?? resolving()).packages }

    /// Runs of the spill on disk (tests check that a small bound spills).
    var spilledRuns: Int { spill.spilledRuns }

    /// Why pages could not be read back from disk, if that happened (the report is then
    /// incomplete).
    var readFailure: String? {
        if let failure = spill.readFailure { return failure }
        for entry in schemes + packages {
            if case .file(let file, _) = entry.pages.storage, let failure = file.failed { return failure }
        }
        return nil
    }

    /// The inventory with its entries made: one pass over the spill.
    func resolved() -> SchemeInventory {
        var copy = self
        copy.entries = resolving()
        return copy
    }

    /// One pass over the merged spill, each page once per name (nil: the file for the
    /// lists could not be written; they are then made in memory).
    private func lists(onDisk: Bool) -> [InventoryLists.Key: (count: Int, list: InventoryPages)]? {
        var lists = InventoryLists(onDisk: onDisk, directory: spill.directory)
        var previous: InventoryPage?
        for item in spill.sorted() {
            // Compared where it is (bound with `if let`, the previous record was copied, its
            // two strings retained and released, on every record: issue 17).
            if previous?.isSame(as: item) == true { continue }
            lists.add(item)
            previous = item
        }
        return lists.finish()
    }

    /// The package Android resolves the intent to, as `Intent.parseUri` reads it.
    static func package(of uri: String) -> String {
        // `IntentURIParser.package(of:)` reads the common shape in one pass without making
        // the rest of the intent, and is tested against the whole parse's package.
        do {
            return try IntentURIParser.package(of: uri) ?? "(no package)"
        } catch {
            return "(malformed intent)"
        }
    }

    /// The merged pages, each once per name: kept in memory when nothing went to disk,
    /// else written once more, in order, to a file of their own, each name a range of it.
    /// With `Listing.firstPages`, the first pages kept as they came.
    private func resolving() -> (schemes: [Entry], packages: [Entry]) {
        var made: [InventoryLists.Key: (count: Int, list: InventoryPages)] = [:]
        if listing == .everyPage { made = lists(onDisk: spill.spilledRuns > 0) ?? lists(onDisk: false)! }
        func entries(_ tallies: [String: Tally], package: Bool) -> [Entry] {
            tallies.map { name, tally -> Entry in
                var pages = (count: tally.pages, list: InventoryPages(storage: .memory(tally.firstPages)))
                if listing == .everyPage {
                    pages = made[InventoryLists.Key(package: package, name: name)] ?? (0, InventoryPages(storage: .memory([])))
                }
                return Entry(name: name, links: tally.links, pageCount: pages.count, pages: pages.list)
            }
            .sorted { $0.links != $1.links ? $0.links > $1.links : $0.name < $1.name }
        }
        return (entries(schemeLinks, package: false), entries(packageLinks, package: true))
    }
}

/// A page on which a scheme (or an intent's package) is used: what the inventory spills.
struct InventoryPage: SpillRecord {
    var package: Bool
    var name: String
    var page: String

    /// The same kind, name and page (`==`).
    func isSame(as other: InventoryPage) -> Bool {
        package == other.package && name == other.name && page == other.page
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
    }

    static func decode(_ body: UnsafeBufferPointer<UInt8>) -> InventoryPage {
        var reader = SpillBytes.Reader(body)
        let package = reader.byte() != 0
        let name = reader.string()
        return InventoryPage(package: package, name: name, page: reader.string())
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

/// Builds each name's list of pages from the merged, de-duplicated spill: on disk, each
/// name a range of one file written in order; or in memory.
private struct InventoryLists {
    struct Key: Hashable {
        var package: Bool
        var name: String
    }

    let onDisk: Bool
    let directory: String
    private var file: SpillFile?
    /// Bytes not yet written, and where the file ends.
    private var pending: [UInt8] = []
    private var written = 0
    private var failed = false
    private var current: (key: Key, count: Int, start: Int, pages: [String])?
    private var counts: [Key: (count: Int, range: Range<Int>, pages: [String])] = [:]

    init(onDisk: Bool, directory: String) {
        self.onDisk = onDisk
        self.directory = directory
    }

    mutating func add(_ item: InventoryPage) {
        let key = Key(package: item.package, name: item.name)
        if current?.key != key {
            close()
            current = (key, 0, written + pending.count, [])
        }
        current!.count += 1
        if onDisk {
            item.append(to: &pending)
            if pending.count >= 1 << 16 { flush() }
        } else {
            current!.pages.append(item.page)
        }
    }

    /// Each name's count and pages; nil when the file could not be written.
    mutating func finish() -> [Key: (count: Int, list: InventoryPages)]? {
        close()
        flush()
        if failed { return nil }
        return counts.mapValues { item in
            if onDisk, let file { return (item.count, InventoryPages(storage: .file(file, item.range))) }
            return (item.count, InventoryPages(storage: .memory(item.pages)))
        }
    }

    private mutating func close() {
        guard let current else { return }
        counts[current.key] = (current.count, current.start..<written + pending.count, current.pages)
        self.current = nil
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
