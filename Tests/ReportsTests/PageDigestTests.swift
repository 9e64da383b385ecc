import XCTest
@testable import LinkAuditModel
@testable import Reports
import TestSupport

/// summary.md's page sections from the digest the accumulator makes in its pass over the
/// page records are those of one pass over the report's pages when the summary is written
/// (`PageDigest`), with more pages than the tables show: unreadable pages, damaged archive
/// stretches, pages with findings beyond `rowLimit` and clean ones, spilled or not.
final class PageDigestTests: XCTestCase {
    private func pages() -> [ReportFixture.Page] {
        var pages = ReportFixture.run1
        let checkout = ReportFixture.run1[1].navigations
        for i in 0..<(SummaryMarkdown.rowLimit + 9) {
            // Pages with findings (the checkout's links, some cut, so that the ranks differ).
            let links = Array(checkout.prefix(1 + i % checkout.count))
            pages.append((ReportFixture.record("more/\(i)/", bytes: 100, count: links.count), links))
            let status = i % 3 == 0 ? PageRecord.damagedArchivePrefix + "record \(i) cut short" : "unreadable: status \(i)"
            pages.append((ReportFixture.record("gone/\(i)/", bytes: 0, status: status, count: 0), []))
            pages.append((ReportFixture.record("clean/\(i)/", bytes: 10, count: 0), []))
        }
        return pages
    }

    func testTheAccumulatorsDigestIsOnePassOverThePages() throws {
        let spillDir = TempDir()
        for limits in [SpillLimits(batchBytes: .max), SpillLimits(directory: spillDir.path, batchBytes: 1)] {
            var accumulator = ReportAccumulator(rules: ReportFixture.rules, spill: limits)
            for page in pages().shuffled() { accumulator.add(page: page.record, navigations: page.navigations) }
            var report = accumulator.report(toolVersion: "0.1.0", assumptions: ReportFixture.assumptions)
            let made = try XCTUnwrap(report.pageDigest)
            XCTAssertEqual(made, PageDigest(report.pages))
            XCTAssertEqual(made.damagedArchives, 12)
            XCTAssertEqual(made.unreadable, 1 + SummaryMarkdown.rowLimit + 9)
            XCTAssertEqual(made.unreadableRows.count, SummaryMarkdown.rowLimit)
            XCTAssertGreaterThan(made.withFindings, SummaryMarkdown.rowLimit)
            XCTAssertGreaterThan(made.clean, SummaryMarkdown.rowLimit)
            let summary = SummaryMarkdown.render(report)
            XCTAssertTrue(summary.contains("more pages with findings"))
            XCTAssertTrue(summary.contains("damaged archive stretches"))
            report.pageDigest = nil
            XCTAssertEqual(SummaryMarkdown.render(report), summary)
        }
    }
}
