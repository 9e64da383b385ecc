import Foundation
import XCTest
@testable import WHATWGURL
import TestSupport

/// Runs every vector of web-platform-tests `url/resources/urltestdata.json` against WebURL.
final class WebURLPlatformTests: XCTestCase {
    /// Vectors WebURL knowingly gets wrong, by exact input, with the reason. Keep it narrow.
    /// (Empty since IDNA goes through libidn2: "loC𝐀𝐋𝐇𝐨𝐬𝐭" now maps to "localhost" by NFKC.)
    static let knownFailures: [String: String] = [:]

    func testWebURLPassesWPTURLTestData() throws {
        let json = try JSONSerialization.jsonObject(with: Fixture.data("url/urltestdata.json"))
        let entries = try XCTUnwrap(json as? [Any])
        var total = 0
        var passed = 0
        var excluded = 0
        var problems: [String] = []
        for case let vector as [String: Any] in entries {
            total += 1
            let input = try XCTUnwrap(vector["input"] as? String)
            let base = vector["base"] as? String
            let mismatches = Self.check(vector, input: input, base: base)
            if Self.knownFailures[input] != nil {
                excluded += 1
                continue
            }
            if mismatches.isEmpty {
                passed += 1
            } else {
                problems.append("input \(Self.quote(input)) base \(base.map(Self.quote) ?? "null"): "
                    + mismatches.joined(separator: "; "))
            }
        }
        print("WPT urltestdata.json: \(passed) of \(total) vectors passed, \(excluded) excluded as known failures")
        XCTAssertEqual(total, 891, "fixture should hold 891 test objects")
        XCTAssertEqual(excluded, Self.knownFailures.count, "every exclusion must name a vector in the fixture")
        XCTAssertTrue(problems.isEmpty, "\(problems.count) vectors failed:\n" + problems.joined(separator: "\n"))
    }

    /// Differences between WebURL's result and the vector's expectations.
    static func check(_ vector: [String: Any], input: String, base: String?) -> [String] {
        let parsed: WebURL?
        if let base {
            parsed = WebURL.parse(input, baseString: base)
        } else {
            parsed = WebURL.parse(input)
        }
        if vector["failure"] as? Bool == true {
            var mismatches: [String] = []
            if let parsed { mismatches.append("expected failure, got \(quote(parsed.href))") }
            // WPT also requires that the input fails as a base for "about:blank".
            if base == nil, let url = WebURL.parse("about:blank", baseString: input) {
                mismatches.append("input as base should fail, got \(quote(url.href))")
            }
            return mismatches
        }
        guard let url = parsed else { return ["expected \(quote(vector["href"] as? String ?? "?")), got failure"] }
        let actual: [String: String] = [
            "href": url.href, "protocol": url.protocolString, "username": url.username,
            "password": url.password, "host": url.host, "hostname": url.hostname ?? "",
            "port": url.port.map(String.init) ?? "", "pathname": url.pathname, "search": url.search,
            "hash": url.hash, "origin": url.origin,
        ]
        var mismatches: [String] = []
        for key in ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname",
                    "search", "hash", "origin"] {
            guard let expected = vector[key] as? String else { continue }  // origin is optional
            if actual[key] != expected {
                mismatches.append("\(key) \(quote(actual[key] ?? "")) != expected \(quote(expected))")
            }
        }
        return mismatches
    }

    /// Quotes with non-printable and non-ASCII scalars escaped, so failures are readable.
    static func quote(_ string: String) -> String {
        var output = "\""
        for scalar in string.unicodeScalars {
            if scalar.value >= 0x20 && scalar.value < 0x7F {
                output.unicodeScalars.append(scalar)
            } else {
                output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return output + "\""
    }
}
