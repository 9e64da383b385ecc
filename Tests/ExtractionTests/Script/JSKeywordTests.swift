@testable import Extraction
import XCTest

/// The scanner's keyword test by length and first byte equals the set it stands in front
/// of (Docs/ARCHITECTURE.md §3): `JSKeywords.isKeyword` against `JSKeywords.all.contains`,
/// on words chosen to share a keyword's length or first byte, its characters under
/// another spelling (canonically equal, other case, compatibility forms), or neither.
final class JSKeywordTests: XCTestCase {
    func testKeywordShortcutEqualsTheSet() {
        var words = Array(JSKeywords.all) + Array(JSKeywords.statements)
        // Each keyword changed in one place: same length and first byte, or neither.
        for word in JSKeywords.all { words += NearMisses.of(word) }
        words += ["", "i", "iff", "location", "window", "document", "setTimeout", "open", "href", "cfg", "pay",
                  "\u{212A}", "\u{0131}f", "i\u{0307}f", "ǐf", "caſe", "\u{FF49}f", "α", "if\u{0}", "in\u{300}",
                  String(repeating: "a", count: 40), "function" + String(repeating: "n", count: 20)]
        var keywords = 0
        for word in words {
            XCTAssertEqual(JSKeywords.isKeyword(word), JSKeywords.all.contains(word), word)
            if JSKeywords.all.contains(word) { keywords += 1 }
        }
        XCTAssertEqual(keywords, JSKeywords.all.count + JSKeywords.statements.intersection(JSKeywords.all).count)
    }
}
