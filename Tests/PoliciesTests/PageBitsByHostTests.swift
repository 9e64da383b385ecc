import XCTest
@testable import Policies
@testable import WHATWGURL
import TestSupport

/// `PageBitsByHost` remembers the page's part of an `intent:` link's key per page and target
/// host (Docs/ARCHITECTURE.md §3); it must answer as `DecisionKey.Page` does for every
/// target, asked first or again, after another page, and past its bound.
final class PageBitsByHostTests: XCTestCase {
    private static let pages = ["https://shop.example/checkout/", "https://SHOP.example:8443/x", "https://pay/",
                                "http://shop.example/", "file:///sdcard/page.html", "file://pay/x.html",
                                "about:blank", "app://shop.example/", "intent://pay/", "data:text/html,x", "not a url"]
    private static let targets = ["intent://pay/?ref=1#Intent;scheme=tmn;end", "intent://pay?x=2#Intent;end",
                                  "intent://PAY/x#Intent;end", "intent://shop.example/pay#Intent;end",
                                  "intent://SHOP.example/#Intent;end", "intent:pay#Intent;end", "intent:///x#Intent;end",
                                  "intent://#Intent;end", "intent://gopay/pay?ref=9#Intent;end", "intent://a:1/#Intent;end",
                                  "intent://pay.wallet.example/p#Intent;end", "https://shop.example/x", "https://pay/",
                                  "http://other.example/", "file:///sdcard/a.html", "file://pay/a.html", "tel:+1",
                                  "gojek://gopay/pay", "app://shop.example/y"]

    func testBitsByHostAreThePlainOnes() throws {
        var random = SeededNumbers(state: 17)
        var cache = PageBitsByHost()
        var asked = 0, withBits = 0, withoutBits = 0
        for _ in 0..<40 {
            let page = PageContext(random.pick(Self.pages))
            // The same page's links several times over, in any order, as a page's links come.
            for _ in 0..<(10 + random.next(60)) {
                guard let url = WebURL.parse(random.pick(Self.targets)) else { continue }
                let plain = PageBitsByHost.plain(url, page: page)
                XCTAssertEqual(cache.bits(url, page: page), plain, "\(url.href) on \(page.href)")
                asked += 1
                if plain == nil { withoutBits += 1 } else { withBits += 1 }
            }
        }
        XCTAssertGreaterThan(asked, 1_000)
        XCTAssertGreaterThan(withBits, 100)
        XCTAssertGreaterThan(withoutBits, 10)   // a target on the page's host reads the page's URL
    }

    func testPastTheBoundAndAcrossPagesOfOneURL() throws {
        var cache = PageBitsByHost()
        let page = PageContext("https://h3.example/")
        let urls = (0..<(PageBitsByHost.limit * 2)).compactMap { WebURL.parse("intent://h\($0).example/#Intent;end") }
        for _ in 0..<3 {
            for url in urls { XCTAssertEqual(cache.bits(url, page: page), PageBitsByHost.plain(url, page: page), url.href) }
        }
        // Another page of the same URL: its own answers, not the last page's.
        let other = PageContext("https://h3.example/")
        let same = try XCTUnwrap(WebURL.parse("intent://h3.example/#Intent;end"))
        XCTAssertNil(cache.bits(same, page: page))
        let file = PageContext("file:///h3.example/")
        XCTAssertEqual(cache.bits(same, page: file), PageBitsByHost.plain(same, page: file))
        XCTAssertNotNil(cache.bits(same, page: file))
        XCTAssertNil(cache.bits(same, page: other))
    }
}
