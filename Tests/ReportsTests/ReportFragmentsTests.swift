import XCTest
@testable import LinkAudit
@testable import PageSources
@testable import Policies
@testable import Reports
import TestSupport

/// The listing formats put together from page fragments rendered on the workers
/// (`PageFragments`, `FragmentStore`) must be the same bytes as the same formats rendered
/// from the findings at the end; and where fragments cannot stand for the report (a page
/// added twice, a baseline, a page without fragments) the report falls back to that.
final class ReportFragmentsTests: XCTestCase {
    private let listing = [ReportFormat.csv, .json, .sarif, .junit]
    private let every = FragmentFormats(csv: true, json: true, sarif: true, junit: true)

    private func accumulate(_ pages: [ReportFixture.Page], fragments: FragmentFormats, directory: String,
                            spillBytes: Int = .max) -> ReportAccumulator {
        var accumulator = ReportAccumulator(rules: ReportFixture.rules,
                                            spill: SpillLimits(directory: directory, batchBytes: spillBytes),
                                            fragments: fragments)
        for page in pages {
            accumulator.add(ReportAccumulator.part(page: page.record, navigations: page.navigations,
                                                   rules: ReportFixture.rules, fragments: fragments))
        }
        return accumulator
    }

    func testFragmentsGiveTheSameBytesAsRenderingAtTheEnd() throws {
        let dir = TempDir()
        for spillBytes in [Int.max, 1] {
            let fragmented = accumulate(ReportFixture.run1, fragments: every, directory: dir.path, spillBytes: spillBytes)
                .report(toolVersion: "0.1.0")
            let plain = ReportFixture.accumulate(ReportFixture.run1).report(toolVersion: "0.1.0")
            XCTAssertNotNil(fragmented.fragments, "the fragments stand for this report")
            XCTAssertNil(plain.fragments)
            for format in ReportFormat.allCases where format != .jsonl {
                XCTAssertEqual(ReportFiles.render(format, fragmented), ReportFiles.render(format, plain),
                               "\(format), spill bound \(spillBytes)")
            }
            for format in listing {
                let golden = try String(contentsOf: Fixture.url("report/" + format.fileName), encoding: .utf8)
                XCTAssertEqual(ReportFiles.render(format, fragmented), golden, format.fileName)
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "the fragments' file is unlinked")
    }

    func testCSVFragmentsInEitherLayout() throws {
        let dir = TempDir()
        for layout in CSVLayout.allCases {
            let fragments = FragmentFormats(csv: true, csvLayout: layout)
            let accumulator = accumulate(ReportFixture.run1, fragments: fragments, directory: dir.path)
            let out = dir.path + "/\(layout)"
            _ = try accumulator.finish(into: out, formats: [.csv], csv: CSVOptions(layout: layout))
            let plain = dir.path + "/plain-\(layout)"
            _ = try ReportFixture.accumulate(ReportFixture.run1).finish(into: plain, formats: [.csv], csv: CSVOptions(layout: layout))
            XCTAssertEqual(try String(contentsOfFile: out + "/findings.csv", encoding: .utf8),
                           try String(contentsOfFile: plain + "/findings.csv", encoding: .utf8), "\(layout)")
        }
        // Fragments rendered in one layout never stand for a file in the other.
        var report = accumulate(ReportFixture.run1, fragments: FragmentFormats(csv: true, csvLayout: .long), directory: dir.path)
            .report(toolVersion: "0.1.0")
        XCTAssertNotNil(report.fragments)
        report.csv = CSVOptions(layout: .wide)
        var plain = ReportFixture.accumulate(ReportFixture.run1).report(toolVersion: "0.1.0")
        plain.csv = CSVOptions(layout: .wide)
        XCTAssertEqual(FindingsCSV.render(report), FindingsCSV.render(plain))
    }

    func testOnlyTheFormatsAskedForAreAssembled() {
        let dir = TempDir()
        let csvOnly = FragmentFormats(csv: true)
        let report = accumulate(ReportFixture.run1, fragments: csvOnly, directory: dir.path).report(toolVersion: "0.1.0")
        let plain = ReportFixture.accumulate(ReportFixture.run1).report(toolVersion: "0.1.0")
        XCTAssertEqual(report.fragments?.formats, csvOnly)
        for format in listing {
            XCTAssertEqual(ReportFiles.render(format, report), ReportFiles.render(format, plain), "\(format)")
        }
    }

    func testAPageAddedTwiceFallsBackToTheFindings() {
        let dir = TempDir()
        // Two inputs with one URL: their findings interleave by line in the report.
        let twice = ReportFixture.run2 + ReportFixture.run1
        let report = accumulate(twice, fragments: every, directory: dir.path).report(toolVersion: "0.1.0")
        let plain = ReportFixture.accumulate(twice).report(toolVersion: "0.1.0")
        XCTAssertNil(report.fragments)
        for format in listing {
            XCTAssertEqual(ReportFiles.render(format, report), ReportFiles.render(format, plain), "\(format)")
        }
    }

    func testABaselineOrAPageWithoutFragmentsFallsBack() {
        let dir = TempDir()
        let baseline = Baseline(label: "night1", findings: Array(ReportFixture.accumulate(ReportFixture.run1).report().findings))
        let fragmented = accumulate(ReportFixture.run2, fragments: every, directory: dir.path)
        XCTAssertNotNil(fragmented.report().fragments)
        XCTAssertNil(fragmented.report(baseline: baseline).fragments, "baseline states are known only at the end")
        var mixed = accumulate(ReportFixture.run2, fragments: every, directory: dir.path)
        mixed.add(page: ReportFixture.record("extra.html", bytes: 10, count: 0), navigations: [])
        XCTAssertNil(mixed.report().fragments, "a page added without fragments")
    }

    func testFragmentsNeedAKnownRuleAndTheirOwnPage() throws {
        let (record, navigations) = ReportFixture.run1[1]
        let part = ReportAccumulator.part(page: record, navigations: navigations, rules: ReportFixture.rules)
        var findings = try XCTUnwrap(part.rows).findings
        XCTAssertFalse(findings.isEmpty)
        XCTAssertNotNil(PageFragments(part, formats: every))
        var foreign = findings
        foreign[0].page = "https://elsewhere.example/"
        XCTAssertNil(PageFragments(page: record, navigations: navigations.count, sorted: foreign, formats: every),
                     "a finding of another page")
        findings[0].code = "NEWER_VERSIONS_CODE"
        XCTAssertNil(PageFragments(page: record, navigations: navigations.count, sorted: findings, formats: every),
                     "SARIF lists unknown codes' rules after the known ones")
        XCTAssertNotNil(PageFragments(page: record, navigations: navigations.count, sorted: findings,
                                      formats: FragmentFormats(csv: true)), "only SARIF needs the rule index")
    }

    private var pipelines: URL {
        Repository.url("Pipelines")
    }

    func testRealPagesTakeTheFragmentPathAndGiveTheSameBytes() throws {
        let dir = TempDir()
        let reader = PageReader()
        var results: [PageResult] = []
        let inputs = try InputCollector(mapper: PageURLMapper(baseURL: "https://shop.demo-merchant.example/"))
            .collect([pipelines.appendingPathComponent("demo-site").path]).pages
        for input in inputs { results.append(reader.read(input)) }
        let scanner = ArchiveScanner(path: pipelines.appendingPathComponent("samples/deeplinks-sample.warc.gz").path,
                                     maxBody: 1 << 24)
        while let page = scanner.next() { results.append(reader.read(page)) }
        XCTAssertGreaterThan(results.count, 15)
        let classifier = Classifier(profiles: ProfileRegistry.all)
        var fragmented = ReportAccumulator(rules: ReportFixture.rules, spill: SpillLimits(directory: dir.path),
                                           fragments: every)
        var plain = ReportAccumulator(rules: ReportFixture.rules)
        for result in results {
            let navigations = classifier.audit(result.navigations)
            fragmented.add(ReportAccumulator.part(page: result.record, navigations: navigations,
                                                  rules: ReportFixture.rules, fragments: every))
            plain.add(page: result.record, navigations: navigations)
        }
        let a = fragmented.report(toolVersion: "0.1.0"), b = plain.report(toolVersion: "0.1.0")
        XCTAssertNotNil(a.fragments)
        XCTAssertGreaterThan(Array(b.findings).count, 50)
        for format in listing {
            XCTAssertEqual(ReportFiles.render(format, a), ReportFiles.render(format, b), "\(format)")
        }
    }

    func testTheAuditRendersOnItsWorkersAndMatchesARebuild() throws {
        let dir = TempDir()
        // The demo site and the sample archive: pages, a redirect to a deep link, an unreadable page.
        var options = AuditOptions(inputs: [pipelines.appendingPathComponent("demo-site").path,
                                            pipelines.appendingPathComponent("samples/deeplinks-sample.warc.gz").path],
                                   baseURL: "https://shop.demo-merchant.example/", outDir: dir.path + "/audit")
        options.formats = Set(ReportFormat.allCases)
        options.jobs = 2
        _ = try Audit.run(options)
        let rebuilt = dir.path + "/rebuilt"
        _ = try ReportRebuild(inputs: [dir.path + "/audit"], outDir: rebuilt, formats: Set(ReportFormat.allCases),
                              rules: ReportRules(), toolVersion: "dev").run(warn: { XCTFail($0) })
        for format in ReportFormat.allCases where format != .jsonl {
            let audited = try String(contentsOfFile: dir.path + "/audit/" + format.fileName, encoding: .utf8)
            let again = try String(contentsOfFile: rebuilt + "/" + format.fileName, encoding: .utf8)
            // summary.md says what each run assumed, and an audit assumes more than a rebuild.
            XCTAssertEqual(Self.withoutAssumptions(audited), Self.withoutAssumptions(again), format.fileName)
        }
    }

    /// summary.md without its "What this run assumed" section (other files unchanged).
    static func withoutAssumptions(_ text: String) -> String {
        guard let start = text.range(of: "## What this run assumed\n"),
              let end = text[start.upperBound...].range(of: "\n## ") else { return text }
        return String(text[..<start.lowerBound]) + String(text[text.index(after: end.lowerBound)...])
    }
}
