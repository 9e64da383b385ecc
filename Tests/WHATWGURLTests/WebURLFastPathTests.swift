import Foundation
import XCTest
@testable import WHATWGURL
import TestSupport

/// The one-pass parser must give exactly what the full state machine gives (href and
/// component offsets) whenever it answers at all; these tests run both on the same inputs.
final class WebURLFastPathTests: XCTestCase {
    static let bases = [
        "https://shop.example/p/p0000.html", "https://u:p@h.example:8080/a/b/c?q#f", "http://h/", "https://h",
        "HTTPS://H.example/a/b/", "ws://h/a/", "ftp://h:21/x/y", "file:///C:/x", "mailto:a@b", "foo://h/p",
        "https://h/a?x", "https://h/a#x", "http://1.2.3.4/a/b",
    ]

    static let schemes = ["http:", "HTTPS:", "https:", "wS:", "ftp:", "file:", "foo:", "", "h+t:", "GoJek:"]
    static let slashes = ["//", "/", "", "\\\\", "///", "/\\"]
    static let hosts = [
        "shop.example", "SHOP.Example", "a..b", ".", "x.", "xn--a.b", "a.XN--b", "1.2.3.4", "a.1", "a.0x1",
        "a.1a", "a.0x", "a_b", "a@b", "a:b@c", "[::1]", "ex%41mple", "\u{E9}.com", "", "a-b.c-", "a b", "a\u{7F}",
    ]
    static let ports = ["", ":", ":80", ":443", ":0080", ":21", ":65535", ":65536", ":8a", ":99999999999"]
    static let paths = [
        "", "/", "/a/b", "/./", "/../..", "/a/%2e%2E/b", "/a/.%2e", "/a/%2E.", "/ sp\"<>`{}^|", "/\u{E9}",
        "\\a\\b", "/a/..", "/a/.", "/a//b/", "/c/166.html", "/%2e%2e", "/.%2E/x", "/a/..b/.c", "/\u{0}\u{1F}",
    ]
    static let tails = ["", "?", "?a'b c#", "?x", "#", "#a b`#<\"", "?q\u{E9}#f\u{E9}", "#?x", "?%zz#%41"]
    static let relatives = [
        "", "/", "//", "//host/x", "\\\\h", "/\\h/x", "?", "#", "a", "../b", "./", "..", ".", "%2e%2E/x",
        "a/../../..", "?q#f", "#f?g", "c/166.html", "../p/1.html", "/c/1.html?x#y", "///h/x", "//H:8080",
        "//h:443/", "//u@h/", "https:x", "https:/x", "http:x", "  /a  ", "/a\tb", " \u{1}x", "\\a", "C|/x",
        "a:b", "1a:b", "//[::1]/", "//1.2.3.4/", "//h/\u{E9}?\u{E9}#\u{E9}",
    ]

    /// Both parsers on `input` against `base`; a description of the difference, or nil.
    static func difference(_ input: String, base: WebURL?) -> String? {
        let fast = WebURL.Parser.parse(input, base: base, fastPath: true)
        let full = WebURL.Parser.parse(input, base: base, fastPath: false)
        if fast?.href == full?.href && fast?.layout == full?.layout { return nil }
        return "\(WebURLPlatformTests.quote(input)) against \(base?.href ?? "nil"): fast "
            + "\(fast.map { "\($0.href) \($0.layout)" } ?? "failure"), full "
            + "\(full.map { "\($0.href) \($0.layout)" } ?? "failure")"
    }

    /// The fast path's own answer for `input` (which must need no trimming or tab removal).
    static func fastPathOnly(_ input: String, base: WebURL?) -> WebURL? {
        let noBytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        let baseArray = Array(base?.href.utf8 ?? "".utf8)
        return Array(input.utf8).withUnsafeBufferPointer { bytes in
            baseArray.withUnsafeBufferPointer { baseBytes in
                WebURL.FastPath.parse(bytes, base: base?.layout, baseBytes: base == nil ? noBytes : baseBytes)
            }
        }
    }

