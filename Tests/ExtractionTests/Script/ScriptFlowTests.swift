import XCTest
import LinkAuditModel
import TestSupport

/// A URL that reaches a navigation through one variable, object property, JSON block or
/// function parameter (issue 18, item 1; README, Triggers): listed as the navigation it is,
/// with the trigger of the sink, on the line of its literal.
final class ScriptFlowTests: XCTestCase {
    private func navigations(_ code: String) -> [Navigation] {
        Extract.all("<script>\n\(code)\n</script>").filter { $0.trigger != .scriptLiteral }
    }

    func testAVariable() {
        let navs = navigations("var u = 'gojek://gopay/pay?id=1';\nbutton.onclick = function () { location.href = u; };")
        XCTAssertEqual(navs.map(\.raw), ["gojek://gopay/pay?id=1"])
        XCTAssertEqual(navs.first?.trigger, .scriptHandler, "the sink's trigger, not the literal's")
        XCTAssertEqual(navs.first?.line, 2, "the line the URL is written on")
        XCTAssertNil(navs.first?.partial)
    }

    func testAVariableDeclaredAfterTheFunctionThatReadsIt() {
        let navs = navigations("""
        document.getElementById('pay').addEventListener('click', function () { window.open(link); });
        const link = "dana://wallet/pay?order=7";
        """)
        XCTAssertEqual(navs.map(\.raw), ["dana://wallet/pay?order=7"])
        XCTAssertEqual(navs.first?.trigger, .scriptHandler)
        XCTAssertEqual(navs.first?.frame, .newWindow)
    }

    func testAVariableOfAnotherScriptOfThePage() {
        let navs = Extract.all("""
        <script>var WALLET_URL = 'kakaotalk://kakaopay/pg?t=1';</script>
        <button onclick="location.assign(WALLET_URL)">Pay</button>
        """)
        XCTAssertEqual(navs.map(\.raw), ["kakaotalk://kakaopay/pg?t=1"])
        XCTAssertEqual(navs.first?.trigger, .scriptHandler)
    }

    func testEachValueAVariableCanHold() {
        let navs = navigations("var u = 'a://first';\nif (ios) { u = 'b://second'; }\nlocation.href = u;")
        XCTAssertEqual(navs.map(\.raw), ["a://first", "b://second"])
        XCTAssertEqual(navs.map(\.condition), [nil, "ios"])
    }

    func testAFunctionsOwnVariableShadowsTheGlobalOne() {
        let navs = navigations("""
        var u = 'global://x';
        function pay() { var u = 'local://y'; location.href = u; }
        pay();
        """)
        XCTAssertEqual(navs.map(\.raw), ["local://y"])
    }

    func testAnObjectLiteralsProperty() {
        let navs = navigations("""
        var cfg = { wallet: 'GOPAY', url: 'gojek://gopay/pay?id=2', ios: { url: 'gojek-ios://pay' } };
        setTimeout(function () { location.href = cfg.url; }, 100);
        pay.addEventListener('click', function () { location.replace(cfg['ios']['url']); });
        """)
        XCTAssertEqual(navs.map(\.raw), ["gojek://gopay/pay?id=2", "gojek-ios://pay"])
        XCTAssertEqual(navs.map(\.trigger), [.scriptTimer, .scriptHandler])
        XCTAssertEqual(navs.map(\.line), [2, 2])
    }

    func testAPropertyNamedLikeAKeyword() {
        let navs = navigations("var links = { default: 'a://default-link' };\nlocation.href = links.default;")
        XCTAssertEqual(navs.map(\.raw), ["a://default-link"])
    }

    func testAPropertyAssignedLaterAndAWindowGlobal() {
        let navs = navigations("""
        var cfg = {};
        cfg.deeplink = 'shopeeid://pay?o=1';
        window.APP_URL = 'line://pay/2';
        location.href = cfg.deeplink;
        setTimeout(function () { location.href = window.APP_URL; }, 300);
        """)
        XCTAssertEqual(navs.map(\.raw), ["shopeeid://pay?o=1", "line://pay/2"])
        XCTAssertEqual(navs.map(\.trigger), [.scriptLoad, .scriptTimer])
        XCTAssertEqual(navs.last?.delayMs, 300)
    }

