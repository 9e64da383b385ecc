import Foundation
import XCTest
import WHATWGURL
@testable import LinkAuditModel

/// `Navigation.target` keeps only the parsed URL's layout beside `url`, its serialisation
/// (issue 17): the URL read back is the one given, and only while `url` is still its `href`.
final class NavigationTargetTests: XCTestCase {
    private func record(_ raw: String, base: WebURL) throws -> Navigation {
        let target = try XCTUnwrap(WebURL.parse(raw, base: base), raw)
        return Navigation(page: "https://shop.example/p", line: 1, source: "a[href]", trigger: .tap, frame: .main,
                          delayMs: nil, raw: raw, target: target, partial: nil, context: nil)
    }

    func testTheTargetReadBackIsTheURLGiven() throws {
        let base = try XCTUnwrap(WebURL.parse("https://shop.example/checkout/"))
        for raw in ["gojek://pay?id=1", "intent://x#Intent;scheme=app;package=a.b;end", "tel:+6212", "../a?b=%zz#f",
                    "HTTPS://Shop.Example:443/A/./b/../c?q#h", "mailto:a@b.example", "file:///tmp/x",
                    "javascript:void(0)", "//cdn.example/x.js", "https://user:pw@[::1]:8080/p"] {
            let parsed = try XCTUnwrap(WebURL.parse(raw, base: base), raw)
            let navigation = try record(raw, base: base)
            let target = try XCTUnwrap(navigation.target.value, raw)
            XCTAssertEqual(target, parsed, raw)
            XCTAssertEqual(target.href, navigation.url, raw)
            XCTAssertEqual(navigation.scheme, parsed.scheme, raw)
            // Every component is read through the carried layout as through the parsed URL.
            XCTAssertEqual(target.hostname, parsed.hostname, raw)
            XCTAssertEqual(target.pathname, parsed.pathname, raw)
            XCTAssertEqual(target.query, parsed.query, raw)
            XCTAssertEqual(target.fragment, parsed.fragment, raw)
            XCTAssertEqual(target.port, parsed.port, raw)
        }
    }

    func testAChangedURLDropsTheTarget() throws {
        let base = try XCTUnwrap(WebURL.parse("https://shop.example/"))
        var navigation = try record("https://shop.example/a", base: base)
        navigation.url = "intent://pay#Intent;scheme=dana;end"
        XCTAssertNil(navigation.target.value)
        // Set again to a URL of `url`, it is carried; to one of another, it is not.
        let other = try XCTUnwrap(WebURL.parse("https://shop.example/b"))
        navigation.target = Carried(other)
        XCTAssertNil(navigation.target.value)
        let same = try XCTUnwrap(WebURL.parse(navigation.url))
        navigation.target = Carried(same)
        XCTAssertEqual(navigation.target.value, same)
        navigation.target = Carried()
        XCTAssertNil(navigation.target.value)
    }

    func testTheRecordEncodesAndComparesWithoutIt() throws {
        let base = try XCTUnwrap(WebURL.parse("https://shop.example/"))
        let navigation = try record("dana://wallet/pay?x=1", base: base)
        var plain = navigation
        plain.target = Carried()
        XCTAssertEqual(plain, navigation)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(navigation)
        XCTAssertEqual(json, try encoder.encode(plain))
        let text = String(decoding: json, as: UTF8.self)
        XCTAssertFalse(text.contains("target"), text)
        XCTAssertFalse(text.contains("Layout"), text)
        let read = try JSONDecoder().decode(Navigation.self, from: json)
        XCTAssertEqual(read, navigation)
        XCTAssertEqual(read.url, "dana://wallet/pay?x=1")
        XCTAssertNil(read.target.value)
    }
}
