import Checks
import TestSupport
import XCTest
@testable import Reports

/// A page's schemes counted by their packed bytes (`PackedScheme`, a list of the first 64)
/// equal the schemes counted one link at a time by name (the plain way), on generated pages:
/// short and long schemes (past 15 bytes: counted by name), more than the list holds, web
/// and deep ones, in runs and alternating, canonically equal spellings (a run of one and
/// links of the other: `PageCounts.sameAsRun` tells them apart by bytes only when ASCII).
final class SchemeInventoryCountsTests: XCTestCase {
    func testSchemesCountedByPackedBytesEqualSchemesCountedByName() {
        var numbers = SeededNumbers(state: 17)
        let fixed = ["https", "http", "intent", "mailto", "tel", "sms", "javascript", "data", "about", "blob",
                     "file", "market", "itms-apps", "com.example.a-very-long-scheme", "x", "fifteen-bytes-x",
                     "sixteen-bytes-xy", "ab\u{0}", "ab", "é", "e\u{301}", "ü", "u\u{308}", "INTENT"]
        let made = (0..<90).map { "app\($0)" } + (0..<10).map { "com.example.wallet\($0)" }
        for page in 0..<60 {
            let pool = fixed + made.prefix(page < 30 ? 20 : made.count)
            var counts = SchemeInventory.PageCounts()
            var plain: [String: Int] = [:]
            for _ in 0..<(50 + numbers.next(400)) {
                let scheme = numbers.pick(pool)
                for _ in 0..<(1 + (numbers.next(4) == 0 ? numbers.next(5) : 0)) {
                    counts.add(scheme: scheme, url: "intent://x#Intent;scheme=a;package=com.a;end")
                    if WebSchemes.isDeepLink(scheme) { plain[scheme, default: 0] += 1 }
                }
            }
            XCTAssertEqual(counts.schemes, plain, "page \(page)")
        }
    }

    /// A page's counts as lists read off its tables (every name ASCII) hold each name once
    /// and add up to the counts through dictionaries (`PageCounts.lists(plain:)`); pages with
    /// more schemes than the list holds, long schemes, more packages than the recent list
    /// holds, and non-ASCII names (`==` in other bytes), which take the dictionaries.
    func testCountsListedOffTheTablesEqualCountsThroughDictionaries() {
        var numbers = SeededNumbers(state: 23)
        let ascii = ["gojek", "dana", "tel", "mailto", "com.example.a-very-long-scheme", "sixteen-bytes-xy"]
            + (0..<80).map { "app\($0)" }
        let other = ["é", "e\u{301}", "\u{212A}", "K", "ü"]
        let packages = (0..<24).map { "com.wallet\($0).android" } + ["id.dana"]
        for page in 0..<80 {
            let pool = page % 2 == 0 ? ascii : ascii + other
            let named = page % 3 == 0 ? packages + ["caf\u{E9}", "cafe\u{301}"] : packages
            var counts = SchemeInventory.PageCounts()
            for _ in 0..<(20 + numbers.next(400)) {
                if numbers.next(3) == 0 {
                    counts.add(scheme: "intent", url: "intent://p#Intent;scheme=x;package=\(numbers.pick(named));end")
                } else {
                    counts.add(scheme: numbers.pick(pool), url: "x:")
                }
            }
            let fast = counts.lists(plain: false), plain = counts.lists(plain: true)
            XCTAssertEqual(Dictionary(fast.schemes, uniquingKeysWith: +), Dictionary(plain.schemes, uniquingKeysWith: +),
                           "page \(page)")
            XCTAssertEqual(Dictionary(fast.packages, uniquingKeysWith: +), Dictionary(plain.packages, uniquingKeysWith: +),
                           "page \(page)")
            XCTAssertEqual(Set(fast.schemes.map(\.name)).count, fast.schemes.count, "page \(page)")
            XCTAssertEqual(Set(fast.packages.map(\.name)).count, fast.packages.count, "page \(page)")
            XCTAssertEqual(Dictionary(fast.schemes, uniquingKeysWith: +), counts.schemes, "page \(page)")
            XCTAssertEqual(Dictionary(fast.packages, uniquingKeysWith: +), counts.packages, "page \(page)")
        }
    }

    func testPackedSchemesAreEqualExactlyWhenTheirBytesAre() {
        let schemes = ["", "a", "ab", "ab\u{0}", "ab\u{0}\u{0}", "abcdefgh", "abcdefghi", "abcdefghijklmno",
                       "abcdefghijklmnp", "é", "e\u{301}"]
        for a in schemes {
            for b in schemes {
                XCTAssertEqual(PackedScheme(a) == PackedScheme(b), Array(a.utf8) == Array(b.utf8), "\(a) \(b)")
            }
        }
        XCTAssertNil(PackedScheme("abcdefghijklmnop"))
        XCTAssertNotNil(PackedScheme("abcdefghijklmno"))
    }

    /// A batch of the inventory's pages sorted by ranked names and pages (`InventoryPage.sorted`)
    /// comes out as the stable sort by `ordered` has it, byte for byte: names and pages
    /// repeated in and out of runs, canonically equal spellings (`==`, bytes apart), non-ASCII,
    /// empty strings, both kinds, one record and none.
    func testInventoryPagesSortedByRanksEqualTheStableSort() {
        var numbers = SeededNumbers(state: 29)
        let names = ["intent", "tel", "gojek", "", "é", "e\u{301}", "com.example.wallet", "com.example.walletx",
                     "itms-apps", "Z", "a", "ü", "u\u{308}"] + (0..<40).map { "app\($0)" }
        let pages = ["https://dump.invalid/p1.html", "https://dump.invalid/p10.html", "https://dump.invalid/p2.html",
                     "https://dump.invalid/é.html", "https://dump.invalid/e\u{301}.html", "", "file:///a"]
            + (0..<30).map { "https://example.com/page-\($0)?q=\($0 % 7)" }
        for round in 0..<80 {
            var records: [InventoryPage] = []
            let parts = round == 0 ? 0 : round == 1 ? 1 : numbers.next(40)
            for _ in 0..<parts {
                let page = numbers.pick(pages)
                for _ in 0..<(1 + numbers.next(round % 3 == 0 ? 3 : 30)) {
                    records.append(InventoryPage(package: numbers.next(3) == 0, name: numbers.pick(names), page: page))
                }
            }
            let fast = InventoryPage.sorted(records, plain: false)
            let plain = InventoryPage.sorted(records, plain: true)
            XCTAssertEqual(fast.count, plain.count, "round \(round)")
            XCTAssertEqual(fast.map { [$0.package ? 1 : 0] + Array($0.name.utf8) + [0xFF] + Array($0.page.utf8) },
                           plain.map { [$0.package ? 1 : 0] + Array($0.name.utf8) + [0xFF] + Array($0.page.utf8) },
                           "round \(round)")
        }
    }
}
