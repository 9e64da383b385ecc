import Foundation
import XCTest
@testable import LinkAuditModel
@testable import Policies
import TestSupport
@testable import WHATWGURL

/// Classification reuses the URL extraction parsed (`Navigation.target`) while the
/// navigation's `url` is still its serialisation, and parses again once it is not.
final class ClassifierCarriedURLTests: XCTestCase {
    func testExtractedNavigationsCarryTheirParsedTarget() throws {
        let navigations = Extract.all(#"<a href="/pay?x=1">a</a><a href="dana://wallet/pay">b</a><a href="http://[bad">c</a>"#,
                                      page: "https://shop.example/checkout/")
        XCTAssertEqual(navigations.count, 3)
        XCTAssertEqual(navigations[0].target.value?.href, "https://shop.example/pay?x=1")
        XCTAssertEqual(navigations[1].target.value?.href, "dana://wallet/pay")
        XCTAssertNil(navigations[2].target.value)
        for navigation in navigations {
            XCTAssertEqual(Classifier.target(navigation), WebURL.parse(navigation.url), navigation.url)
        }
    }

    func testAChangedURLIsParsedAgain() throws {
        var navigation = try XCTUnwrap(Extract.all(#"<a href="https://shop.example/a">a</a>"#,
                                                   page: "https://shop.example/").first)
        navigation.url = "intent://pay#Intent;scheme=dana;end"
        XCTAssertEqual(Classifier.target(navigation)?.href, "intent://pay#Intent;scheme=dana;end")
        // The record compares and encodes as before: the carried URL is not part of it.
        var plain = navigation
        plain.target = Carried()
        XCTAssertEqual(plain, navigation)
        let json = String(decoding: try JSONEncoder().encode(navigation), as: UTF8.self)
        XCTAssertFalse(json.contains("target"), json)
    }
}
