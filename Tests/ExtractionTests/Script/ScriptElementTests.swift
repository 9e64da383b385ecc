import XCTest
@testable import Extraction
import LinkAuditModel
import TestSupport

/// A link, frame or form whose `href`, `src` or `action` a script writes navigates where
/// that element does (issue 18, items 2 and 3; Docs/PLATFORM.md §F.16): a link on the user's
/// tap, a frame as it loads (a sub-frame, at the script's time), a form when submitted.
final class ScriptElementTests: XCTestCase {
    private func scripted(_ html: String) -> [Navigation] {
        Extract.all(html).filter { $0.source == "script" || $0.source.hasPrefix("attr[") }
    }

    func testALinksHrefRewrittenAtLoadIsATap() {
        let navs = scripted("""
        <a id="pay" href="/checkout/fallback.html" target="_blank">Pay</a>
        <script>document.getElementById('pay').href = 'gojek://gopay/pay?id=1';</script>
        """)
        XCTAssertEqual(navs.map(\.raw), ["gojek://gopay/pay?id=1"])
        XCTAssertEqual(navs.map(\.trigger), [.tap])
        XCTAssertEqual(navs.map(\.frame), [.newWindow], "the link's own target")
    }

    /// Rewritten as the page loads, the link as written is what a user meets only with
    /// scripting off; rewritten in a handler, on a branch or by a function nobody calls, it
    /// stays live.
    func testALinkRewrittenAtLoadIsLiveOnlyWithoutScripts() {
        let navs = Extract.all("""
        <a id="a" href="/x">a</a><a id="b" href="/y">b</a><a id="c" href="/z">c</a><a id="d" href="/w">d</a>
        <form id="f" action="/pay"><button>Pay</button></form>
        <script>
        document.getElementById('a').href = 'app://a';
        document.getElementById('f').action = 'app://f';
        document.getElementById('go').onclick = function () { document.getElementById('b').href = 'app://b'; };
        if (ios) { document.getElementById('c').href = 'app://c'; }
        function later() { document.getElementById('d').href = 'app://d'; }
        </script>
        """)
        let written = Dictionary(navs.filter { $0.source != "script" }.map { ($0.raw, $0.context) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(written["/x"], "noscript")
        XCTAssertEqual(written["/pay"], "noscript")
        XCTAssertEqual(written["/y"], .some(nil))
        XCTAssertEqual(written["/z"], .some(nil))
        XCTAssertEqual(written["/w"], .some(nil))
    }

    func testSetAttributeAndJQueryAttr() {
        let navs = scripted("""
        <a id="a1" href="#">1</a><a class="btn" id="a2" href="#">2</a>
        <script>
        var link = document.querySelector('#a1');
        link.setAttribute('href', 'dana://1');
        $('#a2').attr('href', 'dana://2');
        document.querySelector('a.btn').setAttribute('HREF', 'dana://3');
        </script>
        """)
        XCTAssertEqual(navs.map(\.raw), ["dana://1", "dana://2", "dana://3"])
        XCTAssertEqual(Set(navs.map(\.trigger)), [.tap])
    }

    func testALinkScriptClicksIsTheScriptsNavigation() {
        let navs = scripted("""
        <script>
        var a = document.createElement('a');
        a.href = 'alipays://platformapi/startapp?appId=1';
        a.click();
        document.getElementById('btn').addEventListener('click', function () { a.click(); });
        </script>
        """)
        XCTAssertEqual(navs.map(\.trigger), [.scriptLoad, .scriptHandler], "made, never inserted: no tap")
        XCTAssertEqual(Set(navs.map(\.raw)), ["alipays://platformapi/startapp?appId=1"])
    }

    func testAMadeLinkInsertedIsATapAndItsTargetIsRead() {
        let navs = scripted("""
        <script>
        var a = document.createElement('a');
        a.href = 'line://pay/1'; a.target = '_blank';
        document.body.appendChild(a);
        </script>
        """)
        XCTAssertEqual(navs.map(\.trigger), [.tap])
        XCTAssertEqual(navs.map(\.frame), [.newWindow])
    }

    /// The classic hidden-iframe launch: a frame-load in a sub-frame, not a main-frame
    /// script navigation.
    func testAMadeIframeInsertedIsAFrameLoadInASubFrame() {
        let navs = scripted("""
        <script>
        var f = document.createElement('iframe');
        f.style.display = 'none';
        f.src = 'weixin://dl/business/?t=abc';
        document.body.appendChild(f);
        </script>
        """)
        XCTAssertEqual(navs.map(\.raw), ["weixin://dl/business/?t=abc"])
        XCTAssertEqual(navs.map(\.trigger), [.frameLoad])
        XCTAssertEqual(navs.map(\.frame), [.sub])
    }

    func testTheFramesTimeIsTheScriptsTime() {
        let navs = scripted("""
        <script>
        function launch(url) {
          var f = document.createElement('iframe');
          f.setAttribute('src', url);
          document.body.append(f);
        }
        setTimeout(function () { launch('kakaotalk://launch'); }, 800);
        document.getElementById('go').onclick = function () { launch('kakaotalk://tap'); };
        </script>
        """)
        XCTAssertEqual(navs.map(\.raw), ["kakaotalk://launch", "kakaotalk://tap"])
        XCTAssertEqual(navs.map(\.trigger), [.frameLoad, .frameLoad], "a frame has no gesture of its own")
        XCTAssertEqual(navs.map(\.delayMs), [800, nil])
        XCTAssertEqual(Set(navs.map(\.frame)), [.sub])
    }

    func testAMadeIframeNeverInsertedLoadsNothing() {
        let navs = scripted("""
        <script>var f = document.createElement('iframe'); f.src = 'weixin://never';</script>
        """)
        XCTAssertEqual(navs.map(\.trigger), [.scriptLiteral])
    }

    func testAnExistingIframesSrc() {
        let navs = scripted("""
        <iframe id="launcher" style="display:none"></iframe>
        <script>document.getElementById('launcher').src = 'tmoney://pay';</script>
        <script>$('iframe').attr('src', 'tmoney://second');</script>
        """)
        XCTAssertEqual(navs.map(\.raw), ["tmoney://pay", "tmoney://second"])
        XCTAssertEqual(Set(navs.map(\.trigger)), [.scriptLoad], "the writing script navigates the sub-frame")
        XCTAssertEqual(Set(navs.map(\.frame)), [.sub])
    }

    func testAFrameWindowsLocation() {
        let navs = scripted("""
        <iframe id="f"></iframe>
        <script>document.getElementById('f').contentWindow.location.href = 'app://in-frame';</script>
        """)
        XCTAssertEqual(navs.map(\.frame), [.sub])
        XCTAssertEqual(navs.map(\.trigger), [.scriptLoad])
    }

    func testAFormsActionIsASubmission() {
        let navs = scripted("""
        <form id="pay" method="post"><button>Pay</button></form>
        <script>document.getElementById('pay').action = 'paypay://payment?o=1';</script>
        <form name="g"><button>Go</button></form>
        <script>document.forms[1].action = 'paypay://second';</script>
        """)
        XCTAssertEqual(navs.map(\.raw), ["paypay://payment?o=1", "paypay://second"])
        XCTAssertEqual(navs.map(\.trigger), [.formPost, .formGet], "an unknown form submits with GET")
    }

    /// A `src` written to an element that is no frame (an image, a script) loads no document.
    func testSrcOfAnotherElementIsData() {
        let navs = scripted("""
        <img id="qr"><script>document.getElementById('qr').src = 'app://qr-payload'; var s = document.createElement('script'); s.src = 'app://x'; document.head.appendChild(s);</script>
        """)
        XCTAssertEqual(Set(navs.map(\.trigger)), [.scriptLiteral])
    }

    func testAWriteThroughAVariableOfAnotherScript() {
        let navs = scripted("""
        <a id="open" href="#">Open</a>
        <script>var btn = document.getElementById('open');</script>
        <script>btn.href = 'gojek://from-elsewhere';</script>
        """)
        XCTAssertEqual(navs.map(\.trigger), [.tap])
    }

    func testScriptWrittenLinksAreLiveOnlyWithScripting() {
        // The written link is a script's: its source says so (the page visit drops it with
        // scripting off, PageVisit.evaluates).
        let navs = scripted("<a id=\"p\" href=\"/x\">x</a><script>document.getElementById('p').href = 'a://b';</script>")
        XCTAssertEqual(navs.map(\.source), ["script"])
    }

    /// The ids and classes a page's scripts name, read from its text before its elements:
    /// only those elements are indexed (`ElementIndex`).
    func testTheNamesAPagesScriptsLookUp() {
        var page = """
        <a id="a1"></a><script>document.getElementById('a1'); document.querySelector("#b2");
        $('.c3').attr('href', x); jQuery( 'iframe.d4' ); getElementById(dynamic + 'x'); $(document);</script>
        """
        let wanted = page.withUTF8 { ElementIndex.wanted(in: UnsafeRawBufferPointer($0)) }
        XCTAssertEqual(wanted.ids, ["a1", "b2"])
        XCTAssertEqual(wanted.classes, ["c3", "d4"])
    }

    /// A name already in lower-case ASCII is read as it is, any other lower-cased first:
    /// both ways give what the lower-cased name's sets say (issue 17).
    func testEventClassesOfNamesInAnyCase() {
        for name in ["click", "Click", "CLICK", "dblClick", "touchend", "input", "keyUp", "submit"] {
            XCTAssertEqual(EventClass.of(name), .activation, name)
        }
        for name in ["load", "DOMContentLoaded", "domcontentloaded", "pageShow", "error", "ERROR"] {
            XCTAssertEqual(EventClass.of(name), .load, name)
        }
        for name in ["", "scroll", "clicks", "cl\u{130}ck", "cl\u{0131}ck", "loaded", "Z", "on", "cl1ck"] {
            XCTAssertEqual(EventClass.of(name), .other, name)
        }
        for name in ["scroll", "Click", "LOAD", "f\u{00C9}te", "hover", "x-y", "@load"] {
            XCTAssertEqual(EventClass.of(name), EventClass.of(name.lowercased()), name)
        }
    }

    func testALinkNoScriptNamesIsNotLookedUp() {
        let navs = scripted("""
        <a id="other" target="_blank" href="#">x</a><a id="pay" href="#">y</a>
        <script>var p = document.getElementById('pay'); p.href = 'gojek://named';</script>
        """)
        XCTAssertEqual(navs.map(\.frame), [.main], "the link named, not the first with a target")
    }
}
