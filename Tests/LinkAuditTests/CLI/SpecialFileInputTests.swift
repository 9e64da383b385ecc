import Glibc
import XCTest
import TestSupport

/// A named pipe among the inputs — in a folder, named on the command line, named `*.warc` —
/// used to block the run forever in `open`. Each is now a record, `unreadable: not a regular
/// file (a named pipe)`, and the run goes on. `timeout` bounds the run, so a regression is a
/// failure here, not a hung suite.
final class SpecialFileInputTests: XCTestCase {
    func testNamedPipesAreReportedNotOpened() throws {
        let dir = TempDir()
        dir.write("site/index.html", #"<a href="dana://pay">pay</a>"#)
        XCTAssertEqual(mkfifo(dir.path + "/site/pipe.html", 0o600), 0)
        XCTAssertEqual(mkfifo(dir.path + "/named.html", 0o600), 0)
        XCTAssertEqual(mkfifo(dir.path + "/named.warc", 0o600), 0)
        let result = try CLI.runProgram(["/usr/bin/timeout", "20", CLI.binaryPath, "audit", "site", "named.html", "named.warc",
                                         "--out", "out", "--format", "jsonl", "--quiet", "--fail-on", "never"], cwd: dir.path)
        XCTAssertEqual(result.status, 0, "124 means the run blocked on a pipe: \(result.stderr)")
        let pages = try String(contentsOfFile: dir.path + "/out/pages.jsonl", encoding: .utf8)
        let status = "\"status\":\"unreadable: not a regular file (a named pipe)\""
        for file in ["site/pipe.html", "named.html", "named.warc"] {
            XCTAssertTrue(pages.split(separator: "\n").contains { $0.contains("\"file\":\"\(file)\"") && $0.contains(status) },
                          "\(file) in \(pages)")
        }
        XCTAssertTrue(pages.contains("\"file\":\"site/index.html\""), "the real page is still read")
    }
}
