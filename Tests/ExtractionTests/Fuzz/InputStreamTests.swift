import Extraction
import Foundation
import TestSupport
import XCTest

/// Found by the refresh fuzzing harness (`Fuzz/MetaRefresh`): a refresh went elsewhere than
/// its content says when the content held a NUL (libxml2 ends a C string there, where the
/// HTML Standard's tokenizer reads U+FFFD, so the value was cut short) or a CR (kept, where
/// the input stream's preprocessing makes it LF; a lone CR was no line to libxml2, so a page
/// with CR line ends had all its records on line 1). A page is now read as the tokenizer
/// reads it (`InputStream`).
final class InputStreamTests: XCTestCase {
    /// The inputs the harness found, as it found them (Tests/Fixtures/fuzz/FuzzMetaRefresh/),
    /// as a refresh's content: the page's refresh is the parser's on the preprocessed text.
    func testTheFoundRefreshesGoWhereTheirContentSays() throws {
        for name in ["nul-in-the-url.txt", "cr-in-the-url.txt"] {
            let content = String(decoding: try Fixture.data("fuzz/FuzzMetaRefresh/" + name), as: UTF8.self)
            XCTAssertTrue(content.contains("\u{0}") || content.unicodeScalars.contains("\r"), name)
            let html = #"<meta http-equiv="refresh" content=""# + content.replacingOccurrences(of: "\"", with: "&quot;") + #"">"#
            let preprocessed = content.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
                .replacingOccurrences(of: "\u{0}", with: "\u{FFFD}")
            let expected = try XCTUnwrap(MetaRefresh.parse(preprocessed), name)
            let refresh = try XCTUnwrap(Extract.one(html), name)
            XCTAssertEqual(refresh.raw, expected.url, name)
            XCTAssertEqual(refresh.delayMs, expected.delayMs, name)
        }
    }

    func testANulIsReadAsAReplacementCharacterInValuesAndScripts() {
        XCTAssertEqual(Extract.all("<a href=\"dana://pay?id=1\u{0}2\">p</a>").map(\.url), ["dana://pay?id=1%EF%BF%BD2"])
        XCTAssertEqual(Extract.all("<a href=gojek://x\u{0}y>p</a>").map(\.raw), ["gojek://x\u{FFFD}y"])
        XCTAssertEqual(Extract.all("<script>location.href = 'toss://a\u{0}b'</script>").map(\.raw), ["toss://a\u{FFFD}b"])
        // A NUL in a name makes another element, as in a browser: no link.
        XCTAssertEqual(Extract.all("<a\u{0} href=\"dana://1\">p</a>").map(\.raw), [])
    }

    func testCarriageReturnsEndLinesAsLineFeedsDo() {
        XCTAssertEqual(Extract.all("<p>\r<p>\r\n<a href=\"dana://1\">p</a>\r<a href=\"dana://2\">q</a>").map(\.line), [3, 4])
        XCTAssertEqual(Extract.all("<a href=\"dana://a\rb\">p</a>").map(\.raw), ["dana://a\nb"])
        XCTAssertEqual(Extract.all("<script>\r\nvar a = 1;\r\rlocation.href = 'toss://a'</script>").map(\.line), [4])
        // Lines stay where they were around a NUL.
        XCTAssertEqual(Extract.all("\u{0}\n\u{0}<a href=\"dana://1\u{0}\">p</a>").map(\.line), [2])
    }
}
