import XCTest
@testable import LinkAuditModel
@testable import Policies
import TestSupport

/// `android-sdk`: the Chromium filters in front of the PayerMax guide's client, `shouldOverrideUrlLoading`'s
/// dispatch, and the user-intent rule with its activation window.
final class AndroidSDKShouldOverrideTests: XCTestCase {
    private typealias F = AndroidFixtures
    private let profile = AndroidSDKProfile()

    func testGate_formPostNeverReachesTheClient() {
        assertBranches(profile, [
            BranchCase("POST custom", F.request("wallet://pay", trigger: .formPost, device: F.device()),
                       .errorPage, "post-not-intercepted"),
            BranchCase("POST intent", F.request("intent://p#Intent;scheme=wallet;end", trigger: .formPost),
                       .errorPage, "post-not-intercepted"),
            BranchCase("POST App Link", F.request("https://pay.wallet.example/pay/1", trigger: .formPost,
                                                  device: F.device()), .loads, "post-not-intercepted"),
        ])
    }

    func testGate_subframeHttpLeftToWebView() {
        assertBranches(profile, [
            BranchCase("iframe App Link", F.request("https://pay.wallet.example/pay/1", trigger: .frameLoad,
                                                    frame: .sub, device: F.device()),
                       .loads, "subframe-http-left-to-webview"),
            BranchCase("iframe about", F.request("about:blank", trigger: .frameLoad, frame: .sub),
                       .loads, "subframe-http-left-to-webview"),
        ])
    }

    func testGate_appInitiatedNotOfferedUnlessRedirect() {
        var load = F.request("wallet://pay", trigger: .scriptLoad)
        load.android.isAppInitiated = true
        var redirect = F.request("wallet://pay", trigger: .serverRedirect)
        redirect.android.isAppInitiated = true
        assertBranches(profile, [
            BranchCase("loadUrl", load, .errorPage, "app-initiated-not-offered"),
            BranchCase("its redirect", redirect, .opensApp, "redirect-counts-as-intent"),
        ])
    }

    func testGate_javascriptUrlRunsInPage() {
        assertBranches(profile, [
            BranchCase("javascript:", F.request("javascript:pay()"), .internal, "javascript-url"),
            BranchCase("invalid", F.request("http://[bad/"), .blocked, "invalid-url"),
        ])
    }

    /// The client's own first check, reached when the client is called directly.
    func testShouldOverride_subframeHttpLeftToWebView() {
        let answer = DeepLinkClient(F.request("https://pay.wallet.example/pay/1", frame: .sub, device: F.device()))
            .shouldOverrideUrlLoading()
        XCTAssertEqual(answer, ClientAnswer(false, Verdict(.loads, .subframeHTTPLeftToWebView)))
    }

    func testShouldOverride_dispatchesBySchemeWithSubframesLikeMainFrame() {
        assertBranches(profile, [
            BranchCase("https → openAppLink", F.request("https://pay.wallet.example/pay/1", device: F.device()),
                       .opensApp, "app-link-default"),
            BranchCase("intent → openIntentUri", F.request("intent://p#Intent;scheme=wallet;end", device: F.device()),
                       .opensApp, "intent-opened"),
            BranchCase("custom → openCustomScheme", F.request("wallet://pay", device: F.device()),
                       .opensApp, "custom-scheme-opened"),
            BranchCase("android-app → openCustomScheme", F.request("android-app://com.wallet", device: F.device()),
                       .openFailed, "custom-scheme-no-handler"),
            BranchCase("iframe deep link with a tap", F.request("wallet://pay", frame: .sub, device: F.device()),
                       .opensApp, "custom-scheme-opened"),
        ])
    }

    func testShouldOverride_redirectCountsAsIntent() {
        assertBranches(profile, [
            BranchCase("302 to custom", F.request("wallet://pay", trigger: .serverRedirect, device: F.device()),
                       .opensApp, "redirect-counts-as-intent",
                       [VerdictDetail.allowedBy: "redirect", VerdictDetail.activationConsumed: ""]),
            BranchCase("302 to intent", F.request("intent://p#Intent;scheme=wallet;end", trigger: .serverRedirect,
                                                 device: F.device()), .opensApp, "redirect-counts-as-intent"),
            BranchCase("302 to App Link", F.request("https://pay.wallet.example/pay/1", trigger: .serverRedirect,
                                                   device: F.device()), .opensApp, "redirect-counts-as-intent"),
            BranchCase("302 to missing app", F.request("gojek://pay", trigger: .serverRedirect, device: F.device()),
                       .openFailed, "custom-scheme-no-handler"),
        ])
    }

