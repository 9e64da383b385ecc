import XCTest
@testable import Policies
import TestSupport

/// `chrome-android`: navigation chains, sub-frames, forms, disallowed schemes, `intent:` and
/// App Links (Docs/PLATFORM.md §B.1–B.2, rules 10–15).
final class ChromeAndroidProfileTests: XCTestCase {
    private typealias F = AndroidFixtures
    private let profile = ChromeAndroidProfile()
    private let payLink = "https://pay.wallet.example/pay/1"
    private let typed = AndroidFixtures.settings(entry: .typed)

    func testBeforeTheHandler_invalidJavascriptDataAndFile() {
        assertBranches(profile, [
            BranchCase("invalid", F.request("https://exa mple/"), .blocked, "invalid-url"),
            BranchCase("javascript:", F.request("javascript:go()"), .internal, "javascript-url"),
            BranchCase("data top frame", F.request("data:text/html,x"), .blocked, "data-url-top-frame"),
            BranchCase("data in iframe", F.request("data:text/html,x", trigger: .frameLoad, frame: .sub),
                       .loads, "subframe-stays-in-chrome"),
            BranchCase("file", F.request("file:///sdcard/a.html"), .blocked, "file-scheme"),
        ])
    }

    func testIntentParseError_blockedAndTheFallbackIsLost() {
        assertBranches(profile, [
            BranchCase("unknown key", F.request("intent://p#Intent;scheme=w;S.browser_fallback_url=https%3A%2F%2Fa.example;bogus=1;end"),
                       .blocked, "intent-parse-error",
                       [VerdictDetail.assumption: "~UNCONFIRMED", VerdictDetail.parseError: "~unknown key 'bogus'",
                        VerdictDetail.fallbackURL: ""]),
        ])
    }

    func testSubframes_onlyExternalProtocolsAndOnlyWithAGesture() {
        let withFallback = "intent://p#Intent;scheme=gojek;S.browser_fallback_url=https%3A%2F%2Fgojek.example;end"
        assertBranches(profile, [
            BranchCase("iframe App Link tap", F.request(payLink, frame: .sub, device: F.device()),
                       .loads, "subframe-stays-in-chrome"),
            BranchCase("iframe deep link at load", F.request("wallet://pay", trigger: .frameLoad, frame: .sub,
                                                             device: F.device()),
                       .blocked, "subframe-no-gesture", [VerdictDetail.assumption: "~B.2"]),
            BranchCase("iframe intent with fallback", F.request(withFallback, trigger: .frameLoad, frame: .sub,
                                                                device: F.device()),
                       .fallback, "subframe-no-gesture", [VerdictDetail.fallbackURL: "https://gojek.example"]),
            BranchCase("iframe deep link tapped", F.request("wallet://pay", frame: .sub, device: F.device()),
                       .opensApp, "custom-scheme-opened"),
        ])
    }

    func testDirectFormSubmit_webFormsStayUnlessRedirected() {
        assertBranches(profile, [
            BranchCase("GET form to App Link", F.request(payLink, trigger: .formGet, device: F.device()),
                       .loads, "direct-form-submit"),
            BranchCase("POST form to custom", F.request("wallet://pay", trigger: .formPost, device: F.device()),
                       .opensApp, "custom-scheme-opened"),
            BranchCase("its redirect to the App Link", F.request(payLink, trigger: .serverRedirect, device: F.device()),
                       .opensApp, "app-link", [VerdictDetail.target: "com.wallet"]),
        ])
    }

    func testDisallowedSchemes_neverGivenToApps() {
        assertBranches(profile, [
            BranchCase("content", F.request("content://media/1"), .blocked, "content-scheme"),
            BranchCase("intent to file", F.request("intent:///sdcard/a#Intent;scheme=file;end"), .blocked, "file-scheme"),
            BranchCase("intent to chrome", F.request("intent://settings#Intent;scheme=chrome;end"),
                       .blocked, "internal-scheme"),
            BranchCase("chrome://", F.request("chrome://version"), .blocked, "internal-scheme"),
            BranchCase("about:blank", F.request("about:blank"), .loads, "internal-scheme"),
            BranchCase("fido", F.request("fido://x"), .blocked, "fido-scheme"),
        ])
    }

