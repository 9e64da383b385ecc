import XCTest
@testable import LinkAuditModel
@testable import Reports
import TestSupport

/// `--fail-on error|warning|never` and `--fail-on-new`: exit 1 or 0 from the summary;
/// bad values are usage errors (exit 2 in the CLI) naming the flag.
final class ReportFailPolicyTests: XCTestCase {
    private func summary(_ counts: [Severity: Int], new: [Severity: Int]? = nil) -> ReportSummary {
        var summary = ReportSummary()
        summary.bySeverity = counts
        summary.findings = counts.values.reduce(0, +)
        if let new { summary.baseline = BaselineCounts(new: new.values.reduce(0, +), newBySeverity: new) }
        return summary
    }

    func testFailOnError() {
        let policy = FailPolicy(level: .error)
        XCTAssertEqual(policy.exitCode(summary([.error: 1])), 1)
        XCTAssertEqual(policy.exitCode(summary([.warning: 4, .info: 2])), 0)
        XCTAssertEqual(policy.exitCode(summary([:])), 0)
        XCTAssertEqual(policy.explanation(summary([.error: 2, .warning: 1])), "2 findings at or above error (--fail-on error)")
    }

    func testFailOnWarning() {
        let policy = FailPolicy(level: .warning)
        XCTAssertEqual(policy.exitCode(summary([.warning: 1])), 1)
        XCTAssertEqual(policy.exitCode(summary([.error: 1])), 1)
        XCTAssertEqual(policy.exitCode(summary([.info: 9])), 0)
        XCTAssertEqual(policy.failing(summary([.error: 1, .warning: 2, .info: 3])), 3)
    }

    func testFailOnNever() {
        let policy = FailPolicy(level: .never)
        XCTAssertEqual(policy.exitCode(summary([.error: 10, .warning: 10])), 0)
        XCTAssertNil(policy.explanation(summary([.error: 10])))
    }

    func testFailOnNewCountsOnlyNewFindings() {
        let policy = FailPolicy(level: .error, onlyNew: true)
        XCTAssertEqual(policy.exitCode(summary([.error: 5], new: [:])), 0, "old errors do not fail a nightly run")
        XCTAssertEqual(policy.exitCode(summary([.error: 5], new: [.warning: 1])), 0)
        XCTAssertEqual(policy.exitCode(summary([.error: 5], new: [.error: 1])), 1)
        XCTAssertEqual(policy.explanation(summary([.error: 5], new: [.error: 1])),
                       "1 new finding at or above error (--fail-on error --fail-on-new)")
        XCTAssertEqual(FailPolicy(level: .warning, onlyNew: true).exitCode(summary([:], new: [.warning: 1])), 1)
    }

    func testOnTheDemoFixture() {
        let report = ReportFixture.accumulate(ReportFixture.run1).report()
        XCTAssertEqual(FailPolicy(level: .error).exitCode(report.summary), 1)
        XCTAssertEqual(FailPolicy(level: .never).exitCode(report.summary), 0)
        let previous = Baseline(label: "night1", findings: Array(report.findings))
        let nightly = ReportFixture.accumulate(ReportFixture.run1).report(baseline: previous)
        XCTAssertEqual(FailPolicy(level: .error, onlyNew: true).exitCode(nightly.summary), 0)
        let changed = ReportFixture.accumulate(ReportFixture.run2).report(baseline: previous)
        XCTAssertEqual(FailPolicy(level: .error, onlyNew: true).exitCode(changed.summary), 1)
    }

    func testSuppressedFindingsNeverFail() {
        var accumulator = ReportAccumulator(rules: ReportRules(suppressions: [
            Suppression(page: Glob(ReportFixture.site + "*"), reason: "known"),
        ]))
        for page in ReportFixture.run1 { accumulator.add(page: page.record, navigations: page.navigations) }
        let summary = accumulator.report().summary
        XCTAssertEqual(summary.findings, 0)
        XCTAssertEqual(summary.suppressed, 16)
        XCTAssertEqual(FailPolicy(level: .warning).exitCode(summary), 0)
    }

    func testParsing() throws {
        XCTAssertEqual(try FailPolicy.parse(failOn: nil, onlyNew: false, hasBaseline: false), FailPolicy(level: .error))
        XCTAssertEqual(try FailPolicy.parse(failOn: "WARNING", onlyNew: true, hasBaseline: true),
                       FailPolicy(level: .warning, onlyNew: true))
        XCTAssertEqual(try FailPolicy.parse(failOn: "never", onlyNew: false, hasBaseline: false).level, .never)
        XCTAssertThrowsError(try FailPolicy.parse(failOn: "fatal", onlyNew: false, hasBaseline: false)) {
            XCTAssertEqual($0 as? LinkAuditError, .usage("--fail-on takes error, warning or never, not 'fatal'"))
        }
        XCTAssertThrowsError(try FailPolicy.parse(failOn: nil, onlyNew: true, hasBaseline: false)) {
            XCTAssertEqual($0 as? LinkAuditError, .usage("--fail-on-new needs --baseline (the previous run to compare with)"))
        }
    }
}
