import XCTest
@testable import Extraction
@testable import LinkAuditModel
import TestSupport

/// A `<frame>` is an element only inside a `<frameset>`; in a body the tree builder ignores
/// its start tag (HTML Standard, "in body": start tag "frame" is a parse error, ignored),
/// which libxml2 does not enforce (Docs/PLATFORM.md §F.10).
final class FramesetTests: XCTestCase {
    func testFramesInAFramesetLoad() {
        let navs = Extract.all("""
        <html><frameset cols="50%,50%"><frame src="left.html" name="l"><frameset rows="*,*">
        <frame src="top.html"><frame src="dana://pay"></frameset></frameset></html>
        """)
        XCTAssertEqual(navs.filter { $0.source == "frame[src]" }.map(\.url),
                       ["https://shop.example/checkout/left.html", "https://shop.example/checkout/top.html", "dana://pay"])
        XCTAssertTrue(navs.allSatisfy { $0.trigger == .frameLoad && $0.frame == .sub })
    }

    func testAFrameOutsideAFramesetIsNoElement() {
        let navs = Extract.all(#"<body><p>x</p><frame src="gojek://pay"><a href="a.html">a</a></body>"#)
        XCTAssertEqual(navs.map(\.source), ["a[href]"])
    }

    func testAFrameAfterTheFramesetClosedIsNoElement() {
        let navs = Extract.all(#"<frameset><frame src="in.html"></frameset><frame src="out.html">"#)
        XCTAssertEqual(navs.map(\.url), ["https://shop.example/checkout/in.html"])
    }
}
