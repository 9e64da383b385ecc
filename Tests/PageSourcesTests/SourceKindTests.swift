import XCTest
import TestSupport

/// One test per `source` the extractor reports.
final class SourceKindTests: XCTestCase {
    func testAnchorHref() throws {
        let n = try XCTUnwrap(Extract.one(#"<a href="gojek://gopay/pay?id=1">Pay</a>"#))
        XCTAssertEqual(n.source, "a[href]")
        XCTAssertEqual(n.trigger, .tap)
        XCTAssertEqual(n.frame, .main)
        XCTAssertEqual(n.url, "gojek://gopay/pay?id=1")
        XCTAssertEqual(n.scheme, "gojek")
        XCTAssertEqual(n.line, 1)
    }

    func testAreaHref() throws {
        let n = try XCTUnwrap(Extract.one(#"<map name="m"><area shape="rect" href="line://pay/1"></map>"#))
        XCTAssertEqual(n.source, "area[href]")
        XCTAssertEqual(n.trigger, .tap)
    }

    func testIframeSrc() throws {
        let n = try XCTUnwrap(Extract.one(#"<iframe src="nidlogin://login"></iframe>"#))
        XCTAssertEqual(n.source, "iframe[src]")
        XCTAssertEqual(n.trigger, .frameLoad)
        XCTAssertEqual(n.frame, .sub)
    }

    func testFrameSrc() throws {
        let n = try XCTUnwrap(Extract.one(#"<frameset><frame src="menu.html"></frameset>"#))
        XCTAssertEqual(n.source, "frame[src]")
        XCTAssertEqual(n.trigger, .frameLoad)
        XCTAssertEqual(n.url, "https://shop.example/checkout/menu.html")
    }

    func testFormActionGetAndPost() {
        let navs = Extract.all(#"<form action="dana://pay"><input type=submit></form><form method="POST" action="paypay://x"></form>"#)
        XCTAssertEqual(navs.map(\.source), ["form[action]", "form[action]"])
        XCTAssertEqual(navs.map(\.trigger), [.formGet, .formPost])
    }

    func testFormWithoutActionSubmitsToItself() throws {
        let n = try XCTUnwrap(Extract.one(#"<form method="post"><input name="q"></form>"#))
        XCTAssertEqual(n.url, Extract.page)
        XCTAssertEqual(n.trigger, .formPost)
    }

    func testDialogFormIsNotANavigation() {
        XCTAssertTrue(Extract.all(#"<form method="dialog"><button formaction="x://y">x</button></form>"#).isEmpty)
    }

    func testButtonFormactionTakesItsFormMethodOrItsOwn() {
        let navs = Extract.all("""
        <form method="post" action="/pay">
          <button formaction="momo://pay">Momo</button>
          <button formaction="intent://p#Intent;scheme=x;end" formmethod="get">Get</button>
          <button type="button" formaction="ignored://x">Not a submitter</button>
        </form>
        """)
        XCTAssertEqual(navs.map(\.source), ["form[action]", "button[formaction]", "button[formaction]"])
        XCTAssertEqual(navs.map(\.trigger), [.formPost, .formPost, .formGet])
    }

    func testInputFormactionOnlyForSubmitAndImage() {
        let navs = Extract.all("""
        <form><input type="image" src="b.png" formaction="toss://a"><input type="submit" formaction="toss://b">
        <input type="text" formaction="toss://c"></form>
        """)
        XCTAssertEqual(navs.filter { $0.source == "input[formaction]" }.map(\.raw), ["toss://a", "toss://b"])
    }

    func testSubmitterOutsideItsFormUsesFormAttribute() {
        let navs = Extract.all(#"<form id="f" method="post" action="/x"></form><button form="f" formaction="kakaotalk://x">K</button>"#)
        XCTAssertEqual(navs.last?.trigger, .formPost)
    }

    func testMetaRefresh() throws {
        let n = try XCTUnwrap(Extract.one(#"<meta http-equiv="Refresh" content="3; URL='dana://wallet'">"#))
        XCTAssertEqual(n.source, "meta[refresh]")
        XCTAssertEqual(n.trigger, .metaRefresh)
        XCTAssertEqual(n.delayMs, 3000)
        XCTAssertEqual(n.url, "dana://wallet")
    }

    func testOnlyTheFirstValidRefreshCounts() {
        let navs = Extract.all(#"<meta http-equiv=refresh content="x"><meta http-equiv=refresh content="0;url=a://1"><meta http-equiv=refresh content="0;url=b://2">"#)
        XCTAssertEqual(navs.map(\.raw), ["a://1"])
    }

    func testNoscriptRefreshDoesNotHideTheScriptingOne() {
        let navs = Extract.all(#"<head><noscript><meta http-equiv="refresh" content="0;url=/nojs"></noscript><meta http-equiv="refresh" content="2;url=dana://pay"></head>"#)
        XCTAssertEqual(navs.map(\.raw), ["/nojs", "dana://pay"])
        XCTAssertEqual(navs.map(\.context), ["noscript", nil])
    }

    func testRefreshWithoutURLReloadsThePage() throws {
        let n = try XCTUnwrap(Extract.one(#"<meta http-equiv="refresh" content="30">"#))
        XCTAssertEqual(n.url, Extract.page)
        XCTAssertEqual(n.delayMs, 30000)
    }

    func testJavascriptRefreshIsIgnored() {
        XCTAssertTrue(Extract.all(#"<meta http-equiv="refresh" content="0;url=javascript:alert(1)">"#).isEmpty)
    }

    func testLinkAlternateAppLinks() {
        let navs = Extract.all("""
        <link rel="alternate" href="android-app://com.gojek.app/gojek/home">
        <link rel="alternate" hreflang="id" href="https://shop.example/id/">
        <link rel="Alternate" href="ios-app://123/gojek/home">
        """)
        XCTAssertEqual(navs.map(\.scheme), ["android-app", "ios-app"])
        XCTAssertTrue(navs.allSatisfy { $0.source == "link[alternate]" && $0.trigger == .metadata })
    }

    func testAppLinksMetaTags() {
        let navs = Extract.all("""
        <meta property="al:android:url" content="dana://home">
        <meta property="al:android:package" content="id.dana">
        <meta property="al:ios:url" content="dana://home">
        """)
        XCTAssertEqual(navs.map(\.source), ["meta[al:android:url]", "meta[al:ios:url]"])
        XCTAssertTrue(navs.allSatisfy { $0.trigger == .metadata })
    }

    func testSmartAppBanner() {
        let navs = Extract.all("""
        <meta name="apple-itunes-app" content="app-id=123456, app-argument=paypay://open">
        <meta name="apple-itunes-app" content="app-id=999">
        """)
        XCTAssertEqual(navs.map(\.url), ["paypay://open", "https://apps.apple.com/app/id999"])
        XCTAssertEqual(navs.first?.source, "meta[apple-itunes-app]")
    }

    func testObjectDataAndEmbedSrc() {
        let navs = Extract.all(#"<object data="myapp://o"></object><embed src="myapp://e">"#)
        XCTAssertEqual(navs.map(\.source), ["object[data]", "embed[src]"])
        XCTAssertTrue(navs.allSatisfy { $0.trigger == .frameLoad && $0.frame == .sub })
    }

    func testInlineScript() throws {
        let n = try XCTUnwrap(Extract.one("<script>\n\nlocation.href = 'shopeeid://main';\n</script>"))
        XCTAssertEqual(n.source, "script")
        XCTAssertEqual(n.trigger, .scriptLoad)
        XCTAssertEqual(n.line, 3)
    }

    func testEventHandlerAttributeIsNamed() throws {
        let n = try XCTUnwrap(Extract.one(#"<button onclick="location.href='toss://pay'">Toss</button>"#))
        XCTAssertEqual(n.source, "attr[onclick]")
        XCTAssertEqual(n.trigger, .scriptHandler)
    }

    func testFragmentOnlyLinksAreNotNavigations() {
        XCTAssertTrue(Extract.all(##"<a href="#top">Top</a><a href=" #x">x</a>"##).isEmpty)
    }
}
