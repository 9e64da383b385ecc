import XCTest
@testable import Policies
import TestSupport

/// `android-webview-noclient`: WebView hands navigations to Android itself (Docs/PLATFORM.md §A.4).
final class AndroidWebViewNoClientProfileTests: XCTestCase {
    private typealias F = AndroidFixtures
    private let profile = AndroidWebViewNoClientProfile()

    func testSelection_runsOnlyWhenSelected() {
        XCTAssertFalse(profile.runsByDefault)
        XCTAssertEqual(profile.name, "android-webview-noclient")
    }

    func testNotOffered_postSubframeWebAndAppInitiatedLoadInWebView() {
        var appLoad = F.request("wallet://pay", trigger: .scriptLoad)
        appLoad.android.isAppInitiated = true
        assertBranches(profile, [
            BranchCase("POST custom", F.request("wallet://pay", trigger: .formPost), .errorPage, "post-not-intercepted"),
            BranchCase("POST https", F.request("https://a.example/", trigger: .formPost), .loads, "post-not-intercepted"),
            BranchCase("iframe https", F.request("https://a.example/", trigger: .frameLoad, frame: .sub),
                       .loads, "subframe-web-not-offered"),
            BranchCase("loadUrl custom", appLoad, .errorPage, "app-initiated-not-offered"),
            BranchCase("javascript:", F.request("javascript:x()"), .internal, "javascript-url"),
        ])
    }

    func testNoGestureNoRedirect_deniedSilently() {
        assertBranches(profile, [
            BranchCase("load script custom", F.request("wallet://pay", trigger: .scriptLoad), .blocked, "no-gesture"),
            BranchCase("meta refresh https", F.request("https://a.example/", trigger: .metaRefresh), .blocked, "no-gesture"),
            BranchCase("timer intent", F.request("intent://x#Intent;scheme=w;end", trigger: .scriptTimer, delayMs: 100),
                       .blocked, "no-gesture"),
            BranchCase("iframe deep link", F.request("nidlogin://x", trigger: .frameLoad, frame: .sub),
                       .blocked, "no-gesture"),
            BranchCase("async after Blink's 5 s", F.request("wallet://pay", trigger: .scriptAsync, delayMs: 6000),
                       .blocked, "no-gesture"),
        ])
    }

    func testGesture_httpLeavesTheAppForTheBrowserOrItsApp() {
        assertBranches(profile, [
            BranchCase("tap https", F.request("https://a.example/", device: F.device()), .opensApp, "sent-to-browser",
                       [VerdictDetail.target: "com.android.chrome"]),
            BranchCase("tap verified App Link", F.request("https://pay.wallet.example/pay/1", device: F.device()),
                       .opensApp, "sent-to-app", [VerdictDetail.target: "com.wallet"]),
            BranchCase("async within 5 s", F.request("https://a.example/", trigger: .scriptAsync, delayMs: 4000,
                                                     device: F.device()), .opensApp, "sent-to-browser"),
        ])
    }

    func testRedirect_launchesWithoutAGesture() {
        assertBranches(profile, [
            BranchCase("302 to custom", F.request("wallet://pay", trigger: .serverRedirect, device: F.device()),
                       .opensApp, "redirect-counts-as-intent", [VerdictDetail.target: "com.wallet"]),
        ])
    }

    func testCustomScheme_opensItsAppChooserOrErrorPage() {
        let twin = InstalledApp(id: "com.twin", schemes: ["wallet"])
        assertBranches(profile, [
            BranchCase("handler", F.request("wallet://pay", device: F.device()), .opensApp, "sent-to-app",
                       [VerdictDetail.target: "com.wallet"]),
            BranchCase("two handlers", F.request("wallet://pay", device: F.device(apps: [F.wallet, twin])),
                       .chooser, "sent-to-chooser", [VerdictDetail.candidates: "com.wallet,com.twin"]),
            BranchCase("no handler", F.request("gojek://pay", device: F.device()), .errorPage, "no-handler"),
            BranchCase("sub-frame tap with handler", F.request("wallet://pay", frame: .sub, device: F.device()),
                       .opensApp, "sent-to-app"),
        ])
    }

    func testIntent_noFlagMaskNoFallbackNoStore() {
        let fallback = "intent://p#Intent;scheme=gojek;package=com.gojek;S.browser_fallback_url=https%3A%2F%2Fa.example;end"
        assertBranches(profile, [
            BranchCase("resolves, component stripped",
                       F.request("intent://p#Intent;scheme=wallet;package=com.wallet;component=com.wallet/.Pay;end",
                                 device: F.device()),
                       .opensApp, "sent-to-app", [VerdictDetail.target: "com.wallet",
                                                  VerdictDetail.stripped: "component com.wallet/com.wallet.Pay"]),
            BranchCase("package installed, no filter takes the data",
                       F.request("intent://p#Intent;scheme=x;package=com.wallet;end", device: F.device()),
                       .errorPage, "no-handler"),
            BranchCase("fallback ignored", F.request(fallback, device: F.device()), .errorPage, "no-handler"),
            BranchCase("parse error", F.request("intent://p#Intent;bogus=1;end"), .errorPage, "intent-parse-error",
                       [VerdictDetail.parseError: "~unknown key"]),
        ])
    }

    func testInternalURLs_loadInWebView() {
        assertBranches(profile, [
            BranchCase("about:blank tap", F.request("about:blank"), .loads, "webview-internal-url"),
            BranchCase("chrome:// tap", F.request("chrome://version"), .errorPage, "webview-internal-url"),
            BranchCase("asset", F.request("file:///android_asset/a.html"), .loads, "webview-internal-url"),
            BranchCase("other file", F.request("file:///sdcard/a.html"), .loads, "no-handler"),
        ])
    }
}
