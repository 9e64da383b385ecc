import XCTest
@testable import WHATWGURL

/// The link shapes linkaudit relies on: each asserts what a browser resolves and which
/// scheme it sees, for both `WebURL.parse` and the hot-path `WebURL.schemeOf`.
final class WebURLLinkCasesTests: XCTestCase {
    let shop = WebURL.parse("https://shop.example/")!

    func testTabInsideSchemeIsRemoved() throws {
        let url = try XCTUnwrap(WebURL.parse("java\tscript:alert(1)"))
        XCTAssertEqual(url.scheme, "javascript")
        XCTAssertEqual(url.href, "javascript:alert(1)")
        XCTAssertTrue(url.hasOpaquePath)
        XCTAssertEqual(WebURL.schemeOf("java\tscript:alert(1)"), "javascript")
        XCTAssertEqual(WebURL.schemeOf("java\nscr\ript:alert(1)"), "javascript")
    }

    func testLeadingAndTrailingSpaceAndControlsAreStripped() throws {
        XCTAssertEqual(WebURL.parse("  https://x/")?.href, "https://x/")
        XCTAssertEqual(WebURL.schemeOf("  https://x/"), "https")
        XCTAssertEqual(WebURL.parse("\u{01}\u{1F} javascript:x \u{0B}")?.href, "javascript:x")
        XCTAssertEqual(WebURL.schemeOf("\u{01}\u{1F} javascript:x"), "javascript")
    }

    func testNoBreakSpaceBeforeSchemeMakesItRelative() throws {
        XCTAssertNil(WebURL.schemeOf("\u{00A0}javascript:x"))
        XCTAssertNil(WebURL.parse("\u{00A0}javascript:x"))
        let url = try XCTUnwrap(WebURL.parse("\u{00A0}javascript:x", base: shop))
        XCTAssertEqual(url.href, "https://shop.example/%C2%A0javascript:x")
        XCTAssertEqual(url.scheme, "https")
    }

    func testSpaceInsideSchemeMakesItRelative() throws {
        XCTAssertNil(WebURL.schemeOf("java script:"))
        let url = try XCTUnwrap(WebURL.parse("java script:", base: shop))
        XCTAssertEqual(url.href, "https://shop.example/java%20script:")
        XCTAssertEqual(url.pathname, "/java%20script:")
    }

    func testUpperCaseSchemeAndHostAreLowerCased() throws {
        let url = try XCTUnwrap(WebURL.parse("HTTPS://Shop.Example/a"))
        XCTAssertEqual(url.href, "https://shop.example/a")
        XCTAssertEqual(url.scheme, "https")
        XCTAssertEqual(url.hostname, "shop.example")
        XCTAssertEqual(WebURL.schemeOf("HTTPS://Shop.Example/a"), "https")
    }

    func testBackslashesAreSlashesInSpecialSchemes() throws {
        let url = try XCTUnwrap(WebURL.parse("\\\\evil.com\\x", base: shop))
        XCTAssertEqual(url.href, "https://evil.com/x")
        XCTAssertEqual(url.hostname, "evil.com")
        XCTAssertNil(WebURL.schemeOf("\\\\evil.com\\x"))
    }

    func testAppSchemeKeepsItsHost() throws {
        let url = try XCTUnwrap(WebURL.parse("gojek://pay?id=1"))
        XCTAssertEqual(url.scheme, "gojek")
        XCTAssertEqual(url.hostname, "pay")
        XCTAssertEqual(url.pathname, "")
        XCTAssertEqual(url.query, "id=1")
        XCTAssertFalse(url.isSpecial)
        XCTAssertFalse(url.hasOpaquePath)
        XCTAssertEqual(url.origin, "null")
        XCTAssertEqual(WebURL.schemeOf("gojek://pay?id=1"), "gojek")
    }

    func testIntentURLHasHostAndFragment() throws {
        let input = "intent://scan/#Intent;scheme=zxing;package=com.google.zxing.client.android;end"
        let url = try XCTUnwrap(WebURL.parse(input))
        XCTAssertEqual(url.scheme, "intent")
        XCTAssertFalse(url.hasOpaquePath, "'//' after the scheme gives a host, not an opaque path")
        XCTAssertEqual(url.hostname, "scan")
        XCTAssertEqual(url.pathname, "/")
        XCTAssertEqual(url.fragment, "Intent;scheme=zxing;package=com.google.zxing.client.android;end")
        XCTAssertEqual(url.href, input)
        XCTAssertEqual(WebURL.schemeOf(input), "intent")
    }

    func testUpperCaseCustomScheme() throws {
        let url = try XCTUnwrap(WebURL.parse("MYAPP://x"))
        XCTAssertEqual(url.scheme, "myapp")
        XCTAssertEqual(url.href, "myapp://x")
        XCTAssertEqual(WebURL.schemeOf("MYAPP://x"), "myapp")
    }

    func testUnderscoreIsNotASchemeCharacter() throws {
        XCTAssertNil(WebURL.schemeOf("my_app://x"))
        XCTAssertNil(WebURL.parse("my_app://x"))
        XCTAssertEqual(WebURL.parse("my_app://x", base: shop)?.href, "https://shop.example/my_app://x")
    }

