import XCTest
import Checks
@testable import LinkAudit
@testable import LinkAuditModel
import PageSources
@testable import Policies
@testable import Reports
import TestSupport

/// Each page's report part made on its worker (`ReportParts`): rows whose outcomes and
/// messages come from the page's verdict-set memo equal the rows `FindingBuilder` makes
/// link by link; counts added up page by page equal counts taken finding by finding; and a
/// run that keeps no rows (`--format jsonl`, `md`) counts the same and writes the same.
final class ReportPartsTests: XCTestCase {
    /// The demo site and the sample archive, classified and checked as `audit` does.
    private static let pages = ClassifiedSamplePages.demoSiteAndArchive

    /// Severities and suppressions of every kind: by code and URL, by page.
    private let rules = ReportRules(
        severities: ["LANDING_PAGE_STAYS": .info, "UNSUPPORTED_URL": .error],
        suppressions: [Suppression(code: "ERR_UNKNOWN_URL_SCHEME", url: Glob("mailto:*"), reason: "mail app"),
                       Suppression(page: Glob("*login*"), reason: "the login page is the app's own")])

    func testRowsMadeOncePerSetEqualRowsMadeLinkByLink() throws {
        let builder = FindingBuilder(rules: rules)
        var rows = 0, links = 0, sets = 0
        for (record, navigations) in Self.pages {
            var memo = VerdictSetMemo()
            let part = ReportParts(rules: rules).part(page: record, navigations: navigations, memo: &memo)
            let plain = (builder.pageFindings(record) + navigations.flatMap { builder.findings(for: $0, file: record.file) })
                .sorted(by: Finding.ordered)
            XCTAssertEqual(part.rows?.findings ?? [], plain, record.page)
            // The footprint summed as the rows are made equals the rows' own.
            XCTAssertEqual(part.rows?.footprint, FindingBlock(page: record.page, sorted: plain).footprint, record.page)
            let csvPart = ReportParts(rules: rules, fragments: FragmentFormats(csv: true))
                .part(page: record, navigations: navigations, memo: &memo)
            XCTAssertEqual(csvPart.rows?.footprint, FindingBlock(page: record.page, sorted: plain).footprint, record.page)
            rows += plain.count
            links += navigations.filter { $0.findings?.isEmpty == false }.count
            sets += memo.entries.count
        }
        XCTAssertGreaterThan(rows, 150)
        XCTAssertGreaterThan(rows, 2 * sets, "messages and outcomes made per set, not per link")
        XCTAssertGreaterThan(links, sets)
    }

    func testCountsAddedUpPageByPageEqualCountsFindingByFinding() {
        let builder = FindingBuilder(rules: rules)
        var plain = FindingTally(suppressions: rules.suppressions.count)
        var merged = FindingTally(suppressions: rules.suppressions.count)
        // Each page twice, as a merge of partial runs may add it.
        for (record, navigations) in Self.pages + Self.pages {
            for finding in builder.pageFindings(record) + navigations.flatMap({ builder.findings(for: $0, file: record.file) }) {
                plain.add(finding, rules: rules)
            }
            var memo = VerdictSetMemo()
            let part = ReportParts(rules: rules, rows: false).part(page: record, navigations: navigations, memo: &memo)
            for finding in part.pageFindings { merged.add(finding, rules: rules) }
            merged.add(part.tally)
        }
        XCTAssertGreaterThan(plain.findings, 300)
        XCTAssertGreaterThan(plain.suppressed, 10)
        XCTAssertEqual(merged.findings, plain.findings)
        XCTAssertEqual(merged.bySeverity, plain.bySeverity)
        XCTAssertEqual(merged.suppressed, plain.suppressed)
        XCTAssertEqual(merged.codeCounts, plain.codeCounts)
        XCTAssertEqual(merged.codeProfiles, plain.codeProfiles)
        XCTAssertEqual(merged.codes, plain.codes)
        XCTAssertEqual(merged.suppressionCounts, plain.suppressionCounts)
        XCTAssertEqual(merged.byPage, plain.byPage)
        XCTAssertEqual(merged.severitiesByCode.map(\.code), plain.severitiesByCode.map(\.code))
        XCTAssertEqual(merged.severitiesByCode.map(\.active), plain.severitiesByCode.map(\.active))
        XCTAssertEqual(merged.severitiesByCode.map(\.suppressed), plain.severitiesByCode.map(\.suppressed))
    }

    func testWithoutRowsTheCountsAndTheSummaryAreTheSame() throws {
        let dir = TempDir()
        var kept = ReportAccumulator(rules: rules, spill: SpillLimits(directory: dir.path, batchBytes: 1), fragments: .none)
        var counted = ReportAccumulator(rules: rules, spill: SpillLimits(directory: dir.path, batchBytes: 1),
                                        fragments: .none, rows: false)
        for (record, navigations) in Self.pages {
            kept.add(page: record, navigations: navigations)
            counted.add(page: record, navigations: navigations)
        }
        XCTAssertGreaterThan(kept.spilledRuns, 10)
        XCTAssertEqual(counted.spilledRuns, 0, "no rows made, none spilled")
        let a = kept.report(toolVersion: "0.1.0"), b = counted.report(toolVersion: "0.1.0")
        XCTAssertTrue(Array(b.findings).isEmpty)
        XCTAssertGreaterThan(Array(a.findings).count, 150)
        XCTAssertEqual(a.summary, b.summary)
        XCTAssertEqual(a.pages, b.pages)
        XCTAssertEqual(a.codeCounts, b.codeCounts)
        XCTAssertEqual(a.codeProfiles, b.codeProfiles)
        XCTAssertEqual(a.inventory, b.inventory)
        XCTAssertEqual(SummaryMarkdown.render(a), SummaryMarkdown.render(b))
    }

