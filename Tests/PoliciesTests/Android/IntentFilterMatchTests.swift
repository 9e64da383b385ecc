import XCTest
@testable import Policies
import TestSupport

/// `IntentFilter.match` and `startActivity` resolution, one test per rule, from AOSP's
/// documented intent-resolution rules (developer.android.com "Intents and Intent Filters",
/// `<data>`, `IntentFilter` reference) and CTS `IntentFilterTest` behaviour (Docs/PLATFORM.md §C.3).
final class IntentFilterMatchTests: XCTestCase {
    private typealias F = AndroidFixtures
    private let view = AndroidIntent.actionView
    private let browsable = AndroidIntent.categoryBrowsable
    private let defaultCat = AndroidIntent.categoryDefault

    private func intent(_ data: String? = nil, action: String? = AndroidIntent.actionView, type: String? = nil,
                        categories: [String] = [], package: String? = nil) -> AndroidIntent {
        AndroidIntent(action: action, data: data, type: type, package: package, categories: categories)
    }

    // MARK: Action

    func testAction_intentWithoutActionMatchesAnyFilter() {
        let f = IntentFilter(actions: ["x.PAY"], categories: [], schemes: ["w"])
        XCTAssertTrue(f.matches(intent("w:1", action: nil), defaultOnly: false))
    }

    func testAction_intentActionMustBeListedInFilter() {
        let f = IntentFilter(actions: ["x.PAY"], categories: [], schemes: ["w"])
        XCTAssertTrue(f.matches(intent("w:1", action: "x.PAY"), defaultOnly: false))
        XCTAssertFalse(f.matches(intent("w:1", action: view), defaultOnly: false))
    }

    func testAction_filterWithoutActionsTakesNoIntentWithAnAction() {
        let f = IntentFilter(actions: [], categories: [], schemes: ["w"])
        XCTAssertFalse(f.matches(intent("w:1"), defaultOnly: false))
    }

    // MARK: Categories

    func testCategory_everyIntentCategoryMustBeInFilter() {
        let f = IntentFilter(categories: [browsable], schemes: ["w"])
        XCTAssertTrue(f.matches(intent("w:1", categories: [browsable]), defaultOnly: false))
        XCTAssertFalse(f.matches(intent("w:1", categories: [browsable, "x.EXTRA"]), defaultOnly: false))
    }

    func testCategory_filterMayDeclareMoreThanTheIntent() {
        let f = IntentFilter(categories: [browsable, defaultCat, "x.MORE"], schemes: ["w"])
        XCTAssertTrue(f.matches(intent("w:1"), defaultOnly: false))
    }

    func testCategory_startActivityRequiresCategoryDefault() {
        let f = IntentFilter(categories: [browsable], schemes: ["w"])
        XCTAssertTrue(f.matches(intent("w:1", categories: [browsable]), defaultOnly: false))
        XCTAssertFalse(f.matches(intent("w:1", categories: [browsable]), defaultOnly: true))
    }

    // MARK: Data

    func testData_filterWithoutSchemesOrTypesTakesOnlyIntentsWithNeither() {
        let f = IntentFilter(categories: [browsable, defaultCat])
        XCTAssertTrue(f.matches(intent(nil), defaultOnly: true))
        XCTAssertFalse(f.matches(intent("w:1"), defaultOnly: true))
        XCTAssertFalse(f.matches(intent(nil, type: "text/plain"), defaultOnly: true))
    }

    func testData_schemeMustBeListedCaseSensitively() {
        let f = IntentFilter(schemes: ["myapp"])
        XCTAssertTrue(f.matches(intent("myapp://pay"), defaultOnly: true))
        XCTAssertFalse(f.matches(intent("MyApp://pay"), defaultOnly: true))
        XCTAssertFalse(f.matches(intent(nil), defaultOnly: true))
    }

    func testData_withoutHostPortAndPathsAreIgnored() {
        let f = IntentFilter(schemes: ["zxing"], paths: ["/never"])
        XCTAssertTrue(f.matches(intent("zxing://scan/anything"), defaultOnly: true))
    }

