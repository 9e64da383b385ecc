import Foundation
import XCTest
@testable import LinkAudit
@testable import PageSources
@testable import Reports
import TestSupport

/// A run whose only listing format is findings.csv, rendered page by page, and whose pages
/// come once each leaves out the finding rows those fragments cover (`ReportParts.
/// leavesCoveredRows`): the reports must be the bytes a run keeping every row writes, a
/// page without fragments (a streamed page) rendered from its own rows where it falls, and a
/// run that breaks the promise must fail rather than write a report short of rows.
final class CoveredRowsTests: XCTestCase {
    private func finish(_ pages: [ReportFixture.Page], into dir: String, csv: CSVOptions = CSVOptions(),
                        formats: Set<ReportFormat> = [.csv, .md], withoutFragments: Set<Int> = [],
                        spillBytes: Int = .max) throws {
        let fragments = FragmentFormats(csv: true, csvLayout: csv.layout)
        // The fragments' files go beside the reports, in a folder that must exist.
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var accumulator = ReportAccumulator(rules: ReportFixture.rules,
                                            spill: SpillLimits(directory: dir, batchBytes: spillBytes),
                                            fragments: fragments, dropsCoveredRows: true)
        let parts = ReportParts(rules: ReportFixture.rules, fragments: fragments, coveredRows: false)
        let plainParts = ReportParts(rules: ReportFixture.rules)
        for (i, page) in pages.enumerated() {
            var memo = VerdictSetMemo()
            let made = withoutFragments.contains(i) ? plainParts : parts
            accumulator.add(made.part(page: page.record, navigations: page.navigations, memo: &memo))
        }
        _ = try accumulator.finish(into: dir, formats: formats, toolVersion: "0.1.0", csv: csv,
                                   assumptions: ReportFixture.assumptions)
    }

    private func plain(_ pages: [ReportFixture.Page], into dir: String, csv: CSVOptions = CSVOptions(),
                       formats: Set<ReportFormat> = [.csv, .md]) throws {
        _ = try ReportFixture.accumulate(pages).finish(into: dir, formats: formats, toolVersion: "0.1.0", csv: csv,
                                                       assumptions: ReportFixture.assumptions)
    }

    private func file(_ dir: String, _ name: String) throws -> String {
        try String(contentsOfFile: dir + "/" + name, encoding: .utf8)
    }

    private var sorted: [ReportFixture.Page] {
        ReportFixture.run1.sorted { $0.record.page < $1.record.page }
    }

