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
        // The `</form>` closed `a://1`: the button after it has no form owner and submits nothing.
        let navs = Extract.all(html)
        XCTAssertEqual(navs.map(\.raw), ["a://1", "d://4", "e://5"])
        XCTAssertEqual(navs.map(\.trigger), [.formGet, .formPost, .formPost])
    }

    /// A submit button with no form owner submits nothing (HTML Standard, "form submission
    /// algorithm" is only run by a button whose form owner is non-null; probes nested-forms/006).
    func testASubmitButtonWithoutAFormOwnerIsNoNavigation() {
        let html = #"""
        <form action="a://1"><form action="b://2" method=post></form></form>
        <button formaction="orphan://3">x</button><input type=submit formaction="orphan://4">
        <form action="d://5"><button formaction="e://6">y</button></form>
        """#
        XCTAssertEqual(Extract.all(html).map(\.raw), ["a://1", "d://5", "e://6"])
    }

    /// The implied close of `</div>` leaves the form element pointer set: the button after it
    /// still belongs to the form.
    func testAButtonAfterAnImpliedCloseStillHasItsForm() {
        let navs = Extract.all(#"<div><form action="a://1" method=post></div><button formaction="b://2">x</button>"#)
        XCTAssertEqual(navs.map(\.raw), ["a://1", "b://2"])
        XCTAssertEqual(navs.last?.trigger, .formPost)
    }

    /// With a `form` attribute the owner is the form it names, wherever the button is.
    func testTheFormAttributeNamesTheOwner() {
        let html = #"""
        <form id=pay action="a://1" method=post></form>
        <button form=pay formaction="b://2">x</button><button form=later formaction="c://3">y</button>
        """#
        let navs = Extract.all(html)
        XCTAssertEqual(navs.map(\.raw), ["a://1", "b://2", "c://3"])
        XCTAssertEqual(navs.map(\.trigger), [.formPost, .formPost, .formGet])
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
