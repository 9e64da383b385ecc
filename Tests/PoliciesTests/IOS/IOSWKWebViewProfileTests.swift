import XCTest
@testable import LinkAuditModel
@testable import Policies
import TestSupport

/// `ios-wkwebview`: a delegate that allows everything and no UI delegate.
final class IOSWKWebViewProfileTests: XCTestCase {
    private let profile = WKWebViewProfile()

    private func check(_ rows: [(name: String, request: PolicyRequest, outcome: Outcome, reason: String)],
                       file: StaticString = #filePath, line: UInt = #line) {
        assertBranches(profile, rows.map { BranchCase($0.name, $0.request, $0.outcome, $0.reason) }, file: file, line: line)
    }

    func testNameAndDefaultRun() {
        XCTAssertEqual(profile.name, "ios-wkwebview")
        XCTAssertTrue(profile.runsByDefault)
    }

    /// The rows of `InputMapping.ios` these tests rely on.
    func testMapping_triggerRowsAsWebKitSeesThem() {
        let rows: [(trigger: Trigger, delay: Int?, type: WKNavigationType, gesture: Bool)] = [
            (.tap, nil, .linkActivated, true), (.formGet, nil, .formSubmitted, true),
            (.formPost, nil, .formSubmitted, true), (.metaRefresh, nil, .other, false),
            (.frameLoad, nil, .other, false), (.scriptLoad, nil, .other, false),
            (.scriptTimer, 10, .other, false), (.scriptHandler, nil, .other, true),
            (.scriptAsync, 1_000, .other, true), (.scriptAsync, 1_001, .other, false),
            (.scriptAsync, nil, .other, false), (.serverRedirect, nil, .other, false),
        ]
        for row in rows {
            let action = IOSRequest.make("https://a.com/", trigger: row.trigger, delayMs: row.delay).ios
            XCTAssertEqual(action.navigationType, row.type, "\(row.trigger) \(String(describing: row.delay))")
            XCTAssertEqual(action.userGesture, row.gesture, "\(row.trigger) \(String(describing: row.delay))")
        }
        let sub = IOSRequest.make("https://a.com/", trigger: .frameLoad, frame: .sub).ios
        XCTAssertFalse(sub.isMainFrame)
        let window = IOSRequest.make("https://a.com/", frame: .newWindow).ios
        XCTAssertTrue(window.isMainFrame && window.isNewWindow)
    }

    func testBeforePolicy_malformedAndJavascript() {
        check([
            ("unparseable target starts nothing", IOSRequest.make("http://["), .blocked, "malformed-url"),
            ("javascript: runs in the page", IOSRequest.make("javascript:go()"), .internal, "javascript-url"),
            ("javascript: in a new window too", IOSRequest.make("javascript:go()", frame: .newWindow),
             .internal, "javascript-url"),
        ])
    }

    func testUniversalLink_opensOnlyWhenEveryConditionHolds() {
        let device = IOSDevices.apps
        check([
            ("tap to another host", IOSRequest.make("https://pay.wallet.com/pay/1", device: device),
             .opensApp, "universal-link"),
            ("handler script carries the gesture",
             IOSRequest.make("https://pay.wallet.com/pay/1", trigger: .scriptHandler, device: device),
             .opensApp, "universal-link"),
            ("timer within WebKit's forwarding window",
             IOSRequest.make("https://pay.wallet.com/pay/1", trigger: .scriptAsync, delayMs: 800, device: device),
             .opensApp, "universal-link"),
            ("same host stays", IOSRequest.make("https://shop.example.com/product/1", device: device),
             .loads, "universal-link-same-host"),
            ("load-time script has no gesture",
             IOSRequest.make("https://pay.wallet.com/pay/1", trigger: .scriptLoad, device: device),
             .loads, "universal-link-no-gesture"),
            ("iframe", IOSRequest.make("https://pay.wallet.com/pay/1", trigger: .frameLoad, frame: .sub, device: device),
             .loads, "universal-link-subframe"),
            ("back/forward (raw input)",
             IOSRequest.raw("https://pay.wallet.com/pay/1", action: IOSRequest.action(.backForward, gesture: true),
                            device: device),
             .loads, "universal-link-back-forward"),
            ("no current page counts as another host (raw input)",
             IOSRequest.raw("https://shop.example.com/p", action: IOSRequest.action(.other, current: nil, gesture: true),
                            device: device),
             .opensApp, "universal-link"),
            ("path excluded by the AASA", IOSRequest.make("https://pay.wallet.com/other", device: device),
             .loads, "web-page"),
        ])
        XCTAssertEqual(profile.decide(IOSRequest.make("https://pay.wallet.com/pay/1", device: device)).details,
                       [VerdictDetail.target: "com.wallet"])
    }

    func testWebAndEngineSchemes_load() {
        check([
            ("https", IOSRequest.make("https://a.com/"), .loads, "web-page"),
            ("http in an iframe", IOSRequest.make("http://a.com/", trigger: .frameLoad, frame: .sub), .loads, "web-page"),
            ("about:blank", IOSRequest.make("about:blank"), .loads, "webview-scheme"),
            ("data:", IOSRequest.make("data:text/html,hi"), .loads, "webview-scheme"),
            ("blob:", IOSRequest.make("blob:https://shop.example.com/1"), .loads, "webview-scheme"),
        ])
    }

    func testFileURLs_localPagesOnly() {
        check([
            ("from a web page", IOSRequest.make("file:///etc/hosts"), .blocked, "local-resource-denied"),
            ("from a file page", IOSRequest.make("file:///app/b.html", page: "file:///app/a.html"), .loads, "local-file"),
            ("first load (raw input)",
             IOSRequest.raw("file:///app/a.html", action: IOSRequest.action(.other, current: nil)), .loads, "local-file"),
        ])
    }

    func testCustomSchemes_failProvisionallyOrPrivately() {
        check([
            ("custom scheme, main frame", IOSRequest.make("wallet://pay"), .errorPage, "unsupported-url"),
            ("intent:, main frame", IOSRequest.make("intent://x#Intent;scheme=w;end"), .errorPage, "unsupported-url"),
            ("even with its app installed", IOSRequest.make("wallet://pay", device: IOSDevices.apps),
             .errorPage, "unsupported-url"),
            ("custom scheme in an iframe", IOSRequest.make("wallet://pay", trigger: .frameLoad, frame: .sub),
             .blocked, "subframe-unsupported-url"),
        ])
        let details = profile.decide(IOSRequest.make("wallet://pay")).details
        XCTAssertTrue(details?[VerdictDetail.assumption]?.contains("UNCONFIRMED") == true)
    }

    func testNewWindow_noUIDelegate() {
        let device = IOSDevices.apps
        check([
            ("window.open", IOSRequest.make("https://a.com/", trigger: .scriptHandler, frame: .newWindow),
             .blocked, "no-ui-delegate"),
            ("window.open of a universal link skips the navigation delegate",
             IOSRequest.make("https://pay.wallet.com/pay/1", trigger: .scriptHandler, frame: .newWindow, device: device),
             .blocked, "no-ui-delegate"),
            ("target=_blank web link", IOSRequest.make("https://a.com/", frame: .newWindow), .blocked, "no-ui-delegate"),
            ("target=_blank custom scheme", IOSRequest.make("wallet://pay", frame: .newWindow),
             .blocked, "no-ui-delegate"),
            ("target=_blank universal link: app link tried first",
             IOSRequest.make("https://pay.wallet.com/pay/1", frame: .newWindow, device: device),
             .opensApp, "universal-link"),
        ])
    }
}
