import XCTest
import TestSupport

/// The progress line on a real terminal (a pseudo-terminal as stderr): drawn while a run
/// lasts, with the file inputs' pages and MB and the crawl's queue, and erased before the
/// end-of-run lines. A URL the local site answers after 3 s makes the run last long enough
/// for the line (drawn every 0.5 s) whatever the machine's speed.
final class ProgressTerminalTests: XCTestCase {
    private let erase = "\r\u{1B}[K"

    private func run(_ extra: [String]) throws -> CLI.Result {
        let site = try TestSite()
        defer { site.stop() }
        let dir = TempDir()
        dir.write("site/a.html", #"<a href="gojek://pay">pay</a>"#)
        dir.write("site/b.html", String(repeating: "<p>filler</p>\n", count: 100_000))
        return try CLI.runOnTerminal(["audit", dir.path + "/site", site.url("/slow"), "--allow-private", "--delay", "0",
                                      "--no-associations", "--fail-on", "never", "--out", dir.path + "/out"] + extra)
    }

    func testTheLineIsDrawnAndErasedBeforeTheEndOfRunLines() throws {
        let result = try run([])
        XCTAssertEqual(result.status, 0, result.stderr)
        let draws = result.stderr.components(separatedBy: erase).dropFirst().filter { !$0.isEmpty }
        // While the slow page is fetched: both file pages written (1.4 MB), the crawl's one page queued.
        XCTAssertTrue(draws.contains { $0.hasPrefix("audit: 2 pages, 1.4 of 1.4 MB, crawl: 0 done, 1 queued, 0 errors, ") },
                      result.stderr.debugDescription)
        // After the last erase: only the end-of-run lines, each whole.
        let tail = try XCTUnwrap(result.stderr.components(separatedBy: erase).last)
        let lines = tail.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertTrue(tail.hasSuffix("\n") && lines.allSatisfy { $0.hasPrefix("linkaudit: ") }, result.stderr.debugDescription)
        XCTAssertTrue(lines.contains("linkaudit: fetched pages: 1 ok"), result.stderr.debugDescription)
        XCTAssertFalse(tail.contains("pages/s"), result.stderr.debugDescription)
        XCTAssertFalse(tail.contains("\r"), result.stderr.debugDescription)
        XCTAssertTrue(result.stderr.hasPrefix(erase), "the first line is drawn in place: \(result.stderr.debugDescription)")
    }

    func testNothingWithQuiet() throws {
        let result = try run(["--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
    }
}
