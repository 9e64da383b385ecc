import Foundation
import XCTest
@testable import Associations
@testable import Checks
@testable import Extraction
@testable import LinkAudit
@testable import LinkAuditModel
@testable import PageSources
@testable import Policies
@testable import Reports
@testable import WHATWGURL

/// Classification reuses the URL extraction parsed (`Navigation.target`) instead of parsing
/// the navigation's `url` — the serialisation — again. That is only right if parsing a
/// serialisation gives back the same URL (the WHATWG standard promises it); these tests
/// hold the parser to it, and the classifier to using the carried URL only while it fits.
final class WebURLReparseTests: XCTestCase {
    /// A description of how parsing `url.href` again differs from `url`, or nil.
    static func difference(_ url: WebURL) -> String? {
        guard let again = WebURL.parse(url.href) else { return "\(url.href): does not parse again" }
        if again.href == url.href && again.layout == url.layout { return nil }
        return "\(url.href) \(url.layout): parsed again \(again.href) \(again.layout)"
    }

    func testSerialisationsOfWPTVectorsParseToTheSameURL() throws {
        let json = try JSONSerialization.jsonObject(with: Fixture.data("url/urltestdata.json"))
        var problems: [String] = []
        var checked = 0
        for case let vector as [String: Any] in try XCTUnwrap(json as? [Any]) {
            let input = try XCTUnwrap(vector["input"] as? String)
            let base = (vector["base"] as? String).flatMap { WebURL.parse($0) }
            if vector["base"] is String, base == nil { continue }
            guard let url = WebURL.parse(input, base: base) else { continue }
            checked += 1
            if let problem = Self.difference(url) { problems.append(problem) }
        }
        XCTAssertGreaterThan(checked, 400)
        XCTAssertTrue(problems.isEmpty, problems.joined(separator: "\n"))
    }

    func testSerialisationsOfRelativeReferencesParseToTheSameURL() throws {
        var problems: [String] = []
        for baseString in WebURLFastPathTests.bases {
            let base = try XCTUnwrap(WebURL.parse(baseString))
            var inputs = WebURLFastPathTests.relatives
            for path in WebURLFastPathTests.paths {
                for tail in WebURLFastPathTests.tails { inputs.append(path + tail) }
            }
            for input in inputs {
                guard let url = WebURL.parse(input, base: base) else { continue }
                if let problem = Self.difference(url) { problems.append(problem) }
            }
        }
        XCTAssertTrue(problems.isEmpty, "\(problems.count) differences:\n" + problems.prefix(50).joined(separator: "\n"))
    }

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