    func testActivation_windowStandsInForTheGesture() {
        assertBranches(profile, [
            BranchCase("load script, no input", F.request("wallet://pay", trigger: .scriptLoad, device: F.device()),
                       .blocked, "no-gesture"),
            BranchCase("9.999 s after input", F.request("wallet://pay", trigger: .scriptLoad, msSinceUserInput: 9_999,
                                                       device: F.device()),
                       .opensApp, "custom-scheme-opened", [VerdictDetail.allowedBy: "activation"]),
            BranchCase("10 s after input", F.request("wallet://pay", trigger: .scriptTimer, msSinceUserInput: 10_000,
                                                    device: F.device()), .blocked, "no-gesture"),
            BranchCase("async past Blink's 5 s", F.request("wallet://pay", trigger: .scriptAsync, delayMs: 6_000,
                                                          msSinceUserInput: 6_000, device: F.device()),
                       .opensApp, "custom-scheme-opened", [VerdictDetail.allowedBy: "activation"]),
            BranchCase("async within Blink's 5 s", F.request("wallet://pay", trigger: .scriptAsync, delayMs: 4_000,
                                                            device: F.device()),
                       .opensApp, "custom-scheme-opened", [VerdictDetail.allowedBy: "gesture"]),
        ])
        var options = ProfileOptions()
        options.android.activationWindowMs = 3_000
        assertBranches(profile, [
            BranchCase("shorter window", F.request("wallet://pay", trigger: .scriptLoad, msSinceUserInput: 5_000,
                                                  device: F.device(), options: options), .blocked, "no-gesture"),
        ])
    }

    func testActivation_consumedWheneverHandledWithoutGestureOrRedirect() {
        let consumed = [VerdictDetail.activationConsumed: "true"]
        func timer(_ url: String, input: Int? = 2_000) -> PolicyRequest {
            F.request(url, trigger: .scriptTimer, delayMs: 500, msSinceUserInput: input, device: F.device())
        }
        assertBranches(profile, [
            BranchCase("launched", timer("wallet://pay"), .opensApp, "custom-scheme-opened", consumed),
            BranchCase("open failed", timer("gojek://pay"), .openFailed, "custom-scheme-no-handler", consumed),
            BranchCase("blocked scheme", timer("file:///sdcard/x"), .blocked, "blocked-scheme", consumed),
            BranchCase("no gesture, no window", timer("wallet://pay", input: nil), .blocked, "no-gesture", consumed),
            BranchCase("intent no gesture", timer("intent://p#Intent;scheme=wallet;end", input: nil),
                       .blocked, "no-gesture", consumed),
            BranchCase("App Link", timer("https://pay.wallet.example/pay/1"), .opensApp, "app-link-default", consumed),
        ])
    }

    func testActivation_keptWhenGestureRedirectOrReturningFalse() {
        let kept = [VerdictDetail.activationConsumed: ""]
        assertBranches(profile, [
            BranchCase("tap", F.request("wallet://pay", device: F.device()), .opensApp, "custom-scheme-opened", kept),
            BranchCase("redirect", F.request("wallet://pay", trigger: .serverRedirect, device: F.device()),
                       .opensApp, "redirect-counts-as-intent", kept),
            BranchCase("landing page", F.request("https://liff.line.me/1", trigger: .scriptLoad, msSinceUserInput: 1,
                                                 device: F.device(apps: [F.landing])), .loads, "landing-page", kept),
            BranchCase("ordinary page", F.request("https://a.example/", trigger: .scriptLoad, msSinceUserInput: 1,
                                                  device: F.device()), .loads, "no-app-handler", kept),
            BranchCase("non-external", F.request("data:text/html,x", trigger: .scriptLoad, msSinceUserInput: 1),
                       .loads, "non-external-scheme", kept),
        ])
    }

    func testRequireUserGestureOff_everythingCountsAsIntent() {
        var options = ProfileOptions()
        options.android.requireUserGesture = false
        assertBranches(profile, [
            BranchCase("load script", F.request("wallet://pay", trigger: .scriptLoad, device: F.device(),
                                                options: options),
                       .opensApp, "custom-scheme-opened",
                       [VerdictDetail.allowedBy: "not-required", VerdictDetail.activationConsumed: "true"]),
        ])
    }
}
