import XCTest
@testable import LinkAuditModel
@testable import Policies
import TestSupport

/// `safari-ios`: Docs/PLATFORM.md §D.4–D.6 and rule 22.
final class IOSSafariProfileTests: XCTestCase {
    private let profile = SafariIOSProfile()

    private func check(_ rows: [(name: String, request: PolicyRequest, outcome: Outcome, reason: String)],
                       file: StaticString = #filePath, line: UInt = #line) {
        assertBranches(profile, rows.map { BranchCase($0.name, $0.request, $0.outcome, $0.reason) }, file: file, line: line)
    }

    private func assumption(_ request: PolicyRequest) -> String {
        profile.decide(request).details?[VerdictDetail.assumption] ?? ""
    }

    func testNameAndDefaultRun() {
        XCTAssertEqual(profile.name, "safari-ios")
        XCTAssertTrue(profile.runsByDefault)
    }

    func testBeforeNavigation_malformedAndJavascript() {
        check([
            ("unparseable", IOSRequest.make("http://["), .blocked, "malformed-url"),
            ("javascript:", IOSRequest.make("javascript:x()"), .internal, "javascript-url"),
        ])
    }

    func testPopupBlocker_newWindowWithoutGesture() {
        check([
            ("window.open at load", IOSRequest.make("https://a.com/", trigger: .scriptLoad, frame: .newWindow),
             .blocked, "popup-blocked"),
            ("window.open in a handler: new tab", IOSRequest.make("https://a.com/", trigger: .scriptHandler,
                                                                  frame: .newWindow), .loads, "web-page"),
            ("target=_blank tap: new tab", IOSRequest.make("https://a.com/", frame: .newWindow), .loads, "web-page"),
        ])
        XCTAssertTrue(assumption(IOSRequest.make("https://a.com/", trigger: .scriptLoad, frame: .newWindow))
            .contains("Block Pop-ups"))
    }

    func testUniversalLink_sameDomainRule() {
        let device = IOSDevices.apps
        check([
            ("tap to another host opens the app", IOSRequest.make("https://pay.wallet.com/pay/1", device: device),
             .opensApp, "universal-link"),
            ("tap on the app's own host stays", IOSRequest.make("https://shop.example.com/product/1", device: device),
             .loads, "same-domain-stays-in-safari"),
            ("script without a gesture stays", IOSRequest.make("https://pay.wallet.com/pay/1", trigger: .scriptLoad,
                                                               device: device), .loads, "universal-link-no-gesture"),
            ("iframe stays", IOSRequest.make("https://pay.wallet.com/pay/1", trigger: .frameLoad, frame: .sub,
                                             device: device), .loads, "universal-link-subframe"),
            ("back/forward (raw input)", IOSRequest.raw("https://pay.wallet.com/pay/1",
                                                        action: IOSRequest.action(.backForward, gesture: true),
                                                        device: device), .loads, "universal-link-back-forward"),
            ("target=_blank tap to another host", IOSRequest.make("https://pay.wallet.com/pay/1", frame: .newWindow,
                                                                  device: device), .opensApp, "universal-link"),
            ("no app claims it", IOSRequest.make("https://pay.wallet.com/elsewhere", device: device),
             .loads, "web-page"),
        ])
        XCTAssertEqual(profile.decide(IOSRequest.make("https://pay.wallet.com/pay/1", device: IOSDevices.apps)).details,
                       [VerdictDetail.target: "com.wallet"])
    }

    func testCustomScheme_promptOrCannotOpenPage() {
        check([
            ("app installed: confirmation prompt", IOSRequest.make("wallet://pay"), .chooser, "open-in-app-prompt"),
            ("handler script carries the gesture", IOSRequest.make("wallet://pay", trigger: .scriptHandler),
             .chooser, "open-in-app-prompt"),
            ("system scheme on a bare device", IOSRequest.make("tel:+62123", device: IOSDevices.bare),
             .chooser, "open-in-app-prompt"),
            ("no app", IOSRequest.make("gojek://pay", device: IOSDevices.bare), .errorPage, "cannot-open-page"),
            ("intent: never has an app", IOSRequest.make("intent://pay#Intent;scheme=w;end"),
             .errorPage, "cannot-open-page"),
            ("script without a gesture", IOSRequest.make("wallet://pay", trigger: .scriptLoad), .blocked, "no-user-gesture"),
            ("late async script", IOSRequest.make("wallet://pay", trigger: .scriptAsync, delayMs: 3_000),
             .blocked, "no-user-gesture"),
            ("iframe", IOSRequest.make("wallet://pay", trigger: .frameLoad, frame: .sub), .blocked, "subframe-custom-scheme"),
            ("link tapped inside an iframe", IOSRequest.make("wallet://pay", frame: .sub),
             .blocked, "subframe-custom-scheme"),
        ])
        XCTAssertEqual(profile.decide(IOSRequest.make("wallet://pay", device: IOSDevices.apps)).details?[VerdictDetail.target],
                       "com.wallet")
        XCTAssertTrue(assumption(IOSRequest.make("wallet://pay")).contains("UNCONFIRMED"))
        XCTAssertTrue(assumption(IOSRequest.make("wallet://pay", trigger: .scriptLoad)).contains("UNCONFIRMED"))
        XCTAssertTrue(assumption(IOSRequest.make("gojek://pay", device: IOSDevices.bare)).contains("Cannot Open Page"))
    }

    func testEngineSchemesAndFiles() {
        check([
            ("about:blank", IOSRequest.make("about:blank"), .loads, "webview-scheme"),
            ("data:", IOSRequest.make("data:text/plain,x"), .loads, "webview-scheme"),
            ("file: from a web page", IOSRequest.make("file:///etc/hosts"), .blocked, "local-resource-denied"),
            ("file: from a file page", IOSRequest.make("file:///a/b.html", page: "file:///a/a.html"), .loads, "local-file"),
        ])
    }
}