    func testAuthority_hostMustMatchWithLeadingWildcardAsSuffix() {
        let f = IntentFilter(schemes: ["market"], hosts: ["details", "*.shop.example"])
        XCTAssertTrue(f.matches(intent("market://details?id=x"), defaultOnly: true))
        XCTAssertFalse(f.matches(intent("market://search?q=x"), defaultOnly: true))
        XCTAssertTrue(f.matches(intent("market://a.shop.example/"), defaultOnly: true))
        XCTAssertFalse(f.matches(intent("market://shop.example/"), defaultOnly: true))
        XCTAssertTrue(f.matches(intent("market://DETAILS"), defaultOnly: true), "hosts compare ignoring case")
    }

    func testAuthority_portMustMatchWhenDeclared() {
        let f = IntentFilter(schemes: ["myapp"], hosts: ["pay:8080"])
        XCTAssertTrue(f.matches(intent("myapp://pay:8080/x"), defaultOnly: true))
        XCTAssertFalse(f.matches(intent("myapp://pay/x"), defaultOnly: true))
        XCTAssertFalse(f.matches(intent("myapp://pay:9090/x"), defaultOnly: true))
        XCTAssertTrue(IntentFilter(schemes: ["myapp"], hosts: ["pay"]).matches(intent("myapp://pay:9090/x"), defaultOnly: true),
                      "no declared port: any port")
    }

    func testPath_literalPrefixGlobAdvancedGlobSuffix() {
        func takes(_ f: IntentFilter, _ path: String) -> Bool { f.matches(intent("myapp://pay" + path), defaultOnly: true) }
        XCTAssertTrue(takes(IntentFilter(schemes: ["myapp"], hosts: ["pay"], paths: ["/go"]), "/go"))
        XCTAssertFalse(takes(IntentFilter(schemes: ["myapp"], hosts: ["pay"], paths: ["/go"]), "/go/1"))
        XCTAssertTrue(takes(IntentFilter(schemes: ["myapp"], hosts: ["pay"], pathPrefixes: ["/go"]), "/go/1"))
        XCTAssertTrue(takes(IntentFilter(schemes: ["myapp"], hosts: ["pay"], pathPatterns: ["/o/.*"]), "/o/12"))
        XCTAssertFalse(takes(IntentFilter(schemes: ["myapp"], hosts: ["pay"], pathPatterns: ["/.*/end"]), "/a/b/end"))
        let advanced = IntentFilter(schemes: ["myapp"], hosts: ["pay"], pathAdvancedPatterns: ["/o/[0-9]+"])
        XCTAssertTrue(takes(advanced, "/o/123"))
        XCTAssertFalse(takes(advanced, "/o/12a"))
        XCTAssertTrue(takes(IntentFilter(schemes: ["myapp"], hosts: ["pay"], pathSuffixes: [".pdf"]), "/a.pdf"))
        XCTAssertFalse(takes(IntentFilter(schemes: ["myapp"], hosts: ["pay"], paths: ["/go"]), ""))
    }

    func testPath_advancedGlobIsGreedyWithCountsAndClasses() {
        func m(_ p: String, _ t: String) -> Bool { PatternMatcher(p, .advancedGlob).matches(t) }
        XCTAssertTrue(m("/a{2}b", "/aab"))
        XCTAssertFalse(m("/a{2}b", "/ab"))
        XCTAssertTrue(m("/a{1,3}", "/aaa"))
        XCTAssertFalse(m("/a{1,3}", "/aaaa"))
        XCTAssertTrue(m("/[^/]+/x", "/abc/x"))
        XCTAssertFalse(m("/.*x", "/abx"), "greedy `.*` takes the x and never gives it back")
        XCTAssertTrue(m("/\\.x", "/.x"))
        XCTAssertFalse(m("/[a-", "/a"), "a pattern AOSP rejects matches nothing")
    }

    // MARK: MIME types

    func testType_filterWithTypesButNoSchemesTakesNoDataContentOrFile() {
        let f = IntentFilter(actions: [view], categories: [defaultCat], mimeTypes: ["application/pdf"])
        XCTAssertTrue(f.matches(intent(nil, type: "application/pdf"), defaultOnly: true))
        XCTAssertTrue(f.matches(intent("content://docs/1", type: "application/pdf"), defaultOnly: true))
        XCTAssertTrue(f.matches(intent("file:///sdcard/a.pdf", type: "application/pdf"), defaultOnly: true))
        XCTAssertFalse(f.matches(intent("https://a.example/a.pdf", type: "application/pdf"), defaultOnly: true))
    }

