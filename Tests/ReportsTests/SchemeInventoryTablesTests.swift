import TestSupport
import XCTest
@testable import Reports

/// The inventory that lists every page (findings.json) holds no table of names: each name's
/// links are summed from its spilled pages, and its entry goes to a spill in the reports'
/// order (`RankedEntries`). Its tables equal the ones counted the plain way — a dictionary
/// of every name's links and set of pages, ranked most-used first, then by name — for pages
/// in any order and more than once, canonically equal spellings, with the pages, the lists
/// and the entries in memory or spilled to disk in many runs.
final class SchemeInventoryTablesTests: XCTestCase {
    func testTablesFromTheSpillEqualTheTablesCountedThePlainWay() {
        var numbers = SeededNumbers(state: 59)
        let schemes = ["gojek", "dana", "tel", "mailto", "é", "e\u{301}", "com.example.a-very-long-scheme"]
            + (0..<300).map { "w\($0)" }
        let packages = ["id.dana", "com.gojek.app"] + (0..<40).map { "com.wallet\($0)" }
        for round in 0..<10 {
            let dir = TempDir()
            // Small bounds send the pages, the lists and the entries to disk in many runs.
            let limits = SpillLimits(directory: dir.path, batchBytes: round % 2 == 0 ? 8 * 1_024 : .max)
            var inventory = SchemeInventory(limits: limits, listing: .everyPage)
            var plain: [Bool: [String: (links: Int, pages: Set<String>)]] = [false: [:], true: [:]]
            let pageCount = round == 0 ? 0 : 1 + numbers.next(60)
            for _ in 0..<(pageCount * 2) where pageCount > 0 {
                // Pages out of order, some more than once.
                let page = "https://shop.example/p\(100 + numbers.next(pageCount)).html"
                var counts = SchemeInventory.PageCounts()
                for _ in 0..<numbers.next(40) {
                    if numbers.next(4) == 0 {
                        let package = numbers.pick(packages)
                        counts.add(scheme: "intent", url: "intent://pay#Intent;scheme=x;package=\(package);end")
                        plain[true]![package, default: (0, [])].links += 1
                        plain[true]![package, default: (0, [])].pages.insert(page)
                        // An intent: link counts as its scheme too.
                        plain[false]!["intent", default: (0, [])].links += 1
                        plain[false]!["intent", default: (0, [])].pages.insert(page)
                    } else {
                        // Most names used once, a few often.
                        let scheme = numbers.next(3) == 0 ? numbers.pick(schemes) : schemes[numbers.next(6)]
                        counts.add(scheme: scheme, url: "x:")
                        plain[false]![scheme, default: (0, [])].links += 1
                        plain[false]![scheme, default: (0, [])].pages.insert(page)
                    }
                }
                inventory.add(counts, page: page)
            }
            let resolved = inventory.resolved()
            for package in [false, true] {
                let expected = plain[package]!.map { (name: $0.key, links: $0.value.links, pages: $0.value.pages.sorted()) }
                    .sorted { SchemeInventory.ranked($0.links, $0.name, before: $1.links, $1.name) }
                let table = resolved.entries(packages: package)
                // Read twice: each format takes its own pass.
                for _ in 0..<2 {
                    let entries = Array(table)
                    XCTAssertEqual(entries.map(\.name), expected.map(\.name), "round \(round)")
                    XCTAssertEqual(entries.map(\.links), expected.map(\.links), "round \(round)")
                    XCTAssertEqual(entries.map(\.pageCount), expected.map(\.pages.count), "round \(round)")
                    XCTAssertEqual(entries.map { Array($0.pages) }, expected.map(\.pages), "round \(round)")
                }
                XCTAssertEqual(table.count, expected.count, "round \(round)")
                XCTAssertEqual(table.links, expected.reduce(0) { $0 + $1.links }, "round \(round)")
                if round % 2 == 0, expected.count > 100 {
                    XCTAssertGreaterThan(table.spilledRuns, 1, "round \(round)")
                    XCTAssertNotNil(table.lists, "round \(round)")
                }
                if round % 2 == 1 { XCTAssertEqual(table.spilledRuns, 0, "round \(round)") }
            }
            XCTAssertNil(resolved.readFailure)
            // é and e + U+0301 are one name.
            XCTAssertLessThanOrEqual(resolved.schemes.filter { $0.name == "é" }.count, 1)
        }
    }

    /// An entry's pages, where they are, and its counts come back from its spilled bytes.
    func testARankedEntryReadsBackAsWritten() {
        let entries = [
            RankedEntry(name: "gojek", links: 3, pageCount: 2, range: 120..<480, pages: []),
            RankedEntry(name: "é", links: 1, pageCount: 1, range: nil, pages: ["https://a.example/ü"]),
            RankedEntry(name: "", links: 0, pageCount: 0, range: 0..<0, pages: []),
            RankedEntry(name: "x", links: 1 << 40, pageCount: 3, range: nil, pages: ["a", "b", "c"]),
        ]
        for entry in entries {
            var bytes: [UInt8] = []
            entry.encode(into: &bytes)
            XCTAssertEqual(bytes.withUnsafeBufferPointer { RankedEntry.decode($0) }, entry)
        }
    }
}
