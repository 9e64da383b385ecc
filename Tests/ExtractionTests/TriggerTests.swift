import XCTest
@testable import LinkAuditModel
import TestSupport

/// One test per trigger, and the script constructs that decide between them.
final class TriggerTests: XCTestCase {
    private func script(_ code: String) -> [Navigation] {
        Extract.all("<script>\(code)</script>")
    }

    func testTap() {
        XCTAssertEqual(Extract.one(#"<a href="x://y">"#)?.trigger, .tap)
    }

    func testFormGetAndPost() {
        XCTAssertEqual(Extract.one(#"<form action="x://y" method="get"></form>"#)?.trigger, .formGet)
        XCTAssertEqual(Extract.one(#"<form action="x://y" method="post"></form>"#)?.trigger, .formPost)
    }

    func testMetaRefresh() {
        XCTAssertEqual(Extract.one(#"<meta http-equiv="refresh" content="0;url=x://y">"#)?.trigger, .metaRefresh)
    }

    func testFrameLoad() {
        XCTAssertEqual(Extract.one(#"<iframe src="x://y"></iframe>"#)?.trigger, .frameLoad)
    }

    func testScriptLoadForTopLevelCode() {
        XCTAssertEqual(script("window.location = 'dana://pay';").first?.trigger, .scriptLoad)
    }

    func testScriptLoadForDOMContentLoadedAndLoadListeners() {
        let navs = script("""
        document.addEventListener('DOMContentLoaded', function () { location.replace('a://1'); });
        window.addEventListener("load", () => { location.assign("b://2"); });
        window.onload = function () { document.location.href = 'c://3'; };
        """)
        XCTAssertEqual(navs.map(\.raw), ["a://1", "b://2", "c://3"])
        XCTAssertEqual(Set(navs.map(\.trigger)), [.scriptLoad])
    }

    func testBodyOnloadIsScriptLoad() {
        let n = Extract.one(#"<body onload="location.href='line://x'"></body>"#)
        XCTAssertEqual(n?.trigger, .scriptLoad)
        XCTAssertEqual(n?.source, "attr[onload]")
    }

    func testImgOnerrorRunsAtLoad() {
        XCTAssertEqual(Extract.one(#"<img src="x.png" onerror="location='x://y'">"#)?.trigger, .scriptLoad)
    }

    func testScriptTimerWithDelay() throws {
        let n = try XCTUnwrap(script("setTimeout(function () { location.href = 'gcash://pay'; }, 1500);").first)
        XCTAssertEqual(n.trigger, .scriptTimer)
        XCTAssertEqual(n.delayMs, 1500)
    }

    func testTimerWithStringCodeAndComputedDelay() throws {
        let n = try XCTUnwrap(script(#"setTimeout("window.location='tng://pay'", 8 * 1000);"#).first)
        XCTAssertEqual(n.raw, "tng://pay")
        XCTAssertEqual(n.trigger, .scriptTimer)
        XCTAssertEqual(n.delayMs, 8000)
    }

    func testTimerWithComputedDelayIsUnknown() throws {
        let n = try XCTUnwrap(script("setInterval(function(){ top.location.href = 'x://y' }, cfg.pollMs);").first)
        XCTAssertEqual(n.trigger, .scriptTimer)
        XCTAssertNil(n.delayMs)
    }

    func testTimerWithoutDelayIsZero() {
        XCTAssertEqual(script("setTimeout(() => location.href = 'x://y');").first?.delayMs, 0)
    }

    func testNestedTimersAddUp() {
        XCTAssertEqual(script("setTimeout(function(){ setTimeout(function(){ location='x://y' }, 500) }, 1000)").first?.delayMs, 1500)
    }

    func testScriptHandlerForClickListeners() {
        let navs = script("""
        btn.addEventListener('click', function (e) { window.location.href = "kakaotalk://pay"; });
        el.onclick = function () { location.assign('toss://x'); };
        $('#pay').on('touchend', () => { top.location = 'payco://y'; });
        """)
        XCTAssertEqual(navs.map(\.trigger), [.scriptHandler, .scriptHandler, .scriptHandler])
    }

    func testNonActivationListenerIsAsync() {
        XCTAssertEqual(script("el.addEventListener('mouseover', function(){ location='x://y' })").first?.trigger, .scriptAsync)
    }

    func testScriptAsyncAfterTimerInHandler() throws {
        let n = try XCTUnwrap(Extract.one(#"<button onclick="setTimeout(function(){ location.href='gcash://x' }, 3000)">"#))
        XCTAssertEqual(n.trigger, .scriptAsync)
        XCTAssertEqual(n.delayMs, 3000)
    }

    func testScriptAsyncAfterPromiseInHandler() throws {
        let navs = script("""
        pay.addEventListener('click', () => {
          fetch('/api/pay').then(r => r.json()).then(function (d) { location.href = 'kakaotalk://kakaopay/x'; });
        });
        pay2.addEventListener('click', async () => {
          location.href = 'before://await';
          await fetch('/x');
          location.href = 'after://await';
        });
        """)
        XCTAssertEqual(navs.map(\.trigger), [.scriptAsync, .scriptHandler, .scriptAsync])
        XCTAssertNil(navs[0].delayMs)
    }

    func testNamedFunctionTakesItsCallersTrigger() {
        let navs = Extract.all("""
        <script>
        function payWithGoPay() { window.location.href = "gojek://gopay/pay?ref=" + orderId; }
        </script>
        <button onclick="payWithGoPay()">GoPay</button>
        """)
        XCTAssertEqual(navs.count, 1)
        XCTAssertEqual(navs.first?.trigger, .scriptHandler)
        XCTAssertEqual(navs.first?.source, "script")
        XCTAssertEqual(navs.first?.line, 2)
        XCTAssertEqual(navs.first?.partial, true)
        XCTAssertEqual(navs.first?.raw, "gojek://gopay/pay?ref=")
    }

    func testFunctionPassedByReferenceToTimerAndListener() {
        let navs = script("""
        var go = function () { location.href = 'dana://x'; };
        setTimeout(go, 2000);
        button.addEventListener('click', go);
        """)
        XCTAssertEqual(navs.map(\.trigger), [.scriptTimer, .scriptHandler])
        XCTAssertEqual(navs.first?.delayMs, 2000)
    }

    func testUncalledFunctionIsReportedAtLoad() {
        let navs = script("function never() { location.href = 'ovo://x'; }")
        XCTAssertEqual(navs.map(\.trigger), [.scriptLoad])
    }

    func testJavascriptURLBodyRunsWithTheTap() throws {
        let n = try XCTUnwrap(Extract.one(#"<a href="javascript:location.href='alipayhk%3A//pay'">HK</a>"#))
        XCTAssertEqual(n.raw, "alipayhk://pay")
        XCTAssertEqual(n.trigger, .scriptHandler)
        XCTAssertEqual(n.source, "a[href]")
    }

    func testMetadata() {
        XCTAssertEqual(Extract.one(#"<meta property="al:ios:url" content="x://y">"#)?.trigger, .metadata)
    }
}

/// `click`, `then`, … take a callback only as methods (`$(b).click(f)`, `p.then(f)`); a bare
/// call of a function with such a name is the page's own function, run where it is called.
final class CallbackMethodTests: XCTestCase {
    private func triggers(_ code: String) -> [Trigger] {
        Extract.all("<script>\(code)</script>").map(\.trigger)
    }

    func testBareCallsAreNotHandlers() {
        XCTAssertEqual(triggers("click(function(){ location.href='a://1' });"), [.scriptLoad])
        XCTAssertEqual(triggers("submit(function(){ location.href='a://1' });"), [.scriptLoad])
        XCTAssertEqual(triggers("tap(function(){ location.href='a://1' });"), [.scriptLoad])
        XCTAssertEqual(triggers("touchend(function(){ location.href='a://1' });"), [.scriptLoad])
        XCTAssertEqual(triggers("then(function(){ location.href='a://1' });"), [.scriptLoad])
        XCTAssertEqual(triggers("catch(function(){ location.href='a://1' });"), [.scriptLoad])
    }

    func testMethodsStillAre() {
        XCTAssertEqual(triggers("$('#b').click(function(){ location.href='a://1' });"), [.scriptHandler])
        XCTAssertEqual(triggers("$('#b').touchend(function(){ location.href='a://1' });"), [.scriptHandler])
        XCTAssertEqual(triggers("$('#b').on('touchend', function(){ location.href='a://1' });"), [.scriptHandler])
        XCTAssertEqual(triggers("addEventListener('click', function(){ location.href='a://1' });"), [.scriptHandler])
        XCTAssertEqual(triggers("on('click', function(){ location.href='a://1' });"), [.scriptLoad])
    }
}