    func testOnlyTheFormatsThatListFindingsAndBaselinesNeedRows() {
        XCTAssertFalse(ReportParts.needRows([.jsonl], baseline: false))
        XCTAssertFalse(ReportParts.needRows([.md, .jsonl], baseline: false))
        XCTAssertTrue(ReportParts.needRows([.md], baseline: true), "summary.md lists new and fixed findings")
        for format in [ReportFormat.csv, .json, .sarif, .junit] { XCTAssertTrue(ReportParts.needRows([format], baseline: false)) }
    }

    /// Only summary.md and findings.json read the scheme inventory; a part made without it
    /// is the part made with it, its deep links aside.
    func testOnlyTheFormatsThatListTheInventoryCountIt() {
        XCTAssertFalse(ReportParts.needInventory([.jsonl]))
        XCTAssertFalse(ReportParts.needInventory([.csv, .jsonl, .sarif, .junit]))
        XCTAssertTrue(ReportParts.needInventory([.md]))
        XCTAssertTrue(ReportParts.needInventory([.json]))
        var deepLinks = 0
        for (record, navigations) in Self.pages {
            var countedMemo = VerdictSetMemo(), skippedMemo = VerdictSetMemo()
            let counted = ReportParts(rules: rules).part(page: record, navigations: navigations, memo: &countedMemo)
            let skipped = ReportParts(rules: rules, inventory: false).part(page: record, navigations: navigations,
                                                                          memo: &skippedMemo)
            deepLinks += counted.deepLinks.schemes.values.reduce(0, +)
            XCTAssertTrue(skipped.deepLinks.schemes.isEmpty && skipped.deepLinks.packages.isEmpty, record.page)
            XCTAssertEqual(skipped.classified, counted.classified, record.page)
            XCTAssertEqual(skipped.tally.findings, counted.tally.findings, record.page)
            XCTAssertEqual(skipped.tally.codeCounts, counted.tally.codeCounts, record.page)
            XCTAssertEqual(skipped.rows?.findings, counted.rows?.findings, record.page)
        }
        XCTAssertGreaterThan(deepLinks, 50)
    }

    /// A page's deep links counted in runs of a scheme and package (`SchemeInventory.
    /// PageCounts`) equal the counts of each link looked up on its own (the plain way), on
    /// the sample pages and on their links shuffled (runs broken up).
    func testDeepLinksCountedInRunsEqualDeepLinksCountedOneByOne() {
        var numbers = SeededNumbers(state: 3)
        var intentLinks = 0
        for (_, navigations) in Self.pages {
            var shuffled = navigations
            for i in shuffled.indices.reversed() where i > 0 { shuffled.swapAt(i, numbers.next(i + 1)) }
            for links in [navigations, shuffled, navigations + navigations.reversed()] {
                var counts = SchemeInventory.PageCounts()
                var schemes: [String: Int] = [:], packages: [String: Int] = [:]
                for link in links {
                    counts.add(scheme: link.scheme, url: link.url)
                    guard WebSchemes.isDeepLink(link.scheme) else { continue }
                    schemes[link.scheme, default: 0] += 1
                    if link.scheme == "intent" {
                        packages[SchemeInventory.package(of: link.url), default: 0] += 1
                        intentLinks += 1
                    }
                }
                XCTAssertEqual(counts.schemes, schemes)
                XCTAssertEqual(counts.packages, packages)
            }
        }
        XCTAssertGreaterThan(intentLinks, 20)
    }

    /// The audit itself: `--format jsonl` or `md,jsonl` writes the pages, links and counts of
    /// a run that lists every finding.
    func testAnAuditWithoutListingFormatsWritesTheSameRecordsAndCounts() throws {
        let pipelines = Repository.url("Pipelines")
        let dir = TempDir()
        var summaries: [ReportSummary] = []
        for (name, formats) in [("all", Set(ReportFormat.allCases)), ("md", [.md, .jsonl]), ("jsonl", [.jsonl])] as [(String, Set<ReportFormat>)] {
            var options = AuditOptions(inputs: [pipelines.appendingPathComponent("demo-site").path,
                                                pipelines.appendingPathComponent("samples/deeplinks-sample.warc.gz").path],
                                       outDir: dir.path + "/" + name, jobs: 2)
            options.formats = formats
            options.rules = rules
            options.spillBytes = 1
            var summary = try Audit.run(options).report
            summary.written = []
            summaries.append(summary)
        }
        XCTAssertGreaterThan(summaries[0].findings, 150)
        XCTAssertEqual(summaries[1], summaries[0])
        XCTAssertEqual(summaries[2], summaries[0])
        for name in ["links.jsonl", "pages.jsonl"] {
            let all = try String(contentsOfFile: dir.path + "/all/" + name, encoding: .utf8)
            XCTAssertEqual(try String(contentsOfFile: dir.path + "/md/" + name, encoding: .utf8), all, name)
            XCTAssertEqual(try String(contentsOfFile: dir.path + "/jsonl/" + name, encoding: .utf8), all, name)
        }
        XCTAssertEqual(try String(contentsOfFile: dir.path + "/md/summary.md", encoding: .utf8)
                        .replacingOccurrences(of: "csv, md, jsonl, sarif, junit, json", with: "md, jsonl"),
                       try String(contentsOfFile: dir.path + "/all/summary.md", encoding: .utf8)
                        .replacingOccurrences(of: "csv, md, jsonl, sarif, junit, json", with: "md, jsonl"))
    }
}
