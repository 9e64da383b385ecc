import Foundation
import XCTest
@testable import Associations
@testable import WHATWGURL
import TestSupport

/// `Fixtures/aasa/cases.json`: AASA × path → per-app verdict, asserted upstream
/// (st-tech/universal-links-test) against Apple's own `swcutil`.
final class AppSiteAssociationVectorTests: XCTestCase {
    private static func cases() throws -> [[String: Any]] {
        let root = try JSONSerialization.jsonObject(with: Fixture.data("aasa/cases.json")) as! [String: Any]
        return root["cases"] as! [[String: Any]]
    }

    private static func body(_ testCase: [String: Any]) throws -> [UInt8] {
        if let raw = testCase["aasa_raw"] as? String { return Array(raw.utf8) }
        return Array(try JSONSerialization.data(withJSONObject: testCase["aasa"]!))
    }

    func testEverySwcutilVector() throws {
        let cases = try Self.cases()
        XCTAssertEqual(cases.count, 16)
        for testCase in cases {
            let name = testCase["name"] as! String
            let url = try XCTUnwrap(WebURL.parse("https://example.com" + (testCase["path"] as! String)), name)
            let result = AppSiteAssociation.parse(try Self.body(testCase))
            if let expected = testCase["expected"] as? [String: String] {
                let association = try XCTUnwrap(result.value, name)
                XCTAssertEqual(association.match(url).mapValues(\.rawValue), expected, name)
                for (appID, verdict) in expected {
                    XCTAssertEqual(association.verdict(for: url, appID: appID)?.rawValue, verdict, name)
                }
            } else {
                // "error (verify rejects)": no association, and an error that says why.
                XCTAssertNil(result.value, name)
                XCTAssertTrue(result.errors.contains { $0.reason.hasPrefix("not valid JSON") }, "\(name): \(result.problems)")
            }
        }
    }

    /// The upstream simulator's pattern rules (not swcutil-verified, but Apple's grammar):
    /// `?` one character, `*` zero or more, `?*` one or more, regex metacharacters literal.
    func testPatternSemanticsFromTheSimulatorTests() throws {
        let root = try JSONSerialization.jsonObject(with: Fixture.data("aasa/cases.json")) as! [String: Any]
        let rules = root["pattern_semantics_from_simulator_tests"] as! [[String: String]]
        XCTAssertEqual(rules.count, 4)
        let samples: [String: [(String, Bool)]] = [
            "a?b": [("axb", true), ("ab", false), ("axxb", false)],
            "a*b": [("ab", true), ("axxxb", true), ("a/x/b", true), ("axc", false)],
            "a?*b": [("ab", false), ("axb", true), ("axyzb", true)],
            "^(a.+)[b]$": [("^(a.+)[b]$", true), ("aab", false), ("axb", false)],
        ]
        for rule in rules {
            let pattern = AASAPattern(rule["pattern"]!, caseSensitive: true)
            for (text, expected) in try XCTUnwrap(samples[rule["pattern"]!]) {
                XCTAssertEqual(pattern.matches(text), expected, "\(pattern) ~ \(text)")
            }
        }
    }
}
