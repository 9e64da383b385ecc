import TestSupport
import XCTest
@testable import Reports

/// An inventory that keeps each name's first pages and a count as the pages come
/// (`SchemeInventory.Listing.firstPages`) tells what the one that merges every page from its
/// spill tells (`.everyPage`, the plain way), for pages that come once each in rising order:
/// the same names, links and page counts, and its pages the first three of the other's. A
/// page's counts closed on its worker (`PageCounts.close`) count as the open ones.
final class SchemeInventoryListingTests: XCTestCase {
    func testFirstPagesAreTheFirstOfEveryPageForPagesInRisingOrder() {
        var numbers = SeededNumbers(state: 41)
        let schemes = ["gojek", "dana", "tel", "mailto", "kakaotalk", "paypay", "itms-apps", "é", "e\u{301}"]
            + (0..<20).map { "app\($0)" }
        let packages = ["com.globe.gcash.android", "id.dana", "com.gojek.app", "jp.ne.paypay.android.app"]
        for round in 0..<12 {
            // A bound this small sends the full inventory's pages to disk in runs.
            let dir = TempDir()
            let limits = SpillLimits(directory: dir.path, batchBytes: round % 2 == 0 ? 8 * 2_048 : .max)
            var every = SchemeInventory(limits: limits, listing: .everyPage)
            var first = SchemeInventory(limits: limits, listing: .firstPages)
            var everyClosed = SchemeInventory(limits: limits, listing: .everyPage)
            // Tables of a few names: the tallies go to their spill (to disk with the small
            // bound) after nearly every page and are merged back at the end.
            var bounded = SchemeInventory(limits: limits, listing: .firstPages, tallyLimit: 1 + round % 7)
            let pages = (0..<(round == 0 ? 1 : 5 + numbers.next(120))).map { "https://shop.example/p\(1_000 + $0).html" }
            for page in pages {
                // A streamed page's parts come one after another.
                for _ in 0..<(numbers.next(5) == 0 ? 2 : 1) {
                    var counts = SchemeInventory.PageCounts()
                    for _ in 0..<numbers.next(30) {
                        if numbers.next(4) == 0 {
                            counts.add(scheme: "intent", url: "intent://pay#Intent;scheme=x;package=\(numbers.pick(packages));end")
                        } else {
                            counts.add(scheme: numbers.pick(schemes), url: "x:")
                        }
                    }
                    every.add(counts, page: page)
                    // Closed on the worker (`PageCounts.close`): the same counts by name.
                    var closed = counts
                    closed.close()
                    XCTAssertEqual(closed.schemes, counts.schemes)
                    XCTAssertEqual(closed.packages, counts.packages)
                    everyClosed.add(closed, page: page)
                    first.add(closed, page: page)
                    bounded.add(closed, page: page)
                }
            }
            let whole = every.resolved()
            XCTAssertEqual(whole, everyClosed.resolved(), "round \(round)")
            let short = first.resolved()
            let merged = bounded.resolved()
            for (a, b) in [(whole.schemes, short.schemes), (whole.packages, short.packages),
                           (whole.schemes, merged.schemes), (whole.packages, merged.packages)] {
                XCTAssertEqual(a.map(\.name), b.map(\.name), "round \(round)")
                XCTAssertEqual(a.map(\.links), b.map(\.links), "round \(round)")
                XCTAssertEqual(a.map(\.pageCount), b.map(\.pageCount), "round \(round)")
                XCTAssertEqual(a.map { Array($0.pages.prefix(3)) }, b.map { Array($0.pages) }, "round \(round)")
            }
            XCTAssertFalse(whole.schemes.isEmpty && round > 0, "round \(round)")
            XCTAssertTrue(whole.schemes.contains { $0.pageCount > 3 } || round == 0, "round \(round)")
            XCTAssertEqual(first.spilledRuns, 0)
            XCTAssertEqual(first.tallyFlushes, 0)
            if whole.schemes.count + whole.packages.count > 1 + round % 7 {
                XCTAssertGreaterThan(bounded.tallyFlushes, 0, "round \(round)")
                if round % 2 == 0 { XCTAssertGreaterThan(bounded.spilledTallyRuns, 0, "round \(round)") }
            }
            if round % 2 == 0, round > 0 { XCTAssertGreaterThan(every.spilledRuns, 0, "round \(round)") }
        }
    }