    func testReportsWithoutTheCoveredRowsEqualReportsWithEveryRow() throws {
        XCTAssertGreaterThan(sorted.count, 2)
        for csv in [CSVOptions(), CSVOptions(layout: .wide), CSVOptions(bom: true)] {
            // A spill bound of one byte: the rows kept (none here, or a page's) go to disk.
            for spillBytes in [Int.max, 1] {
                let dir = TempDir()
                try finish(sorted, into: dir.path + "/covered", csv: csv, spillBytes: spillBytes)
                try plain(sorted, into: dir.path + "/plain", csv: csv)
                for name in ["findings.csv", "summary.md"] {
                    XCTAssertEqual(try file(dir.path + "/covered", name), try file(dir.path + "/plain", name),
                                   "\(name), \(csv), spill bound \(spillBytes)")
                }
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/covered")
                    .filter { $0.hasPrefix(".") }, [], "no draft or spill left")
            }
        }
    }

    func testAPageWithoutFragmentsIsRenderedFromItsRowsWhereItFalls() throws {
        let pages = sorted
        for missing in [Set([0]), Set([1]), Set([pages.count - 1]), Set(pages.indices)] {
            for piece in [1, 4_096] {
                let dir = TempDir()
                try PageGroups.$pieceFindings.withValue(piece) {
                    try finish(pages, into: dir.path + "/covered", withoutFragments: missing, spillBytes: 1)
                }
                try plain(pages, into: dir.path + "/plain")
                XCTAssertEqual(try file(dir.path + "/covered", "findings.csv"), try file(dir.path + "/plain", "findings.csv"),
                               "pages \(missing.sorted()) without fragments, pieces of \(piece)")
            }
        }
    }

    func testARunThatBreaksThePromiseFailsRatherThanWriteShort() throws {
        // A page twice: its first record's rows were left to fragments that cannot stand.
        let dir = TempDir()
        XCTAssertThrowsError(try finish(sorted + sorted.prefix(1), into: dir.path + "/twice"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/twice/findings.csv"))
        // A listing format the fragments do not hold.
        XCTAssertThrowsError(try finish(sorted, into: dir.path + "/json", formats: [.csv, .json]))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/json/findings.json"))
        // A fragments' folder that cannot be written: the rows left out cannot be rendered.
        XCTAssertThrowsError(try {
            let fragments = FragmentFormats(csv: true)
            var accumulator = ReportAccumulator(rules: ReportFixture.rules,
                                                spill: SpillLimits(directory: dir.path + "/missing"),
                                                fragments: fragments, dropsCoveredRows: true)
            for page in sorted {
                var memo = VerdictSetMemo()
                accumulator.add(ReportParts(rules: ReportFixture.rules, fragments: fragments, coveredRows: false)
                    .part(page: page.record, navigations: page.navigations, memo: &memo))
            }
            _ = try accumulator.finish(into: dir.path + "/unwritten", formats: [.csv])
        }())
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/unwritten/findings.csv"))
        // Fragments of the other layout.
        let fragments = FragmentFormats(csv: true, csvLayout: .long)
        var accumulator = ReportAccumulator(rules: ReportFixture.rules, spill: SpillLimits(directory: dir.path),
                                            fragments: fragments, dropsCoveredRows: true)
        for page in sorted {
            var memo = VerdictSetMemo()
            accumulator.add(ReportParts(rules: ReportFixture.rules, fragments: fragments, coveredRows: false)
                .part(page: page.record, navigations: page.navigations, memo: &memo))
        }
        XCTAssertThrowsError(try accumulator.finish(into: dir.path + "/wide", formats: [.csv], csv: CSVOptions(layout: .wide)))
    }

    func testOnlyARunOfFilesInReportOrderWithCSVAloneLeavesRows() {
        let csv = FragmentFormats(csv: true)
        XCTAssertTrue(ReportParts.leavesCoveredRows([.csv, .md, .jsonl], fragments: csv, pagesOnce: true))
        XCTAssertFalse(ReportParts.leavesCoveredRows([.csv, .md, .jsonl], fragments: csv, pagesOnce: false))
        XCTAssertFalse(ReportParts.leavesCoveredRows([.csv, .json], fragments: csv, pagesOnce: true))
        XCTAssertFalse(ReportParts.leavesCoveredRows([.md, .jsonl], fragments: .none, pagesOnce: true))
        XCTAssertFalse(ReportParts.leavesCoveredRows([.csv, .sarif], fragments: FragmentFormats(csv: true, sarif: true),
                                                     pagesOnce: true))
        func file(_ page: String) -> PageInput { PageInput(page: page, origin: .file(path: "/x/" + page)) }
        XCTAssertTrue(Audit.pagesComeOnce([file("a"), file("b"), file("c")]))
        XCTAssertTrue(Audit.pagesComeOnce([]))
        XCTAssertFalse(Audit.pagesComeOnce([file("a"), file("c"), file("b")]), "out of report order")
        XCTAssertFalse(Audit.pagesComeOnce([file("a"), file("b"), file("b")]), "a page twice")
        XCTAssertFalse(Audit.pagesComeOnce([file("a"), PageInput(page: "b", origin: .archive(path: "/x/b.warc"))]),
                       "an archive holds any pages")
    }

    /// The audit itself, on pages of the demo site named in report order (one of them
    /// streamed in some runs), with and without another listing format, which keeps every
    /// row: the same findings.csv, links.jsonl, and summary.md but for the formats it names.
    func testTheAuditLeavesRowsAndWritesTheSameFiles() throws {
        let dir = TempDir()
        let site = dir.path + "/site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        let demo = Repository.url("Pipelines/demo-site").path
        for (i, page) in ["checkout/index.html", "index.html", "jp/checkout.html", "kr/checkout.html", "login/index.html",
                          "redirect/index.html", "th/checkout.html"].enumerated() {
            try FileManager.default.copyItem(atPath: demo + "/" + page, toPath: site + "/p\(i).html")
        }
        XCTAssertTrue(Audit.pagesComeOnce(try InputCollector(mapper: PageURLMapper(baseURL: ReportFixture.site))
            .collect([site]).pages))
        for (jobs, threshold) in [(1, Int.max), (2, Int.max), (1, 8), (2, 8)] {
            func audit(_ formats: Set<ReportFormat>, _ name: String) throws -> String {
                var options = AuditOptions(inputs: [site], baseURL: ReportFixture.site, outDir: dir.path + "/" + name)
                options.formats = formats
                options.jobs = jobs
                _ = try PageStream.$threshold.withValue(threshold) { try Audit.run(options) }
                return dir.path + "/" + name
            }
            let covered = try audit([.csv, .md, .jsonl], "covered-\(jobs)-\(threshold)")
            let every = try audit([.csv, .md, .jsonl, .json], "every-\(jobs)-\(threshold)")
            let label = "\(jobs) jobs, threshold \(threshold)"
            XCTAssertEqual(try file(covered, "findings.csv"), try file(every, "findings.csv"), label)
            XCTAssertGreaterThan(try file(covered, "findings.csv").utf8.filter { $0 == 0x0A }.count, 20, label)
            XCTAssertEqual(ReportFragmentsTests.withoutAssumptions(try file(covered, "summary.md")),
                           ReportFragmentsTests.withoutAssumptions(try file(every, "summary.md")), label)
            XCTAssertEqual(try file(covered, "links.jsonl"), try file(every, "links.jsonl"), label)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: covered).filter { $0.hasPrefix(".") }, [],
                           label)
        }
    }
}
