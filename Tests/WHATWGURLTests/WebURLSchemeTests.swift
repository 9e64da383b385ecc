import Foundation
import TestSupport
@testable import WHATWGURL
import XCTest

/// `WebURL.scheme` (a special scheme's name as a literal, issue 17) against `plainScheme`,
/// the scheme's bytes of `href`, and each component (short ones made in place) against its
/// bytes decoded, on the WPT vectors and on every case of every special scheme,
/// absolute and relative, through both parsers.
final class WebURLSchemeTests: XCTestCase {
    private func check(_ url: WebURL, _ what: String, counts: inout [String: Int]) {
        XCTAssertEqual(Array(url.scheme.utf8), Array(url.plainScheme.utf8), what)
        // Every component as `String(decoding:)` makes it of its bytes of `href`.
        let href = Array(url.href.utf8)
        func decoded(_ range: Range<Int>?) -> String? {
            range.map { String(decoding: href[$0], as: UTF8.self) }
        }
        XCTAssertEqual(url.plainScheme, decoded(url.layout.schemeRange), what)
        XCTAssertEqual(url.hostname, decoded(url.layout.hostRange), what)
        XCTAssertEqual(url.pathname, decoded(url.layout.pathRange), what)
        XCTAssertEqual(url.query, decoded(url.layout.queryRange), what)
        XCTAssertEqual(url.fragment, decoded(url.layout.fragmentRange), what)
        XCTAssertEqual(url.username, decoded(url.layout.usernameRange), what)
        counts[url.scheme, default: 0] += 1
    }

    func testSchemeIsTheSchemesBytes() throws {
        var counts: [String: Int] = [:]
        let json = try JSONSerialization.jsonObject(with: Fixture.data("url/urltestdata.json"))
        for case let vector as [String: Any] in try XCTUnwrap(json as? [Any]) {
            let input = try XCTUnwrap(vector["input"] as? String)
            let base = (vector["base"] as? String).flatMap { WebURL.parse($0) }
            if let base { check(base, "base of \(input)", counts: &counts) }
            for fastPath in [true, false] {
                if let url = WebURL.Parser.parse(input, base: base, fastPath: fastPath) {
                    check(url, input, counts: &counts)
                }
            }
        }
        let bases = ["https://a.example/x/", "HTTP://a.example", "wS://a", "wss://a/b", "FtP://a/", "file:///c/d",
                     "intent://x#Intent;end", "mailto:a@b"].compactMap { WebURL.parse($0) }
        // The common deep-link schemes given as literals too (issue 17), in any case, and
        // schemes one byte off them.
        for scheme in ["http", "HTTPS", "Ws", "wSs", "ftp", "FILE", "https", "intent", "Gojek", "tel",
                       "INTENT", "Tel", "sms", "SmS", "mailto", "MailTo", "market", "javascript", "JavaScript",
                       "intend", "intents", "te", "tell", "smss", "mailt", "markets", "javascripts", "javascrip",
                       "te1", "m-rket", "in.ent", "sms+x"] {
            for rest in ["://a.example/p?q#f", ":a", ":/x", "://", ":"] {
                for fastPath in [true, false] {
                    if let url = WebURL.Parser.parse(scheme + rest, base: nil, fastPath: fastPath) {
                        check(url, scheme + rest, counts: &counts)
                    }
                    for base in bases {
                        if let url = WebURL.Parser.parse(rest.dropFirst().description, base: base, fastPath: fastPath) {
                            check(url, "\(rest) against \(base)", counts: &counts)
                        }
                    }
                }
            }
        }
        // Every special scheme is reached, and others too.
        for scheme in ["http", "https", "ws", "wss", "ftp", "file", "intent", "mailto", "tel", "sms", "market",
                       "javascript", "intend", "javascrip"] {
            XCTAssertGreaterThan(counts[scheme, default: 0], 0, scheme)
        }
    }
}
