import XCTest
@testable import LinkAudit
@testable import Reports
import TestSupport

/// Findings past the memory bound go to disk in sorted runs and come back through a
/// merge: every report must be the same bytes as when nothing spilled, and nothing may be
/// left in the folder the runs went to.
final class ReportSpillTests: XCTestCase {
    private let formats = ReportFormat.allCases.filter { $0 != .jsonl }

    /// A bound of one byte spills after every page that has findings.
    private func accumulate(_ pages: [ReportFixture.Page], spillTo directory: String?) -> ReportAccumulator {
        let limits = directory.map { SpillLimits(directory: $0, batchBytes: 1) } ?? SpillLimits(batchBytes: .max)
        var accumulator = ReportAccumulator(rules: ReportFixture.rules, spill: limits)
        for page in pages { accumulator.add(page: page.record, navigations: page.navigations) }
        return accumulator
    }

    func testSpilledReportsEqualInMemoryOnesByteForByte() throws {
        let spillDir = TempDir()
        let baseline = Baseline(label: "night1", findings: Array(ReportFixture.accumulate(ReportFixture.run1).report().findings))
        // run2 then run1 again: pages added twice interleave their findings across runs.
        let pages = ReportFixture.run2 + ReportFixture.run1
        let spilled = accumulate(pages, spillTo: spillDir.path)
        let inMemory = accumulate(pages, spillTo: nil)
        XCTAssertGreaterThan(spilled.spilledRuns, 4)
        XCTAssertEqual(inMemory.spilledRuns, 0)
        for base in [nil, baseline] {
            let a = spilled.report(baseline: base, toolVersion: "0.1.0")
            let b = inMemory.report(baseline: base, toolVersion: "0.1.0")
            XCTAssertEqual(Array(a.findings), Array(b.findings))
            XCTAssertEqual(a.summary, b.summary)
            for format in formats {
                XCTAssertEqual(ReportFiles.render(format, a), ReportFiles.render(format, b), "\(format), baseline: \(base != nil)")
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: spillDir.path), [],
                       "the runs' file is unlinked as soon as it is made")
    }

    /// The files written together (`ReportFiles.write`: one pass over the findings shared by
    /// every format that lists them) are the files each format renders alone, spilled or
    /// not, with a baseline (CSV and SARIF list the fixed findings, JSON and JUnit do not)
    /// or without.
    func testOnePassWritesWhatEachFormatRendersAlone() throws {
        let spillDir = TempDir()
        let baseline = Baseline(label: "night1", findings: Array(ReportFixture.accumulate(ReportFixture.run1).report().findings))
        let pages = ReportFixture.run2 + ReportFixture.run1
        for spilledTo in [spillDir.path, nil] {
            for base in [nil, baseline] {
                let report = accumulate(pages, spillTo: spilledTo).report(baseline: base, toolVersion: "0.1.0")
                let out = TempDir()
                _ = try ReportFiles.write(report, formats: Set(ReportFormat.allCases), into: out.path) { nil }
                XCTAssertEqual(report.findings.sorted.passes.value, base == nil ? 1 : 2,
                               "one pass for every format (and, with a baseline, the one that matches it first)")
                for format in formats {
                    XCTAssertEqual(try String(contentsOfFile: out.path + "/" + format.fileName, encoding: .utf8),
                                   ReportFiles.render(format, report), "\(format), baseline: \(base != nil)")
                }
            }
        }
    }

    func testTheSpilledReportMatchesTheCheckedInGoldenFiles() throws {
        let spillDir = TempDir()
        let plain = accumulate(ReportFixture.run1, spillTo: spillDir.path)
            .report(toolVersion: "0.1.0", assumptions: ReportFixture.assumptions)
        for format in formats {
            let golden = try String(contentsOf: Fixture.url("report/" + format.fileName), encoding: .utf8)
            XCTAssertEqual(ReportFiles.render(format, plain), golden, format.fileName)
        }
        let previous = ReportFixture.accumulate(ReportFixture.run1).report()
        let baseline = Baseline(label: "Reports/nightly-2024-06-11", findings: Array(previous.findings))
        let compared = accumulate(ReportFixture.run2, spillTo: spillDir.path)
            .report(baseline: baseline, toolVersion: "0.1.0", assumptions: ReportFixture.assumptions)
        for format in [ReportFormat.md, .csv, .sarif, .json] {
            let golden = try String(contentsOf: Fixture.url("report/baseline/" + format.fileName), encoding: .utf8)
            XCTAssertEqual(ReportFiles.render(format, compared), golden, "baseline/" + format.fileName)
        }
    }

