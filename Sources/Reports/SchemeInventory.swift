import Foundation
import Checks
import LinkAuditModel
import Policies

/// Every non-web scheme and every `intent://` target package seen, with how many links
/// use it and on which pages: the list of apps a site expects a WebView to launch.
///
/// The links are counted by name in memory (a run has few names; one listing first pages
/// sends its tallies to a spill of their own past `defaultTallyLimit` names: `NameTally`);
/// the pages go to a spill of their own as they come (`RecordSpill<InventoryPage>`, a page
/// once per name and part) and are counted and listed, each once, from its merge in name
/// and page order (`resolved()`), so a run of any number of pages holds none of them. A
/// run that lists no more than each name's first pages, and whose pages come once each in
/// rising order, keeps just those and a count as the pages come (`Listing.firstPages`).
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
    /// The entries with their pages, once `resolved()`.
    private var entries: (schemes: [Entry], packages: [Entry])?

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
        entries = nil
        let counts = counts.closed
        guard listing == .everyPage else {
            for (scheme, links) in counts.schemes { schemeLinks[scheme, default: Tally()].add(links: links, page: page) }
            for (package, links) in counts.packages { packageLinks[package, default: Tally()].add(links: links, page: page) }
            if schemeLinks.count + packageLinks.count > tallyLimit { flushTallies() }
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

    /// Most-used first, then by name.
    public var schemes: [Entry] { (entries ?? resolving()).schemes }
    public var packages: [Entry] { (entries ?? resolving()).packages }

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
        if let entries { return Listed(packages ? entries.packages : entries.schemes, limit: limit) }
        guard listing == .firstPages else {
            let all = resolving()
            return Listed(packages ? all.packages : all.schemes, limit: limit)
        }
        let limit = max(0, limit)
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

        init(_ all: [Entry], limit: Int) {
            let rest = all.dropFirst(max(0, limit))
            self.init(entries: Array(all.prefix(max(0, limit))), moreNames: rest.count,
                      moreLinks: rest.reduce(0) { $0 + $1.links })
        }
    }

    /// Runs of the spill on disk (tests check that a small bound spills).
    var spilledRuns: Int { spill.spilledRuns }
    /// How many times the tallies went to their spill, and its runs on disk.
    var tallyFlushes: Int { flushes }
    var spilledTallyRuns: Int { tallySpill.spilledRuns }

    /// Why pages could not be read back from disk, if that happened (the report is then
    /// incomplete).
    var readFailure: String? {
        if let failure = spill.readFailure ?? tallySpill.readFailure { return failure }
        // Only the lists of every page are read back from a file.
        guard listing == .everyPage else { return nil }
        for entry in schemes + packages {
            if case .file(let file, _) = entry.pages.storage, let failure = file.failed { return failure }
        }
        return nil
    }

    /// The inventory with its entries made: one pass over the spill. An inventory that keeps
    /// only the first pages has nothing to read back: its entries are made when asked
    /// (summary.md asks for its first `listedLimit` of each kind alone, `listed`).
    func resolved() -> SchemeInventory {
        guard listing == .everyPage else { return self }
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
        if listing == .firstPages, flushes > 0 {
            var merged: (schemes: [Entry], packages: [Entry]) = ([], [])
            forEachMergedTally { tally in
                let entry = Entry(name: tally.name, links: tally.links, pageCount: tally.pages,
                                  pages: InventoryPages(storage: .memory(tally.first)))
                if tally.package { merged.packages.append(entry) } else { merged.schemes.append(entry) }
            }
            return (merged.schemes.sorted(by: Self.ranked), merged.packages.sorted(by: Self.ranked))
        }
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
            .sorted(by: Self.ranked)
        }
        return (entries(schemeLinks, package: false), entries(packageLinks, package: true))
    }
}
