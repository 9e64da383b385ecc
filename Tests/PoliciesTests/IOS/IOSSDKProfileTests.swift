import XCTest
@testable import LinkAuditModel
@testable import Policies
import TestSupport

/// `ios-sdk` end to end: extracted navigations through `InputMapping.ios`, the SDK's
/// client, engine and classifier, and WebKit around them.
final class IOSSDKProfileTests: XCTestCase {
    private let profile = IOSSDKProfile()
    private func opts(_ change: (inout IOSSDKOptions) -> Void) -> ProfileOptions {
        var options = ProfileOptions()
        change(&options.iosSDK)
        return options
    }

    private func check(_ rows: [(name: String, request: PolicyRequest, outcome: Outcome, reason: String)],
                       file: StaticString = #filePath, line: UInt = #line) {
        assertBranches(profile, rows.map { BranchCase($0.name, $0.request, $0.outcome, $0.reason) }, file: file, line: line)
    }

    func testNameAndDefaultRun() {
        XCTAssertEqual(profile.name, "ios-sdk")
        XCTAssertTrue(profile.runsByDefault)
    }

    func testBeforePolicy_malformedAndJavascript() {
        check([
            ("unparseable", IOSRequest.make("http://["), .blocked, "malformed-url"),
            ("javascript:", IOSRequest.make("javascript:pay()"), .internal, "javascript-url"),
        ])
    }

    func testHandle_blockGuardsNameTheirGuard() {
        check([
            ("intent: is a blocked scheme", IOSRequest.make("intent://pay#Intent;scheme=w;end"), .blocked, "blocked-scheme"),
            ("file: from a web page", IOSRequest.make("file:///etc/hosts"), .blocked, "blocked-scheme"),
            ("iframe source loading a deep link", IOSRequest.make("wallet://pay", trigger: .frameLoad, frame: .sub),
             .blocked, "subframe-no-gesture"),
            ("load-time script", IOSRequest.make("wallet://pay", trigger: .scriptLoad), .blocked, "no-user-interaction"),
            ("meta refresh", IOSRequest.make("wallet://pay", trigger: .metaRefresh), .blocked, "no-user-interaction"),
            ("automatic iframe links allowed: then the interaction guard",
             IOSRequest.make("wallet://pay", trigger: .frameLoad, frame: .sub,
                             options: opts { $0.allowAutomaticSubframeDeepLinks = true }),
             .blocked, "no-user-interaction"),
            ("business veto", IOSRequest.make("wallet://pay", options: opts { $0.vetoedSchemes = ["wallet"] }),
             .blocked, "vetoed"),
        ])
    }

    func testHandle_openExternal() {
        check([
            ("tap, optimistic device", IOSRequest.make("wallet://pay"), .opensApp, "open-external"),
            ("handler script: touched page", IOSRequest.make("wallet://pay", trigger: .scriptHandler),
             .opensApp, "open-external"),
            ("late async script: interaction is sticky", IOSRequest.make("wallet://pay", trigger: .scriptAsync,
                                                                         delayMs: 9_000), .opensApp, "open-external"),
            ("load-time script after loadUrlByUser", IOSRequest.make("wallet://pay", trigger: .scriptLoad,
                                                                     entry: .loadUrlByUser), .opensApp, "open-external"),
            ("system scheme on a bare device", IOSRequest.make("tel:+62123", device: IOSDevices.bare),
             .opensApp, "open-external"),
        ])
        XCTAssertEqual(profile.decide(IOSRequest.make("wallet://pay", device: IOSDevices.apps)).details,
                       [VerdictDetail.target: "com.wallet"])
    }

    func testHandleOpenFailure_appStoreOrOpenFailed() {
        let verdict = profile.decide(IOSRequest.make("gojek://pay", device: IOSDevices.bare))
        XCTAssertEqual(verdict, Verdict(.appStore, .appStoreSearch, details: [
            VerdictDetail.appStoreTerm: "gojek", VerdictDetail.target: "itms-apps://itunes.apple.com/search?term=gojek"]))
        check([
            ("search off", IOSRequest.make("gojek://pay", device: IOSDevices.bare,
                                           options: opts { $0.autoOpenAppStoreOnFailure = false }),
             .openFailed, "open-failed"),
            ("intent: let through cannot open: searched", IOSRequest.make("intent://x#Intent;end",
                                                                          options: opts { $0.blockedSchemes = [] }),
             .appStore, "app-store-search"),
        ])
    }

