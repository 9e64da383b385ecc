import XCTest
import TestSupport

/// libxml2 2.9's HTML parser is not an HTML5 tree builder: the cases where that could
/// lose or invent navigations, and input that is not a page at all.
final class BrokenInputTests: XCTestCase {
    func testTruncatedTagKeepsEarlierLinks() {
        let navs = Extract.all(#"<a href="dana://1">ok</a><div><a href="gojek://x"#)
        XCTAssertEqual(navs.first?.raw, "dana://1")
    }

    func testUnclosedTags() {
        let navs = Extract.all("<table><tr><td><a href='a://1'>x<td><a href='a://2'>y</table><p><a href='a://3'>z")
        XCTAssertEqual(navs.map(\.raw), ["a://1", "a://2", "a://3"])
    }

    func testScriptAndStyleContentAreNotMarkup() {
        let navs = Extract.all("<style>a[href='x://css'] {}</style><script>var s = \"<a href='x://fake'>\";</script><a href='x://real'>r</a>")
        XCTAssertEqual(navs.map(\.raw), ["x://real"])
    }

    func testNoscriptContentIsMarked() {
        let navs = Extract.all(#"<head><noscript><meta http-equiv="refresh" content="0;url=https://shop.example/nojs"></noscript></head><body><noscript><a href="a://1">a</a></noscript><a href="a://2">b</a></body>"#)
        XCTAssertEqual(navs.map(\.context), ["noscript", "noscript", nil])
    }

    func testTemplateContentIsMarked() {
        XCTAssertEqual(Extract.one(#"<template><a href="ovo://t">t</a></template>"#)?.context, "template")
    }

    func testLineNumbersAcrossLines() {
        let navs = Extract.all("<html>\n<body>\n\n<a href='a://1'>x</a>\n<a\n href='a://2'>y</a>")
        XCTAssertEqual(navs.map(\.line), [4, 6])
    }

    func testEmptyAndGarbageDoNotCrash() {
        XCTAssertTrue(Extract.all("").isEmpty)
        XCTAssertTrue(Extract.all("<<<>>><!--").isEmpty)
        XCTAssertTrue(Extract.all(String(repeating: "<div>", count: 20_000)).isEmpty)
    }
}
