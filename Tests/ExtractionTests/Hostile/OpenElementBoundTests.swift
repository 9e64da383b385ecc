import XCTest
@testable import Extraction
import LinkAuditModel
import TestSupport
import WHATWGURL

/// libxml2's stack of open elements is kept at most 512 deep: libxml2 2.9 walks it for
/// every end tag, so 100,000 nested elements and as many stray end tags took 40 s for a
/// 1 MB page. An element past the bound is read as closed at once, as Blink stops nesting
/// at 512 too (Docs/PLATFORM.md §F.14); `Scripts/test-chromium-diff.sh`'s `deep` pages
/// check against Chromium that nothing a browser shows is lost.
final class OpenElementBoundTests: XCTestCase {
    private func extract(_ html: String) -> (navigations: [Navigation], warnings: [String], deepest: Int) {
        var html = html
        return html.withUTF8 { bytes in
            let document = WebURL.parse(Extract.page)
            let limits = ExtractionLimits()
            let state = DocumentState(page: Extract.page, documentURL: document, fallbackBase: document,
                                      frame: .main, lineOffset: 0, scriptsAllowed: true, depth: 0, limits: limits)
            HTMLExtractor.parse(UnsafeRawBufferPointer(bytes), into: state)
            return (state.finish(), limits.warnings, limits.deepestOpen)
        }
    }

    private func nested(_ count: Int, _ name: String = "span") -> String {
        String(repeating: "<\(name)>", count: count)
    }

    func testStrayEndTagsUnderDeepNestingWalkABoundedStack() {
        let html = "<body>" + nested(100_000) + String(repeating: "</b>", count: 100_000) + "<a href=\"x://end\">e</a>"
        let result = extract(html)
        XCTAssertLessThanOrEqual(result.deepest, OpenElementBound.maxOpen)
        XCTAssertEqual(result.navigations.map(\.raw), ["x://end"])
        XCTAssertEqual(result.warnings, ["depth-cut: 99491 elements (the first on line 1) sat more than 512 elements "
                                         + "deep; each was read as closed at once, and what follows it as its sibling"])
    }

    func testEveryKindOfContainerIsBounded() {
        for name in ["div", "object", "button", "label", "select", "noscript", "template", "svg", "table", "x-card"] {
            let result = extract("<body>" + nested(5_000, name) + "<a href=\"x://\(name)\">")
            XCTAssertLessThanOrEqual(result.deepest, OpenElementBound.maxOpen, name)
            XCTAssertEqual(result.warnings.count, 1, name)
        }
    }

    func testPagesWithinTheBoundAreReadAsBefore() {
        let result = extract("<body>" + nested(500, "div") + "<a href=\"x://in\">")
        XCTAssertEqual(result.deepest, 503)  // html, body, the 500 divs and the a
        XCTAssertEqual(result.warnings, [])
        XCTAssertEqual(result.navigations.map(\.raw), ["x://in"])
    }

    /// What sits past the bound is still read: attributes, handlers, frames, scripts.
    func testDeepElementsKeepWhatTheyCarry() {
        let html = "<body>\n" + nested(700, "div") + "\n<a href=\"x://link\">l</a>"
            + "<span onclick=\"location.href='x://click'\">c</span><iframe src=\"x://frame\"></iframe>"
            + "<script>location.href = 'x://script'</script><object data=\"x://object\"></object>"
        let result = extract(html)
        let byRaw = Dictionary(result.navigations.map { ($0.raw, $0) }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(Set(byRaw.keys), ["x://link", "x://click", "x://frame", "x://script", "x://object"])
        XCTAssertEqual(byRaw["x://link"]?.trigger, .tap)
        XCTAssertEqual(byRaw["x://frame"]?.frame, .sub)
        XCTAssertEqual(byRaw["x://script"]?.trigger, Extract.one("<script>location.href = 'x://script'</script>")?.trigger)
        XCTAssertEqual(result.warnings.first?.prefix(50), "depth-cut: 194 elements (the first on line 2) sat ")  // 190 divs, a, span, iframe, object
    }

    /// A `<noscript>` or `<template>` past the bound is closed at once, for libxml2 and
    /// for the extractor alike: what follows it is not inside it. One within the bound
    /// still covers its content.
    func testContainersPastTheBoundDoNotCoverWhatFollows() {
        let deep = extract("<body>" + nested(600, "div") + "<noscript><a href=\"x://after\">")
        XCTAssertEqual(deep.navigations.map(\.context), [nil])
        let shallow = extract("<body>" + nested(300, "div") + "<noscript><a href=\"x://inside\">")
        XCTAssertEqual(shallow.navigations.map(\.context), ["noscript"])
    }

    /// The form element pointer is not a matter of nesting: a deep control still submits
    /// the form opened above it.
    func testAFormAboveTheBoundStillOwnsDeepControls() {
        let html = "<body><form action=\"x://form\">" + nested(700, "div") + "<button>pay</button>"
        let plain = Extract.all("<body><form action=\"x://form\"><div><button>pay</button>")
        XCTAssertEqual(extract(html).navigations.map(\.raw), plain.map(\.raw))
        XCTAssertFalse(plain.isEmpty)
    }
}
