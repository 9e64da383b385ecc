import XCTest
import TestSupport

/// The exit codes CI gates on, through the real binary: 1 for findings at or above
/// `--fail-on`, 0 below it, 2 with a one-line message for usage and configuration errors.
final class ExitCodeTests: XCTestCase {
    private func site(_ html: String) -> TempDir {
        let dir = TempDir()
        dir.write("site/index.html", html)
        return dir
    }

    private func audit(_ dir: TempDir, _ flags: [String]) throws -> CLI.Result {
        try CLI.run(["audit", dir.path + "/site", "--out", dir.path + "/out", "--quiet"] + flags)
    }

    func testFailOnLevels() throws {
        // An error finding (ERR_UNKNOWN_URL_SCHEME) and nothing else.
        let errors = site(#"<a href="gojek://pay">GoPay</a>"#)
        XCTAssertEqual(try audit(errors, []).status, 1)
        XCTAssertEqual(try audit(errors, ["--fail-on", "error"]).status, 1)
        XCTAssertEqual(try audit(errors, ["--fail-on", "warning"]).status, 1)
        XCTAssertEqual(try audit(errors, ["--fail-on", "never"]).status, 0)
        // Only a warning: BLOCKED_LOCAL_SCHEME on the SDK client, which blocks content: links.
        let warnings = site(#"<a href="content://com.example/receipt">Receipt</a>"#)
        XCTAssertEqual(try audit(warnings, ["--profiles", "android-sdk", "--fail-on", "error"]).status, 0)
        XCTAssertEqual(try audit(warnings, ["--profiles", "android-sdk", "--fail-on", "warning"]).status, 1)
        let clean = site(#"<a href="https://shop.example/">Home</a>"#)
        XCTAssertEqual(try audit(clean, ["--fail-on", "warning"]).status, 0)
    }

    func testFailOnNewWithABaseline() throws {
        let dir = site(#"<a href="gojek://pay">GoPay</a>"#)
        XCTAssertEqual(try audit(dir, ["--fail-on", "never"]).status, 0)
        // Same findings as the baseline: nothing new, so the gate passes.
        XCTAssertEqual(try audit(dir, ["--baseline", dir.path + "/out", "--fail-on-new"]).status, 0)
        dir.write("site/index.html", #"<a href="gojek://pay">GoPay</a><a href="dana://pay">DANA</a>"#)
        XCTAssertEqual(try audit(dir, ["--baseline", dir.path + "/out", "--fail-on-new"]).status, 1)
    }

    func testUsageErrorsExitTwoWithOneLineNamingTheFlag() throws {
        let dir = site("<p>")
        let cases: [([String], String)] = [
            (["--fail-on", "sometimes"], "--fail-on"),
            (["--format", "pdf"], "pdf"),
            (["--profiles", "android"], "unknown profile 'android'"),
            (["--device", "/nonexistent.json"], "/nonexistent.json"),
            (["--entry", "tap"], "--entry"),
            (["--jobs", "0"], "--jobs"),
            (["--severity", "NOPE=error"], "NOPE"),
            (["--fail-on-new"], "--baseline"),
            (["--colour"], "unknown option --colour"),
        ]
        for (flags, mention) in cases {
            let result = try audit(dir, flags)
            XCTAssertEqual(result.status, 2, "\(flags): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(mention), "\(flags): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(flags): \(result.stderr)")
        }
        XCTAssertEqual(try CLI.run(["frobnicate"]).status, 2)
        XCTAssertEqual(try CLI.run(["run", "/nonexistent/pipeline.json"]).status, 2)
    }
}
