import Extraction
import Foundation
import TestSupport
import XCTest

/// Found by the refresh fuzzing harness (`Fuzz/MetaRefresh`): a NUL in an attribute's value
/// cut it short, since libxml2 ends a C string there, where the HTML Standard's tokenizer
/// reads U+FFFD — the refresh went elsewhere than its content says. Script text had a space
/// for it. A page's NULs are now read as the tokenizer reads them (`NullCharacters`).
final class NullCharacterTests: XCTestCase {
    /// The input the harness found, as it found it (Tests/Fixtures/fuzz/FuzzMetaRefresh/), in
    /// a refresh's content: the page's refresh is the parser's, with U+FFFD for each NUL.
    func testTheFoundRefreshGoesWhereItsContentSays() throws {
        let content = String(decoding: try Fixture.data("fuzz/FuzzMetaRefresh/nul-in-the-url.txt"), as: UTF8.self)
        XCTAssertTrue(content.contains("\u{0}"))
        let html = #"<meta http-equiv="refresh" content=""# + content.replacingOccurrences(of: "\"", with: "&quot;") + #"">"#
        let expected = try XCTUnwrap(MetaRefresh.parse(content.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}")))
        let refresh = try XCTUnwrap(Extract.one(html))
        XCTAssertEqual(refresh.raw, expected.url)
        XCTAssertEqual(refresh.delayMs, expected.delayMs)
    }

    func testANulIsReadAsAReplacementCharacterInValuesAndScripts() {
        XCTAssertEqual(Extract.all("<a href=\"dana://pay?id=1\u{0}2\">p</a>").map(\.url), ["dana://pay?id=1%EF%BF%BD2"])
        XCTAssertEqual(Extract.all("<a href=gojek://x\u{0}y>p</a>").map(\.raw), ["gojek://x\u{FFFD}y"])
        XCTAssertEqual(Extract.all("<script>location.href = 'toss://a\u{0}b'</script>").map(\.raw), ["toss://a\u{FFFD}b"])
        // A NUL in a name makes another element, as in a browser: no link.
        XCTAssertEqual(Extract.all("<a\u{0} href=\"dana://1\">p</a>").map(\.raw), [])
        // Lines stay where they were.
        XCTAssertEqual(Extract.all("\u{0}\n\u{0}<a href=\"dana://1\u{0}\">p</a>").map(\.line), [2])
    }
}
