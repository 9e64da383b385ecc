import Foundation
import Checks
import LinkAuditModel
import Policies

/// Every non-web scheme and every `intent://` target package seen, with how many links
/// use it and on which pages: the list of apps a site expects a WebView to launch.
///
/// The pages go to a spill as they come (`RecordSpill<InventoryPage>`, a page once per
/// name and part, with its links) and are counted and listed, each once, from its merge in
/// name and page order (`resolved()`); the entries made there go to a spill of their own in
/// the reports' order (`RankedEntries`), so a run of any number of pages or names holds a
/// bounded batch of each. A run that lists no more than each name's first pages, and whose
/// pages come once each in rising order, keeps just those and a count by name as the pages
/// come (`Listing.firstPages`; past `defaultTallyLimit` names the tallies go to a spill of
/// their own: `NameTally`).
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
    /// ones and the last. The first pages held in place, not in an array: a run may meet a
    /// name per link.
    private struct Tally: Sendable {
        var links = 0
        var pages = 0
        /// The first `firstPagesLimit` pages.
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

        func record(package: Bool, name: String, flush: Int) -> NameTally {
            NameTally(package: package, name: name, links: links, pages: pages, first: firstPages, last: last,
                      flush: flush)
        }
    }

    public let listing: Listing
    private var schemeLinks: [String: Tally] = [:]
    private var packageLinks: [String: Tally] = [:]
    private var spill: RecordSpill<InventoryPage>
    /// With `Listing.firstPages`: how many names the tables hold before they go to
    /// `tallySpill` (`defaultTallyLimit`; tests make it small), the tallies gone there and
    /// how many times the tables went.
    private let tallyLimit: Int
    private var tallySpill: RecordSpill<NameTally>
    private var flushes = 0
    /// The tables with their pages, once `resolved()`.
    private var tables: Tables?

    /// The two tables, each in the reports' order.
    struct Tables: Sendable {
        var schemes: RankedEntries
        var packages: RankedEntries

        init(directory: String, batchBytes: Int) {
            schemes = RankedEntries(directory: directory, batchBytes: batchBytes)
            packages = schemes
        }

        subscript(packages packages: Bool) -> RankedEntries {
            packages ? self.packages : schemes
        }

        /// Adds in place (through a subscript's get and set, each add copied the batch).
        mutating func add(_ entry: RankedEntry, package: Bool) {
            if package { packages.add(entry) } else { schemes.add(entry) }
        }
    }

    public init() {
        self.init(limits: SpillLimits(batchBytes: .max))
    }

    init(limits: SpillLimits, listing: Listing = .everyPage, tallyLimit: Int = defaultTallyLimit) {
        self.listing = listing
        self.tallyLimit = max(1, tallyLimit)
        spill = RecordSpill(name: "inventory", directory: limits.directory, batchBytes: limits.recordBatchBytes)
        tallySpill = RecordSpill(name: "inventory-names", directory: limits.directory,
                                 batchBytes: limits.recordBatchBytes)
    }

    /// Names (schemes and packages) a run listing first pages holds at a time, ~330 bytes
    /// each: a run of a few dozen names never reaches it; one made to hold a scheme per link
    /// sends its tallies to disk, in name order, each time the tables reach it (`NameTally`).
    public static let defaultTallyLimit = 16_384

    public static func == (a: SchemeInventory, b: SchemeInventory) -> Bool {
        a.schemes == b.schemes && a.packages == b.packages
    }

    mutating func add(_ counts: PageCounts, page: String) {
        tables = nil
        let counts = counts.closed
        guard listing == .everyPage else {
            for (scheme, links) in counts.schemes { schemeLinks[scheme, default: Tally()].add(links: links, page: page) }
            for (package, links) in counts.packages { packageLinks[package, default: Tally()].add(links: links, page: page) }
            if schemeLinks.count + packageLinks.count > tallyLimit { flushTallies() }
            return
        }
        for (scheme, links) in counts.schemes {
            spill.append(InventoryPage(package: false, name: scheme, page: page, links: links),
                         footprint: 104 + scheme.utf8.count + page.utf8.count)
        }
        for (package, links) in counts.packages {
            spill.append(InventoryPage(package: true, name: package, page: page, links: links),
                         footprint: 104 + package.utf8.count + page.utf8.count)
        }
    }

    /// The tables' tallies to `tallySpill`, the tables emptied (their room kept: they fill again).
    private mutating func flushTallies() {
        for (name, tally) in schemeLinks {
            tallySpill.append(tally.record(package: false, name: name, flush: flushes), footprint: 160 + name.utf8.count)
        }
        for (name, tally) in packageLinks {
            tallySpill.append(tally.record(package: true, name: name, flush: flushes), footprint: 160 + name.utf8.count)
        }
        schemeLinks.removeAll(keepingCapacity: true)
        packageLinks.removeAll(keepingCapacity: true)
        flushes += 1
    }

    /// Every name's tally over the whole run, made one, in `NameTally.ordered` order (schemes,
    /// then packages, each by name): the spilled tallies merged with the tables'.
    private func forEachMergedTally(_ body: (NameTally) -> Void) {
        var held = schemeLinks.map { $0.value.record(package: false, name: $0.key, flush: flushes) }
        held += packageLinks.map { $0.value.record(package: true, name: $0.key, flush: flushes) }
        held.sort(by: NameTally.ordered)
        var spilled = tallySpill.sorted().makeIterator()
        var nextSpilled = spilled.next()
        var index = 0
        var current: NameTally?
        while true {
            let next: NameTally
            if let candidate = nextSpilled,
               index == held.count || !NameTally.ordered(held[index], candidate) {
                next = candidate
                nextSpilled = spilled.next()
            } else if index < held.count {
                next = held[index]
                index += 1
            } else {
                break
            }
            if current?.isSameName(as: next) == true {
                current!.absorb(next)
            } else {
                if let current { body(current) }
                current = next
            }
        }
        if let current { body(current) }
    }

    /// Most-used first, then by name.
    static func ranked(_ a: Entry, _ b: Entry) -> Bool {
        ranked(a.links, a.name, before: b.links, b.name)
    }

    static func ranked(_ links: Int, _ name: String, before otherLinks: Int, _ otherName: String) -> Bool {
        links != otherLinks ? links > otherLinks : name < otherName
    }

    /// Every entry, most-used first, then by name, in memory (tests, small runs; the reports
    /// read `entries(packages:)` an entry at a time).
    public var schemes: [Entry] { Array(entries(packages: false)) }
    public var packages: [Entry] { Array(entries(packages: true)) }

    /// A table, most-used first, then by name.
    public func entries(packages: Bool) -> RankedEntries {
        (tables ?? resolving())[packages: packages]
    }

    /// How many names summary.md lists in each table. A site's pages launch a few dozen
    /// apps; a page made to hold a scheme per link (hostile, or generated) would otherwise
    /// put every name in the summary — 200,000 of them were 8.8 MB of Markdown and every
    /// name's entry built at the end of the run (issue 17). findings.json lists every name.
    public static let listedLimit = 1_000

    /// The first `limit` entries of `schemes` or `packages` (most-used first, then by name)
    /// and how many names and links the rest hold. From an inventory that keeps only the
    /// first pages, the entries of the rest are never made: the names are ranked by their
    /// links alone.
    public func listed(packages: Bool, limit: Int) -> Listed {
        let limit = max(0, limit)
        if tables != nil || listing == .everyPage {
            let table = entries(packages: packages)
            let shown = Array(table.prefix(limit))
            return Listed(entries: shown, moreNames: table.count - shown.count,
                          moreLinks: table.links - shown.reduce(0) { $0 + $1.links })
        }
        if flushes > 0 {
            // The best `limit` kept as the names come: sorted and cut each time they double.
            var best: [Entry] = []
            var names = 0, links = 0
            forEachMergedTally { tally in
                guard tally.package == packages else { return }
                names += 1
                links += tally.links
                guard limit > 0 else { return }
                best.append(Entry(name: tally.name, links: tally.links, pageCount: tally.pages,
                                  pages: InventoryPages(storage: .memory(tally.first))))
                if best.count >= 2 * limit {
                    best.sort(by: Self.ranked)
                    best.removeLast(best.count - limit)
                }
            }
            best.sort(by: Self.ranked)
            best = Array(best.prefix(limit))
            return Listed(entries: best, moreNames: names - best.count,
                          moreLinks: links - best.reduce(0) { $0 + $1.links })
        }
        let tallies = packages ? packageLinks : schemeLinks
        var ranked = tallies.map { (name: $0.key, links: $0.value.links) }
        ranked.sort { Self.ranked($0.links, $0.name, before: $1.links, $1.name) }
        let shown = ranked.prefix(max(0, limit)).map { name, links -> Entry in
            let tally = tallies[name]!
            return Entry(name: name, links: links, pageCount: tally.pages,
                         pages: InventoryPages(storage: .memory(tally.firstPages)))
        }
        let rest = ranked.dropFirst(shown.count)
        return Listed(entries: shown, moreNames: rest.count, moreLinks: rest.reduce(0) { $0 + $1.links })
    }

    /// A table's first entries and what the rest hold.
    public struct Listed: Sendable, Equatable {
        public var entries: [Entry]
        public var moreNames: Int
        public var moreLinks: Int

        init(entries: [Entry], moreNames: Int, moreLinks: Int) {
            self.entries = entries
            self.moreNames = moreNames
            self.moreLinks = moreLinks
        }
    }

    /// Runs of the spill on disk (tests check that a small bound spills).
    var spilledRuns: Int { spill.spilledRuns }
    /// How many times the tallies went to their spill, and its runs on disk.
    var tallyFlushes: Int { flushes }
    var spilledTallyRuns: Int { tallySpill.spilledRuns }

    /// Why pages or entries could not be read back from disk, if that happened (the report
    /// is then incomplete).
    var readFailure: String? {
        spill.readFailure ?? tallySpill.readFailure ?? tables?.schemes.readFailure ?? tables?.packages.readFailure
    }

    /// The inventory with its tables made: one pass over the spill. An inventory that keeps
    /// only the first pages has nothing to read back: its entries are made when asked
    /// (summary.md asks for its first `listedLimit` of each kind alone, `listed`).
    func resolved() -> SchemeInventory {
        guard listing == .everyPage else { return self }
        var copy = self
        copy.tables = resolving()
        return copy
    }

    /// One pass over the merged spill: each name's links summed, its pages listed each once
    /// (to a file of their own when `onDisk`), its entry added to its table. Nil when the
    /// file could not be written; the lists are then made in memory.
    private func tablesFromPages(onDisk: Bool) -> Tables? {
        var lists = InventoryLists(onDisk: onDisk, directory: spill.directory)
        var tables = Tables(directory: spill.directory, batchBytes: spill.batchBytes)
        // The name being summed is the previous record's.
        var current = (links: 0, pages: 0)
        var previous: InventoryPage?
        func close() {
            guard let named = previous else { return }
            let list = lists.end()
            tables.add(RankedEntry(name: named.name, links: current.links, pageCount: current.pages, range: list.range,
                                   pages: list.pages), package: named.package)
        }
        for item in spill.sorted() {
            // Compared where it is (bound with `if let`, the previous record was copied, its
            // two strings retained and released, on every record: issue 17).
            if previous?.isSameName(as: item) == true {
                current.links += item.links
                // The same page again (a page given twice, a streamed page's parts).
                if previous?.page == item.page { continue }
            } else {
                close()
                lists.begin()
                current = (item.links, 0)
            }
            current.pages += 1
            lists.add(item)
            previous = item
        }
        close()
        guard lists.finish() else { return nil }
        tables.schemes.lists = lists.file
        tables.packages.lists = lists.file
        return tables
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

    /// The tables: with `Listing.everyPage`, from the merged pages, their lists kept in
    /// memory when nothing went to disk, else written once more, in order, to a file of their
    /// own, each name a range of it; with `Listing.firstPages`, from the tallies.
    private func resolving() -> Tables {
        if listing == .everyPage {
            return tablesFromPages(onDisk: spill.spilledRuns > 0) ?? tablesFromPages(onDisk: false)!
        }
        // The tables' tallies and the spilled ones (none when the tables never went) made one.
        var tables = Tables(directory: spill.directory, batchBytes: spill.batchBytes)
        forEachMergedTally { tally in
            tables.add(RankedEntry(name: tally.name, links: tally.links, pageCount: tally.pages, pages: tally.first),
                       package: tally.package)
        }
        return tables
    }
}
