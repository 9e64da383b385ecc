import Foundation
import XCTest
@testable import WHATWGURL
import TestSupport

/// Classification reuses the URL extraction parsed (`Navigation.target`) instead of parsing
/// the navigation's `url` — the serialisation — again. That is only right if parsing a
/// serialisation gives back the same URL (the WHATWG standard promises it); these tests
/// hold the parser to it (`ClassifierCarriedURLTests` holds the classifier to using the
/// carried URL only while it fits).
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
}
