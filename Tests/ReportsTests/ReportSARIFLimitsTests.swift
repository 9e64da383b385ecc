import Foundation
import XCTest
@testable import LinkAuditModel
@testable import Reports
import TestSupport

/// findings.sarif within GitHub code scanning's documented limits ("SARIF support for
/// code scanning": at most 25,000 results and 25,000 rules a run, 20 runs a file, 1,000
/// locations a result, 20 tags a rule, a rule name of 255 and descriptions of 1,024
/// characters, 10 MB gzip-compressed), checked on a run of 30,500 findings built directly
/// (no pages are parsed) — nothing is uploaded. Which results a cut keeps, and how the
/// rules are cut, are checked on small runs with lower limits (the same code).
final class ReportSARIFLimitsTests: XCTestCase {
    /// 305 pages of 100 findings in report order: lines 1–30 errors, 31–70 warnings,
    /// 71–100 info, the last of each band suppressed. The findings are the demo fixture's
    /// own (their messages, profiles and outcomes), so results have a real size.
    private func bigRun(pages: Int = 305) -> (accumulator: ReportAccumulator, findings: [Finding]) {
        let templates = Array(ReportFixture.accumulate(ReportFixture.run1).report().findings).filter { $0.line != nil }
        let bySeverity = Dictionary(grouping: templates, by: \.severity)
        var accumulator = ReportAccumulator(rules: ReportFixture.rules)
        var all: [Finding] = []
        for p in 0..<pages {
            let page = "https://docs.example/p" + String(100_000 + p).dropFirst() + "/"
            let file = "site/p" + String(100_000 + p).dropFirst() + "/index.html"
            var findings: [Finding] = []
            for line in 1...100 {
                let severity: Severity = line <= 30 ? .error : line <= 70 ? .warning : .info
                let band = bySeverity[severity == .info ? .warning : severity]!
                var finding = band[line % band.count]
                finding.page = page
                finding.file = file
                finding.line = line
                finding.url += "&line=\(line)"
                finding.severity = severity
                finding.suppressed = [30, 70, 100].contains(line) ? "kept for the test" : nil
                findings.append(finding)
            }
            all += findings
            accumulator.add(ReportPart(page: PageRecord(page: page, file: file, bytes: 50_000, status: "ok",
                                                        encoding: "UTF-8", navigations: 100),
                                       navigations: 100, findings: findings, rules: ReportFixture.rules))
        }
        return (accumulator, all)
    }

    private func results(_ text: String) throws -> (log: [String: Any], run: [String: Any], results: [[String: Any]]) {
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        return (log, run, try XCTUnwrap(run["results"] as? [[String: Any]]))
    }

    private func key(_ result: [String: Any]) -> String {
        let page = (result["properties"] as? [String: Any])?["page"] as? String ?? ""
        let location = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let line = (location?["region"] as? [String: Any])?["startLine"] as? Int ?? 0
        return "\(page):\(line)"
    }

    private func render(_ report: Report, resultLimit: Int, ruleLimit: Int = SARIFLimits.rulesPerRun) -> String {
        var out = ByteBuffer()
        ListingFile.write(FindingsSARIF(report, resultLimit: resultLimit, ruleLimit: ruleLimit), report, to: &out)
        return out.text
    }

    private func rules(_ run: [String: Any]) throws -> [[String: Any]] {
        try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
    }

