import XCTest
import LinkAuditModel
import TestSupport

/// A deep-link literal no navigation reaches is data (issue 18): listed, so nothing is
/// lost, with the `script-literal` trigger (README, Triggers); one that reaches a
/// navigation on a branch stays a navigation, with the branch as its `condition`.
final class ScriptDataLiteralTests: XCTestCase {
    func testDataIsListedAsScriptLiteral() {
        let navs = Extract.all("""
        <script>
        new QRCode(document.getElementById('qr'), 'alipays://platformapi/startapp?saId=10000007&qrcode=X');
        console.log('opening weixin://dl/business/?t=1');
        console.log("weixin://dl/business/?t=2");
        AlipayJSBridge.call('pushWindow', { url: 'alipays://platformapi/startapp?appId=20000067' });
        var unused = 'gojek://gopay/unused';
        </script>
        <button onclick="window.WebViewJavascriptBridge.callHandler('open', 'kakaotalk://bridge')">Open</button>
        """)
        XCTAssertEqual(navs.map(\.raw), [
            "alipays://platformapi/startapp?saId=10000007&qrcode=X", "weixin://dl/business/?t=2",
            "alipays://platformapi/startapp?appId=20000067", "gojek://gopay/unused", "kakaotalk://bridge",
        ])
        XCTAssertEqual(Set(navs.map(\.trigger)), [.scriptLiteral])
        XCTAssertEqual(navs.map(\.line), [2, 4, 5, 6, 8])
        XCTAssertEqual(navs.last?.source, "attr[onclick]")
    }

    func testALiteralANavigationReachesIsNoLongerData() {
        let navs = Extract.all("<script>var u = 'gojek://x'; var v = 'gojek://y'; location.href = u;</script>")
        XCTAssertEqual(navs.map(\.raw), ["gojek://x", "gojek://y"])
        XCTAssertEqual(navs.map(\.trigger), [.scriptLoad, .scriptLiteral])
    }

    func testAJSONBlockNobodyReadsIsData() {
        let navs = Extract.all(#"<script type="application/json" id="c">{"deeplink": "jkos://pay"}</script>"#)
        XCTAssertEqual(navs.map(\.trigger), [.scriptLiteral])
    }

    func testACodeStringsLiteralsAreTheirOwn() {
        let navs = Extract.all(#"<script>setTimeout("var a = 'xy://one'; var b = 'xy://two'; location.href = a;", 10);</script>"#)
        XCTAssertEqual(navs.map(\.raw), ["xy://one", "xy://two"])
        XCTAssertEqual(navs.map(\.trigger), [.scriptTimer, .scriptLiteral])
    }

    // MARK: - Branches

    func testTheBranchANavigationIsOn() {
        let navs = Extract.all("""
        <script>
        if (/Android/i.test(navigator.userAgent)) {
          location.href = 'intent://pay#Intent;scheme=dana;package=id.dana;end';
        } else if (/iPhone/.test(navigator.userAgent)) {
          location.href = 'dana://pay';
        } else {
          location.href = 'https://pay.example/web';
        }
        if (document.referrer) location.replace('a://ref');
        location.href = 'a://always';
        </script>
        """)
        XCTAssertEqual(navs.map(\.condition), [
            "/Android/i.test(navigator.userAgent)",
            "!(/Android/i.test(navigator.userAgent)) && /iPhone/.test(navigator.userAgent)",
            "!(/Android/i.test(navigator.userAgent)) && !(/iPhone/.test(navigator.userAgent))",
            "document.referrer", nil,
        ])
    }

    func testABranchWithoutBracesEndsWithItsStatement() {
        let navs = Extract.all("""
        <script>
        if (location.search.indexOf('app=1') > -1) location.href = 'a://1'
        location.href = 'a://2'
        if (x) { } else location.href = 'a://3'; location.href = 'a://4';
        </script>
        """)
        XCTAssertEqual(navs.map(\.condition), ["location.search.indexOf('app=1') > -1", nil, "!(x)", nil])
    }

    func testConditionalExpressions() {
        let navs = Extract.all("""
        <script>
        location.href = isIOS ? 'a://ios' : 'a://android';
        window.open(fallback || 'a://fallback');
        var u = hasApp && 'a://app';
        location.href = u;
        </script>
        """)
        XCTAssertEqual(navs.map(\.raw), ["a://ios", "a://android", "a://fallback", "a://app"])
        XCTAssertEqual(navs.map(\.condition), ["isIOS", "!(isIOS)", nil, "hasApp"])
    }

    func testTheBranchOfACallThatPassesTheLiteral() {
        let navs = Extract.all("""
        <script>
        function go(u) { location.href = u; }
        if (navigator.userAgent.indexOf('Android') > -1) { go('a://android'); }
        </script>
        """)
        XCTAssertEqual(navs.map(\.condition), ["navigator.userAgent.indexOf('Android') > -1"])
    }

    func testABranchMetByTheValueAndTheSinkIsSaidOnce() {
        let navs = Extract.all("<script>if (inApp) { var u = 'a://in-app'; location.href = u; }</script>")
        XCTAssertEqual(navs.map(\.condition), ["inApp"])
    }

    func testALongConditionIsCut() {
        let long = String(repeating: "a && ", count: 100) + "b"
        let navs = Extract.all("<script>if (\(long)) location.href = 'a://1';</script>")
        XCTAssertEqual(navs.first?.condition?.count, 160)
        XCTAssertEqual(navs.first?.condition?.hasSuffix("…"), true)
    }
}
