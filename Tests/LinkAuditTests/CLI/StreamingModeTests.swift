import XCTest
import TestSupport

/// `audit --stdin-inputs --jsonl-out -`: records on stdout as pages finish, nothing else;
/// `report` rebuilds from the stream what a normal run writes.
final class StreamingModeTests: XCTestCase {
    private var demo: String {
        Repository.url("Pipelines").path
    }

    func testStreamHoldsOnlyRecordsAndRebuildsTheSameFindings() throws {
        let inputs = [demo + "/demo-site/checkout/index.html", demo + "/samples/deeplinks-sample.warc.gz"]
        let streamed = try CLI.run(["audit", "--stdin-inputs", "--jsonl-out", "-", "--quiet"],
                                   stdin: inputs.joined(separator: "\n") + "\n")
        XCTAssertEqual(streamed.status, 0, streamed.stderr)
        let lines = streamed.stdout.split(separator: "\n")
        XCTAssertFalse(lines.isEmpty)
        for line in lines {
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(line.utf8)), String(line))
        }
        XCTAssertEqual(lines.filter { $0.hasPrefix(#"{"pageRecord":"#) }.count, 25)
        XCTAssertEqual(lines.first, #"{"linksFormat":2}"#, "the links' format line opens the stream")

        let dir = TempDir()
        let part = dir.write("part-00000", streamed.stdout)
        let rebuilt = try CLI.run(["report", part, "--out", dir.path + "/merged", "--format", "csv,json,jsonl", "--fail-on", "never"])
        XCTAssertEqual(rebuilt.status, 0, rebuilt.stderr)
        let direct = try CLI.run(["audit"] + inputs + ["--out", dir.path + "/direct", "--format", "csv,json,jsonl", "--fail-on", "never"])
        XCTAssertEqual(direct.status, 0, direct.stderr)
        XCTAssertEqual(try String(contentsOfFile: dir.path + "/merged/findings.csv", encoding: .utf8),
                       try String(contentsOfFile: dir.path + "/direct/findings.csv", encoding: .utf8))
        XCTAssertEqual(try String(contentsOfFile: dir.path + "/merged/pages.jsonl", encoding: .utf8),
                       try String(contentsOfFile: dir.path + "/direct/pages.jsonl", encoding: .utf8))
        XCTAssertEqual(try String(contentsOfFile: dir.path + "/merged/links.jsonl", encoding: .utf8),
                       try String(contentsOfFile: dir.path + "/direct/links.jsonl", encoding: .utf8))
    }

    /// What the Spark job does (Pipelines/spark/): each partition streams its inputs through
    /// a process of its own, and `report` merges the parts into the single run's files,
    /// links.jsonl byte for byte, its verdict sets defined where a single run defines them.
    func testPartsOfASplitRunMergeIntoTheSingleRunsFiles() throws {
        let inputs = [demo + "/demo-site/checkout/index.html", demo + "/demo-site/pay-in-app/index.html",
                      demo + "/samples/deeplinks-sample.warc.gz", demo + "/demo-site/login/index.html"]
        let dir = TempDir()
        var parts: [String] = []
        for (i, slice) in [inputs.prefix(2), inputs.suffix(2)].enumerated() {
            let streamed = try CLI.run(["audit", "--stdin-inputs", "--jsonl-out", "-", "--quiet"],
                                       stdin: slice.joined(separator: "\n") + "\n")
            XCTAssertEqual(streamed.status, 0, streamed.stderr)
            parts.append(dir.write("part-0000\(i)", streamed.stdout))
        }
        let merged = try CLI.run(["report"] + parts + ["--out", dir.path + "/merged", "--format", "csv,jsonl", "--fail-on", "never"])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        let direct = try CLI.run(["audit"] + inputs + ["--out", dir.path + "/direct", "--format", "csv,jsonl", "--fail-on", "never"])
        XCTAssertEqual(direct.status, 0, direct.stderr)
        for name in ["links.jsonl", "pages.jsonl", "findings.csv"] {
            XCTAssertEqual(try String(contentsOfFile: dir.path + "/merged/" + name, encoding: .utf8),
                           try String(contentsOfFile: dir.path + "/direct/" + name, encoding: .utf8), name)
        }
    }
}