    func testType_intentTypeAndFilterTypesMustAgree() {
        let typed = IntentFilter(schemes: ["myapp"], mimeTypes: ["text/plain"])
        XCTAssertFalse(typed.matches(intent("myapp://x"), defaultOnly: true), "filter has types, intent none")
        XCTAssertFalse(IntentFilter(schemes: ["myapp"]).matches(intent("myapp://x", type: "text/plain"), defaultOnly: true),
                       "intent has a type, filter none")
        XCTAssertFalse(typed.matches(intent("myapp://x", type: "text/html"), defaultOnly: true))
        XCTAssertTrue(typed.matches(intent("myapp://x", type: "text/plain"), defaultOnly: true))
    }

    func testType_wildcardsOnEitherSide() {
        let image = IntentFilter(schemes: ["myapp"], mimeTypes: ["image/*"])
        XCTAssertTrue(image.matches(intent("myapp://x", type: "image/png"), defaultOnly: true))
        XCTAssertFalse(image.matches(intent("myapp://x", type: "video/mp4"), defaultOnly: true))
        let any = IntentFilter(schemes: ["myapp"], mimeTypes: ["*/*"])
        XCTAssertTrue(any.matches(intent("myapp://x", type: "video/mp4"), defaultOnly: true))
        let png = IntentFilter(schemes: ["myapp"], mimeTypes: ["image/png"])
        XCTAssertTrue(png.matches(intent("myapp://x", type: "image/*"), defaultOnly: true))
        XCTAssertTrue(png.matches(intent("myapp://x", type: "*/*"), defaultOnly: true))
        XCTAssertFalse(png.matches(intent("myapp://x", type: "video/*"), defaultOnly: true))
        XCTAssertFalse(png.matches(intent("myapp://x", type: "IMAGE/PNG"), defaultOnly: true), "case-sensitive")
    }

    // MARK: Resolution: package, component, selector, exported

    private let zxing = InstalledApp(id: "com.google.zxing.client.android", intentFilters: [
        IntentFilter(schemes: ["zxing"], hosts: ["scan"], activity: ".CaptureActivity"),
        IntentFilter(actions: ["x.SETTINGS"], categories: [AndroidIntent.categoryDefault], activity: ".Prefs", exported: false),
    ])

    private func resolve(_ uri: String, _ apps: [InstalledApp]) throws -> [String] {
        let launch = IntentSanitizer.sanitize(try IntentURIParser.parse(uri))
        return AndroidResolution.intent(launch.intent, on: F.device(apps: apps)).map(\.package)
    }

    func testResolution_packageRestrictsToThatAppsMatchingFilters() throws {
        let base = "intent://scan/#Intent;scheme=zxing;package=com.google.zxing.client.android;end"
        XCTAssertEqual(try resolve(base, [zxing]), ["com.google.zxing.client.android"])
        XCTAssertEqual(try resolve("intent://other/#Intent;scheme=zxing;package=com.google.zxing.client.android;end", [zxing]), [],
                       "installed, but no filter takes zxing://other")
        XCTAssertEqual(try resolve("intent://scan/#Intent;scheme=zxing;package=com.other;end", [zxing]), [])
    }

    func testResolution_actionAndCategoryOfTheIntentCount() throws {
        XCTAssertEqual(try resolve("intent://scan/#Intent;scheme=zxing;action=x.OTHER;end", [zxing]), [])
        XCTAssertEqual(try resolve("intent://scan/#Intent;scheme=zxing;category=x.MORE;end", [zxing]), [])
        XCTAssertEqual(try resolve("intent://scan/#Intent;scheme=zxing;action=android.intent.action.VIEW;end", [zxing]),
                       ["com.google.zxing.client.android"])
    }

