import XCTest
import TestSupport

/// Links are resolved as browsers resolve them (WHATWG URL), against the first
/// `<base href>` and the page URL.
final class URLResolutionTests: XCTestCase {
    private func url(_ href: String, base: String? = nil, page: String = Extract.page) -> String? {
        let baseTag = base.map { "<base href=\"\($0)\">" } ?? ""
        return Extract.all("\(baseTag)<a href=\"\(href)\">x</a>", page: page).first?.url
    }

    func testRelativePaths() {
        XCTAssertEqual(url("../cart/"), "https://shop.example/cart/")
        XCTAssertEqual(url("pay.html?x=1#y"), "https://shop.example/checkout/pay.html?x=1#y")
        XCTAssertEqual(url("//cdn.example/a"), "https://cdn.example/a")
        XCTAssertEqual(url("?q=1"), "https://shop.example/checkout/index.html?q=1")
        XCTAssertEqual(url("/"), "https://shop.example/")
    }

    func testFirstBaseHrefOnly() {
        let navs = Extract.all(#"<a href="x">before</a><base href="https://other.example/dir/"><base href="https://third.example/"><a href="y">after</a>"#)
        XCTAssertEqual(navs.map(\.url), ["https://other.example/dir/x", "https://other.example/dir/y"])
    }

    func testRelativeBaseResolvesAgainstThePage() {
        XCTAssertEqual(url("pay", base: "/shop/"), "https://shop.example/shop/pay")
    }

    func testJavascriptAndDataBasesAreIgnored() {
        XCTAssertEqual(url("pay", base: "javascript:alert(1)"), "https://shop.example/checkout/pay")
        XCTAssertEqual(url("pay", base: "data:text/html,x"), "https://shop.example/checkout/pay")
    }

    func testWhitespaceTabsAndNewlines() {
        XCTAssertEqual(url("  gojek://pay  "), "gojek://pay")
        XCTAssertEqual(url("go&#9;jek://pay"), "gojek://pay")
        XCTAssertEqual(url("https://shop.example/a&#10;b"), "https://shop.example/ab")
    }

    func testBackslashesInSpecialSchemes() {
        XCTAssertEqual(url(#"\\evil.example\x"#), "https://evil.example/x")
        XCTAssertEqual(url(#"..\cart\"#), "https://shop.example/cart/")
    }

    func testUppercaseSchemes() {
        let navs = Extract.all(#"<a href="HTTPS://Shop.Example/A">a</a><a href="GOJEK://Pay">b</a><a href="Intent://x#Intent;end">c</a>"#)
        XCTAssertEqual(navs.map(\.scheme), ["https", "gojek", "intent"])
        XCTAssertEqual(navs[0].url, "https://shop.example/A")
    }

    func testEntitiesInAttributes() {
        XCTAssertEqual(url("dana://pay?a=1&amp;b=2&#38;c=3"), "dana://pay?a=1&b=2&c=3")
    }

    func testNotASchemeIsRelative() {
        XCTAssertEqual(url("my_app://x"), "https://shop.example/checkout/my_app://x")
    }

    func testJavascriptWithTabIsStillJavascript() {
        // A tab inside the scheme is removed by the URL parser: this is script, not a link.
        let navs = Extract.all("<a href=\"java&#9;script:location.href='x://y'\">x</a>")
        XCTAssertEqual(navs.map(\.trigger), [.scriptHandler])
    }
}
