import XCTest
@testable import LinkAuditModel
@testable import Policies
import TestSupport

/// The PayerMax guide client's https path: `isLandingPageHandler`, `openAppLink` on both API paths and
/// `findBestNonBrowserActivity`.
final class AndroidSDKAppLinkTests: XCTestCase {
    private typealias F = AndroidFixtures
    private typealias Client = DeepLinkClient
    private let profile = AndroidSDKProfile()
    private let payLink = "https://pay.wallet.example/pay/1"
    private let chrome = ResolvedActivity(package: "com.android.chrome", isBrowser: true, isDefault: true)
    private let app = ResolvedActivity(package: "com.wallet", countDataPaths: 1, countDataAuthorities: 1)
    private let hostOnly = ResolvedActivity(package: "jp.naver.line", countDataAuthorities: 1)

    func testIsLandingPageHandler_everyNonBrowserFilterWithoutPaths() {
        let rows: [(String, [ResolvedActivity], Bool)] = [
            ("no candidates", [], false),
            ("browsers only", [chrome], false),
            ("host-only app", [chrome, hostOnly], true),
            ("app with a path", [chrome, app], false),
            ("mixed", [chrome, hostOnly, app], false),
        ]
        for (name, candidates, expected) in rows {
            XCTAssertEqual(Client.isLandingPageHandler(candidates), expected, name)
        }
    }

    func testShouldOverride_landingPageStaysInWebViewEvenWithAGesture() {
        assertBranches(profile, [
            BranchCase("tap on liff.line.me", F.request("https://liff.line.me/1", device: F.device(apps: [F.landing])),
                       .loads, "landing-page"),
            BranchCase("302 to it", F.request("https://liff.line.me/1", trigger: .serverRedirect,
                                              device: F.device(apps: [F.landing])), .loads, "landing-page"),
        ])
    }

    func testOpenAppLink_withoutUserIntentWebViewLoadsIt() {
        assertBranches(profile, [
            BranchCase("load script", F.request(payLink, trigger: .scriptLoad, device: F.device()),
                       .loads, "web-no-user-intent"),
        ])
    }

    func testOpenAppLinkR_strictDefaultOpensTheVerifiedApp() {
        assertBranches(profile, [
            BranchCase("verified, allow", F.request(payLink, device: F.device()), .opensApp, "app-link-default",
                       [VerdictDetail.target: "com.wallet", VerdictDetail.allowedBy: "gesture",
                        VerdictDetail.assumption: "~B.5"]),
            BranchCase("API 30", F.request(payLink, device: F.device(api: 30)), .opensApp, "app-link-default"),
        ])
    }

    func testOpenAppLinkR_noNonBrowserHandlerLeavesOrdinaryPagesAlone() {
        assertBranches(profile, [
            BranchCase("ordinary page", F.request("https://shop.example/next", device: F.device()),
                       .loads, "no-app-handler", [VerdictDetail.assumption: "", VerdictDetail.allowedBy: ""]),
            BranchCase("unverified on API 31", F.request(payLink, device: F.device(api: 31, apps: [Self.unverifiedWallet])),
                       .loads, "no-app-handler"),
            BranchCase("hostless http+https app is a browser to the guide's client", F.request(payLink, device: F.device(
                apps: [InstalledApp(id: "b", appLinks: [AppLinkFilter(schemes: ["http", "https"], hosts: [])])])),
                       .loads, "no-app-handler"),
        ])
    }

    func testOpenAppLinkR_askSystemOpensOrShowsTheChooser() {
        assertBranches(profile, [
            BranchCase("ask every time", F.request(payLink, device: F.device(links: .ask)),
                       .chooser, "app-link-chooser", [VerdictDetail.candidates: "com.wallet"]),
            BranchCase("unverified on API 30", F.request(payLink, device: F.device(api: 30, apps: [Self.unverifiedWallet])),
                       .opensApp, "app-link-ask-system", [VerdictDetail.target: "com.wallet"]),
        ])
    }

    func testOpenAppLinkR_onOpenFailedThenWebViewLoads() {
        let answer = Client.openAppLinkR(strict: .notFound, hasNonBrowserHandler: true, askSystem: .notFound)
        XCTAssertFalse(answer.handled)
        XCTAssertEqual(answer.verdict, Verdict(.openFailed, .appLinkOpenFailed,
                                               details: [VerdictDetail.webViewLoads: "true"]))
        let started = Client.openAppLinkR(strict: .chooser([app]), hasNonBrowserHandler: true, askSystem: .notFound)
        XCTAssertEqual(started.verdict.reason, .appLinkChooser)
    }

    func testOpenAppLinkPreR_bestCandidateOpensByComponent() {
        var chosen = Self.unverifiedWallet
        chosen.isDefault = true
        let firefox = Browser(package: "org.mozilla.firefox")
        assertBranches(profile, [
            BranchCase("user default vs plain browser",
                       F.request(payLink, device: F.device(api: 29, apps: [chosen], browsers: [firefox])),
                       .opensApp, "app-link-best-candidate", [VerdictDetail.target: "com.wallet"]),
        ])
    }

    func testOpenAppLinkPreR_defaultBrowserRankedFirstHidesTheApp() {
        assertBranches(profile, [
            BranchCase("Chrome is the default", F.request(payLink, device: F.device(api: 29)),
                       .loads, "app-link-browser-ranked-first", [VerdictDetail.candidates: "com.android.chrome,com.wallet"]),
        ])
    }

    func testOpenAppLinkPreR_tiedCandidatesOpenNothing() {
        let firefox = Browser(package: "org.mozilla.firefox")
        assertBranches(profile, [
            BranchCase("nothing default", F.request(payLink, device: F.device(api: 29, browsers: [firefox])),
                       .loads, "app-link-candidates-tied"),
        ])
    }

    func testOpenAppLinkPreR_noAppHandler() {
        assertBranches(profile, [
            BranchCase("only Chrome", F.request("https://a.example/", device: F.device(api: 29)), .loads, "no-app-handler"),
            BranchCase("two browsers tie", F.request("https://a.example/", device: F.device(
                api: 29, browsers: [Browser(package: "b1"), Browser(package: "b2")])), .loads, "no-app-handler"),
            BranchCase("no browser at all", F.request("https://a.example/", device: F.device(api: 29, browsers: [])),
                       .loads, "no-app-handler"),
        ])
    }

    func testFindBestNonBrowserActivity_rankingTable() {
        var high = app
        high.priority = 1
        var ordered = app
        ordered.preferredOrder = 1
        let plainBrowser = ResolvedActivity(package: "b", isBrowser: true)
        let rows: [(String, [ResolvedActivity], Client.BestActivity)] = [
            ("empty", [], .noCandidates),
            ("sole app", [app], .found(app)),
            ("sole browser", [chrome], .browserRankedFirst(chrome)),
            ("higher priority first", [high, chrome], .found(high)),
            ("higher preferredOrder first", [ordered, plainBrowser], .found(ordered)),
            ("isDefault differs: first wins either way", [app, chrome], .found(app)),
            ("default browser first", [chrome, app], .browserRankedFirst(chrome)),
            ("tie", [plainBrowser, app], .tied),
        ]
        for (name, candidates, expected) in rows {
            XCTAssertEqual(Client.findBestNonBrowserActivity(candidates), expected, name)
        }
    }

    private static let unverifiedWallet = InstalledApp(
        id: "com.wallet", appLinks: [AppLinkFilter(hosts: ["pay.wallet.example"], pathPrefixes: ["/pay/"],
                                                   verified: false)])
}
