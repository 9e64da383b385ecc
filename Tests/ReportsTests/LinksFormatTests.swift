import Foundation
import XCTest
@testable import LinkAuditModel
@testable import Policies
@testable import LinkAudit
@testable import Reports
import TestSupport

/// `links.jsonl` format 2 (`LinksFormat`): each verdict set defined once and referred to by
/// key, read back as format 1 read, and `linkaudit report` reading both forms — the
/// reports rebuilt from a run of format 1 (`Fixtures/links-v1/`, written before format 2)
/// stay what that version wrote.
final class LinksFormatTests: XCTestCase {
    private let v1 = "Tests/Fixtures/links-v1"

    private func fixture(_ path: String) -> String { Fixture.url("links-v1/" + path).path }

    private func navigations(_ path: String) throws -> [Navigation] {
        var out: [Navigation] = []
        try LinksJSONLReader.navigations(path, warn: { XCTFail($0) }) { navigation, _ in out.append(navigation) }
        return out
    }

    /// `links.jsonl` of `pages` (page by page, as `audit` writes it).
    @discardableResult
    private func write(_ pages: [[Navigation]], to path: String) throws -> String {
        let file = try LineWriter(path: path)
        let links = LinksOutput(file)
        for page in pages {
            var memo = VerdictSetMemo()
            links.write(PageLinks(page, memo: &memo))
        }
        try file.commit()
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    private func byPage(_ navigations: [Navigation]) -> [[Navigation]] {
        var pages: [[Navigation]] = []
        for navigation in navigations {
            if pages.last?.last?.page == navigation.page { pages[pages.count - 1].append(navigation) } else { pages.append([navigation]) }
        }
        return pages
    }

    // MARK: format 1, as linkaudit wrote it before

    func testReportsRebuiltFromTheOldFormAreWhatThatVersionWrote() throws {
        for (input, expected, files) in [("run", "expected", ["findings.csv", "junit.xml", "summary.md"]),
                                         ("streamed.links.jsonl", "streamed-expected", ["findings.csv", "summary.md"])] {
            let out = TempDir()
            var rebuild = ReportRebuild(inputs: [fixture(input)], outDir: out.path, formats: Set(ReportFormat.allCases),
                                        toolVersion: "0.1.0")
            rebuild.assumptions.inputs = [v1 + "/" + input]
            _ = try rebuild.run(warn: { XCTFail($0) })
            for name in files {
                XCTAssertEqual(try String(contentsOfFile: out.path + "/" + name, encoding: .utf8),
                               try String(contentsOfFile: fixture(expected + "/" + name), encoding: .utf8), "\(input): \(name)")
            }
        }
    }

    func testTheNewFormReadsBackAsTheOldOneAndRebuildsTheSameReports() throws {
        let old = try navigations(fixture("run/links.jsonl"))
        XCTAssertEqual(old.count, 104)
        XCTAssertEqual(old.filter { $0.verdicts?.count == 8 }.count, 96, "every profile's verdicts, read from format 1")
        let dir = TempDir()
        let text = try write(byPage(old), to: dir.path + "/links.jsonl")
        XCTAssertTrue(text.hasPrefix(#"{"linksFormat":2}"# + "\n"))
        XCTAssertEqual(try navigations(dir.path + "/links.jsonl"), old)
        // Format 1's own lines, written out by a script from format 2 (the README's jq recipe).
        let records = try LinksFile.records(dir.path + "/links.jsonl") as [Any]
        let oldRecords = try String(contentsOfFile: fixture("run/links.jsonl"), encoding: .utf8).split(separator: "\n")
            .map { try JSONSerialization.jsonObject(with: Data($0.utf8)) }
        XCTAssertEqual(records as NSArray, oldRecords as NSArray)

        try FileManager.default.copyItem(atPath: fixture("run/pages.jsonl"), toPath: dir.path + "/pages.jsonl")
        var rebuild = ReportRebuild(inputs: [dir.path], outDir: dir.path + "/out", formats: Set(ReportFormat.allCases),
                                    toolVersion: "0.1.0")
        rebuild.assumptions.inputs = [v1 + "/run"]
        _ = try rebuild.run(warn: { XCTFail($0) })
        for name in ["findings.csv", "junit.xml", "summary.md"] {
            XCTAssertEqual(try String(contentsOfFile: dir.path + "/out/" + name, encoding: .utf8),
                           try String(contentsOfFile: fixture("expected/" + name), encoding: .utf8), name)
        }
    }

    func testEachSetIsDefinedOnce() throws {
        let old = try navigations(fixture("run/links.jsonl"))
        let dir = TempDir()
        let text = try write(byPage(old), to: dir.path + "/links.jsonl")
        let lines = text.split(separator: "\n")
        let definitions = lines.filter { $0.hasPrefix(#"{"verdictSet":"#) }
        var distinct: [VerdictSet] = []
        for set in old.compactMap(\.verdicts) where !distinct.contains(set) { distinct.append(set) }
        XCTAssertEqual(definitions.count, distinct.count, "one definition per distinct set, whatever the pages")
        XCTAssertEqual(lines.count, 1 + distinct.count + old.count)
    }

    /// The libstdc++ manual's shape: pages of ordinary links, a few sets between them all
    /// (format 1: 620–630 bytes a link; the goal is 300 at most).
    func testOrdinaryLinksTakeUnder300BytesEach() throws {
        let classifier = Classifier(profiles: try ProfileRegistry.select(nil))
        var pages: [[Navigation]] = []
        for p in 0..<20 {
            let page = "https://dump.invalid/libstdc++/manual/section\(p).html"
            pages.append(classifier.audit((1...200).map { i in
                let raw = i % 10 == 0 ? "https://gcc.gnu.org/PR\(100_000 + i)" : "../api/a\(p)_\(i).html#l\(i)"
                let url = i % 10 == 0 ? raw : "https://dump.invalid/libstdc++/api/a\(p)_\(i).html#l\(i)"
                return Navigation(page: page, line: 10 + i, source: "a[href]", trigger: .tap, frame: .main, raw: raw,
                                  url: url, scheme: "https")
            }))
        }
        let dir = TempDir()
        let text = try write(pages, to: dir.path + "/links.jsonl")
        let perLink = Double(text.utf8.count) / 4000
        XCTAssertLessThan(perLink, 300)
        let oneByOne = pages.joined().reduce(0) { $0 + $1.jsonBytes.count + 1 }
        XCTAssertGreaterThan(Double(oneByOne) / 4000, 500, "each link with its verdicts, as format 1 wrote it")
        XCTAssertEqual(try navigations(dir.path + "/links.jsonl"), Array(pages.joined()))
    }

    /// `linkaudit report` of a format-1 run writes format 2: the same records, each set once.
    func testReportWritesTheOldRunInTheNewForm() throws {
        let out = TempDir()
        _ = try ReportRebuild(inputs: [fixture("run")], outDir: out.path, formats: [.jsonl]).run(warn: { XCTFail($0) })
        let written = try String(contentsOfFile: out.path + "/links.jsonl", encoding: .utf8)
        let dir = TempDir()
        XCTAssertEqual(written, try write(byPage(try navigations(fixture("run/links.jsonl"))), to: dir.path + "/links.jsonl"))
        XCTAssertEqual(try navigations(out.path + "/links.jsonl"), try navigations(fixture("run/links.jsonl")))
    }

    // MARK: keys

    func testSplitRunsMergeIntoTheSingleRunsBytes() throws {
        let pages = byPage(try navigations(fixture("streamed.links.jsonl")))
        XCTAssertGreaterThan(pages.count, 10)
        let dir = TempDir()
        let single = try write(pages, to: dir.path + "/single.links.jsonl")
        // Three parts, as three Spark partitions write them, each starting afresh.
        let cuts = [0, pages.count / 3, 2 * pages.count / 3, pages.count]
        var inputs: [String] = []
        for part in 0..<3 {
            let path = dir.path + "/part-\(part).links.jsonl"
            try write(Array(pages[cuts[part]..<cuts[part + 1]]), to: path)
            inputs.append(path)
        }
        _ = try ReportRebuild(inputs: inputs, outDir: dir.path + "/merged", formats: [.jsonl]).run(warn: { _ in })
        XCTAssertEqual(try String(contentsOfFile: dir.path + "/merged/links.jsonl", encoding: .utf8), single)
    }

    /// Two sets with the same key (found by search: their hashes fold to e928c3c6).
    private let twins = (VerdictSet(["p": Verdict(.loads, Reason(rawValue: "r9224"))]),
                         VerdictSet(["p": Verdict(.loads, Reason(rawValue: "r10780"))]))

    private func link(_ page: String, _ line: Int, _ set: VerdictSet) -> Navigation {
        var navigation = Navigation(page: "https://a.example/" + page, line: line, source: "a[href]", trigger: .tap,
                                    frame: .main, raw: "x:y", url: "x:y", scheme: "x")
        navigation.verdicts = set
        navigation.findings = []
        return navigation
    }

    func testSetsThatShareAKeyAreToldApart() throws {
        XCTAssertEqual(VerdictSetKey(verdicts: VerdictSetDefinition.json(twins.0)).text, "e928c3c6")
        XCTAssertEqual(VerdictSetKey(verdicts: VerdictSetDefinition.json(twins.1)).text, "e928c3c6")
        // On one page: the second takes the next key. On pages of their own: the key is
        // defined again whenever the set it stands for changes.
        let pages = [[link("1", 1, twins.0), link("1", 2, twins.1), link("1", 3, twins.0)],
                     [link("2", 1, twins.1)], [link("3", 1, twins.0)], [link("4", 1, twins.0)]]
        let dir = TempDir()
        let text = try write(pages, to: dir.path + "/links.jsonl")
        let keys = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(#"{"verdictSet":"#) else { return nil }
            return String(line.dropFirst(15).prefix(8))
        }
        XCTAssertEqual(keys, ["e928c3c6", "e928c3c7", "e928c3c6", "e928c3c6"])
        XCTAssertEqual(try navigations(dir.path + "/links.jsonl"), pages.flatMap { $0 })
        XCTAssertEqual(try LinksFile.records(dir.path + "/links.jsonl").count, 6)
    }

    func testAPageWithMoreSetsThanAreKeptDefinesThemLineByLine() throws {
        let count = LinksFormat.setsInForce + 300
        let page = (0..<count).map { link("big", $0 + 1, VerdictSet(["p": Verdict(.blocked, Reason(rawValue: "r\($0)"))])) }
        let small = [link("small", 1, twins.0)]
        let dir = TempDir()
        let text = try write([small, page, small], to: dir.path + "/links.jsonl")
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0 == #"{"linksFormat":2}"# }.count, 2, "the first line, and once where the sets filled up")
        XCTAssertEqual(try navigations(dir.path + "/links.jsonl"), small + page + small)
        // At no point does a reader need to hold more than `setsInForce` sets.
        var held = Set<Substring>()
        for line in lines {
            if line.hasPrefix(#"{"linksFormat""#) { held = [] }
            if line.hasPrefix(#"{"verdictSet""#) { held.insert(line.dropFirst(15).prefix(8)) }
            XCTAssertLessThanOrEqual(held.count, LinksFormat.setsInForce)
        }
    }

    // MARK: reading

    func testTheReaderNamesWhatItCannotRead() throws {
        let dir = TempDir()
        let good = try write([[link("1", 1, twins.0)]], to: dir.path + "/good.links.jsonl").split(separator: "\n")
        let path = dir.write("links.jsonl", [
            #"{"linksFormat":3}"#,                            // 1: newer: read as format 2, said once
            String(good[1]),                                   // 2: defines e928c3c6
            String(good[2]),                                   // 3: read
            String(good[2]).replacingOccurrences(of: "e928c3c6", with: "00000000"),  // 4: never defined
            #"{"verdictSet":"00000001"}"#,                     // 5: no verdicts
            #"{"linksFormat":2}"#,                            // 6: forget every set
            String(good[2]),                                   // 7: e928c3c6 no longer defined
            #"{"linksFormat":3}"#,                            // 8: said once only
        ].joined(separator: "\n") + "\n")
        var warnings: [String] = []
        var read: [Navigation] = []
        try LinksJSONLReader.navigations(path, warn: { warnings.append($0) }) { navigation, _ in read.append(navigation) }
        XCTAssertEqual(read, [link("1", 1, twins.0)])
        XCTAssertEqual(warnings, [
            "\(path):1: links format 3 is newer than this linkaudit reads (2); its records are read as format 2",
            "\(path):4: verdict set '00000000' is not defined before this line",
            "\(path):5: missing key 'verdicts'",
            "\(path):7: verdict set 'e928c3c6' is not defined before this line",
        ])
    }

    func testTooManySetsWithoutAFormatLineAreForgottenNotHeld() throws {
        var lines = (0...LinksFormat.setsInForce).map { #"{"verdictSet":"k\#($0)","verdicts":{}}"# }
        lines.append(#"{"page":"p","line":1,"source":"a","trigger":"tap","frame":"main","raw":"","url":"","scheme":"","verdictSet":"k0"}"#)
        lines.append(#"{"page":"p","line":2,"source":"a","trigger":"tap","frame":"main","raw":"","url":"","scheme":"","verdictSet":"k4096"}"#)
        let dir = TempDir()
        let path = dir.write("links.jsonl", lines.joined(separator: "\n"))
        var warnings: [String] = []
        var read: [Int] = []
        try LinksJSONLReader.navigations(path, warn: { warnings.append($0) }) { navigation, _ in read.append(navigation.line) }
        XCTAssertEqual(read, [2])
        XCTAssertEqual(warnings, [
            "\(path):4097: more than 4096 verdict sets defined without a format line between them; "
                + "the sets defined before this line are forgotten",
            "\(path):4098: verdict set 'k0' is not defined before this line",
        ])
    }
}
