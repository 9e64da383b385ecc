import XCTest
@testable import Policies
import TestSupport

/// `explain`'s `hostEntry` (the host app's loads before the page's navigation) and the
/// device file's iOS capabilities in a request.
final class ExplainHostEntryTests: XCTestCase {
    private func explain(_ json: String, args: [String] = []) throws -> [String: Any] {
        let result = try CLI.run(["explain"] + args, stdin: json)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    private func verdicts(_ json: String, args: [String] = []) throws -> [String: [String: String]] {
        try XCTUnwrap(explain(json, args: args)["verdicts"] as? [String: [String: String]])
    }

    func testUserLoadOpensTheActivationWindowAndTheSDKsInteraction() throws {
        let plain = try verdicts(#"{"url": "dana://pay", "trigger": "script-load", "hostEntry": {"loadUrl": "https://shop.example/pay"}}"#)
        XCTAssertEqual(plain["android-sdk"]?["reason"], "no-gesture")
        XCTAssertEqual(plain["ios-sdk"]?["reason"], "no-user-interaction")
        let byUser = try verdicts(#"{"url": "dana://pay", "trigger": "script-load", "hostEntry": {"loadUrlByUser": "https://shop.example/pay"}}"#)
        XCTAssertEqual(byUser["android-sdk"]?["outcome"], "opens-app")
        XCTAssertEqual(byUser["ios-sdk"]?["reason"], "open-external")
    }

    func testSequence_laterLoadsMoveTheWindowBackButTheSDKsFlagsStay() throws {
        // pageLoadMs 5000: the page's script runs 5 s into its load; one load earlier is 10 s.
        let settings = #""settings": {"pageLoadMs": 5000}"#
        let last = try verdicts(#"{"url": "dana://pay", "trigger": "script-load", \#(settings), "hostEntry": [{"loadUrl": "https://shop.example/"}, {"loadUrlByUser": "https://shop.example/pay"}]}"#)
        XCTAssertEqual(last["android-sdk"]?["outcome"], "opens-app")
        let earlier = try verdicts(#"{"url": "dana://pay", "trigger": "script-load", \#(settings), "hostEntry": [{"loadUrlByUser": "https://shop.example/"}, {"loadUrl": "https://shop.example/pay"}]}"#)
        XCTAssertEqual(earlier["android-sdk"]?["reason"], "no-gesture")
        XCTAssertEqual(earlier["ios-sdk"]?["reason"], "open-external")
    }

    func testThePageIsTheLastLoadAndTheStepsAreReported() throws {
        let out = try explain(#"{"url": "/next", "hostEntry": [{"loadUrlByUser": "https://pay.paypay.ne.jp/pay/1"}, {"loadUrl": "https://shop.example/a"}]}"#,
                              args: ["--device", Repository.url("Pipelines/devices/iphone-japan.json").path])
        XCTAssertEqual(out["page"] as? String, "https://shop.example/a")
        XCTAssertEqual(out["url"] as? String, "https://shop.example/next")
        let steps = try XCTUnwrap(out["hostEntry"] as? [[String: Any]])
        XCTAssertEqual(steps.count, 2)
        XCTAssertEqual(steps[0]["loadUrlByUser"] as? String, "https://pay.paypay.ne.jp/pay/1")
        let first = try XCTUnwrap((steps[0]["verdicts"] as? [String: [String: String]])?["ios-sdk"])
        XCTAssertEqual(first, ["outcome": "opens-app", "reason": "universal-link-check", "target": "jp.ne.paypay.iosapp"])
        let second = try XCTUnwrap((steps[1]["verdicts"] as? [String: [String: String]])?["ios-sdk"])
        XCTAssertEqual(second["outcome"], "loads")
        // Without hostEntry the answer keeps its old shape.
        XCTAssertNil(try explain(#"{"url": "x://y"}"#)["hostEntry"])
    }

    func testObjcClientLetsTheUserLoadThroughOnce() throws {
        let out = try explain(#"{"url": "x://y", "options": {"iosSDK": {"variant": "objc"}}, "hostEntry": {"loadUrlByUser": "https://shop.example/"}}"#,
                              args: ["--profile", "ios-sdk"])
        let steps = try XCTUnwrap(out["hostEntry"] as? [[String: Any]])
        XCTAssertEqual((steps[0]["verdicts"] as? [String: [String: String]])?["ios-sdk"]?["reason"], "pending-user-load")
        let swift = try explain(#"{"url": "x://y", "hostEntry": {"loadUrlByUser": "https://shop.example/"}}"#,
                                args: ["--profile", "ios-sdk"])
        let swiftSteps = try XCTUnwrap(swift["hostEntry"] as? [[String: Any]])
        XCTAssertEqual((swiftSteps[0]["verdicts"] as? [String: [String: String]])?["ios-sdk"]?["reason"], "https-allowed")
    }

    func testDeviceIOSCapabilitiesInARequestAndFromPresets() throws {
        let iphone = try verdicts(#"{"url": "tel:0312345678", "device": {"platform": "ios"}}"#, args: ["--profile", "ios-sdk"])
        XCTAssertEqual(iphone["ios-sdk"]?["outcome"], "opens-app")
        let ipad = try verdicts(#"{"url": "tel:0312345678", "device": {"platform": "ios", "ios": {"cannotOpenSchemes": ["tel"]}}}"#,
                                args: ["--profile", "ios-sdk"])
        XCTAssertEqual(ipad["ios-sdk"]?["outcome"], "open-failed")
        let managed = try verdicts(#"{"url": "merpay://pay"}"#,
                                   args: ["--profile", "ios-sdk", "--device", Repository.url("Pipelines/devices/ipad-mdm.json").path])
        XCTAssertEqual(managed["ios-sdk"]?["reason"], "app-store-search-failed")
    }

    func testBadHostEntriesExitTwoNamingTheField() throws {
        let cases: [(String, String)] = [
            (#"{"url": "x://y", "hostEntry": {"load": "https://a/"}}"#, "hostEntry.load: unknown key 'load'"),
            (#"{"url": "x://y", "hostEntry": {"loadUrl": "https://a/", "loadUrlByUser": "https://a/"}}"#, "a step is one of"),
            (#"{"url": "x://y", "hostEntry": []}"#, "needs at least one step"),
            (#"{"url": "x://y", "page": "https://b/", "hostEntry": {"loadUrl": "https://a/"}}"#, "is not the URL hostEntry loads last"),
            (#"{"url": "x://y", "device": {"ios": {"phone": false}}}"#, "device.ios.phone: unknown key 'phone'"),
        ]
        for (json, message) in cases {
            let result = try CLI.run(["explain"], stdin: json)
            XCTAssertEqual(result.status, 2, json)
            XCTAssertTrue(result.stderr.contains(message), "\(json): \(result.stderr)")
        }
    }
}
