import XCTest
@testable import Policies

/// `queryIntentActivities` on device profiles: filters, verification, schemes, intents, order.
final class AndroidResolutionTests: XCTestCase {
    private typealias F = AndroidFixtures

    private func packages(_ uri: String, _ device: DeviceProfile) -> [String] {
        AndroidResolution.viewIntent(uri, on: device).map(\.package)
    }

    func testWildcardHost_matchesSubdomainsNotTheApex() {
        let app = InstalledApp(id: "a", appLinks: [AppLinkFilter(hosts: ["*.example.com"])])
        let device = F.device(apps: [app])
        XCTAssertEqual(packages("https://a.example.com/x", device), ["com.android.chrome", "a"])
        XCTAssertEqual(packages("https://a.b.example.com/", device), ["com.android.chrome", "a"])
        XCTAssertEqual(packages("https://example.com/", device), ["com.android.chrome"])
        let loose = F.device(apps: [InstalledApp(id: "b", appLinks: [AppLinkFilter(hosts: ["*example.com"])])])
        XCTAssertEqual(packages("https://badexample.com/", loose), ["com.android.chrome", "b"])
    }

    func testHost_caseInsensitiveButSchemeCaseSensitive() {
        let upperHost = InstalledApp(id: "h", appLinks: [AppLinkFilter(hosts: ["PAY.Example.com"])])
        XCTAssertEqual(packages("https://pay.example.com/", F.device(apps: [upperHost])), ["com.android.chrome", "h"])
        let upperScheme = InstalledApp(id: "s", appLinks: [AppLinkFilter(schemes: ["HTTPS"], hosts: ["pay.example.com"])])
        XCTAssertEqual(packages("https://pay.example.com/", F.device(apps: [upperScheme])), ["com.android.chrome"])
        // An intent's data keeps its scheme's case: nothing, not even a browser, takes HTTPS:.
        XCTAssertEqual(packages("HTTPS://pay.example.com/", F.device(apps: [upperHost])), [])
    }

    func testPaths_filterPathsAndTheDecodedPath() {
        let app = InstalledApp(id: "p", appLinks: [AppLinkFilter(hosts: ["x.example"], paths: ["/exact"],
                                                                 pathPatterns: ["/o/.*/pay"])])
        let device = F.device(apps: [app])
        XCTAssertEqual(packages("https://x.example/exact", device).last, "p")
        XCTAssertEqual(packages("https://x.example/o/1/pay", device).last, "p")
        XCTAssertEqual(packages("https://x.example/o/1/2/pay", device).last, "com.android.chrome")
        XCTAssertEqual(packages("https://x.example/ex%61ct", device).last, "p")
        XCTAssertEqual(packages("https://x.example/other", device).last, "com.android.chrome")
    }

    func testVerification_API31DropsUnverifiedFiltersAPI30KeepsThem() {
        let app = InstalledApp(id: "u", appLinks: [AppLinkFilter(hosts: ["x.example"], verified: false)])
        XCTAssertEqual(packages("https://x.example/", F.device(api: 31, apps: [app])), ["com.android.chrome"])
        XCTAssertEqual(packages("https://x.example/", F.device(api: 30, apps: [app])), ["com.android.chrome", "u"])
        // A hostless http+https filter is a browser to the PayerMax guide's client and needs no approval.
        let browserish = InstalledApp(id: "b", appLinks: [AppLinkFilter(schemes: ["http", "https"], hosts: [],
                                                                        verified: false)])
        let found = AndroidResolution.viewIntent("https://any.example/", on: F.device(api: 34, apps: [browserish]))
        XCTAssertEqual(found.map(\.package), ["com.android.chrome", "b"])
        XCTAssertEqual(found.map(\.isBrowser), [true, true])
    }

    func testMatchedFilter_detailsTheGuideClientReads() {
        let found = AndroidResolution.viewIntent("https://pay.wallet.example/pay/1", on: F.device())
        XCTAssertEqual(found, [
            ResolvedActivity(package: "com.android.chrome", isBrowser: true, isDefault: true),
            ResolvedActivity(package: "com.wallet", countDataPaths: 1, countDataAuthorities: 1, verified: true),
        ])
    }

    func testCustomSchemes_registeredOptimisticAndUnownable() {
        XCTAssertEqual(packages("wallet://pay", F.device()), ["com.wallet"])
        XCTAssertEqual(packages("other://pay", F.device()), [])
        XCTAssertEqual(packages("market://details?id=x", F.device()), [AndroidResolution.playStorePackage])
        XCTAssertEqual(packages("market://details?id=x", F.device(play: false)), [])
        XCTAssertEqual(packages("other://pay", .optimistic), ["other"])
        for uri in ["chrome://version", "view-source:https://a", "intent://x#Intent;end", "content://a", "about:blank"] {
            XCTAssertEqual(packages(uri, .optimistic), [], uri)
        }
    }

    func testIntents_packageThenDataScheme() throws {
        func resolve(_ uri: String, _ device: DeviceProfile) throws -> [String] {
            let launch = IntentSanitizer.sanitize(try IntentURIParser.parse(uri))
            return AndroidResolution.intent(launch.intent, on: device).map(\.package)
        }
        // The named package opens only when one of its filters takes the intent (issue 13).
        XCTAssertEqual(try resolve("intent://p#Intent;scheme=x;package=com.wallet;end", F.device()), [])
        XCTAssertEqual(try resolve("intent://p#Intent;scheme=wallet;package=com.wallet;end", F.device()), ["com.wallet"])
        XCTAssertEqual(try resolve("intent://p#Intent;scheme=x;package=com.gone;end", F.device()), [])
        XCTAssertEqual(try resolve("intent://p#Intent;scheme=x;package=com.gone;end", .optimistic), ["com.gone"])
        XCTAssertEqual(try resolve("intent://p#Intent;scheme=wallet;end", F.device()), ["com.wallet"])
        XCTAssertEqual(try resolve("intent://p#Intent;scheme=zxing;end", .optimistic), ["zxing"])
        XCTAssertEqual(try resolve("intent:#Intent;action=x.PAY;end", .optimistic), [])
        XCTAssertEqual(try resolve("intent://pay.wallet.example/pay/1#Intent;scheme=https;end", F.device()),
                       ["com.android.chrome", "com.wallet"])
    }

    func testOrder_priorityThenPreferredOrderThenDefault() {
        let low = InstalledApp(id: "low", schemes: ["s"])
        let ordered = InstalledApp(id: "ordered", schemes: ["s"], preferredOrder: 1)
        let high = InstalledApp(id: "high", schemes: ["s"], priority: 5)
        let chosen = InstalledApp(id: "chosen", schemes: ["s"], isDefault: true)
        XCTAssertEqual(packages("s://x", F.device(apps: [low, chosen, ordered, high])), ["high", "ordered", "chosen", "low"])
    }
}
