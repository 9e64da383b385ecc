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
    }
}