    func testOnlyARunWithoutFindingsJSONWhosePagesComeOnceKeepsTheFirstPages() {
        XCTAssertEqual(SchemeInventory.Listing.needed(for: ReportFormat.defaults, pagesOnce: true), .firstPages)
        XCTAssertEqual(SchemeInventory.Listing.needed(for: [.md], pagesOnce: true), .firstPages)
        XCTAssertEqual(SchemeInventory.Listing.needed(for: ReportFormat.defaults, pagesOnce: false), .everyPage)
        XCTAssertEqual(SchemeInventory.Listing.needed(for: [.md, .json], pagesOnce: true), .everyPage)
        XCTAssertEqual(SchemeInventory.Listing.needed(for: Set(ReportFormat.allCases), pagesOnce: true), .everyPage)
    }

    /// An accumulator made to keep the first pages does not write findings.json short: it
    /// says why, as a write failure does.
    func testFindingsJSONIsRefusedWhenTheInventoryKeptOnlyTheFirstPages() throws {
        let out = TempDir()
        let report = ReportAccumulator(rules: ReportRules(), spill: SpillLimits(directory: out.path), fragments: .none,
                                       inventory: .firstPages)
        XCTAssertThrowsError(try report.finish(into: out.path, formats: [.md, .json])) { error in
            XCTAssertTrue("\(error)".contains("findings.json"), "\(error)")
        }
        XCTAssertNoThrow(try report.finish(into: out.path, formats: [.md]))
    }
}

/// summary.md lists each table's first `SchemeInventory.listedLimit` names: `listed` gives
/// the first entries of the whole list, and what the rest hold, whichever pages the
/// inventory keeps (from the tallies alone when it keeps the first pages).
final class SchemeInventoryListedTests: XCTestCase {
    func testListedIsTheHeadOfTheWholeListAndCountsTheRest() {
        var numbers = SeededNumbers(state: 7)
        for round in 0..<8 {
            var every = SchemeInventory(limits: SpillLimits(batchBytes: .max), listing: .everyPage)
            var first = SchemeInventory(limits: SpillLimits(batchBytes: .max), listing: .firstPages)
            let dir = TempDir()
            var bounded = SchemeInventory(limits: SpillLimits(directory: dir.path, batchBytes: 8 * 512),
                                          listing: .firstPages, tallyLimit: 3)
            // Many names used once (ties ranked by name), a few used often.
            let names = (0..<(round == 0 ? 0 : 1 + numbers.next(60))).map { "s\(numbers.next(40))x\($0)" }
            for page in (0..<(1 + numbers.next(9))).map({ "https://shop.example/p\(100 + $0).html" }) {
                var counts = SchemeInventory.PageCounts()
                for _ in 0..<numbers.next(50) where !names.isEmpty {
                    if numbers.next(5) == 0 {
                        counts.add(scheme: "intent", url: "intent://p#Intent;scheme=x;package=com.p\(numbers.next(9));end")
                    } else {
                        counts.add(scheme: names[min(numbers.next(names.count), numbers.next(names.count))], url: "x:")
                    }
                }
                every.add(counts, page: page)
                first.add(counts, page: page)
                bounded.add(counts, page: page)
            }
            let whole = every.resolved()
            for packages in [false, true] {
                let all = packages ? whole.packages : whole.schemes
                for limit in [0, 1, 3, all.count - 1, all.count, all.count + 5] where limit >= 0 {
                    for inventory in [whole, first.resolved(), bounded.resolved()] {
                        let listed = inventory.listed(packages: packages, limit: limit)
                        let head = Array(all.prefix(limit))
                        XCTAssertEqual(listed.entries.map(\.name), head.map(\.name), "round \(round) limit \(limit)")
                        XCTAssertEqual(listed.entries.map(\.links), head.map(\.links), "round \(round) limit \(limit)")
                        XCTAssertEqual(listed.entries.map(\.pageCount), head.map(\.pageCount), "round \(round)")
                        XCTAssertEqual(listed.entries.map { Array($0.pages.prefix(3)) }, head.map { Array($0.pages.prefix(3)) })
                        XCTAssertEqual(listed.moreNames, max(0, all.count - limit), "round \(round) limit \(limit)")
                        XCTAssertEqual(listed.moreLinks, all.dropFirst(limit).reduce(0) { $0 + $1.links })
                    }
                }
            }
        }
    }