    func testResolution_explicitComponentNeedsAnExportedActivity() {
        let device = F.device(apps: [zxing])
        let exported = AndroidIntent(component: "com.google.zxing.client.android/com.google.zxing.client.android.CaptureActivity")
        XCTAssertEqual(AndroidResolution.intent(exported, on: device).map(\.package), ["com.google.zxing.client.android"])
        let hidden = AndroidIntent(component: "com.google.zxing.client.android/.Prefs")
        XCTAssertEqual(AndroidResolution.intent(hidden, on: device), [])
        let missing = AndroidIntent(component: "com.google.zxing.client.android/.Nope")
        XCTAssertEqual(AndroidResolution.intent(missing, on: device), [])
    }

    func testResolution_notExportedActivityNeverTakesAnImplicitIntent() {
        let device = F.device(apps: [zxing])
        let settings = AndroidIntent(action: "x.SETTINGS", package: "com.google.zxing.client.android")
        XCTAssertEqual(AndroidResolution.intent(settings, on: device), [])
    }

    func testResolution_selectorIsResolvedInsteadOfTheIntent() {
        let device = F.device(apps: [zxing])
        var outer = AndroidIntent(action: "x.NOTHING", data: "nope:1")
        outer.selector = AndroidIntent(action: view, data: "zxing://scan/", categories: [browsable, defaultCat])
        XCTAssertEqual(AndroidResolution.intent(outer, on: device).map(\.package), ["com.google.zxing.client.android"])
        outer.component = "com.google.zxing.client.android/.CaptureActivity"
        outer.selector = AndroidIntent(action: "x.NOTHING")
        XCTAssertEqual(AndroidResolution.intent(outer, on: device).map(\.package), ["com.google.zxing.client.android"],
                       "a component wins over the selector")
    }

    func testResolution_legacySchemesAreViewBrowsableDefaultFilters() throws {
        let legacy = InstalledApp(id: "com.wallet", schemes: ["wallet"])
        XCTAssertEqual(legacy.allFilters, [IntentFilter(schemes: ["wallet"])])
        XCTAssertEqual(try resolve("intent://pay#Intent;scheme=wallet;package=com.wallet;end", [legacy]), ["com.wallet"])
        XCTAssertEqual(try resolve("intent:#Intent;package=com.wallet;end", [legacy]), [],
                       "no data: the scheme filter does not take it")
    }

    /// Chromium `ExternalNavigationHandlerTest` cases of `Fixtures/intent/cases.json` that turn on
    /// whether the app resolves the intent: IMDB installed with `imdb:` resolves (chromium-01);
    /// "no app resolves imdb:" — here IMDB installed with other schemes only — does not (-02, -03);
    /// zxing unresolved (-14).
    func testResolution_chromiumCasesWhereResolutionDecides() throws {
        let cases = Dictionary(uniqueKeysWithValues: try IntentCase.all().map { ($0.id, $0.uri) })
        let imdb = InstalledApp(id: "com.imdb.mobile", schemes: ["imdb"])
        let imdbOther = InstalledApp(id: "com.imdb.mobile", schemes: ["imdbv2"])
        XCTAssertEqual(try resolve(cases["chromium-01"]!, [imdb]), ["com.imdb.mobile"])
        XCTAssertEqual(try resolve(cases["chromium-02"]!, [imdbOther]), [])
        XCTAssertEqual(try resolve(cases["chromium-03"]!, [imdbOther]), [])
        XCTAssertEqual(try resolve(cases["chromium-14"]!, [imdb]), [])
    }

    // MARK: Verdicts (the PayerMax guide's client)

    func testIntentVerdict_namedPackageWithoutMatchingFilterFallsBack() {
        let uri = "intent://o/1#Intent;scheme=gopay;package=com.wallet;S.browser_fallback_url=https%3A%2F%2Fa.example%2F;end"
        assertBranches(AndroidSDKProfile(), [
            BranchCase("package installed, filter for wallet: only", F.request(uri, device: F.device()),
                       .fallback, "intent-fallback"),
        ])
    }

    // MARK: What counts as a browser

