import XCTest
import TestSupport

/// What counts as a script navigation target, and what does not.
final class ScriptTargetTests: XCTestCase {
    private func raws(_ code: String) -> [String] {
        Extract.all("<script>\(code)</script>").map(\.raw)
    }

    func testEverySinkForm() {
        let code = """
        location = 'a://1'; location.href = 'a://2'; window.location = 'a://3'; window.location.href = 'a://4';
        document.location = 'a://5'; document.location.href = 'a://6'; top.location = 'a://7';
        parent.location.href = 'a://8'; self.location = 'a://9'; location.assign('a://10');
        location.replace("a://11"); window.location.replace('a://12'); window.open('a://13');
        location['href'] = 'a://14';
        """
        XCTAssertEqual(raws(code), (1...14).map { "a://\($0)" })
    }

    func testQuoteStylesAndTemplates() {
        let navs = Extract.all("<script>location.href = \"dq://x\"; location.href = 'sq://x'; location.href = `tl://x`; location.href = `tp://x?id=${id}`;</script>")
        XCTAssertEqual(navs.map(\.raw), ["dq://x", "sq://x", "tl://x", "tp://x?id="])
        XCTAssertEqual(navs.map { $0.partial ?? false }, [false, false, false, true])
    }

    func testConcatenationOfLiteralsIsComplete() {
        let n = Extract.one("<script>location.href = 'gojek://' + 'pay';</script>")
        XCTAssertEqual(n?.raw, "gojek://pay")
        XCTAssertNil(n?.partial)
    }

    func testNonLiteralTargetIsNotReported() {
        XCTAssertTrue(raws("location.href = url; window.open(link);").isEmpty)
    }

    /// Kept in a variable no navigation reads: data, still listed (README, Triggers).
    func testOtherDeepLinkLiteralsAreReported() {
        let navs = Extract.all("""
        <script>
        var wallets = { gopay: "gojek://gopay/pay", web: "https://pay.example/x", tm: 'intent://pay#Intent;scheme=tmn;end' };
        var mime = "text/javascript";
        </script>
        """)
        XCTAssertEqual(navs.map(\.raw), ["gojek://gopay/pay", "intent://pay#Intent;scheme=tmn;end"])
        XCTAssertTrue(navs.allSatisfy { $0.source == "script" && $0.trigger == .scriptLiteral })
    }

    func testJSONDataBlocksOnlyYieldDeepLinkLiterals() {
        let navs = Extract.all(#"<script type="application/json">{"deeplink":"jkos://pay","next":"location.href='x://y'"}</script>"#)
        XCTAssertEqual(navs.map(\.raw), ["jkos://pay"])
        XCTAssertEqual(navs.map(\.trigger), [.scriptLiteral])
    }

    func testTemplateScriptsAndExternalScriptsAreIgnored() {
        XCTAssertTrue(Extract.all(#"<script type="text/template"><a href="x://y"></a></script><script src="a.js"></script>"#).isEmpty)
    }

    func testCommentsAndRegexAreNotMisread() {
        XCTAssertTrue(raws("// location.href = 'c://1'\n/* location = 'c://2' */ var r = /location='c:\\/\\/3'/;").isEmpty)
    }

    func testStringContainingClosingTagDoesNotEndTheScript() {
        XCTAssertEqual(raws("var s = '<div></div>'; location.href = 'x://after';"), ["x://after"])
    }

    func testWindowOpenTargets() {
        let navs = Extract.all("<script>window.open('a://1'); window.open('a://2', '_self'); window.open('a://3', '_top');</script>")
        XCTAssertEqual(navs.map(\.frame), [.newWindow, .main, .main])
    }

    func testEscapesInLiterals() {
        XCTAssertEqual(raws(#"location.href = "gojek:\/\/pay\x3Fid=1\u0026x=2";"#), ["gojek://pay?id=1&x=2"])
    }
}
