import XCTest
import TestSupport

/// Which frame each navigation targets.
final class FrameTests: XCTestCase {
    func testTargets() {
        let navs = Extract.all("""
        <a href="a://1">self</a><a href="a://2" target="_blank">blank</a><a href="a://3" target="_top">top</a>
        <a href="a://4" target="_parent">parent</a><a href="a://5" target="_self">self</a>
        <a href="a://6" target="somewindow">named window</a>
        """)
        XCTAssertEqual(navs.map(\.frame), [.main, .newWindow, .main, .main, .main, .newWindow])
    }

    func testTargetNamingAnIframeDeclaredLaterIsSubFrame() {
        let navs = Extract.all(#"<a href="naversearchapp://x" target="bank">x</a><iframe name="bank" src="https://bank.example/"></iframe>"#)
        XCTAssertEqual(navs.map(\.frame), [.sub, .sub])
    }

    func testBaseTargetAppliesToLinksAndForms() {
        let navs = Extract.all(#"<base target="_blank"><a href="a://1"></a><form action="a://2"></form><a href="a://3" target="_self"></a>"#)
        XCTAssertEqual(navs.map(\.frame), [.newWindow, .newWindow, .main])
    }

    func testSrcdocContentIsASubFrameDocument() {
        let navs = Extract.all("""
        <base href="https://shop.example/pay/">
        <iframe srcdoc="<a href='toss://pay'>t</a><a href='rel.html'>r</a><script>location.href='payco://x'; top.location='kakao://y'</script>"></iframe>
        """)
        XCTAssertEqual(navs.map(\.raw), ["toss://pay", "rel.html", "payco://x", "kakao://y"])
        XCTAssertEqual(navs.map(\.frame), [.sub, .sub, .sub, .main])
        // srcdoc documents resolve against their parent's base URL.
        XCTAssertEqual(navs[1].url, "https://shop.example/pay/rel.html")
        XCTAssertEqual(navs.map(\.line), [2, 2, 2, 2])
    }

    func testSandboxWithoutAllowScriptsRunsNoScriptAndNoRefresh() {
        let navs = Extract.all("""
        <iframe sandbox="allow-forms" srcdoc="<meta http-equiv=refresh content='0;url=r://1'><script>location='s://1'</script><a href='a://1'>a</a>"></iframe>
        <iframe sandbox="allow-scripts" srcdoc="<script>location='s://2'</script>"></iframe>
        """)
        XCTAssertEqual(navs.map(\.raw), ["a://1", "s://2"])
    }

    func testWindowOpenIsNewWindow() {
        XCTAssertEqual(Extract.one("<script>window.open('x://y')</script>")?.frame, .newWindow)
    }

    func testFramesAndObjectsLoadInSubFrames() {
        XCTAssertEqual(Set(Extract.all(#"<iframe src="a://1"></iframe><object data="a://2"></object><embed src="a://3">"#).map(\.frame)), [.sub])
    }
}
