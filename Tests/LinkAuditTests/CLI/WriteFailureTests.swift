import XCTest
import TestSupport

/// Every write failure ends the same way — exit 3, one line where a line can still be
/// written — and never in a signal: standard output full (/dev/full), standard error full,
/// a report over the file size limit (`ulimit -f`), a reader that goes away (EPIPE).
final class WriteFailureTests: XCTestCase {
    /// `command` in a shell, with the binary as `$0`; `exec` so a signal reaches the test.
    private func shell(_ command: String, cwd: String? = nil) throws -> CLI.Result {
        try CLI.runProgram(["/bin/sh", "-c", command, CLI.binaryPath], cwd: cwd)
    }

    private static let request = #"{"url":"dana://pay","trigger":"tap","frame":"main"}"#

    func testAFullStandardOutputIsExit3WithOneLine() throws {
        let result = try shell("echo '\(Self.request)' | exec \"$0\" explain > /dev/full")
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(result.stderr, "linkaudit: cannot write to standard output: No space left on device\n")
    }

    func testAFullStandardErrorIsExit3NotASignal() throws {
        // A missing input is a usage error whose line cannot be written.
        let result = try shell("exec \"$0\" audit no-such-folder 2>/dev/full")
        XCTAssertEqual(result.status, 3, "a failed write to stderr used to trap (SIGILL)")
    }

    func testAReportOverTheFileSizeLimitIsExit3WithOneLine() throws {
        let out = TempDir()
        let result = try shell("ulimit -f 8; exec \"$0\" run Pipelines/demo.json --out '\(out.path)/reports' --quiet",
                               cwd: Repository.url(".").path)
        XCTAssertEqual(result.status, 3)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.stderr)
        XCTAssertTrue(lines.first?.hasSuffix(": File too large") == true, result.stderr)
    }

    func testAReaderThatGoesAwayIsExit3() throws {
        // The reader closes its end first; linkaudit writes after it (EPIPE, not SIGPIPE).
        let result = try CLI.runProgram(["/bin/bash", "-c", """
            ( sleep 0.3; exec "$0" checks --markdown ) | { exec 0<&-; sleep 1; }; echo "${PIPESTATUS[0]}"
            """, CLI.binaryPath])
        XCTAssertEqual(result.stdout, "3\n", "a reader gone is a write failure: exit 3, not death by SIGPIPE (141)")
        XCTAssertEqual(result.stderr, "linkaudit: cannot write to standard output: Broken pipe\n")
        let closed = try shell("exec \"$0\" checks --markdown 1>&-")
        XCTAssertEqual(closed.status, 3, "standard output closed: \(closed.stderr)")
    }
}
