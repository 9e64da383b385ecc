import Extraction
import Foundation
import TestSupport
import XCTest

/// Found by the page fuzzing harness (`Fuzz/HTML`): the lines of a `srcdoc` document and of
/// an event handler's code were counted from the end of their tag, where libxml2 reports
/// it, so a record inside an attribute written over several lines fell that many lines
/// further down — past the end of the page for a tag at its end. They now count from where
/// the attribute's value starts, and never pass the tag's end.
final class AttributeLineTests: XCTestCase {
    /// The inputs the harness found, as libFuzzer shortened them (Tests/Fixtures/fuzz/FuzzHTML/):
    /// each page of two lines ends inside the tag, whose record was put on line 3.
    func testTheFoundPagesKeepEveryRecordOnALineOfThePage() throws {
        for name in ["srcdoc-lines-past-the-page.html", "handler-lines-past-the-page.html"] {
            let bytes = [UInt8](try Fixture.data("fuzz/FuzzHTML/" + name))
            XCTAssertEqual(bytes.filter { $0 == 0x0A }.count, 1, name)
            let navigations = bytes.withUnsafeBytes { HTMLExtractor.extract(utf8: $0, pageURL: Extract.page) }
            XCTAssertEqual(navigations.map(\.line), [2], name)
        }
    }

    func testASrcdocDocumentCountsItsLinesFromItsAttribute() {
        let navigations = Extract.all("""
        <p>
        <iframe title="pay"
          srcdoc="<p>Pay</p>
            <a href='toss://pay'>Toss</a>
            <script>
              location.href = 'payco://x'
            </script>"
          height="90"></iframe>
        """)
        XCTAssertEqual(navigations.map(\.raw), ["toss://pay", "payco://x"])
        XCTAssertEqual(navigations.map(\.line), [4, 6])
    }

    func testAnEventHandlerCountsItsLinesFromItsAttribute() {
        let navigation = Extract.one("""
        <button onclick="
          track();
          location.href='dana://pay'"
          class="pay">Pay</button>
        """)
        XCTAssertEqual(navigation?.line, 3)
    }

    /// A line break written as a character reference is none of the page's: the record stays
    /// within its tag.
    func testALineBreakWrittenAsAReferenceKeepsTheRecordWithinItsTag() {
        XCTAssertEqual(Extract.all("<iframe srcdoc=\"&#10;&#10;&#10;<a href=toss://a>t</a>\"></iframe>\n<p>").map(\.line),
                       [1])
        XCTAssertEqual(Extract.all("<b onclick=\"a();&#10;&#10;location='dana://a'\">b</b>\n<p>").map(\.line), [1])
    }

    /// The demo site's login page: the Naver links of its `srcdoc` sign-in were put on lines
    /// 40 and 43 instead of 32 and 35.
    func testTheDemoLoginPageHasItsNaverLinksOnTheirLines() throws {
        let html = try String(contentsOf: Repository.url("Pipelines/demo-site/login/index.html"), encoding: .utf8)
        let naver = Extract.all(html).filter { $0.raw.hasPrefix("nidlogin://") }
        XCTAssertEqual(naver.map(\.line), [32, 35])
    }
}
