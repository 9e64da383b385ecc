import XCTest
@testable import Associations
@testable import LinkAudit
@testable import LinkAuditModel
@testable import PageSources
@testable import Policies
@testable import WHATWGURL
import TestSupport

/// Fetched association files gating device resolution: a Universal Link needs the host's
/// AASA to grant the installed app, an App Link filter is verified only by the host's
/// assetlinks.json, and without files the device's own declarations decide.
final class SiteAssociationGatingTests: XCTestCase {
    private static func aasa(_ json: String) -> AppSiteAssociation {
        AppSiteAssociation.parse(Array(json.utf8)).value!
    }

    private static func links(_ packages: [String]) -> AssetLinks {
        AssetLinks(statements: packages.map {
            AssetStatement(relations: [.handleAllURLs],
                           target: .androidApp(AndroidAppAsset(packageName: $0, fingerprints: [])))
        })
    }

    private static let walletAASA = aasa(#"""
        {"applinks": {"details": [
            {"appIDs": ["ABCDE12345.com.wallet"], "components": [{"/": "/pay/help", "exclude": true}, {"/": "/pay/*"}]}
        ]}}
        """#)

    /// The wallet claims pay.wallet.example for every path: only the site's file narrows it.
    private static func iPhone(_ apps: [InstalledApp]? = nil, sites: SiteAssociations?) -> DeviceProfile {
        var device = DeviceProfile(name: "iphone", platform: .ios, apps: apps ?? [
            InstalledApp(id: "com.wallet", universalLinks: [UniversalLinkAssociation(host: "pay.wallet.example")]),
        ])
        device.siteAssociations = sites
        return device
    }

    private static func sites(apple: SiteAssociations.File<AppSiteAssociation>) -> SiteAssociations {
        SiteAssociations(appSiteAssociations: ["pay.wallet.example": apple])
    }

    func testUniversalLinkNeedsTheSiteToGrantTheApp() {
        let granted = Self.iPhone(sites: Self.sites(apple: .usable(Self.walletAASA)))
        XCTAssertEqual(granted.universalLinkApp(for: .must("https://pay.wallet.example/pay/1"))?.id, "com.wallet",
                       "the app ID's bundle part is the device's bundle ID")
        XCTAssertEqual(granted.universalLinkApp(for: .must("https://PAY.wallet.example./pay/1"))?.id, "com.wallet")
        XCTAssertNil(granted.universalLinkApp(for: .must("https://pay.wallet.example/pay/help")), "excluded by the site")
        XCTAssertNil(granted.universalLinkApp(for: .must("https://pay.wallet.example/account")), "no rule matches")
        XCTAssertNil(granted.universalLinkApp(for: .must("http://pay.wallet.example/pay/1")), "the site's file is for https")
        let unusable = Self.iPhone(sites: Self.sites(apple: .unusable))
        XCTAssertNil(unusable.universalLinkApp(for: .must("https://pay.wallet.example/pay/1")))
        let otherApp = Self.iPhone(sites: Self.sites(apple: .usable(Self.aasa(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.other"], "components": [{"/": "*"}]}]}}"#))))
        XCTAssertNil(otherApp.universalLinkApp(for: .must("https://pay.wallet.example/pay/1")))
    }

    func testWithoutTheHostsFileTheDeviceDeclarationsDecide() {
        let elsewhere = Self.iPhone(sites: SiteAssociations(appSiteAssociations: ["other.example": .unusable]))
        XCTAssertEqual(elsewhere.universalLinkApp(for: .must("https://pay.wallet.example/account"))?.id, "com.wallet")
        XCTAssertEqual(Self.iPhone(sites: nil).universalLinkApp(for: .must("https://pay.wallet.example/account"))?.id,
                       "com.wallet")
    }

    func testTheAppMustBeInstalledAndClaimTheHost() {
        let site = Self.sites(apple: .usable(Self.walletAASA))
        let noEntitlement = Self.iPhone([InstalledApp(id: "com.wallet")], sites: site)
        XCTAssertNil(noEntitlement.universalLinkApp(for: .must("https://pay.wallet.example/pay/1")))
        let fullAppID = Self.iPhone([InstalledApp(id: "ABCDE12345.com.wallet",
                                                  universalLinks: [UniversalLinkAssociation(host: "pay.wallet.example")])],
                                    sites: site)
        XCTAssertEqual(fullAppID.universalLinkApp(for: .must("https://pay.wallet.example/pay/1"))?.id, "ABCDE12345.com.wallet")
        let otherTeam = Self.iPhone([InstalledApp(id: "ZZZZZ99999.com.wallet",
                                                  universalLinks: [UniversalLinkAssociation(host: "pay.wallet.example")])],
                                    sites: site)
        XCTAssertNil(otherTeam.universalLinkApp(for: .must("https://pay.wallet.example/pay/1")),
                     "a full app ID must be the one the file names")
    }

    func testTheFilesDetailOrderPicksAmongInstalledApps() {
        let claim = [UniversalLinkAssociation(host: "pay.wallet.example")]
        let apps = [InstalledApp(id: "com.first", universalLinks: claim), InstalledApp(id: "com.second", universalLinks: claim)]
        let file = Self.aasa(#"""
            {"applinks": {"details": [
                {"appIDs": ["ABCDE12345.com.second"], "components": [{"/": "/pay/*"}]},
                {"appIDs": ["ABCDE12345.com.first"], "components": [{"/": "*"}]}
            ]}}
            """#)
        let device = Self.iPhone(apps, sites: Self.sites(apple: .usable(file)))
        XCTAssertEqual(device.universalLinkApp(for: .must("https://pay.wallet.example/pay/1"))?.id, "com.second")
        XCTAssertEqual(device.universalLinkApp(for: .must("https://pay.wallet.example/help"))?.id, "com.first")
    }

    private func packages(_ uri: String, _ device: DeviceProfile) -> [String] {
        AndroidResolution.viewIntent(uri, on: device).map(\.package)
    }

    private func android(verified: Bool, hosts: [String] = ["pay.wallet.example"], api: Int = 34,
                         sites: SiteAssociations?) -> DeviceProfile {
        var device = AndroidFixtures.device(api: api, apps: [InstalledApp(
            id: "com.wallet", appLinks: [AppLinkFilter(hosts: hosts, pathPrefixes: ["/pay/"], verified: verified)])])
        device.siteAssociations = sites
        return device
    }

    func testAppLinkFilterIsVerifiedByTheHostsAssetLinks() {
        let url = "https://pay.wallet.example/pay/1"
        let naming = SiteAssociations(assetLinks: ["pay.wallet.example": .usable(Self.links(["com.wallet"]))])
        let other = SiteAssociations(assetLinks: ["pay.wallet.example": .usable(Self.links(["com.other"]))])
        let unusable = SiteAssociations(assetLinks: ["pay.wallet.example": .unusable])
        XCTAssertEqual(packages(url, android(verified: false, sites: naming)), ["com.android.chrome", "com.wallet"],
                       "the file verifies what the device did not")
        XCTAssertEqual(packages(url, android(verified: true, sites: other)), ["com.android.chrome"])
        XCTAssertEqual(packages(url, android(verified: true, sites: unusable)), ["com.android.chrome"])
        XCTAssertEqual(packages(url, android(verified: true, sites: nil)), ["com.android.chrome", "com.wallet"])
        XCTAssertEqual(packages(url, android(verified: true, api: 30, sites: unusable)), ["com.android.chrome", "com.wallet"],
                       "before Android 12 an unverified filter still resolves (with a chooser)")
        let resolved = AndroidResolution.viewIntent(url, on: android(verified: false, sites: naming))
        XCTAssertEqual(resolved.last?.verified, true)
    }

    func testWildcardFilterIsVerifiedOnTheBareDomain() {
        let url = "https://pay.wallet.example/pay/1"
        let root = SiteAssociations(assetLinks: ["wallet.example": .usable(Self.links(["com.wallet"])),
                                                 "pay.wallet.example": .unusable])
        XCTAssertEqual(packages(url, android(verified: false, hosts: ["*.wallet.example"], sites: root)),
                       ["com.android.chrome", "com.wallet"])
        let rootMissing = SiteAssociations(assetLinks: ["wallet.example": .unusable])
        XCTAssertEqual(packages(url, android(verified: true, hosts: ["*.wallet.example"], sites: rootMissing)),
                       ["com.android.chrome"])
    }

    func testProfilesSeeTheAssociationsThroughTheRequest() throws {
        let navigation = Navigation(page: "https://shop.example/checkout", line: 1, source: "a[href]", trigger: .tap,
                                    frame: .main, raw: "https://pay.wallet.example/pay/1",
                                    url: "https://pay.wallet.example/pay/1", scheme: "https")
        var apps = Self.iPhone(sites: nil).apps
        apps[0].appLinks = [AppLinkFilter(hosts: ["pay.wallet.example"], pathPrefixes: ["/pay/"])]
        let device = DeviceProfile(name: "both", apps: apps)
        var classifier = Classifier(profiles: try ProfileRegistry.select(["ios-wkwebview", "android-sdk"]), device: device)
        let offline = classifier.audit([navigation])[0].verdicts!
        XCTAssertEqual(offline["ios-wkwebview"]?.outcome, .opensApp)
        XCTAssertEqual(offline["android-sdk"]?.outcome, .opensApp)
        classifier.associations = SiteAssociations(appSiteAssociations: ["pay.wallet.example": .unusable],
                                                   assetLinks: ["pay.wallet.example": .unusable])
        XCTAssertNotNil(classifier.request(for: navigation, msSinceUserInput: nil).associations)
        let live = classifier.audit([navigation])[0].verdicts!
        XCTAssertEqual(live["ios-wkwebview"]?.outcome, .loads)
        XCTAssertEqual(live["android-sdk"]?.outcome, .loads)
    }

    func testHostsAPageNeeds() {
        let device = AndroidFixtures.device(apps: [InstalledApp(id: "a", appLinks: [AppLinkFilter(hosts: ["*.shopee.co.id"])])])
        let navigations = ["https://Pay.Wallet.example/x", "gojek://pay", "http://plain.example/", "https://10.0.0.1/",
                           "https://[::1]/", "https://m.shopee.co.id/p", "https://pay.wallet.example/y"].map {
            Navigation(page: "https://shop.example/", line: 1, source: "a[href]", trigger: .tap, frame: .main,
                       raw: $0, url: $0, scheme: WebURL.parse($0)?.scheme ?? "")
        }
        XCTAssertEqual(AssociationHosts.collect(page: "https://shop.example/checkout", navigations: navigations,
                                                verificationDomains: device.verificationDomains(forHost:)),
                       ["shop.example", "pay.wallet.example", "m.shopee.co.id", "shopee.co.id"])
        XCTAssertEqual(AssociationHosts.collect(page: "http://shop.example/", navigations: [],
                                                verificationDomains: device.verificationDomains(forHost:)), [])
    }
}
