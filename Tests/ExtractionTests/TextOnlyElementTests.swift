import XCTest
import TestSupport

/// Markup inside text-only elements is text (HTML Standard tokenizer: RCDATA, RAWTEXT,
/// PLAINTEXT and script data states), and `/>` on a non-void element does not close it.
final class TextOnlyElementTests: XCTestCase {
    private func raws(_ html: String) -> [String] {
        Extract.all(html).map(\.raw)
    }

    func testRCDATAAndRAWTEXTContentIsText() {
        for element in ["textarea", "title", "xmp", "iframe", "noembed", "noframes", "style"] {
            let html = "<\(element)><a href=\"a://in\">x</a><form action=\"a://form\"></form></\(element)><a href=\"a://out\">o</a>"
            XCTAssertEqual(raws(html), ["a://out"], element)
        }
    }

    func testEndTagMustBeTheElementsOwn() {
        // `</textareax>` and `</title foo>`: only the latter ends the element.
        XCTAssertEqual(raws(#"<textarea></textareax><a href="a://1"></textarea><a href="a://2">"#), ["a://2"])
        XCTAssertEqual(raws(#"<TITLE>x</title foo="1"><a href="a://2">"#), ["a://2"])
    }

    func testUnclosedTextOnlyElementRunsToTheEnd() {
        XCTAssertEqual(raws(#"<textarea><a href="a://1">"#), [])
        XCTAssertEqual(raws(#"<p><plaintext><a href="a://1"></plaintext><a href="a://2">"#), [])
    }

    func testQuotedAttributeDoesNotOpenATextOnlyElement() {
        XCTAssertEqual(raws(#"<a title="<textarea>" href="a://1">x</a><!-- <title> --><a href="a://2">"#), ["a://1", "a://2"])
    }

    func testScriptDoubleEscapedEndTagIsScriptText() {
        // Old ad code: inside `<!--` … `<script>`, `</script>` does not end the script.
        let navs = Extract.all("""
        <script><!--
        document.write("<script>x()</script>");
        location.href = "kakaotalk://after";
        --></script>
        <a href="a://link">l</a>
        """)
        XCTAssertEqual(navs.map(\.raw), ["kakaotalk://after", "a://link"])
        XCTAssertEqual(navs.map(\.line), [3, 5])
    }

    func testScriptsEndTagNeedsADelimiter() {
        XCTAssertEqual(raws(#"<script>var s = "</scripts><a href='a://1'>";</script><a href="a://2">"#), ["a://2"])
    }

    func testSelfClosingScriptAndIframeStayOpen() {
        XCTAssertEqual(raws(#"<script src="x.js" /><a href="a://1">x</a></script><a href="a://2">"#), ["a://2"])
        XCTAssertEqual(raws(#"<iframe src="a://frame" /><a href="a://1">fallback</a></iframe><a href="a://2">"#),
                       ["a://frame", "a://2"])
        XCTAssertEqual(raws(#"<title/><a href="a://1"></title><a href="a://2">"#), ["a://2"])
    }

    func testSelfClosingFormStaysOpen() {
        let navs = Extract.all(#"<form action="a://1" method="post"/><button formaction="a://2">b</button>"#)
        XCTAssertEqual(navs.map(\.trigger), [.formPost, .formPost])
    }

    func testLineNumbersAfterMaskedContent() {
        let navs = Extract.all("<textarea>\n<a href=\"a://1\">\n\n</textarea>\n<a href=\"a://2\">")
        XCTAssertEqual(navs.map(\.line), [5])
    }

    func testForeignContentIsLeftAlone() {
        // In SVG, `<title/>` and `<style/>` close at once and hold no text-only content.
        XCTAssertEqual(raws(#"<svg><title/><style/></svg><a href="a://1">"#), ["a://1"])
    }
}

/// Tag names with a byte libxml2 ends names at name unknown elements to a browser.
final class OddTagNameTests: XCTestCase {
    func testAnOddNameIsNoLink() {
        XCTAssertEqual(Extract.all(#"<a! href="gojek://pay">x</a!><a<b href="dana://pay">y</a>"#).map(\.url), [])
        XCTAssertEqual(Extract.all(#"<a href="ok.html">ok</a>"#).count, 1)
    }

    func testAnOddNameIsNoScriptAndClosesNothing() {
        XCTAssertEqual(Extract.all("<script!>location.href = 'dana://pay';</script!>").count, 0)
        XCTAssertEqual(Extract.all(#"<a href="in.html"></a!>still inside</a>"#).map(\.raw), ["in.html"])
    }

    func testNonASCIINamesAreUnknownElements() {
        XCTAssertEqual(Extract.all("<aé href=\"gojek://pay\">x</aé>").count, 0)
    }
}