    func testChain_gestureOrLinkTapStartWithin15sLaunches() {
        assertBranches(profile, [
            BranchCase("tap", F.request("wallet://pay", device: F.device()), .opensApp, "custom-scheme-opened",
                       [VerdictDetail.target: "com.wallet"]),
            BranchCase("load script after a link tap", F.request("wallet://pay", trigger: .scriptLoad, device: F.device()),
                       .opensApp, "custom-scheme-opened"),
            BranchCase("timer ending at 15 s", F.request("wallet://pay", trigger: .scriptTimer, delayMs: 14_000,
                                                        device: F.device()), .opensApp, "custom-scheme-opened"),
            BranchCase("refresh after 3 s", F.request("wallet://pay", trigger: .metaRefresh, delayMs: 3_000,
                                                     device: F.device()), .opensApp, "custom-scheme-opened"),
            BranchCase("async past 5 s joins the page chain", F.request("wallet://pay", trigger: .scriptAsync,
                                                                       delayMs: 8_000, device: F.device()),
                       .opensApp, "custom-scheme-opened"),
        ])
    }

    func testChain_expiredAfter15sPromptsForDeepLinksAndKeepsWebLinks() {
        assertBranches(profile, [
            BranchCase("timer at 16 s", F.request("wallet://pay", trigger: .scriptTimer, delayMs: 15_000,
                                                 device: F.device()),
                       .chooser, "chain-expired-prompt", [VerdictDetail.candidates: "com.wallet"]),
            BranchCase("async at 16 s", F.request("wallet://pay", trigger: .scriptAsync, delayMs: 15_000,
                                                 device: F.device()), .chooser, "chain-expired-prompt"),
            BranchCase("App Link at 21 s", F.request(payLink, trigger: .scriptTimer, delayMs: 20_000, device: F.device()),
                       .loads, "chain-expired"),
            BranchCase("missing app", F.request("gojek://pay", trigger: .scriptTimer, delayMs: 20_000,
                                               device: F.device()), .blocked, "chain-expired"),
        ])
    }

    func testChain_typedStartPromptsOrUsesTheFallback() {
        let fallback = "S.browser_fallback_url=https%3A%2F%2Fwallet.example;end"
        assertBranches(profile, [
            BranchCase("load script", F.request("wallet://pay", trigger: .scriptLoad, device: F.device(), settings: typed),
                       .chooser, "external-protocol-prompt", [VerdictDetail.candidates: "com.wallet"]),
            BranchCase("redirect", F.request("wallet://pay", trigger: .serverRedirect, device: F.device(), settings: typed),
                       .chooser, "external-protocol-prompt"),
            BranchCase("installed, with fallback", F.request("intent://p#Intent;scheme=wallet;" + fallback,
                                                             trigger: .scriptLoad, device: F.device(), settings: typed),
                       .fallback, "typed-chain-start", [VerdictDetail.fallbackURL: "https://wallet.example"]),
            BranchCase("missing, with fallback", F.request("intent://p#Intent;scheme=gojek;" + fallback,
                                                           trigger: .scriptLoad, device: F.device(), settings: typed),
                       .fallback, "typed-chain-start"),
            BranchCase("App Link", F.request(payLink, trigger: .scriptLoad, device: F.device(), settings: typed),
                       .loads, "typed-chain-start"),
            BranchCase("a tap restarts the chain", F.request("wallet://pay", device: F.device(), settings: typed),
                       .opensApp, "custom-scheme-opened"),
            BranchCase("prompt would be a chooser", F.request("wallet://pay", trigger: .scriptLoad, device: F.device(
                apps: [F.wallet, InstalledApp(id: "com.twin", schemes: ["wallet"])]), settings: typed),
                       .blocked, "prompt-resolves-to-chooser"),
        ])
    }

