import XCTest
import LinkAuditModel
import TestSupport

/// SVG and MathML links, and what `<template>` leaves inert (Docs/PLATFORM.md §F.8).
final class ForeignContentTests: XCTestCase {
    func testSVGLinksThroughHrefOrXlinkHref() {
        let navs = Extract.all("""
        <svg><a xlink:href="upi://pay?a=1"><text>pay</text></a>
        <a href="upi://pay?a=2" xlink:href="upi://ignored"><text>pay</text></a></svg>
        """)
        XCTAssertEqual(navs.map(\.raw), ["upi://pay?a=1", "upi://pay?a=2"])
        XCTAssertEqual(navs.map(\.source), ["a[xlink:href]", "a[href]"])
        XCTAssertEqual(navs.first?.trigger, .tap)
    }

    /// Inside `<svg>`, `<style>` is an ordinary element: its content is markup, so the `<a>`
    /// in it is an SVG link (probe foreign/005). Outside, `<style>` stays raw text.
    func testStyleInsideSVGIsNotRawText() {
        let html = #"<svg><style>.x{}<a href="svg://1">a</a></style><a href="svg://2">b</a></svg>"#
            + #"<style><a href="css://3"></style><a href="html://4">c</a>"#
        XCTAssertEqual(Extract.all(html).map(\.raw), ["svg://1", "svg://2", "html://4"])
    }

    func testMathMLAnchorIsNoLink() {
        XCTAssertEqual(Extract.all(#"<math><a href="upi://pay"><mi>x</mi></a></math><a href="upi://after">a</a>"#)
            .map(\.raw), ["upi://after"])
        // An SVG inside MathML's annotation is SVG again.
        XCTAssertEqual(Extract.all(#"<math><annotation-xml><svg><a href="upi://svg">s</a></svg></annotation-xml></math>"#)
            .map(\.raw), ["upi://svg"])
    }

    func testBaseInsideTemplateIsInert() {
        let nav = Extract.one(#"<template><base href="https://evil.example/"></template><a href="/pay">pay</a>"#)
        XCTAssertEqual(nav?.url, "https://shop.example/pay")
    }

    func testRefreshInsideTemplateIsInert() {
        let navs = Extract.all(#"<template><meta http-equiv="refresh" content="0;url=upi://pay"></template>"#)
        XCTAssertEqual(navs.map(\.raw), [])
        // ...and does not use up the document's one refresh.
        let later = Extract.all("""
        <template><meta http-equiv="refresh" content="0;url=upi://a"></template>
        <meta http-equiv="refresh" content="0;url=upi://b">
        """)
        XCTAssertEqual(later.map(\.raw), ["upi://b"])
    }
}