    func testAgreesWithFullParserOnWPTVectors() throws {
        let json = try JSONSerialization.jsonObject(with: Fixture.data("url/urltestdata.json"))
        var problems: [String] = []
        for case let vector as [String: Any] in try XCTUnwrap(json as? [Any]) {
            let input = try XCTUnwrap(vector["input"] as? String)
            var base: WebURL? = nil
            if let baseString = vector["base"] as? String {
                base = WebURL.Parser.parse(baseString, base: nil, fastPath: false)
                if base == nil { continue }
                // The base itself goes through the fast path too.
                if let problem = Self.difference(baseString, base: nil) { problems.append(problem) }
            }
            if let problem = Self.difference(input, base: base) { problems.append(problem) }
        }
        XCTAssertTrue(problems.isEmpty, problems.joined(separator: "\n"))
    }

    func testAgreesWithFullParserOnAbsoluteURLs() {
        var problems: [String] = []
        var count = 0
        var answered = 0
        for scheme in Self.schemes {
            for slash in Self.slashes {
                for host in Self.hosts {
                    for port in Self.ports {
                        // Vary the rest with the position so every path and tail meets many prefixes.
                        let path = Self.paths[count % Self.paths.count]
                        let tail = Self.tails[count % Self.tails.count]
                        count += 1
                        let input = scheme + slash + host + port + path + tail
                        for base in [nil, WebURL.parse("https://b.example/x/y")] {
                            if let problem = Self.difference(input, base: base) { problems.append(problem) }
                            if Self.fastPathOnly(input, base: base) != nil { answered += 1 }
                        }
                    }
                }
            }
        }
        for path in Self.paths {
            for tail in Self.tails {
                if let problem = Self.difference("https://h.example" + path + tail, base: nil) {
                    problems.append(problem)
                }
            }
        }
        XCTAssertTrue(problems.isEmpty, "\(problems.count) differences:\n" + problems.prefix(50).joined(separator: "\n"))
        // Guard against a comparison that passes because the fast path never answers.
        XCTAssertGreaterThan(answered, 2 * count / 10, "fast path answered \(answered) of \(2 * count)")
    }

    /// Non-special URLs — the deep links of a checkout page: wallets' schemes with an opaque
    /// host, `intent:`, `tel:`, `mailto:`, `javascript:` — against no base, a special base and
    /// a non-special one; and the ones pages are made of take the fast path.
    func testAgreesWithFullParserOnNonSpecialURLs() throws {
        let schemes = ["gojek:", "GoJek:", "intent:", "tel:", "mailto:", "x+y.z-1:", "javascript:"]
        let rests = [
            "//pay?order=ORD-1&amount=500", "//pay/wallet/pay?order=1#top", "//PAY/A/B", "//p/./a/../b/%2e%2E/c",
            "//pay/#Intent;scheme=dana;package=id.dana;S.browser_fallback_url=https%3A%2F%2Fm.dana.example%2Fpay;end",
            "#Intent;action=android.intent.action.VIEW;package=id.dana;S.market_referrer=order%3D1;end",
            "+62-21-555-0001", "help@shop.example?subject=Order%20ORD-1", "void(0)", "location.href='x'",
            "//", "///x", "/x", "//h:1/x", "//u@h/x", "//[::1]/", "//h%41/x", "//h^/x", "//h|x", "//h\\x", "//h/a\\b",
            "//h/a b", "//h/a'b?c'd#e`f", "//h/\u{E9}?\u{E9}#\u{E9}", "//h?", "//h#", "//h/?#", "a b", "a ?b", "a #b",
            "\u{E9}", "a\u{7F}b", "?q'x", "#f", "", "//h/..", "//h/a/..", "//h/.", "//h/a/.%2e/b", "//h/a/%2e",
            "//h.example/a//b/", "//a.1", "//xn--a", "//h:", "//h/\u{0}",
        ]
        let bases = [nil, WebURL.parse("https://shop.example/p/"), WebURL.parse("gojek://pay/a"), WebURL.parse("mailto:x")]
        var problems: [String] = []
        var answered = 0, count = 0
        for scheme in schemes {
            for rest in rests {
                for base in bases {
                    count += 1
                    if let problem = Self.difference(scheme + rest, base: base) { problems.append(problem) }
                    if Self.fastPathOnly(scheme + rest, base: base) != nil { answered += 1 }
                }
            }
        }
        XCTAssertTrue(problems.isEmpty, "\(problems.count) differences:\n" + problems.prefix(50).joined(separator: "\n"))
        XCTAssertGreaterThan(answered, count / 3, "fast path answered \(answered) of \(count)")
        for link in ["gojek://pay?order=ORD-00000001", "tel:+62-21-555-0001", "mailto:help@shop.example?subject=Order%20X",
                     "intent://wallet/pay?order=1#Intent;scheme=dana;package=id.dana;end", "javascript:void(0)"] {
            XCTAssertNotNil(Self.fastPathOnly(link, base: bases[1]), link)
        }
    }