    func testIntent_resolvableOpensElseFallbackElseStoreElseStays() {
        let gojek = "intent://p#Intent;scheme=gojek;package=com.gojek;"
        assertBranches(profile, [
            BranchCase("resolvable, sanitised",
                       F.request("intent://p#Intent;scheme=wallet;package=com.wallet;component=com.wallet/.Pay;end",
                                 device: F.device()),
                       .opensApp, "intent-opened",
                       [VerdictDetail.target: "com.wallet", VerdictDetail.stripped: "component com.wallet/com.wallet.Pay"]),
            BranchCase("chooser", F.request("intent://p#Intent;scheme=wallet;end", device: F.device(
                apps: [F.wallet, InstalledApp(id: "com.twin", schemes: ["wallet"])])), .chooser, "intent-chooser"),
            BranchCase("https fallback", F.request(gojek + "S.browser_fallback_url=https%3A%2F%2Fgojek.example%2Fpay;end",
                                                   device: F.device()),
                       .fallback, "no-handler", [VerdictDetail.fallbackURL: "https://gojek.example/pay"]),
            BranchCase("Play Store fallback", F.request(
                gojek + "S.browser_fallback_url=https%3A%2F%2Fplay.google.com%2Fstore%2Fapps%2Fdetails%3Fid%3Dcom.gojek;end",
                device: F.device()),
                       .appStore, "no-handler",
                       [VerdictDetail.target: "market://details?id=com.gojek&referrer=com.android.chrome"]),
            BranchCase("package to the store", F.request(gojek + "end", device: F.device()),
                       .appStore, "intent-package-to-store",
                       [VerdictDetail.target: "market://details?id=com.gojek&referrer=com.android.chrome"]),
            BranchCase("no Play Store", F.request(gojek + "end", device: F.device(play: false)), .blocked, "no-handler"),
            BranchCase("no package", F.request("intent://p#Intent;scheme=gojek;end", device: F.device()),
                       .blocked, "no-handler", [VerdictDetail.assumption: "~B.2"]),
            BranchCase("non-http fallback ignored",
                       F.request("intent://p#Intent;scheme=gojek;S.browser_fallback_url=javascript%3Ax();end",
                                 device: F.device()),
                       .blocked, "no-handler", [VerdictDetail.ignoredFallbackURL: "javascript:x()"]),
            BranchCase("optimistic package", F.request(gojek + "end"), .opensApp, "intent-opened",
                       [VerdictDetail.target: "com.gojek"]),
            BranchCase("resolves to Chrome", F.request("intent://a.example/#Intent;scheme=https;end", device: F.device()),
                       .loads, "intent-to-self", [VerdictDetail.target: ""]),
        ])
    }

    func testAppLinks_verifiedCrossHostOnly() {
        let unverified = InstalledApp(id: "com.wallet", appLinks: [
            AppLinkFilter(hosts: ["pay.wallet.example"], pathPrefixes: ["/pay/"], verified: false)])
        let anyHost = InstalledApp(id: "any", appLinks: [AppLinkFilter(hosts: ["*"])])
        assertBranches(profile, [
            BranchCase("verified", F.request(payLink, device: F.device()), .opensApp, "app-link",
                       [VerdictDetail.target: "com.wallet"]),
            BranchCase("unverified on 12+", F.request(payLink, device: F.device(apps: [unverified])),
                       .loads, "no-specialized-handler"),
            BranchCase("specialized filter pre-12", F.request(payLink, device: F.device(api: 30, apps: [unverified])),
                       .chooser, "app-link-chooser", [VerdictDetail.candidates: "com.android.chrome,com.wallet"]),
            BranchCase("ask every time", F.request(payLink, device: F.device(links: .ask)), .chooser, "app-link-chooser"),
            BranchCase("host * is not specialized", F.request(payLink, device: F.device(apps: [anyHost])),
                       .loads, "no-specialized-handler"),
            BranchCase("same host, same handlers", F.request(payLink, device: F.device(),
                                                             pageURL: "https://pay.wallet.example/pay/0"),
                       .loads, "same-host"),
            BranchCase("same host, new handler", F.request(payLink, device: F.device(),
                                                           pageURL: "https://pay.wallet.example/home"),
                       .opensApp, "app-link"),
        ])
    }

    func testChainModel_startAndAge() {
        let rows: [(String, PolicyRequest, ChromeNavigationChain)] = [
            ("tap", F.request("x://a"), ChromeNavigationChain(start: .gesture, ageMs: 0)),
            ("load script", F.request("x://a", trigger: .scriptLoad), ChromeNavigationChain(start: .gesture, ageMs: 1_000)),
            ("timer", F.request("x://a", trigger: .scriptTimer, delayMs: 2_500),
             ChromeNavigationChain(start: .gesture, ageMs: 3_500)),
            ("async, unknown delay past 5 s", F.request("x://a", trigger: .scriptAsync, settings: {
                var s = AuditSettings()
                s.assumedAsyncDelayMs = 7_000
                return s
            }()), ChromeNavigationChain(start: .gesture, ageMs: 8_000)),
            ("redirect", F.request("x://a", trigger: .serverRedirect), ChromeNavigationChain(start: .gesture, ageMs: 0)),
            ("typed, load script", F.request("x://a", trigger: .scriptLoad, settings: typed),
             ChromeNavigationChain(start: .typed, ageMs: 1_000)),
        ]
        for (name, request, expected) in rows {
            XCTAssertEqual(ChromeNavigationChain(request), expected, name)
        }
        XCTAssertEqual(ChromeNavigationChain(start: .gesture, ageMs: 15_000).result, .allowed)
        XCTAssertEqual(ChromeNavigationChain(start: .gesture, ageMs: 15_001).result, .requiresPrompt(.chainExpired))
        XCTAssertEqual(ChromeNavigationChain(start: .typed, ageMs: 0).result, .requiresPrompt(.typedChainStart))
    }
}