    /// An app whose filter takes https with no host: the platform's `handleAllWebDataURI` makes it a
    /// browser (REQUIRE_NON_BROWSER fails), the guide's `isBrowserApp` (both schemes) does not.
    func testBrowser_platformHandleAllWebDataURIVersusClientTest() {
        // A declared path keeps the guide from taking it for a landing page (paths without a
        // host are ignored by matching but counted by `countDataPaths`).
        let httpsOnly = InstalledApp(id: "com.reader", intentFilters: [IntentFilter(schemes: ["https"], paths: ["/a"])])
        let found = AndroidResolution.viewIntent("https://shop.example/a", on: F.device(apps: [httpsOnly]))
        let reader = found.first { $0.package == "com.reader" }
        XCTAssertEqual(reader?.isPlatformBrowser, true)
        XCTAssertEqual(reader?.isBrowser, false)
        XCTAssertEqual(ActivityStart.start(found, web: true, flags: [.requireNonBrowser], on: F.device(apps: [httpsOnly])),
                       .notFound)
        // The client sees a non-browser handler, the platform refuses the launch: onOpenFailed.
        assertBranches(AndroidSDKProfile(), [
            BranchCase("https-only catch-all app", F.request("https://shop.example/a", device: F.device(apps: [httpsOnly])),
                       .openFailed, "app-link-open-failed"),
        ])
    }

    // MARK: API-level rules, both sides of each boundary

    func testAPI35_launchFlagsHighBitParsesUnsignedFromAPI35Only() {
        let uri = "intent://pay#Intent;scheme=wallet;package=com.wallet;launchFlags=0x80000000;end"
        assertBranches(AndroidSDKProfile(), [
            BranchCase("API 34: Integer.decode throws", F.request(uri, device: F.device(api: 34)), .openFailed,
                       "intent-parse-error"),
            BranchCase("API 35: unsigned", F.request(uri, device: F.device(api: 35)), .opensApp, "intent-opened"),
        ])
    }

    /// Every verdict that rests on the UNCONFIRMED API 35 boundary names it (§U), on both
    /// sides of it and on every profile that parses `intent:`; a verdict that would be the
    /// same either side does not.
    func testAPI35_verdictsOnTheLaunchFlagsBoundaryNameTheAssumption() {
        let high = "intent://pay#Intent;scheme=wallet;package=com.wallet;launchFlags=0x80000000;end"
        let highSelector = "intent://pay#Intent;scheme=wallet;SEL;package=com.wallet;launchFlags=0x90000000;end"
        let low = "intent://pay#Intent;scheme=wallet;package=com.wallet;launchFlags=0x10000000;end"
        let malformed = "intent://pay#Intent;scheme=wallet;launchFlags=0x1FFFFFFFF;end"
        let profiles: [any RuntimeProfile] = [AndroidSDKProfile(), AndroidWebViewNoClientProfile(), ChromeAndroidProfile()]
        for profile in profiles {
            for api in [34, 35] {
                for (uri, named) in [(high, true), (highSelector, true), (low, false), (malformed, false)] {
                    let verdict = profile.decide(F.request(uri, device: F.device(api: api)))
                    let assumption = verdict.details?[VerdictDetail.assumption] ?? ""
                    XCTAssertEqual(assumption.contains("§B.4a"), named, "\(profile.name) API \(api) \(uri): \(verdict)")
                    if named {
                        XCTAssertEqual(verdict.reason == .intentParseError, api == 34, "\(profile.name) API \(api) \(uri)")
                    }
                }
            }
        }
    }

    func testAPI30_packageVisibilityHidesUndeclaredAppsFromQueriesOnly() {
        var wallet = F.wallet
        wallet.visibleToHost = false
        let link = "https://pay.wallet.example/pay/1"
        assertBranches(AndroidSDKProfile(), [
            BranchCase("API 29: no visibility rules", F.request(link, device: F.device(api: 29, apps: [wallet], browsers: [])),
                       .opensApp, "app-link-best-candidate"),
            // API 30+: the strict launch still starts the verified default (startActivity is not
            // filtered); with "ask", hasNonBrowserHandler no longer sees the app: the page loads.
            BranchCase("API 30 allow", F.request(link, device: F.device(api: 30, apps: [wallet])),
                       .opensApp, "app-link-default"),
            BranchCase("API 30 ask", F.request(link, device: F.device(api: 30, links: .ask, apps: [wallet])),
                       .loads, "no-app-handler"),
            BranchCase("API 30 ask, visible", F.request(link, device: F.device(api: 30, links: .ask, apps: [F.wallet])),
                       .chooser, "app-link-chooser"),
        ])
    }