    func testEqualFindingsComeBackInTheOrderAdded() {
        let spillDir = TempDir()
        var spill = FindingSpill(limits: SpillLimits(directory: spillDir.path, batchBytes: 1500))
        var added: [Finding] = []
        for i in 0..<40 {
            // Four sort keys, each added ten times across the runs; the message tells them apart.
            let finding = Finding(page: "https://a.example/\(i % 2)", line: i % 4 < 2 ? 7 : nil, source: "a", trigger: "t",
                                  frame: "main", url: "x:y", code: "ERR_UNKNOWN_URL_SCHEME", severity: .error,
                                  profiles: [], outcomes: [], message: "added \(i)")
            added.append(finding)
            spill.append(contentsOf: [finding])
        }
        XCTAssertGreaterThan(spill.spilledRuns, 3)
        let expected = added.enumerated().sorted { a, b in
            Finding.ordered(a.element, b.element) || (!Finding.ordered(b.element, a.element) && a.offset < b.offset)
        }.map(\.element.message)
        XCTAssertEqual(Array(spill.sorted()).map(\.message), expected)
        XCTAssertEqual(Array(spill.sorted()).map(\.message), expected, "a second pass reads the runs again")
    }

    /// Runs whose pages follow each other are read in sequence; the merge of every run is
    /// the plain way. Pages in order, in blocks out of order, and a page that comes again.
    func testRunsReadInSequenceGiveTheMergedOrder() {
        let spillDir = TempDir()
        let orders: [String: [Int]] = ["in order": Array(0..<60), "blocks swapped": Array(30..<60) + Array(0..<30),
                                       "a page again": Array(0..<40) + [12] + Array(40..<60)]
        for (name, pages) in orders {
            var spill = FindingSpill(limits: SpillLimits(directory: spillDir.path, batchBytes: 2_000))
            for (i, page) in pages.enumerated() {
                let findings = (0..<3).map { k in
                    Finding(page: String(format: "https://a.example/p%03d", page), line: 10 - k, source: "a",
                            trigger: "t", frame: "main", url: "x:y\(k % 2)", code: "ERR_UNKNOWN_URL_SCHEME",
                            severity: .error, profiles: [], outcomes: [], message: "added \(i).\(k)")
                }
                spill.append(contentsOf: findings)
            }
            XCTAssertGreaterThan(spill.spilledRuns, 3, name)
            XCTAssertLessThan(spill.sorted().runs.count, spill.sorted(sequencing: false).runs.count, name)
            XCTAssertEqual(Array(spill.sorted()).map(\.message), Array(spill.sorted(sequencing: false)).map(\.message), name)
        }
    }

    func testEveryFieldSurvivesTheRoundTrip() {
        let findings = [
            Finding(page: "https://ü.example/ページ", file: "/site/ü ö.html", line: 12_345_678, source: "a[href]",
                    trigger: "click", frame: "iframe", raw: " intent://x#Intent;scheme=y;end\n", url: "intent://x#Intent;scheme=y;end",
                    code: "UNSUPPORTED_URL", severity: .warning, profiles: ["android-webview", "ios-sdk"],
                    outcomes: [ProfileOutcome("android-webview", "error-page", reason: "unknown-scheme"),
                               ProfileOutcome("ios-sdk", "blocked", reason: "")],
                    message: "a \"quoted\", multi\nline — message", suppressed: "reason 🙂", baseline: .persisting),
            Finding(page: "", line: nil, source: "", trigger: "", frame: "", url: "", code: "", severity: .info,
                    profiles: [], outcomes: [], message: "", baseline: .fixed),
            Finding(page: "p", file: "", line: -3, source: "s", trigger: "t", frame: "f", url: "u", code: "c",
                    severity: .error, profiles: ["x"], outcomes: [], message: String(repeating: "long ", count: 40_000)),
        ]
        // Each record alone (the plain coding), then as one run (marks and numbered texts),
        // each finding twice so the second refers to the first.
        var alone: [UInt8] = []
        for finding in findings { finding.append(to: &alone) }
        XCTAssertEqual(records(alone, Finding.decode), findings)
        var run: [UInt8] = []
        var writer = FindingRunWriter()
        for finding in findings + findings { writer.append(finding, to: &run) }
        XCTAssertEqual(records(run, Finding.decoder()), findings + findings)
        XCTAssertLessThan(run.count, 2 * alone.count)
    }

