import XCTest
@testable import Reports
import TestSupport

/// Every format rendered from the demo-site fixture and compared with its golden file.
final class ReportGoldenTests: XCTestCase {
    private var report: Report {
        ReportFixture.accumulate(ReportFixture.run1).report(toolVersion: "0.1.0", assumptions: ReportFixture.assumptions)
    }

    private var baselineReport: Report {
        let previous = ReportFixture.accumulate(ReportFixture.run1).report()
        let baseline = Baseline(label: "Reports/nightly-2024-06-11", findings: Array(previous.findings))
        return ReportFixture.accumulate(ReportFixture.run2).report(baseline: baseline, toolVersion: "0.1.0",
                                                                   assumptions: ReportFixture.assumptions)
    }

    func testCSV() {
        Golden.check(FindingsCSV.render(report), "findings.csv")
    }

    func testCSVWide() {
        var report = report
        report.csv = CSVOptions(layout: .wide)
        Golden.check(FindingsCSV.render(report), "findings-wide.csv")
    }

    func testMarkdown() {
        Golden.check(SummaryMarkdown.render(report), "summary.md")
    }

    func testSARIF() {
        Golden.check(FindingsSARIF.render(report), "findings.sarif")
    }

    func testJUnit() {
        Golden.check(JUnitXML.render(report), "junit.xml")
    }

    func testJSON() {
        Golden.check(FindingsJSON.render(report), "findings.json")
    }

    /// The run's records as `audit` writes them; also where the links.jsonl fuzzing harness
    /// starts (Scripts/fuzz.sh).
    func testJSONLines() throws {
        let dir = TempDir()
        ReportFixture.write(ReportFixture.run1, to: dir.path)
        Golden.check(try String(contentsOfFile: dir.path + "/links.jsonl", encoding: .utf8), "links.jsonl")
        Golden.check(try String(contentsOfFile: dir.path + "/pages.jsonl", encoding: .utf8), "pages.jsonl")
    }

    func testBaselineFormats() {
        let report = baselineReport
        Golden.check(SummaryMarkdown.render(report), "baseline/summary.md")
        Golden.check(FindingsCSV.render(report), "baseline/findings.csv")
        Golden.check(FindingsSARIF.render(report), "baseline/findings.sarif")
        Golden.check(FindingsJSON.render(report), "baseline/findings.json")
    }

    func testRenderingTwiceGivesTheSameBytes() {
        for format in ReportFormat.allCases where format != .jsonl {
            XCTAssertEqual(ReportFiles.render(format, report), ReportFiles.render(format, report), "\(format)")
        }
    }

    func testFinishWritesTheSelectedFormatsButNotLinks() throws {
        let dir = TempDir()
        let summary = try ReportFixture.accumulate(ReportFixture.run1)
            .finish(into: dir.path + "/out", formats: [.csv, .sarif, .jsonl], toolVersion: "0.1.0")
        XCTAssertEqual(summary.written, [dir.path + "/out/findings.csv", dir.path + "/out/findings.sarif"])
        let csv = try String(contentsOfFile: dir.path + "/out/findings.csv", encoding: .utf8)
        XCTAssertEqual(csv, FindingsCSV.render(report))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/out/links.jsonl"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/out/summary.md"))
    }

    func testSummaryCounts() {
        let summary = report.summary
        XCTAssertEqual(summary.pages, 6)
        XCTAssertEqual(summary.unreadable, 1)
        XCTAssertEqual(summary.navigations, 16)
        XCTAssertEqual(summary.classified, 14)
        XCTAssertEqual(summary.suppressed, 1)
        // checkout 8 + help 1 (the mailto one is suppressed) + login 2 + redirect 3 + PAGE_UNREADABLE
        XCTAssertEqual(summary.findings, 15)
        XCTAssertEqual(summary.bySeverity, [.error: 12, .warning: 3])
        XCTAssertEqual(summary.line, "6 pages (1 unreadable), 16 navigations, 15 findings (12 error, 3 warning, 0 info; 1 suppressed)")
        XCTAssertEqual(report.suppressions.map(\.count), [1])
    }
}