    func testABigRunStaysWithinCodeScanningLimitsAndSaysWhatItLeftOut() throws {
        let dir = TempDir()
        let (accumulator, all) = bigRun()
        XCTAssertEqual(all.count, 30_500)
        let summary = try accumulator.finish(into: dir.path, formats: [.sarif], toolVersion: "0.1.0")
        // Once on stderr (the commands print the summary's notes).
        XCTAssertEqual(summary.notes, ["findings.sarif lists the 25,000 most severe of 30,500 findings, the most "
            + "GitHub code scanning accepts in one run; 5,500 left out (5,500 info), every one still in links.jsonl "
            + "and the other reports"])
        let text = try String(contentsOfFile: dir.path + "/findings.sarif", encoding: .utf8)
        let (log, run, listed) = try results(text)

        XCTAssertLessThanOrEqual((log["runs"] as? [Any])?.count ?? .max, SARIFLimits.runsPerFile)
        XCTAssertEqual(listed.count, SARIFLimits.resultsPerRun)
        let levels = Dictionary(grouping: listed, by: { $0["level"] as? String ?? "" }).mapValues(\.count)
        XCTAssertEqual(levels, ["error": 9_150, "warning": 12_200, "note": 3_650], "errors, then warnings, then notes")

        // Said in the file: the run's properties and a tool notification.
        let properties = try XCTUnwrap(run["properties"] as? [String: Any])
        XCTAssertEqual(properties["resultLimit"] as? Int, 25_000)
        XCTAssertEqual(properties["findings"] as? Int, 30_500)
        XCTAssertEqual(properties["resultsLeftOut"] as? Int, 5_500)
        XCTAssertEqual(properties["resultsLeftOutByLevel"] as? [String: Int], ["error": 0, "warning": 0, "note": 5_500])
        let invocation = try XCTUnwrap((run["invocations"] as? [[String: Any]])?.first)
        XCTAssertEqual(invocation["executionSuccessful"] as? Bool, true)
        let notice = try XCTUnwrap((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        XCTAssertEqual(notice["level"] as? String, "warning")
        XCTAssertEqual((notice["message"] as? [String: Any])?["text"] as? String, summary.notes.first)

        let rules = try rules(run)
        XCTAssertLessThanOrEqual(rules.count, SARIFLimits.rulesPerRun)
        XCTAssertNil((run["tool"] as? [String: Any])?["extensions"])
        for rule in rules {
            let id = rule["id"] as? String ?? "?"
            let tags = (rule["properties"] as? [String: Any])?["tags"] as? [String] ?? []
            XCTAssertLessThanOrEqual(tags.count, 10, "\(id): GitHub shows 10 tags a rule, takes 20")
            XCTAssertLessThanOrEqual((rule["name"] as? String ?? "").count, SARIFLimits.ruleNameCharacters, id)
            for description in ["shortDescription", "fullDescription"] {
                let text = (rule[description] as? [String: Any])?["text"] as? String ?? ""
                XCTAssertFalse(text.isEmpty, "\(id) \(description) (required by code scanning)")
                XCTAssertLessThanOrEqual(text.count, SARIFLimits.descriptionCharacters, "\(id) \(description)")
            }
            XCTAssertFalse(((rule["help"] as? [String: Any])?["text"] as? String ?? "").isEmpty, "\(id): help.text")
        }
        for result in listed {
            let locations = try XCTUnwrap(result["locations"] as? [Any])
            XCTAssertEqual(locations.count, 1, "one location (code scanning reads the first; 1,000 at most)")
            XCTAssertNil(result["codeFlows"])
        }

        // Uploads are gzip-compressed and may be 10 MB at most.
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["gzip", "-c", dir.path + "/findings.sarif"]
        let pipe = Pipe()
        gzip.standardOutput = pipe
        try gzip.run()
        let compressed = pipe.fileHandleForReading.readDataToEndOfFile()
        gzip.waitUntilExit()
        XCTAssertEqual(gzip.terminationStatus, 0)
        XCTAssertGreaterThan(compressed.count, 0)
        XCTAssertLessThan(compressed.count, SARIFLimits.gzipBytes, "\(text.utf8.count) bytes, \(compressed.count) compressed")
    }

    func testACutKeepsTheMostSevereInReportOrderWithTheirFingerprints() throws {
        // 3 pages: 87 open errors, 3 suppressed; 117 open warnings, 3 suppressed; 87 open info, 3 suppressed.
        let (accumulator, all) = bigRun(pages: 3)
        let report = accumulator.report(toolVersion: "0.1.0")
        func rank(_ finding: Finding) -> Int {
            (finding.severity == .error ? 0 : finding.severity == .warning ? 2 : 4) + (finding.suppressed == nil ? 0 : 1)
        }
        let ranked = all.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
        let whole = try results(render(report, resultLimit: .max))
        XCTAssertEqual(whole.results.count, 300)
        XCTAssertNil(whole.run["properties"], "nothing cut, nothing said")
        let prints = Dictionary(uniqueKeysWithValues: whole.results.map { (key($0), $0["partialFingerprints"] as? [String: String]) })
        for limit in [1, 88, 90, 150, 210, 299] {
            let (_, run, listed) = try results(render(report, resultLimit: limit))
            let expected = Set(ranked.prefix(limit).map { "\($0.element.page):\($0.element.line!)" })
            XCTAssertEqual(Set(listed.map(key)), expected, "limit \(limit)")
            XCTAssertEqual(listed.map(key), all.map { "\($0.page):\($0.line!)" }.filter(expected.contains),
                           "limit \(limit): results stay in report order")
            for result in listed {
                XCTAssertEqual(result["partialFingerprints"] as? [String: String], prints[key(result)]!, "limit \(limit)")
            }
            XCTAssertEqual((run["properties"] as? [String: Any])?["resultsLeftOut"] as? Int, 300 - limit)
        }
    }

    func testRulesPastTheLimitAreCutWithTheirResults() throws {
        // Codes this version does not know (read back from another version's links.jsonl).
        var accumulator = ReportAccumulator()
        let codes = (0..<30).map { "OTHER_CODE_" + String(100 + $0).dropFirst() }
        let findings = codes.enumerated().map { i, code in
            Finding(page: "https://shop.example/", line: i + 1, source: "a[href]", trigger: "tap", frame: "main",
                    url: "x-\(i)://", code: code, severity: .warning, profiles: ["p"],
                    outcomes: [ProfileOutcome("p", "failed")], message: "Unknown")
        }
        accumulator.add(ReportPart(page: PageRecord(page: "https://shop.example/", file: nil, bytes: 1, status: "ok",
                                                    encoding: "UTF-8", navigations: codes.count),
                                   navigations: codes.count, findings: findings, rules: ReportRules()))
        let report = accumulator.report()
        let known = FindingsSARIF.knownRuleIndex.count
        let (_, run, listed) = try results(render(report, resultLimit: SARIFLimits.resultsPerRun, ruleLimit: known + 5))
        let rules = try rules(run)
        XCTAssertEqual(rules.map { $0["id"] as! String }.suffix(5), codes.prefix(5))
        XCTAssertEqual(listed.map { $0["ruleId"] as! String }, Array(codes.prefix(5)))
        for result in listed { XCTAssertEqual(rules[result["ruleIndex"] as! Int]["id"] as? String, result["ruleId"] as? String) }
        XCTAssertEqual((run["properties"] as? [String: Any])?["resultsLeftOut"] as? Int, 25)
        for rule in rules.suffix(5) {
            XCTAssertFalse(((rule["fullDescription"] as? [String: Any])?["text"] as? String ?? "").isEmpty)
            XCTAssertFalse(((rule["help"] as? [String: Any])?["text"] as? String ?? "").isEmpty)
        }
    }

    func testPageFragmentsGiveWayToACut() throws {
        let dir = TempDir()
        let formats = FragmentFormats(csv: true, json: true, sarif: true, junit: true)
        let template = Array(bigRun(pages: 1).accumulator.report().findings)
        var fragmented = ReportAccumulator(rules: ReportFixture.rules, spill: SpillLimits(directory: dir.path),
                                           fragments: formats)
        var plain = ReportAccumulator(rules: ReportFixture.rules)
        for p in 0..<3 {
            let page = "https://docs.example/p" + String(100_000 + p).dropFirst() + "/"
            var part = ReportPart(page: PageRecord(page: page, file: nil, bytes: 1, status: "ok", encoding: "UTF-8",
                                                   navigations: 100), navigations: 100,
                                  findings: template.map { var finding = $0; finding.page = page; finding.file = nil; return finding },
                                  rules: ReportFixture.rules)
            plain.add(part)
            part.fragments = PageFragments(part, formats: formats)
            fragmented.add(part)
        }
        let report = fragmented.report(toolVersion: "0.1.0")
        XCTAssertNotNil(report.fragments, "the fragments stand for the report")
        for limit in [150, .max] {
            let sarif = render(report, resultLimit: limit)
            XCTAssertEqual(sarif, render(plain.report(toolVersion: "0.1.0"), resultLimit: limit), "limit \(limit)")
            XCTAssertEqual(try results(sarif).results.count, min(limit, 300))
        }
    }

    /// What the cut ranks is counted from the report's counts, without reading the findings:
    /// the same tiers a pass over them gives, with fixed findings, suppressed ones and codes
    /// past the rules.
    func testTheTiersCountedEqualTheTiersRead() throws {
        let big = bigRun(pages: 40).accumulator
        let previous = Baseline(label: "before", findings: Array(bigRun(pages: 45).accumulator.report().findings.suffix(700)))
        for report in [big.report(), big.report(baseline: previous), ReportFixture.accumulate(ReportFixture.run1).report()] {
            for ruleIndex in [FindingsSARIF.knownRuleIndex, FindingsSARIF.knownRuleIndex.filter { $0.value % 2 == 0 }] {
                let counted = SARIFTiers(report, ruleIndex: ruleIndex)
                XCTAssertEqual(counted, SARIFTiers(reading: report, ruleIndex: ruleIndex))
                XCTAssertGreaterThan(counted.counts.reduce(0, +), 5)
            }
        }
        XCTAssertEqual(big.report(baseline: previous).fixed.count, 500, "fixed findings in the tiers too")
    }

    func testASmallRunIsUncut() throws {
        let report = ReportFixture.accumulate(ReportFixture.run1).report()
        XCTAssertNil(SARIFSelection(report, ruleIndex: FindingsSARIF.knownRuleIndex, allCodesRuled: true))
        XCTAssertNil(FindingsSARIF(report).note)
        XCTAssertTrue(FindingsSARIF(report).takesPageFragments)
    }
}
