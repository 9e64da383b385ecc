import XCTest
@testable import LinkAuditModel
@testable import PageSources
import TestSupport

/// What the extraction's limits cut reaches the page's record in `pages.jsonl` as a
/// warning (README Limits), and a `Refresh` header's delay enters the page clock in range.
final class ExtractionLimitWarningTests: XCTestCase {
    private let page = "https://shop.example/checkout"

    private func read(_ html: String) -> PageResult {
        PageReader().read(bytes: Array(html.utf8), page: page, file: nil, declaredHTML: true)
    }

    private var costlyScript: String {
        (0..<6).map { i in
            "function f\(i)() { " + (0..<30).map { "setTimeout(f\((i + 1) % 6), \(Int(pow(31.0, Double($0 % 6))) * ($0 / 6 + 1)));" }
                .joined(separator: " ") + " location.href = 'x://\(i)'; }"
        }.joined(separator: "\n") + "\nf0();"
    }

    func testAScriptPastItsBudgetWarnsOnThePage() {
        let result = read("<p>\n<script>\(costlyScript)</script>")
        XCTAssertEqual(result.record.status, "ok")
        XCTAssertEqual(result.record.warning?.hasPrefix("script-calls-cut: "), true, result.record.warning ?? "nil")
        XCTAssertTrue(result.record.warning?.contains("the script on line 2") == true, result.record.warning ?? "nil")
    }

    func testWarningsAreJoinedOnOneLine() {
        let result = read("<script>\(costlyScript)</script><a href=\"x://cut")
        let warning = result.record.warning ?? ""
        XCTAssertTrue(warning.hasPrefix("truncated: the file ends inside a tag on line 7; script-calls-cut: "), warning)
        XCTAssertFalse(warning.contains("\n"))
    }

    func testTooManyAttributesWarnOnThePage() {
        let attributes = (0..<100_000).map { "a\($0)=1" }.joined(separator: " ")
        let result = read("<p>\n\n<a href=\"gojek://pay\" \(attributes)>pay</a>")
        XCTAssertEqual(result.navigations.map(\.raw), ["gojek://pay"])
        XCTAssertEqual(result.record.warning,
                       "attributes-cut: a tag (the first on line 3) had more than 1000 attributes; those past it were ignored")
    }

    func testRefreshHeaderOfTwentyDigitsIsHeldAtTheClocksMaximum() {
        let archived = ArchivedPage(page: page, file: "a.warc#record=1", status: 200, body: [], charset: nil,
                                    location: nil, refresh: "99999999999999999999; url=gojek://pay", isHTML: true)
        let navs = archived.responseNavigations()
        XCTAssertEqual(navs.map(\.delayMs), [PageClock.maxDelayMs])
        XCTAssertEqual(navs.map(\.url), ["gojek://pay"])
    }
}
