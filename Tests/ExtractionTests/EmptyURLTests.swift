import XCTest
import TestSupport

/// Empty and missing URLs (Docs/PLATFORM.md §F.10): an empty frame or object source loads
/// nothing from the network, and a form without an action or a refresh without a URL go
/// to the document's own URL, not to the `<base>`.
final class EmptyURLTests: XCTestCase {
    private let base = #"<base href="https://cdn.example/static/">"#

    func testEmptyIframeAndObjectLoadNothing() {
        let html = #"<iframe src=""></iframe><frame src=""><object data=""></object><iframe src=" "></iframe>"#
        // Only the blank-but-not-empty src is parsed (to the base URL, i.e. the page).
        XCTAssertEqual(Extract.all(html).map(\.url), [Extract.page])
    }

    func testFormWithoutActionSubmitsToTheDocumentNotTheBase() {
        let html = base + #"<form method="post"></form><form action=""></form><form action=" "></form>"#
        XCTAssertEqual(Extract.all(html).map(\.url),
                       [Extract.page, Extract.page, "https://cdn.example/static/"])
        XCTAssertEqual(Extract.all(html).map(\.raw), ["", "", " "])
    }

    func testEmptyFormactionSubmitsToTheDocument() {
        let html = base + #"<form action="x"><button formaction="">go</button></form>"#
        XCTAssertEqual(Extract.all(html).map(\.url), ["https://cdn.example/static/x", Extract.page])
    }

    func testRefreshWithoutURLReloadsTheDocument() {
        XCTAssertEqual(Extract.all(base + #"<meta http-equiv="refresh" content="30">"#).map(\.url), [Extract.page])
        // An empty URL string (`url=`, `URL=''`) also reloads the document, not the base:
        // Chromium's `Document::MaybeHandleHttpRefresh` (probes empty-urls/011, /014).
        XCTAssertEqual(Extract.all(base + #"<meta http-equiv="refresh" content="0; url=">"#).map(\.url), [Extract.page])
        XCTAssertEqual(Extract.all(base + #"<meta http-equiv="refresh" content="1; URL=''">"#).map(\.url), [Extract.page])
        XCTAssertEqual(Extract.all(base + #"<meta http-equiv="refresh" content="0; url= x">"#).map(\.url),
                       ["https://cdn.example/static/x"])
    }

    /// A frame whose src matches about:blank stays on its initial document: no navigation.
    func testAboutBlankFramesStayOnTheirInitialDocument() {
        let html = #"<iframe src="about:blank"></iframe><iframe src="ABOUT:blank#x"></iframe><iframe src="about:srcdoc"></iframe>"#
            + #"<frameset><frame src="about:blank?x"></frameset>"#
        XCTAssertEqual(Extract.all(html).map(\.url), ["about:srcdoc"])
    }

    func testEmptyEmbedLoadsNothing() {
        XCTAssertEqual(Extract.all(base + #"<embed src=""><embed src="m.svg">"#).map(\.url),
                       ["https://cdn.example/static/m.svg"])
    }

    func testEmptyHrefIsTheBaseURLAsALoad() {
        // HTML Standard: the href is parsed relative to the document (its base URL); the
        // result has no fragment, so following it navigates (a reload without a <base>).
        XCTAssertEqual(Extract.all(#"<a href="">x</a>"#).map(\.url), [Extract.page])
        XCTAssertEqual(Extract.all(#"<a href="">x</a>"#).map(\.trigger), [.tap])
        XCTAssertEqual(Extract.all(base + #"<a href="">x</a>"#).map(\.url), ["https://cdn.example/static/"])
    }
}