    /// The demo site's `/pay-in-app/`: the JSON block's deep link, read by a function a
    /// `javascript:` link calls.
    func testAJSONBlockReadByJSONParse() {
        let navs = Extract.all("""
        <script type="application/json" id="pay-config">
          { "order": "ORD-1", "deeplink": "jkos://payment?orderNo=ORD-1", "ios": { "deeplink": "jkos-ios://p" } }
        </script>
        <a href="javascript:openWallet()">Open JKOPay</a>
        <script>
          var config = JSON.parse(document.getElementById('pay-config').textContent);
          function openWallet() { location.href = config.deeplink; }
        </script>
        """)
        XCTAssertEqual(navs.map(\.raw), ["jkos://payment?orderNo=ORD-1", "jkos-ios://p"])
        XCTAssertEqual(navs.map(\.trigger), [.scriptHandler, .scriptLiteral], "the block's other deep link is data")
        XCTAssertEqual(navs.first?.line, 2)
    }

    func testAJSONBlockFoundBySelector() {
        let navs = Extract.all("""
        <script type="application/json" id="cfg">[{"url": "a://0"}, {"url": "a://1"}]</script>
        <script>var c = JSON.parse(document.querySelector('#cfg').textContent); location.href = c[0].url;</script>
        """)
        XCTAssertEqual(navs.map(\.trigger), [.scriptLoad, .scriptLoad], "an index reads every element")
        XCTAssertEqual(navs.map(\.raw), ["a://0", "a://1"])
    }

    func testAFunctionParameter() {
        let navs = Extract.all("""
        <script>function go(u) { window.open(u); }</script>
        <button onclick="go('truemoney://pay?id=3')">TrueMoney</button>
        <script>go('line://pay/4'); setTimeout(function () { go('dana://wallet/5'); }, 2000);</script>
        """)
        XCTAssertEqual(navs.map(\.raw), ["truemoney://pay?id=3", "line://pay/4", "dana://wallet/5"])
        XCTAssertEqual(navs.map(\.trigger), [.scriptHandler, .scriptLoad, .scriptTimer])
        XCTAssertEqual(Set(navs.map(\.frame)), [.newWindow], "where the function sends it")
        XCTAssertEqual(navs.map(\.source), ["attr[onclick]", "script", "script"], "where the URL is written")
        XCTAssertEqual(navs.last?.delayMs, 2000)
    }

    func testAnArrowFunctionsAndAFunctionExpressionsParameters() {
        let navs = navigations("""
        const open1 = (url, name) => { window.open(url, name); };
        var open2 = function (event, url) { location.replace(url); };
        open1('a://1', '_self');
        open2(null, 'a://2');
        """)
        XCTAssertEqual(navs.map(\.raw), ["a://1", "a://2"])
    }

    /// One hop: a literal in a variable passed on, or a variable bound to a variable, is
    /// two, and stays data.
    func testTwoHopsAreNotFollowed() {
        let all = Extract.all("""
        <script>
        function go(u) { location.href = u; }
        var a = 'two://hops';
        go(a);
        var b = 'also://two';
        var c = b;
        location.href = c;
        </script>
        """)
        XCTAssertEqual(all.map(\.raw), ["two://hops", "also://two"])
        XCTAssertEqual(Set(all.map(\.trigger)), [.scriptLiteral])
    }

    /// A name joined after a literal whose one value is a literal is read too: the URL the
    /// engine requests, not a prefix.
    func testANameJoinedAfterALiteral() {
        let navs = navigations("""
        var orderId = "ORD-20240611-0042";
        var token = getToken();
        location.href = "gojek://gopay/pay?ref=" + orderId + "&src=web";
        location.href = "gojek://gopay/pay?t=" + token + "&x=1";
        """)
        XCTAssertEqual(navs.map(\.raw), ["gojek://gopay/pay?ref=ORD-20240611-0042&src=web", "gojek://gopay/pay?t="])
        XCTAssertEqual(navs.map(\.partial), [nil, true])
    }

    func testAVariableBuiltFromALiteralIsPartial() {
        let navs = navigations("var u = 'gcash://pay?ref=' + id;\nlocation.href = u;")
        XCTAssertEqual(navs.map(\.raw), ["gcash://pay?ref="])
        XCTAssertEqual(navs.first?.partial, true)
    }
}