    /// A table over the limit shows the limit's rows and one line for the rest; a table at
    /// the limit shows every row and no such line.
    func testSummaryCutsATableAtTheLimitAndSaysWhatItLeftOut() {
        let limit = SchemeInventory.listedLimit
        for extra in [0, 1, 250] {
            var inventory = SchemeInventory(limits: SpillLimits(batchBytes: .max), listing: .firstPages)
            var counts = SchemeInventory.PageCounts()
            for n in 0..<(limit + extra) {
                // Scheme n has n + 1 links: the most-used come last in this order.
                for _ in 0...(n % 7) { counts.add(scheme: "w\(n)", url: "w\(n)://pay") }
            }
            inventory.add(counts, page: "https://shop.example/a.html")
            for json in [false, true] {
                let section = SummaryMarkdown.inventory(inventory, findingsJSON: json)
                let rows = section.split(separator: "\n").filter { $0.hasPrefix("| w") }
                XCTAssertEqual(rows.count, limit, "extra \(extra)")
                let rest = section.split(separator: "\n").filter { $0.hasPrefix("… and") }
                guard extra > 0 else {
                    XCTAssertEqual(rest, [], "extra \(extra)")
                    continue
                }
                let left = inventory.schemes.dropFirst(limit)
                let links = left.reduce(0) { $0 + $1.links }
                let noun = extra == 1 ? "more scheme" : "more schemes"
                let whereListed = json ? "see findings.json" : "findings.json (`--format json`) lists every one"
                XCTAssertEqual(rest, ["… and \(extra) \(noun) (\(links) link\(links == 1 ? "" : "s")): \(whereListed)."])
                // The most-used names are the ones shown.
                XCTAssertTrue(left.allSatisfy { $0.links <= 1 + 6 }, "extra \(extra)")
                XCTAssertEqual(rows.first.map(String.init)?.contains("| 7 |"), true, "\(rows.first ?? "")")
            }
        }
    }
}

/// A name's tallies from two flushes of the inventory's tables made one: the same as one
/// tally over both stretches, and a tally read back as written.
final class NameTallyTests: XCTestCase {
    func testTalliesOfTwoStretchesMadeOneAreTheTallyOfBoth() {
        var numbers = SeededNumbers(state: 3)
        for round in 0..<300 {
            // Pages in rising order, a page's parts one after another (a page may repeat).
            var pages: [String] = []
            var page = 0
            for _ in 0..<(1 + numbers.next(9)) {
                if numbers.next(3) != 0 { page += 1 }
                pages.append("https://shop.example/p\(page)")
            }
            let cut = numbers.next(pages.count + 1)
            func tally(_ pages: ArraySlice<String>, flush: Int) -> NameTally {
                var t = NameTally(package: false, name: "app", links: 0, pages: 0, first: [], last: nil, flush: flush)
                for page in pages {
                    t.links += 2
                    guard t.last != page else { continue }
                    if t.first.count < SchemeInventory.firstPagesLimit { t.first.append(page) }
                    t.pages += 1
                    t.last = page
                }
                return t
            }
            var joined = tally(pages[..<cut], flush: 0)
            joined.absorb(tally(pages[cut...], flush: 1))
            joined.flush = 0
            XCTAssertEqual(joined, tally(pages[...], flush: 0), "round \(round): \(pages) cut at \(cut)")
            var bytes: [UInt8] = []
            joined.encode(into: &bytes)
            XCTAssertEqual(bytes.withUnsafeBufferPointer(NameTally.decode), joined)
        }
    }
}
