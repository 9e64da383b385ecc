import XCTest
import TestSupport

/// No progress line when stderr is not a terminal (a pipe here, as in CI logs and Spark):
/// folder and archive audits print their end-of-run lines and nothing else. On a terminal
/// the line is drawn: PageSourcesTests/Fetch/ProgressTerminalTests.swift.
final class ProgressPipeTests: XCTestCase {
    func testFolderAndArchiveRunsPrintOnlyTheirEndOfRunLines() throws {
        let dir = TempDir()
        for i in 0..<20 { dir.write("site/p\(i).html", #"<a href="gojek://pay?id=\#(i)">pay</a>"#) }
        let archive = Repository.url("Pipelines/samples/deeplinks-sample.warc.gz").path
        let result = try CLI.run(["audit", dir.path + "/site", archive, "--fail-on", "never", "--out", dir.path + "/out"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("\r"), result.stderr)
        XCTAssertFalse(result.stderr.contains("\u{1B}"), result.stderr)
        XCTAssertFalse(result.stderr.contains("pages/s"), result.stderr)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.filter { !$0.hasPrefix("linkaudit: ") }, [], result.stderr)
        XCTAssertTrue(lines.last?.hasPrefix("linkaudit: 44 pages") ?? false, result.stderr)
    }
}
