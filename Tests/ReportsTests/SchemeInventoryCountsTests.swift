import Checks
import TestSupport
import XCTest
@testable import Reports

/// A page's schemes counted by their packed bytes (`PackedScheme`, a list of the first 64)
/// equal the schemes counted one link at a time by name (the plain way), on generated pages:
/// short and long schemes (past 15 bytes: counted by name), more than the list holds, web
/// and deep ones, in runs and alternating.
final class SchemeInventoryCountsTests: XCTestCase {
    func testSchemesCountedByPackedBytesEqualSchemesCountedByName() {
        var numbers = SeededNumbers(state: 17)
        let fixed = ["https", "http", "intent", "mailto", "tel", "sms", "javascript", "data", "about", "blob",
                     "file", "market", "itms-apps", "com.example.a-very-long-scheme", "x", "fifteen-bytes-x",
                     "sixteen-bytes-xy", "ab\u{0}", "ab"]
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
}
