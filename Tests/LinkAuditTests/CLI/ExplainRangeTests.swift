import XCTest
@testable import LinkAuditModel
@testable import Policies
import TestSupport

/// Every millisecond number an explain request (or a pipeline config's settings) gives is
/// range-checked where it enters: 0–2147483647, the page clock's range (Docs/PLATFORM.md
/// §F.13). Outside it: exit 2 and one line naming the field; at its ends: a verdict.
final class ExplainRangeTests: XCTestCase {
    func testOutOfRangeMillisecondsExitTwoNamingTheField() throws {
        let cases: [(String, String)] = [
            (#"{"url": "gojek://pay", "trigger": "script-timer", "delayMs": -5}"#,
             "delayMs: must be 0–2147483647 ms, not -5"),
            (#"{"url": "gojek://pay", "trigger": "script-timer", "delayMs": 9223372036854775807}"#,
             "delayMs: must be 0–2147483647 ms, not 9223372036854775807"),
            (#"{"url": "gojek://pay", "trigger": "script-timer", "settings": {"pageLoadMs": 9223372036854775807}}"#,
             "settings.pageLoadMs: must be 0–2147483647 ms, not 9223372036854775807"),
            (#"{"url": "gojek://pay", "trigger": "script-async", "settings": {"assumedAsyncDelayMs": -1}}"#,
             "settings.assumedAsyncDelayMs: must be 0–2147483647 ms, not -1"),
            (#"{"url": "gojek://pay", "options": {"android": {"activationWindowMs": 2147483648}}}"#,
             "options.android.activationWindowMs: must be 0–2147483647 ms, not 2147483648"),
            (#"{"url": "gojek://pay", "android": {"msSinceUserInput": -1}}"#,
             "android.msSinceUserInput: must be 0–2147483647 ms, not -1"),
        ]
        for (json, message) in cases {
            let result = try CLI.run(["explain"], stdin: json)
            XCTAssertEqual(result.status, 2, json + result.stderr)
            XCTAssertEqual(result.stderr, "linkaudit: explain request: \(message)\n", json)
        }
    }

    func testTheRangesEndsAreExplained() throws {
        let json = #"{"url": "gojek://pay", "trigger": "script-timer", "delayMs": 2147483647, "#
            + #""settings": {"pageLoadMs": 2147483647, "entry": "loadUrlByUser"}, "android": {"msSinceUserInput": null}}"#
        let result = try CLI.run(["explain"], stdin: json)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("\"chrome-android\""), result.stdout)
    }

    func testPipelineSettingsAreCheckedTheSameWay() {
        XCTAssertThrowsError(try ConfigJSON.decode(AuditSettings.self, from: Data(#"{"pageLoadMs": -1}"#.utf8))) { error in
            XCTAssertEqual(JSONErrorText.describe(error), "pageLoadMs: must be 0–2147483647 ms, not -1")
        }
        XCTAssertEqual(try ConfigJSON.decode(AuditSettings.self, from: Data(#"{"pageLoadMs": 0}"#.utf8)).pageLoadMs, 0)
    }
}