    func testRelativeReferences() throws {
        let page = try XCTUnwrap(WebURL.parse("https://a.example/b/c/d.html?old#frag"))
        XCTAssertEqual(WebURL.parse("../c?d#e", base: page)?.href, "https://a.example/b/c?d#e")
        XCTAssertEqual(WebURL.parse("//cdn.example/x", base: page)?.href, "https://cdn.example/x")
        XCTAssertEqual(WebURL.parse("?q=1", base: page)?.href, "https://a.example/b/c/d.html?q=1")
        XCTAssertEqual(WebURL.parse("#top", base: page)?.href, "https://a.example/b/c/d.html?old#top")
        XCTAssertEqual(WebURL.parse("", base: page)?.href, "https://a.example/b/c/d.html?old")
        XCTAssertEqual(WebURL.parse("../c?d#e", baseString: "https://a.example/b/c/d.html")?.href,
                       "https://a.example/b/c?d#e")
        for relative in ["../c?d#e", "//cdn.example/x", "?q=1", "#top", ""] {
            XCTAssertNil(WebURL.schemeOf(relative), relative)
            XCTAssertNil(WebURL.parse(relative), relative)
        }
    }

    func testOpaquePathSchemes() throws {
        let tel = try XCTUnwrap(WebURL.parse("tel:+62 812"))
        XCTAssertEqual(tel.scheme, "tel")
        XCTAssertTrue(tel.hasOpaquePath)
        XCTAssertEqual(tel.pathname, "+62 812")
        XCTAssertEqual(tel.href, "tel:+62 812")
        XCTAssertNil(tel.hostname)

        let mail = try XCTUnwrap(WebURL.parse("mailto:a@b"))
        XCTAssertEqual(mail.scheme, "mailto")
        XCTAssertEqual(mail.pathname, "a@b")
        XCTAssertEqual(mail.username, "")

        let data = try XCTUnwrap(WebURL.parse("data:text/html,<b>"))
        XCTAssertEqual(data.scheme, "data")
        XCTAssertEqual(data.pathname, "text/html,<b>")
        XCTAssertEqual(data.href, "data:text/html,<b>")

        XCTAssertEqual(WebURL.schemeOf("tel:+62 812"), "tel")
        XCTAssertEqual(WebURL.schemeOf("mailto:a@b"), "mailto")
        XCTAssertEqual(WebURL.schemeOf("data:text/html,<b>"), "data")
        // Only a fragment resolves against an opaque-path base.
        XCTAssertEqual(WebURL.parse("#x", base: mail)?.href, "mailto:a@b#x")
        XCTAssertNil(WebURL.parse("x", base: mail))
    }

    func testSchemeOfEdgeCases() {
        XCTAssertNil(WebURL.schemeOf(""))
        XCTAssertNil(WebURL.schemeOf("   "))
        XCTAssertNil(WebURL.schemeOf("javascript"), "no colon: a relative path")
        XCTAssertNil(WebURL.schemeOf("1http://x"), "schemes start with a letter")
        XCTAssertEqual(WebURL.schemeOf("c:\\x"), "c", "a drive letter is a scheme without a file base")
        XCTAssertEqual(WebURL.schemeOf("web+demo.v2-x:y"), "web+demo.v2-x")
        XCTAssertEqual(WebURL.schemeOf("ExtraLongSchemeNameBeyondSmallString:x"), "extralongschemenamebeyondsmallstring")
        XCTAssertEqual(WebURL.schemeOf("http://["), "http", "lexical only; parse rejects it")
        XCTAssertNil(WebURL.parse("http://["))
    }

    func testHostForms() throws {
        XCTAssertEqual(WebURL.parse("http://0x7f.1/")?.href, "http://127.0.0.1/")
        XCTAssertEqual(WebURL.parse("http://2130706433/")?.hostname, "127.0.0.1")
        XCTAssertNil(WebURL.parse("http://256.256.256.256/"))
        let v6 = try XCTUnwrap(WebURL.parse("http://[0:0::1]:8080/"))
        XCTAssertEqual(v6.hostname, "[::1]")
        XCTAssertEqual(v6.host, "[::1]:8080")
        XCTAssertEqual(v6.port, 8080)
        XCTAssertEqual(WebURL.parse("https://example.com:443/")?.port, nil, "default port is dropped")
        XCTAssertEqual(WebURL.parse("https://Bücher.example/")?.hostname, "xn--bcher-kva.example")
        XCTAssertEqual(WebURL.parse("https://ＥＸＡＭＰＬＥ。com/")?.hostname, "example.com")
        XCTAssertNil(WebURL.parse("https://exa mple.com/"))
        XCTAssertNil(WebURL.parse("https:///"))
    }

    func testGettersAndEquality() throws {
        let url = try XCTUnwrap(WebURL.parse("HTTPS://user:pa%20ss@Shop.Example:8443/a/./b/../c?x=1#frag"))
        XCTAssertEqual(url.href, "https://user:pa%20ss@shop.example:8443/a/c?x=1#frag")
        XCTAssertEqual(url.protocolString, "https:")
        XCTAssertEqual(url.username, "user")
        XCTAssertEqual(url.password, "pa%20ss")
        XCTAssertEqual(url.host, "shop.example:8443")
        XCTAssertEqual(url.search, "?x=1")
        XCTAssertEqual(url.hash, "#frag")
        XCTAssertEqual(url.origin, "https://shop.example:8443")
        XCTAssertEqual(url.description, url.href)
        XCTAssertTrue(url.isSpecial)
        let same = try XCTUnwrap(WebURL.parse("https://user:pa%20ss@shop.example:8443/a/c?x=1#frag"))
        XCTAssertEqual(url, same)
        XCTAssertEqual(Set([url, same]).count, 1)
        let empty = try XCTUnwrap(WebURL.parse("https://x/?#"))
        XCTAssertEqual(empty.query, "")
        XCTAssertEqual(empty.search, "")
        XCTAssertEqual(empty.fragment, "")
        XCTAssertEqual(empty.hash, "")
    }
}