    func testAgreesWithFullParserOnRelativeReferences() throws {
        var problems: [String] = []
        var answered = 0
        for baseString in Self.bases {
            let base = try XCTUnwrap(WebURL.Parser.parse(baseString, base: nil, fastPath: false))
            var inputs = Self.relatives
            for path in Self.paths {
                for tail in Self.tails {
                    inputs.append(path + tail)
                    inputs.append(String(path.dropFirst()) + tail)
                }
            }
            for input in inputs {
                if let problem = Self.difference(input, base: base) { problems.append(problem) }
                if Self.fastPathOnly(input, base: base) != nil { answered += 1 }
            }
        }
        XCTAssertGreaterThan(answered, 1000, "the fast path should answer most references to special bases")
        XCTAssertTrue(problems.isEmpty, "\(problems.count) differences:\n" + problems.prefix(50).joined(separator: "\n"))
    }

    func testByteClassConstants() {
        typealias Fast = WebURL.FastPath
        let alphanumerics = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        let sets: [(String, WebURL.ASCIISet, (UInt8) -> Bool)] = [
            ("scheme", Fast.schemeBytes, { WebURL.ASCIISet(alphanumerics + "+-.").contains($0) }),
            ("host", Fast.plainHostBytes, { WebURL.ASCIISet("abcdefghijklmnopqrstuvwxyz0123456789-_").contains($0) }),
            ("path", Fast.plainPathBytes, { !WebURL.PercentEncodeSet.path.contains($0) && !"/\\?#".utf8.contains($0) }),
            ("query", Fast.plainSpecialQueryBytes, {
                !WebURL.PercentEncodeSet.specialQuery.contains($0) && $0 != UInt8(ascii: "#")
            }),
            ("fragment", Fast.plainFragmentBytes, { !WebURL.PercentEncodeSet.fragment.contains($0) }),
            ("non-special query", Fast.plainQueryBytes, {
                !WebURL.PercentEncodeSet.query.contains($0) && $0 != UInt8(ascii: "#")
            }),
            ("opaque host", Fast.plainOpaqueHostBytes, { WebURL.ASCIISet(alphanumerics + "-._~!$&'()*+,;=").contains($0) }),
            ("opaque path", Fast.plainOpaquePathBytes, {
                $0 > 0x20 && $0 < 0x7F && !WebURL.PercentEncodeSet.c0Control.contains($0) && !"?#".utf8.contains($0)
            }),
        ]
        for (name, constant, expected) in sets {
            for byte in UInt8(0)...UInt8(255) {
                XCTAssertEqual(constant.contains(byte), byte < 0x80 && expected(byte), "\(name) \(byte)")
            }
        }
        XCTAssertFalse(Fast.plainPathBytes.contains(UInt8(ascii: "\\")))
    }

    /// The point of the fast path: the links pages are made of take it, and an already
    /// serialised URL comes back sharing the input's storage.
    func testCommonLinksTakeTheFastPath() throws {
        let base = try XCTUnwrap(WebURL.parse("https://shop.example/p/p0000.html"))
        let noBytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        for input in ["/c/166.html", "../p/1.html", "p0001.html?x=1#top", "#f", "?q", "//cdn.example/a.js",
                      "https://shop.example/c/166.html", "HTTP://Shop.Example:80/a/./b/../c"] {
            XCTAssertNotNil(Self.fastPathOnly(input, base: base), input)
        }
        XCTAssertNil(WebURL.FastPath.parse(noBytes, base: nil, baseBytes: noBytes))
        let absolute = "https://shop.example/c/166.html?q=1#f"
        let url = try XCTUnwrap(WebURL.parse(absolute, base: base))
        XCTAssertEqual(url.href, absolute)
        func storage(_ string: String) -> UnsafePointer<UInt8>? {
            string.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil
        }
        XCTAssertEqual(storage(url.href), storage(absolute), "a serialised URL is not copied")
    }
}
