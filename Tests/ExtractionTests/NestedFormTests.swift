import XCTest
import TestSupport

/// A `<form>` start tag while the form element pointer is set is ignored (HTML Standard,
/// "in body", start tag "form"; Docs/PLATFORM.md §F.9): its action is no navigation and
/// the controls after it belong to the outer form.
final class NestedFormTests: XCTestCase {
    func testInnerFormIsIgnored() {
        let navs = Extract.all(#"<form action="outer://a" method="post"><form action="inner://b"></form></form>"#)
        XCTAssertEqual(navs.map(\.raw), ["outer://a"])
    }

    func testControlsOfTheInnerFormBelongToTheOuter() {
        let html = #"""
        <form action="outer://a" method="post" target="_blank">
          <form action="inner://b" method="get" target="_self">
            <button formaction="pay://c">Pay</button>
          </form>
        </form>
        """#
        let navs = Extract.all(html)
        XCTAssertEqual(navs.map(\.raw), ["outer://a", "pay://c"])
        XCTAssertEqual(navs.last?.trigger, .formPost)
        XCTAssertEqual(navs.last?.frame, .newWindow)
    }

    func testTheInnerEndTagClosesTheOuterForm() {
        let html = #"""
        <form action="a://1"><form action="b://2"></form>
        <button formaction="c://3">x</button>
        <form action="d://4" method="post"><button formaction="e://5">y</button></form>
        """#
        let navs = Extract.all(html)
        XCTAssertEqual(navs.map(\.raw), ["a://1", "c://3", "d://4", "e://5"])
        XCTAssertEqual(navs.map(\.trigger), [.formGet, .formGet, .formPost, .formPost])
    }

    func testAnImpliedEndKeepsThePointer() {
        // `</td>` pops the form from the stack of open elements but leaves the pointer set:
        // the form in the next cell is ignored.
        let html = #"<table><tr><td><form action="a://1"></td><td><form action="b://2"></td></tr></table>"#
        XCTAssertEqual(Extract.all(html).map(\.raw), ["a://1"])
    }

    func testAStrayEndTagClearsThePointer() {
        let html = #"<div><form action="a://1"></div></form><form action="b://2"></form>"#
        XCTAssertEqual(Extract.all(html).map(\.raw), ["a://1", "b://2"])
    }

    func testSuccessiveFormsAreAllLive() {
        let html = #"<form action="a://1"></form><p><FORM action="b://2"></FORM ><form action="c://3"></form>"#
        XCTAssertEqual(Extract.all(html).map(\.raw), ["a://1", "b://2", "c://3"])
    }

    func testFormsNestInsideTemplates() {
        let html = #"<form action="a://1"><template><form action="b://2"></form></template><form action="c://3"></form>"#
        XCTAssertEqual(Extract.all(html).map(\.raw), ["a://1", "b://2"])
        XCTAssertEqual(Extract.all(html).map(\.context), [nil, "template"])
    }
}
