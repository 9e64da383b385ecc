import LinkAuditModel
import TestSupport
import XCTest

/// A sandboxed iframe's `allow-*` tokens ride on the navigations started inside it, for the
/// profiles to judge (Docs/PLATFORM.md §F.17): its srcdoc document's, its own load's, and
/// those of frames nested in it (which keep only what every frame grants).
final class FrameSandboxTests: XCTestCase {
    func testSrcdocNavigationsCarryTheFramesTokensInOneForm() {
        let navs = Extract.all("""
        <a href="a://outside">outside</a>
        <iframe sandbox=" ALLOW-SCRIPTS allow-bogus
        allow-popups allow-scripts" srcdoc="<a href='a://1' target='_top'>1</a><script>window.open('a://2')</script>"></iframe>
        <iframe sandbox srcdoc="<a href='a://3'>3</a>"></iframe>
        <iframe srcdoc="<a href='a://4'>4</a>"></iframe>
        """)
        XCTAssertEqual(navs.map(\.raw), ["a://outside", "a://1", "a://2", "a://3", "a://4"])
        XCTAssertEqual(navs.map(\.sandbox), [nil, "allow-popups allow-scripts", "allow-popups allow-scripts", "", nil])
    }

    func testAFramesOwnLoadCarriesItsSandbox() {
        let navs = Extract.all(#"<iframe sandbox="allow-top-navigation-to-custom-protocols" src="gojek://pay"></iframe><iframe src="ovo://pay"></iframe>"#)
        XCTAssertEqual(navs.map(\.source), ["iframe[src]", "iframe[src]"])
        XCTAssertEqual(navs.map(\.sandbox), ["allow-top-navigation-to-custom-protocols", nil])
    }

    func testANestedFrameKeepsWhatBothGrant() {
        let navs = Extract.all("""
        <iframe sandbox="allow-scripts allow-popups" srcdoc="<iframe sandbox='allow-popups allow-forms' srcdoc='<a href=a://in target=_blank>x</a>'></iframe><iframe srcdoc='<a href=a://plain>y</a>'></iframe>"></iframe>
        """)
        XCTAssertEqual(navs.map(\.raw), ["a://in", "a://plain"])
        XCTAssertEqual(navs.map(\.sandbox), ["allow-popups", "allow-popups allow-scripts"])
    }

    func testTheFieldIsWrittenAndReadBack() throws {
        var nav = Navigation(page: "https://shop.example/", line: 1, source: "a[href]", trigger: .tap, frame: .main,
                             raw: "a://1", url: "a://1", scheme: "a")
        nav.sandbox = "allow-scripts"
        let read = try JSONDecoder().decode(Navigation.self, from: JSONEncoder().encode(nav))
        XCTAssertEqual(read.sandbox, "allow-scripts")
    }
}
