import XCTest
@testable import Policies
import TestSupport

/// The PayerMax guide client's `openCustomScheme` and `openIntentUri`.
final class AndroidSDKSchemeTests: XCTestCase {
    private typealias F = AndroidFixtures
    private let profile = AndroidSDKProfile()

    func testOpenCustomScheme_blockedSchemesStopped() {
        assertBranches(profile, [
            BranchCase("file", F.request("file:///data/data/app/secret"), .blocked, "blocked-scheme"),
            BranchCase("content", F.request("content://contacts/1"), .blocked, "blocked-scheme"),
        ])
    }

    func testOpenCustomScheme_nonExternalLeftToWebView() {
        assertBranches(profile, [
            BranchCase("data", F.request("data:text/html,x"), .loads, "non-external-scheme"),
            BranchCase("blob", F.request("blob:https://a.example/1"), .loads, "non-external-scheme"),
            BranchCase("about", F.request("about:blank"), .loads, "non-external-scheme"),
            BranchCase("chrome", F.request("chrome://settings"), .errorPage, "non-external-scheme"),
            BranchCase("resource", F.request("resource://x"), .errorPage, "non-external-scheme"),
            BranchCase("view-source", F.request("view-source:https://a.example/"), .errorPage, "non-external-scheme"),
        ])
        // javascript: never reaches the client (WebViewGate); called directly it is left to WebView too.
        let answer = DeepLinkClient(F.request("javascript:x()")).openCustomScheme(gestureAllowed: true)
        XCTAssertEqual(answer.handled, false)
        XCTAssertEqual(answer.verdict.outcome, .internal)
        XCTAssertEqual(answer.verdict.reason, .nonExternalScheme)
    }

    func testOpenCustomScheme_notAbsoluteLeftToWebView() {
        var relative = F.request("wallet://pay")
        relative.scheme = ""
        let answer = DeepLinkClient(relative).openCustomScheme(gestureAllowed: true)
        XCTAssertFalse(answer.handled)
        XCTAssertEqual(answer.verdict.reason, .notAbsolute)
    }

    func testOpenCustomScheme_noGestureStoppedSilently() {
        assertBranches(profile, [
            BranchCase("meta refresh", F.request("wallet://pay", trigger: .metaRefresh, device: F.device()),
                       .blocked, "no-gesture"),
            BranchCase("iframe at load", F.request("nidlogin://x", trigger: .frameLoad, frame: .sub, device: F.device()),
                       .blocked, "no-gesture"),
        ])
    }

    func testOpenCustomScheme_launchChooserOrOnOpenFailed() {
        let twin = InstalledApp(id: "com.twin", schemes: ["wallet"])
        assertBranches(profile, [
            BranchCase("handler", F.request("wallet://pay", device: F.device()), .opensApp, "custom-scheme-opened",
                       [VerdictDetail.target: "com.wallet", VerdictDetail.allowedBy: "gesture"]),
            BranchCase("optimistic", F.request("gojek://pay"), .opensApp, "custom-scheme-opened",
                       [VerdictDetail.target: "gojek"]),
            BranchCase("two handlers", F.request("wallet://pay", device: F.device(apps: [F.wallet, twin])),
                       .chooser, "custom-scheme-chooser", [VerdictDetail.candidates: "com.wallet,com.twin"]),
            BranchCase("none: page stays", F.request("gojek://pay", device: F.device()),
                       .openFailed, "custom-scheme-no-handler"),
        ])
    }

    func testOpenIntentUri_noGestureStoppedSilently() {
        assertBranches(profile, [
            BranchCase("load script", F.request("intent://p#Intent;scheme=wallet;end", trigger: .scriptLoad),
                       .blocked, "no-gesture"),
        ])
    }

    func testOpenIntentUri_parseErrorCallsOnOpenFailed() {
        assertBranches(profile, [
            BranchCase("unknown key", F.request("intent://p#Intent;scheme=w;bogus=1;end"), .openFailed,
                       "intent-parse-error", [VerdictDetail.parseError: "~unknown key 'bogus'"]),
            BranchCase("empty c.", F.request("intent://p#Intent;c.x=;end"), .openFailed, "intent-parse-error"),
        ])
    }

    func testOpenIntentUri_launchesAfterSanitising() {
        let unsafe = "intent://p#Intent;scheme=wallet;package=com.wallet;component=com.wallet/.Pay;"
            + "launchFlags=0x40000000;SEL;action=x;end"
        assertBranches(profile, [
            BranchCase("clean", F.request("intent://p#Intent;scheme=wallet;package=com.wallet;end", device: F.device()),
                       .opensApp, "intent-opened", [VerdictDetail.target: "com.wallet", VerdictDetail.stripped: ""]),
            BranchCase("stripped", F.request(unsafe, device: F.device()), .opensApp, "intent-opened",
                       [VerdictDetail.stripped: "flags 0x40000000, component com.wallet/com.wallet.Pay"]),
            BranchCase("https data goes to the browser",
                       F.request("intent://a.example/#Intent;scheme=https;end", device: F.device()),
                       .opensApp, "intent-opened", [VerdictDetail.target: "com.android.chrome"]),
            BranchCase("chooser", F.request("intent://p#Intent;scheme=wallet;end", device: F.device(
                apps: [F.wallet, InstalledApp(id: "com.twin", schemes: ["wallet"])])), .chooser, "intent-chooser"),
        ])
    }

    func testOpenIntentUri_httpFallbackOrOnOpenFailed() {
        let base = "intent://p#Intent;scheme=gojek;package=com.gojek;"
        assertBranches(profile, [
            BranchCase("https fallback", F.request(base + "S.browser_fallback_url=https%3A%2F%2Fgojek.example%2Fpay;end",
                                                   device: F.device()),
                       .fallback, "intent-fallback", [VerdictDetail.fallbackURL: "https://gojek.example/pay"]),
            BranchCase("javascript fallback ignored",
                       F.request(base + "S.browser_fallback_url=javascript%3Aalert(1);end", device: F.device()),
                       .openFailed, "intent-no-handler", [VerdictDetail.ignoredFallbackURL: "javascript:alert(1)"]),
            BranchCase("no fallback, no store", F.request(base + "end", device: F.device()),
                       .openFailed, "intent-no-handler", [VerdictDetail.ignoredFallbackURL: ""]),
        ])
    }
}