    func testAPI31_webLinksOnlyToVerifiedOrApprovedDomains() {
        let unverified = InstalledApp(id: "com.shop", appLinks: [AppLinkFilter(hosts: ["shop.example"], verified: false)])
        var approved = unverified
        approved.verifiedDomains = ["shop.example"]
        func handlers(_ app: InstalledApp, _ api: Int) -> [String] {
            AndroidResolution.viewIntent("https://shop.example/x", on: F.device(api: api, apps: [app])).map(\.package)
        }
        XCTAssertEqual(handlers(unverified, 30), ["com.android.chrome", "com.shop"])
        XCTAssertEqual(handlers(unverified, 31), ["com.android.chrome"])
        XCTAssertEqual(handlers(approved, 31), ["com.android.chrome", "com.shop"])
        // With package= the intent is not a generic web intent: no domain approval needed.
        let named = AndroidIntent(action: view, data: "https://shop.example/x", package: "com.shop",
                                  categories: [browsable, defaultCat])
        XCTAssertEqual(AndroidResolution.intent(named, on: F.device(api: 31, apps: [unverified])).map(\.package), ["com.shop"])
    }

    func testAPI30_requireNonBrowserFlagIgnoredBelow30() {
        let found = AndroidResolution.viewIntent("https://a.example/", on: F.device(apps: []))
        XCTAssertEqual(ActivityStart.start(found, web: true, flags: [.requireNonBrowser], on: F.device(api: 29, apps: [])),
                       .launched(found[0]))
        XCTAssertEqual(ActivityStart.start(found, web: true, flags: [.requireNonBrowser], on: F.device(api: 30, apps: [])),
                       .notFound)
    }

    // MARK: Per-app link handling

    func testPerAppOpenSupportedLinksOverridesTheDevice() {
        var askWallet = F.wallet
        askWallet.openSupportedLinks = .ask
        let link = "https://pay.wallet.example/pay/1"
        assertBranches(AndroidSDKProfile(), [
            BranchCase("device allow", F.request(link, device: F.device(apps: [F.wallet])), .opensApp, "app-link-default"),
            BranchCase("wallet set to ask", F.request(link, device: F.device(apps: [askWallet])), .chooser, "app-link-chooser"),
        ])
    }

    // MARK: Device files

    func testDeviceFile_newKeysDecodeAndOldShapesStayValid() throws {
        let json = """
        {"name":"t","apiLevel":34,"apps":[{"id":"com.z","schemes":["zxing"],"visibleToHost":false,
          "openSupportedLinks":"ask","verifiedDomains":["z.example"],
          "intentFilters":[{"schemes":["zxing"],"hosts":["scan:99"],"pathAdvancedPatterns":["/[0-9]+"],
                            "mimeTypes":["image/*"],"activity":".Scan","exported":false}]}]}
        """
        let device = try DeviceProfile.decode(Data(json.utf8), file: "t.json")
        let app = device.apps[0]
        XCTAssertEqual(app.visibleToHost, false)
        XCTAssertEqual(app.openSupportedLinks, .ask)
        XCTAssertEqual(app.verifiedDomains, ["z.example"])
        XCTAssertEqual(app.intentFilters.first?.exported, false)
        XCTAssertEqual(app.intentFilters.first?.actions, [view])
        XCTAssertEqual(app.allFilters.count, 1, "the explicit zxing filter replaces the legacy entry")
        XCTAssertThrowsError(try DeviceProfile.decode(Data(#"{"apps":[{"id":"a","intentFilters":[{"bogus":1}]}]}"#.utf8),
                                                      file: "t.json"))
        let old = try DeviceProfile.decode(Data(#"{"apps":[{"id":"a","schemes":["a"]}]}"#.utf8), file: "old.json")
        XCTAssertEqual(old.apps[0].visibleToHost, true)
        XCTAssertNil(old.apps[0].openSupportedLinks)
        XCTAssertEqual(old.apps[0].allFilters, [IntentFilter.scheme("a")])
    }
}
