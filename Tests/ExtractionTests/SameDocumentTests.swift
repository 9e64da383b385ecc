import XCTest
import TestSupport

/// A navigation only scrolls when its resolved URL is the document's URL apart from the
/// fragment and has one (Docs/PLATFORM.md §F.11); decided after resolving, not on the `#`.
final class SameDocumentTests: XCTestCase {
    private let page = "https://docs.example/guide/faq.html"

    func testFragmentOnlyLinkScrolls() {
        XCTAssertTrue(Extract.all(##"<a href="#pay">x</a>"##, page: page).isEmpty)
    }

    func testSamePageWrittenOutScrolls() {
        let html = ##"""
        <a href="faq.html#x">1</a><a href="/guide/faq.html#y">2</a>
        <a href="https://docs.example/guide/faq.html#">3</a><a href="./faq.html#z" target="_self">4</a>
        """##
        XCTAssertEqual(Extract.all(html, page: page).map(\.raw), [])
    }

    func testOtherDocumentOrNoFragmentIsANavigation() {
        let html = ##"<a href="faq.html?x=1#a">1</a><a href="other.html#a">2</a><a href="faq.html">3</a>"##
        XCTAssertEqual(Extract.all(html, page: page).map(\.url), [
            "https://docs.example/guide/faq.html?x=1#a", "https://docs.example/guide/other.html#a",
            "https://docs.example/guide/faq.html",
        ])
    }

    func testFragmentUnderAnotherBaseLoadsThatDocument() {
        let navs = Extract.all(##"<base href="https://cdn.example/app/"><a href="#top">x</a>"##, page: page)
        XCTAssertEqual(navs.map(\.url), ["https://cdn.example/app/#top"])
        XCTAssertEqual(navs.map(\.trigger), [.tap])
    }

    func testBaseEqualToTheDocumentStillScrolls() {
        XCTAssertTrue(Extract.all(##"<base href="faq.html"><a href="#top">x</a>"##, page: page).isEmpty)
    }

    func testFragmentLinkIntoAnotherWindowOrFrameLoads() {
        let html = ##"""
        <iframe name="side" src="side.html"></iframe>
        <a href="#a" target="_blank">1</a><a href="#b" target="side">2</a>
        """##
        XCTAssertEqual(Extract.all(html, page: page).map(\.raw), ["side.html", "#a", "#b"])
    }

    func testPageURLWithAFragment() {
        let at = page + "#intro"
        XCTAssertTrue(Extract.all(##"<a href="#intro">x</a>"##, page: at).isEmpty)
        // href="" drops the fragment: a reload, not a scroll.
        XCTAssertEqual(Extract.all(##"<a href="">x</a>"##, page: at).map(\.url), [page])
    }

    func testScriptAndRefreshToTheSameDocumentScroll() {
        let html = ##"""
        <meta http-equiv="refresh" content="5; url=#top">
        <script>location.href = 'faq.html#pay'; location.hash = 'x'; location.href = 'gojek://pay#x';</script>
        """##
        XCTAssertEqual(Extract.all(html, page: page).map(\.raw), ["gojek://pay#x"])
    }

    func testSrcdocFragmentLinkLoadsTheParentsBase() {
        // An about:srcdoc document resolves against its parent's base: `#x` names another
        // document, and clicking it loads the parent page into the frame.
        let navs = Extract.all(##"<iframe srcdoc="<a href='#x'>x</a>"></iframe>"##, page: page)
        XCTAssertEqual(navs.map(\.url), [page + "#x"])
        XCTAssertEqual(navs.map(\.frame), [.sub])
    }
}
