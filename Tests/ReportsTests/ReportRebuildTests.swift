import XCTest
@testable import LinkAuditModel
@testable import Reports
import TestSupport

/// `linkaudit report`: reports rebuilt from links.jsonl files equal the ones built while
/// auditing, partial runs merge (the last run of a page wins), and links.jsonl is
/// rewritten safely, even in place.
final class ReportRebuildTests: XCTestCase {
    func testRebuildInPlaceGivesTheSameReports() throws {
        let dir = TempDir()
        ReportFixture.write(ReportFixture.run1, to: dir.path)
        let links = try String(contentsOfFile: dir.path + "/links.jsonl", encoding: .utf8)
        let rebuild = ReportRebuild(inputs: [dir.path], outDir: dir.path, formats: Set(ReportFormat.allCases),
                                    rules: ReportFixture.rules, toolVersion: "0.1.0")
        let summary = try rebuild.run(warn: { XCTFail($0) })
        // summary.md says what a rebuild assumed (its inputs, verdicts read back, the formats).
        var assumptions = rebuild.assumptions
        assumptions.formats = Set(ReportFormat.allCases)
        let expected = ReportFixture.accumulate(ReportFixture.run1).report(toolVersion: "0.1.0", assumptions: assumptions)
        XCTAssertEqual(summary, {
            var summary = expected.summary
            summary.written = ["findings.csv", "summary.md", "links.jsonl", "pages.jsonl", "findings.sarif", "junit.xml",
                               "findings.json"].map { dir.path + "/" + $0 }
            return summary
        }())
        for format in ReportFormat.allCases where format != .jsonl {
            XCTAssertEqual(try String(contentsOfFile: dir.path + "/" + format.fileName, encoding: .utf8),
                           ReportFiles.render(format, expected), format.fileName)
        }
        XCTAssertEqual(try String(contentsOfFile: dir.path + "/links.jsonl", encoding: .utf8), links, "records copied verbatim")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [])
    }

    func testPartialRunsMergeAndTheLastRunOfAPageWins() throws {
        let dir = TempDir()
        let run1 = ReportFixture.run1, run2 = ReportFixture.run2
        // Part A read the first three pages; part B the rest, and re-read checkout after it changed.
        ReportFixture.write(Array(run1.prefix(3)), to: dir.path + "/a")
        ReportFixture.write([run2[1]] + Array(run1.suffix(3)), to: dir.path + "/b")
        let out = dir.path + "/merged"
        let summary = try ReportRebuild(inputs: [dir.path + "/a/links.jsonl", dir.path + "/b"], outDir: out,
                                        formats: [.csv, .jsonl], rules: ReportFixture.rules).run(warn: { XCTFail($0) })
        let expected = ReportFixture.accumulate([run1[0], run2[1]] + Array(run1.suffix(4))).report()
        XCTAssertEqual(summary.pages, 6)
        XCTAssertEqual(summary.findings, expected.summary.findings)
        XCTAssertEqual(try String(contentsOfFile: out + "/findings.csv", encoding: .utf8), FindingsCSV.render(expected))
        let merged = try String(contentsOfFile: out + "/links.jsonl", encoding: .utf8)
        XCTAssertTrue(merged.contains("gcash://"), "checkout from the later run")
        XCTAssertFalse(merged.contains("dana://wallet/pay?order=ORD-20240611-0042\""), "not from the earlier one")
        let navigations = [run1[0], run2[1]] + Array(run1.suffix(4))
        XCTAssertEqual(try LinksFile.navigationLines(out + "/links.jsonl").count,
                       navigations.reduce(0) { $0 + $1.navigations.count })
        XCTAssertEqual(try LinksFile.records(out + "/links.jsonl").count, navigations.reduce(0) { $0 + $1.navigations.count },
                       "every verdict set defined before its first use, in the merged file too")
        let pages = try String(contentsOfFile: out + "/pages.jsonl", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(pages.count, 6)
    }

    /// The page records are read twice (their numbers kept between the passes, not their
    /// lines): a page listed twice in pages.jsonl is its first line, pages without links
    /// are added, and the merged pages.jsonl is the first line of each page in the file's
    /// order, then the pages only links.jsonl names.
    func testEachPagesFirstRecordIsTakenAndWrittenInTheFilesOrder() throws {
        let dir = TempDir()
        ReportFixture.write(ReportFixture.run1, to: dir.path + "/a")
        let original = try String(contentsOfFile: dir.path + "/a/pages.jsonl", encoding: .utf8)
        let lines = original.split(separator: "\n").map(String.init)
        let help = try XCTUnwrap(lines.first { $0.contains("/help/") })
        let broken = try XCTUnwrap(lines.first { $0.contains("broken/logo.html") })
        let again = [help.replacingOccurrences(of: "\"status\":\"ok\"", with: "\"status\":\"unreadable: later\""),
                     broken.replacingOccurrences(of: "not-html: binary data", with: "ok")]
        XCTAssertNotEqual(again, [help, broken])
        // The help page's links without its record, and the records twice.
        let kept = lines.filter { !$0.contains("/help/") }
        try (kept + again + ["not json"]).joined(separator: "\n").appending("\n")
            .write(toFile: dir.path + "/a/pages.jsonl", atomically: true, encoding: .utf8)
        var warnings: [String] = []
        for bound in [Int.max, 1] {
            let out = dir.path + "/out-\(bound)"
            var rebuild = ReportRebuild(inputs: [dir.path + "/a"], outDir: out, formats: [.jsonl, .csv, .md],
                                        rules: ReportFixture.rules)
            rebuild.spillBytes = bound
            let summary = try rebuild.run(warn: { warnings.append($0) })
            XCTAssertEqual(summary.pages, ReportFixture.run1.count)
            XCTAssertEqual(summary.unreadable, 2, "broken/logo.html's first record, and help/'s (its only one)")
            let written = try String(contentsOfFile: out + "/pages.jsonl", encoding: .utf8).split(separator: "\n").map(String.init)
            XCTAssertEqual(written.count, ReportFixture.run1.count)
            XCTAssertEqual(Array(written.prefix(kept.count)), kept, "lines are written as read")
            XCTAssertEqual(written.last, again[0], "help/'s record, first seen after the others")
        }
        XCTAssertEqual(warnings.count, 2, "the malformed line once per rebuild, not once per pass: \(warnings)")
    }

    func testWithABaseline() throws {
        let dir = TempDir()
        ReportFixture.write(ReportFixture.run1, to: dir.path + "/night1")
        ReportFixture.write(ReportFixture.run2, to: dir.path + "/night2")
        let baseline = try Baseline.load(dir.path + "/night1/links.jsonl", warn: { XCTFail($0) })
        let summary = try ReportRebuild(inputs: [dir.path + "/night2"], outDir: dir.path + "/night2", formats: [.md],
                                        rules: ReportFixture.rules, baseline: baseline).run(warn: { XCTFail($0) })
        XCTAssertEqual(summary.baseline?.new, 2)
        XCTAssertEqual(summary.baseline?.fixed, 2)
        let markdown = try String(contentsOfFile: dir.path + "/night2/summary.md", encoding: .utf8)
        XCTAssertTrue(markdown.contains("Since the baseline: **2 new**, 2 fixed, 13 persisting."))
    }

    func testMissingPagesAndMalformedLinesAreWarnedAbout() throws {
        let dir = TempDir()
        let path = ReportFixture.write(ReportFixture.run1, to: dir.path)
        try FileManager.default.removeItem(atPath: dir.path + "/pages.jsonl")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try (text + "{oops\n").write(toFile: path, atomically: true, encoding: .utf8)
        let bad = text.split(separator: "\n").count + 1
        var warnings: [String] = []
        let summary = try ReportRebuild(inputs: [path], outDir: dir.path + "/out", formats: [.json, .jsonl])
            .run(warn: { warnings.append($0) })
        XCTAssertEqual(warnings.count, 2)
        XCTAssertTrue(warnings[0].hasPrefix("\(path): no pages.jsonl beside it"), warnings[0])
        XCTAssertEqual(warnings[1], "\(path):\(bad): not valid JSON")
        XCTAssertEqual(summary.pages, 5, "pages with links only: logo.html is unknown without pages.jsonl")
        XCTAssertEqual(summary.navigations, 16)
        let pages = try String(contentsOfFile: dir.path + "/out/pages.jsonl", encoding: .utf8)
        XCTAssertEqual(pages.split(separator: "\n").count, 5, "a record for each page seen")
    }

    func testMissingInputIsAUsageError() {
        XCTAssertThrowsError(try ReportRebuild(inputs: ["/nonexistent/run"], outDir: "/tmp/x").run(warn: { _ in })) {
            XCTAssertEqual($0 as? LinkAuditError, .usage("report: no such file or folder: /nonexistent/run"))
        }
        let dir = TempDir()
        XCTAssertThrowsError(try ReportRebuild.linksPath(dir.path)) {
            XCTAssertEqual($0 as? LinkAuditError, .usage("report: no links.jsonl in \(dir.path)"))
        }
    }
}
