import XCTest
@testable import LinkAuditModel
@testable import Reports
import TestSupport

/// Two runs of the demo fixture where the checkout page changed: the DANA link went, a
/// GCash link came, every later line moved down by two and the order ids changed.
final class ReportBaselineTests: XCTestCase {
    private let checkout = ReportFixture.site + "checkout/"

    func testTwoRunsReportExactlyTheNewAndFixedFindings() throws {
        let dir = TempDir()
        ReportFixture.write(ReportFixture.run1, to: dir.path + "/night1")
        var warnings: [String] = []
        let baseline = try Baseline.load(dir.path + "/night1", warn: { warnings.append($0) })
        XCTAssertEqual(warnings, [])
        let report = ReportFixture.accumulate(ReportFixture.run2).report(baseline: baseline)

        let new = report.findings.filter { $0.baseline == .new }.map { "\($0.code) \($0.url)" }
        XCTAssertEqual(new, ["ERR_UNKNOWN_URL_SCHEME gcash://pay?ref=ORD-20240612-0043",
                             "UNSUPPORTED_URL gcash://pay?ref=ORD-20240612-0043"])
        XCTAssertEqual(report.fixed.map { "\($0.code) \($0.url) line \($0.line!)" },
                       ["ERR_UNKNOWN_URL_SCHEME dana://wallet/pay?order=ORD-20240611-0042 line 26",
                        "UNSUPPORTED_URL dana://wallet/pay?order=ORD-20240611-0042 line 26"])
        XCTAssertTrue(report.findings.filter { $0.baseline != .new }.allSatisfy { $0.baseline == .persisting })
        XCTAssertEqual(report.summary.baseline, BaselineCounts(new: 2, fixed: 2, persisting: 13, newBySeverity: [.error: 2]))
        let unreadable = try XCTUnwrap(report.findings.first { $0.code == "PAGE_UNREADABLE" })
        XCTAssertEqual(unreadable.baseline, .persisting, "pages.jsonl is read with the baseline")
    }

    func testTheSameRunTwiceHasNothingNewOrFixed() throws {
        let previous = ReportFixture.accumulate(ReportFixture.run1).report()
        let report = ReportFixture.accumulate(ReportFixture.run1)
            .report(baseline: Baseline(label: "same", findings: Array(previous.findings)))
        XCTAssertEqual(report.summary.baseline?.new, 0)
        XCTAssertEqual(report.summary.baseline?.fixed, 0)
        XCTAssertEqual(report.fixed, [])
    }

    func testOccurrencesAreCounted() {
        let link = ReportFixture.nav("checkout/", 10, "a[href]", .tap, "dana://pay?order=1", ReportFixture.unknownScheme,
                                     ["ERR_UNKNOWN_URL_SCHEME": ["android-webview"]])
        var again = link
        again.line = 50
        again.url = "dana://pay?order=2"
        let record = ReportFixture.record("checkout/", bytes: 1, count: 2)
        var before = ReportAccumulator()
        before.add(page: record, navigations: [link])
        var after = ReportAccumulator()
        after.add(page: record, navigations: [link, again])
        let report = after.report(baseline: Baseline(label: "b", findings: Array(before.report().findings)))
        XCTAssertEqual(report.findings.map { $0.baseline }, [.persisting, .new], "the second copy is new")
    }

    func testNormalisedURLs() {
        let normalise = BaselineURLForm.normalise
        XCTAssertEqual(normalise("dana://wallet/pay?order=41&amount=1"), normalise("dana://wallet/pay?amount=9&order=42"))
        XCTAssertEqual(normalise("  HTTPS://Shop.Example:443/a/../b#frag"), "https://shop.example/b")
        XCTAssertEqual(normalise("DANA://Wallet/pay"), "dana://wallet/pay")
        XCTAssertNotEqual(normalise("dana://wallet/pay"), normalise("dana://wallet/refund"))
        XCTAssertNotEqual(normalise("dana://wallet/pay?order=1"), normalise("dana://wallet/pay?ref=1"))
        XCTAssertEqual(normalise("intent://pay/?o=1#Intent;scheme=tmn;package=a.b;S.browser_fallback_url=https%3A%2F%2Fx;end"),
                       "intent://pay/?o#Intent;scheme=tmn;package=a.b;S.browser_fallback_url=;end")
        XCTAssertNotEqual(normalise("intent://pay/#Intent;scheme=tmn;package=a.b;end"),
                          normalise("intent://pay/#Intent;scheme=tmn;package=c.d;end"))
        XCTAssertEqual(normalise("not a url"), "not a url")
    }

    func testMissingBaselineIsAUsageError() {
        XCTAssertThrowsError(try Baseline.load("/nonexistent/night1", warn: { _ in })) { error in
            XCTAssertEqual(error as? LinkAuditError, .usage("--baseline: no such file or folder: /nonexistent/night1"))
        }
        let dir = TempDir()
        XCTAssertThrowsError(try Baseline.load(dir.path, warn: { _ in })) { error in
            XCTAssertEqual(error as? LinkAuditError, .usage("--baseline: no links.jsonl in \(dir.path)"))
        }
    }
}