    /// A record is encoded after its length prefix in place (`append(to:)`), the prefix
    /// widened for a body of 128 bytes or more: the same bytes as the body encoded on its
    /// own (`appendPlain`), for bodies whose prefix takes one, two and three bytes, after
    /// bytes already in the buffer; and the records read back.
    func testARecordEncodedInPlaceIsTheRecordEncodedAlone() {
        var pages: [InventoryPage] = []
        for length in [0, 1, 15, 16, 120, 122, 123, 124, 125, 126, 127, 128, 129, 200, 16_370, 16_383, 16_384, 70_000] {
            pages.append(InventoryPage(package: length % 2 == 0, name: "app", page: String(repeating: "é", count: length / 2)
                + String(repeating: "x", count: length % 2)))
        }
        var inPlace: [UInt8] = [7, 7]
        var plain: [UInt8] = [7, 7]
        for page in pages {
            page.append(to: &inPlace)
            page.appendPlain(to: &plain)
            XCTAssertEqual(inPlace, plain, "a page of \(page.page.utf8.count) bytes")
        }
        var read: [InventoryPage] = []
        inPlace.withUnsafeBufferPointer { bytes in
            var offset = 2
            while let (length, prefix) = SpillBytes.recordLength(bytes, at: offset) {
                let start = offset + prefix
                read.append(InventoryPage.decode(UnsafeBufferPointer(rebasing: bytes[start..<start + length])))
                offset = start + length
            }
            XCTAssertEqual(offset, bytes.count)
        }
        XCTAssertEqual(read.map(\.page), pages.map(\.page))
        XCTAssertEqual(read.map(\.package), pages.map(\.package))
    }

    private func records(_ bytes: [UInt8], _ decode: (UnsafeBufferPointer<UInt8>) -> Finding) -> [Finding] {
        FindingCodingTests.records(bytes, decode)
    }

    func testAnUnwritableSpillFolderKeepsFindingsInMemory() {
        let pages = ReportFixture.run1
        let broken = accumulate(pages, spillTo: "/nonexistent/linkaudit-spill")
        XCTAssertEqual(broken.spilledRuns, 0)
        let report = broken.report()
        let expected = accumulate(pages, spillTo: nil).report()
        for format in formats { XCTAssertEqual(ReportFiles.render(format, report), ReportFiles.render(format, expected)) }
    }

    /// The whole audit: an archive's pages with every format and a baseline that has new,
    /// persisting and fixed findings, spilled after every page or never.
    func testAnAuditThatSpillsWritesTheSameFilesAndLeavesNothingBehind() throws {
        let archive = Fixture.url("warc/synthetic/deeplinks-sample.warc.gz").path
        let first = TempDir()
        _ = try Audit.run(AuditOptions(inputs: [archive], outDir: first.path, jobs: 2))
        var previous = try Baseline.load(first.path, warn: { XCTFail($0) })
        XCTAssertGreaterThan(previous.findings.count, 20)
        previous.findings = previous.findings.enumerated().filter { $0.offset % 3 != 0 }.map(\.element)
            + previous.findings.prefix(5).map { finding in
                var gone = finding
                gone.page += "gone/"
                return gone
            }
        var outputs: [[String: Data]] = []
        for spillBytes in [Int.max, 1] {
            let out = TempDir()
            var options = AuditOptions(inputs: [archive], outDir: out.path, jobs: 2)
            options.formats = Set(ReportFormat.allCases)
            options.baseline = previous
            options.spillBytes = spillBytes
            let summary = try Audit.run(options)
            XCTAssertEqual(summary.report.baseline?.fixed, 5)
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            XCTAssertEqual(names, ["findings.csv", "findings.json", "findings.sarif", "junit.xml", "links.jsonl",
                                   "pages.jsonl", "summary.md"], "no temporary files left")
            outputs.append(Dictionary(uniqueKeysWithValues: try names.map {
                ($0, try Data(contentsOf: URL(fileURLWithPath: out.path + "/" + $0)))
            }))
        }
        for (name, data) in outputs[0] { XCTAssertEqual(outputs[1][name], data, name) }
    }

    /// `linkaudit report` merging two partial runs, spilled after every page or never.
    func testARebuildThatSpillsWritesTheSameFiles() throws {
        let dir = TempDir()
        ReportFixture.write(Array(ReportFixture.run1.prefix(3)), to: dir.path + "/a")
        ReportFixture.write([ReportFixture.run2[1]] + Array(ReportFixture.run1.suffix(3)), to: dir.path + "/b")
        var texts: [[String]] = []
        for spillBytes in [Int.max, 1] {
            let out = dir.path + "/merged-\(spillBytes)"
            var rebuild = ReportRebuild(inputs: [dir.path + "/a", dir.path + "/b"], outDir: out,
                                        formats: Set(ReportFormat.allCases), rules: ReportFixture.rules)
            rebuild.spillBytes = spillBytes
            _ = try rebuild.run(warn: { XCTFail($0) })
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).count, 7, "reports only")
            texts.append(try formats.map { try String(contentsOfFile: out + "/" + $0.fileName, encoding: .utf8) })
        }
        XCTAssertEqual(texts[0], texts[1])
    }
}
