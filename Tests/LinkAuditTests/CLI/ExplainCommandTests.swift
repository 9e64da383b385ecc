import XCTest
@testable import Policies
import TestSupport

final class ExplainCommandTests: XCTestCase {
    private func verdicts(_ json: String, args: [String] = []) throws -> [String: [String: String]] {
        let result = try CLI.run(["explain"] + args, stdin: json)
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try XCTUnwrap(object["verdicts"] as? [String: [String: String]])
    }

    /// The example requests (Tests/Fixtures/explain/, where the explain fuzzing harness starts)
    /// are answered, with every profile's verdict.
    func testTheExampleRequestsAreAnswered() throws {
        let folder = Fixture.url("explain")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThanOrEqual(names.count, 11)
        for name in names.sorted() {
            let json = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            XCTAssertEqual(Set(try verdicts(json).keys), Set(ProfileRegistry.names), name)
        }
    }

    func testExtractionTermsGiveEveryProfile() throws {
        let v = try verdicts(#"{"url": "gojek://gopay/pay?id=1", "trigger": "script-load"}"#)
        XCTAssertEqual(Set(v.keys), Set(ProfileRegistry.names))
        XCTAssertEqual(v["android-webview"]?["outcome"], "error-page")
        XCTAssertEqual(v["android-sdk"]?["reason"], "no-gesture")
        XCTAssertEqual(v["android-sdk"]?["activationConsumed"], "true")
    }

    func testRawAndroidInputsOverrideTheMapping() throws {
        // A script-load navigation, but asked as the platform would ask with a gesture.
        let v = try verdicts(#"{"url": "dana://pay", "trigger": "script-load", "android": {"hasGesture": true}}"#,
                             args: ["--profile", "android-sdk"])
        XCTAssertEqual(Array(v.keys), ["android-sdk"])
        XCTAssertEqual(v["android-sdk"]?["outcome"], "opens-app")
    }

    func testActivationWindowFromMsSinceUserInput() throws {
        let inside = try verdicts(#"{"url": "dana://pay", "trigger": "script-load", "android": {"msSinceUserInput": 9000}}"#,
                                  args: ["--profile", "android-sdk"])
        XCTAssertEqual(inside["android-sdk"]?["outcome"], "opens-app")
        let outside = try verdicts(#"{"url": "dana://pay", "trigger": "script-load", "android": {"msSinceUserInput": 10000}}"#,
                                   args: ["--profile", "android-sdk"])
        XCTAssertEqual(outside["android-sdk"]?["reason"], "no-gesture")
    }

    func testRawIOSInputs() throws {
        let v = try verdicts(#"{"url": "paypay://x", "ios": {"navigationType": "other", "hasUserInteraction": false}}"#,
                             args: ["--profile", "ios-sdk"])
        XCTAssertEqual(v["ios-sdk"]?["reason"], "no-user-interaction")
    }

    func testOptionsAndDevice() throws {
        let v = try verdicts(#"{"url": "gcash://pay", "device": {"name": "empty", "platform": "android"}, "options": {"android": {"requireUserGesture": false}}}"#,
                             args: ["--profile", "android-sdk"])
        XCTAssertEqual(v["android-sdk"]?["outcome"], "open-failed")
    }

    func testBadRequestsExitTwoNamingTheField() throws {
        let cases: [(String, String)] = [
            (#"{"trigger": "tap"}"#, "missing key 'url'"),
            (#"{"url": "x://y", "trigger": "tapp"}"#, "trigger: 'tapp' is not one of tap, form-get"),
            (#"{"url": "x://y", "android": {"hasGestur": true}}"#, "android.hasGestur: unknown key 'hasGestur'"),
            (#"{"url": "x://y", "ios": {"isMainFrame": "yes"}}"#, "ios.isMainFrame: expected true or false"),
            (#"{"url": "#, "not valid JSON"),
        ]
        for (json, message) in cases {
            let result = try CLI.run(["explain"], stdin: json)
            XCTAssertEqual(result.status, 2, json)
            XCTAssertTrue(result.stderr.contains(message), "\(json): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line: \(result.stderr)")
        }
        let unknown = try CLI.run(["explain", "--profile", "android-sdkk"], stdin: #"{"url": "x://y"}"#)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("unknown profile 'android-sdkk'"))
    }
}
