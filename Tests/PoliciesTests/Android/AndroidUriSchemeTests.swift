import XCTest
@testable import Policies
import TestSupport

/// `AndroidUriParts.scheme(of:)` (the text before the first `:`, found among the UTF-8 bytes)
/// against the plain version, `AndroidUriParts(uri).scheme` (found among the UTF-16 units, as
/// `android.net.Uri` does): generated data URIs — no `:`, one first, several, non-ASCII text
/// before and after, a combining mark on the `:`, a surrogate pair next to it — give the same
/// scheme.
final class AndroidUriSchemeTests: XCTestCase {
    func testTheSchemeReadInPlaceIsThePartsScheme() {
        let pieces = ["dana", "https", ":", "//", "pay", "/x", "?q=1", "#f", "\u{e9}", "e\u{301}", "\u{301}",
                      "\u{1F600}", "%3A", "", "A", "\u{0}", " "]
        var random = SeededNumbers(state: 11)
        var withScheme = 0
        for _ in 0..<5_000 {
            let uri = random.string(from: pieces, length: 7)
            let plain = AndroidUriParts(uri).scheme
            XCTAssertEqual(AndroidUriParts.scheme(of: uri), plain, uri)
            if plain != nil { withScheme += 1 }
        }
        for uri in ["", ":", "::", "a:", ":a", "tel:123", "\u{1F600}:x", "x\u{301}:y", "x:\u{301}y", "caf\u{e9}:"] {
            XCTAssertEqual(AndroidUriParts.scheme(of: uri), AndroidUriParts(uri).scheme, uri)
        }
        XCTAssertGreaterThan(withScheme, 500)
    }
}