    func testAllow_whatWebKitThenDoes() {
        let device = IOSDevices.apps
        check([
            ("http", IOSRequest.make("http://a.com/"), .loads, "http-allowed"),
            ("https tap", IOSRequest.make("https://a.com/"), .loads, "https-allowed"),
            ("https tap to an app's host: WebKit opens it", IOSRequest.make("https://pay.wallet.com/pay/1", device: device),
             .opensApp, "universal-link"),
            ("same host: WebKit keeps it", IOSRequest.make("https://shop.example.com/p", device: device),
             .loads, "universal-link-same-host"),
            ("load-time redirect, no user load: no gesture",
             IOSRequest.make("https://pay.wallet.com/pay/1", trigger: .scriptLoad, device: device),
             .loads, "universal-link-no-gesture"),
            ("about:blank", IOSRequest.make("about:blank"), .loads, "webview-owned"),
            ("data: in an iframe", IOSRequest.make("data:text/html,x", trigger: .frameLoad, frame: .sub),
             .loads, "webview-owned"),
            ("view-source: let through fails", IOSRequest.make("view-source:https://a.com/"),
             .errorPage, "unsupported-url"),
            ("owned custom scheme fails provisionally", IOSRequest.make("wallet://pay",
                                                                        options: opts { $0.webViewOwnedSchemes = ["wallet"] }),
             .errorPage, "unsupported-url"),
            ("owned custom scheme in an iframe", IOSRequest.make("wallet://pay", trigger: .frameLoad, frame: .sub,
                                                                 options: opts { $0.webViewOwnedSchemes = ["wallet"] }),
             .blocked, "subframe-unsupported-url"),
            ("local file next to the page", IOSRequest.make("file:///app/b.html", page: "file:///app/a.html"),
             .loads, "local-file"),
        ])
    }

    func testCheckUniversalLink_afterUserLoad() {
        let target = "https://pay.wallet.com/pay/1"
        check([
            ("redirect script after loadUrlByUser: the SDK checks",
             IOSRequest.make(target, trigger: .scriptLoad, entry: .loadUrlByUser, device: IOSDevices.apps),
             .opensApp, "universal-link-check"),
            ("no app: loads", IOSRequest.make(target, trigger: .scriptLoad, entry: .loadUrlByUser),
             .loads, "universal-link-not-opened"),
            ("option off: WebKit's own rule (no gesture)",
             IOSRequest.make(target, trigger: .scriptLoad, entry: .loadUrlByUser, device: IOSDevices.apps,
                             options: opts { $0.openUniversalLinksFromUserLoads = false }),
             .loads, "universal-link-no-gesture"),
        ])
    }

    func testObjcVariant_checksWhenThePageHasNoHost() {
        let target = "https://pay.wallet.com/pay/1"
        let page = "file:///app/index.html"
        check([
            ("Swift: no current host, no check", IOSRequest.make(target, trigger: .scriptLoad, page: page,
                                                                 entry: .loadUrlByUser, device: IOSDevices.apps),
             .loads, "universal-link-no-gesture"),
            ("ObjC: no current host, check", IOSRequest.make(target, trigger: .scriptLoad, page: page,
                                                             entry: .loadUrlByUser, device: IOSDevices.apps,
                                                             options: opts { $0.variant = .objc }),
             .opensApp, "universal-link-check"),
        ])
    }

    func testCreateWebViewWith_newWindows() {
        let device = IOSDevices.apps
        check([
            ("window.open https: loaded in place", IOSRequest.make("https://a.com/", trigger: .scriptHandler,
                                                                   frame: .newWindow), .loads, "new-window-in-place"),
            ("window.open custom scheme: engine.handle", IOSRequest.make("wallet://pay", trigger: .scriptHandler,
                                                                         frame: .newWindow), .opensApp, "open-external"),
            ("window.open at load: blocked by the engine", IOSRequest.make("wallet://pay", trigger: .scriptLoad,
                                                                           frame: .newWindow),
             .blocked, "no-user-interaction"),
            ("window.open about:blank: allowed into nothing", IOSRequest.make("about:blank", trigger: .scriptHandler,
                                                                              frame: .newWindow),
             .blocked, "new-window-dropped"),
            ("window.open after loadUrlByUser: in-place load is checked",
             IOSRequest.make("https://pay.wallet.com/pay/1", trigger: .scriptHandler, frame: .newWindow,
                             entry: .loadUrlByUser, device: device), .opensApp, "universal-link-check"),
            ("target=_blank https: loaded in place", IOSRequest.make("https://a.com/", frame: .newWindow),
             .loads, "new-window-in-place"),
            ("target=_blank universal link: WebKit tries it first",
             IOSRequest.make("https://pay.wallet.com/pay/1", frame: .newWindow, device: device),
             .opensApp, "universal-link"),
            ("target=_blank same-host link: in place",
             IOSRequest.make("https://shop.example.com/p", frame: .newWindow, device: device),
             .loads, "new-window-in-place"),
            ("target=_blank custom scheme: decidePolicyFor cancels and opens",
             IOSRequest.make("wallet://pay", frame: .newWindow), .opensApp, "open-external"),
            ("target=_blank about:blank: allowed twice, loads nothing", IOSRequest.make("about:blank", frame: .newWindow),
             .blocked, "new-window-dropped"),
        ])
    }

    func testRawInput_handBuiltActions() {
        check([
            ("back/forward to a custom scheme without interaction",
             IOSRequest.raw("wallet://pay", action: IOSRequest.action(.backForward)), .blocked, "no-user-interaction"),
            ("form resubmission is no gesture, but interaction counts",
             IOSRequest.raw("wallet://pay", action: IOSRequest.action(.formResubmitted, interaction: true)),
             .opensApp, "open-external"),
            ("user-loaded page, .other to another host, no app",
             IOSRequest.raw("https://a.com/", action: IOSRequest.action(.other, interaction: true, userLoad: true)),
             .loads, "universal-link-not-opened"),
        ])
    }
}
