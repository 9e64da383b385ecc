import XCTest
@testable import Extraction
import TestSupport

/// `Fixtures/refresh/cases.json`: 69 cases from WPT's meta refresh `parsing.html` plus 14
/// `derived` ones (see `Fixtures/SOURCES.md`).
final class MetaRefreshTests: XCTestCase {
    private struct Case: Decodable {
        var content: String
        var valid: Bool
        var delay: Int?
        var url: String?
        var url_string_raw: String?
        var source: String
    }

    private func loadCases() throws -> [Case] {
        try JSONDecoder().decode([Case].self, from: Fixture.data("refresh/cases.json"))
    }

    /// What WPT observes after the URL parser: leading/trailing C0 controls and spaces
    /// stripped, tabs and newlines removed. An empty result resolves to the page itself,
    /// which the fixture records as `url: null`.
    private func urlParserCleanup(_ raw: String) -> String? {
        var scalars = Array(raw.unicodeScalars)
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        scalars.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var cleaned = String.UnicodeScalarView()
        cleaned.append(contentsOf: scalars)
        return cleaned.isEmpty ? nil : String(cleaned)
    }

    func testEveryFixtureCase() throws {
        let cases = try loadCases()
        XCTAssertEqual(cases.count, 83)
        XCTAssertEqual(cases.filter { $0.source.hasPrefix("wpt:") }.count, 69)
        for c in cases {
            let label = "\(c.source.hasPrefix("wpt:") ? "wpt" : "derived") content=\(String(reflecting: c.content))"
            let parsed = MetaRefresh.parse(c.content)
            guard c.valid else {
                XCTAssertNil(parsed, label)
                continue
            }
            guard let parsed else {
                XCTFail("expected a refresh: \(label)")
                continue
            }
            XCTAssertEqual(parsed.delaySeconds, c.delay, label)
            XCTAssertEqual(parsed.url, c.url_string_raw, label)
            XCTAssertEqual(parsed.url.flatMap(urlParserCleanup), c.url, label)
        }
    }

    func testJavaScriptTargetsAreRecognisedAsInert() throws {
        XCTAssertEqual(MetaRefresh.parse("0; uRl=javascript:alert(1)")?.isJavaScriptURL, true)
        XCTAssertEqual(MetaRefresh.parse("0; url=' \tJava\nScript:x'")?.isJavaScriptURL, true)
        XCTAssertEqual(MetaRefresh.parse("0; url=javascripts:x")?.isJavaScriptURL, false)
        XCTAssertEqual(MetaRefresh.parse("0; url=/javascript:x")?.isJavaScriptURL, false)
        XCTAssertEqual(MetaRefresh.parse("0; url=java\u{1}script:x")?.isJavaScriptURL, false)
        XCTAssertEqual(MetaRefresh.parse("0")?.isJavaScriptURL, false)
    }

    func testEdgeCasesBeyondTheFixture() {
        // A huge delay saturates rather than trapping.
        XCTAssertEqual(MetaRefresh.parse("99999999999999999999999; url=x"),
                       MetaRefresh(delaySeconds: Int.max, url: "x"))
        // An unmatched quote keeps the rest of the string.
        XCTAssertEqual(MetaRefresh.parse("0; url='a b"), MetaRefresh(delaySeconds: 0, url: "a b"))
        // Non-ASCII URLs come through untouched.
        XCTAssertEqual(MetaRefresh.parse("2;URL=/お支払い"), MetaRefresh(delaySeconds: 2, url: "/お支払い"))
        XCTAssertNil(MetaRefresh.parse("   "))
    }
}
