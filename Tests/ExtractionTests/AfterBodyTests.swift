import XCTest
import TestSupport

/// Content after `</body>` and `</html>` (widgets servers and CDNs append): browsers
/// reprocess it in the body (HTML Standard, "after body" and "after after body" insertion
/// modes), so its links, frames, forms, `<base>` and scripts are live.
final class AfterBodyTests: XCTestCase {
    func testLinksFramesAndFormsAfterTheDocumentEnd() {
        let navs = Extract.all("""
        <html><body><a href="a://1">in</a></body>
        <a href="a://2">after body</a>
        </html>
        <iframe src="a://3"></iframe>
        <form action="a://4"><button formaction="a://5">go</button></form>
        """)
        XCTAssertEqual(navs.map(\.raw), ["a://1", "a://2", "a://3", "a://4", "a://5"])
        XCTAssertEqual(navs.map(\.line), [1, 2, 4, 5, 5])
    }

    func testScriptAfterHTMLRuns() {
        let navs = Extract.all("""
        <html><body><p>x</p></body></html>
        <script>location.href = "kakaotalk://chat";</script>
        """)
        XCTAssertEqual(navs.map(\.raw), ["kakaotalk://chat"])
        XCTAssertEqual(navs.first?.line, 2)
    }

    func testBaseAfterHTMLSetsTheBaseURL() {
        let navs = Extract.all(#"<body><a href="x.html">x</a></body></html><base href="https://cdn.example/">"#)
        XCTAssertEqual(navs.map(\.url), ["https://cdn.example/x.html"])
    }

    func testEndTagsWithAttributesAndLineBreaks() {
        let navs = Extract.all("<body><p>x</BODY\n class=\"a\"></html\n>\n<a href=\"a://1\">1</a>")
        XCTAssertEqual(navs.map(\.raw), ["a://1"])
        XCTAssertEqual(navs.map(\.line), [4])
    }

    func testBodyEndTagClosesNothing() {
        // The form stays open in a browser: the button after </body> belongs to it.
        let navs = Extract.all(#"<body><form action="a://1" method="post"></body><button formaction="a://2">b</button>"#)
        XCTAssertEqual(navs.map(\.trigger), [.formPost, .formPost])
    }
}
