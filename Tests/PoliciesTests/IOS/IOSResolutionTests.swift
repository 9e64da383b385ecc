import XCTest
@testable import Associations
@testable import Policies

/// `canOpen(customScheme:)`, `universalLinkApp(for:)` and the legacy AASA `paths` matcher.
final class IOSResolutionTests: XCTestCase {
    func testCanOpen_eachBranch() {
        let rows: [(name: String, scheme: String, device: DeviceProfile, expected: Bool)] = [
            ("intent never opens on iOS", "intent", .optimistic, false),
            ("intent, case-insensitive", "INTENT", .optimistic, false),
            ("system scheme on a bare device", "tel", IOSDevices.bare, true),
            ("every system scheme", "itms-apps", IOSDevices.bare, true),
            ("web-engine scheme even when optimistic", "javascript", .optimistic, false),
            ("file is the engine's", "file", .optimistic, false),
            ("optimistic device opens any custom scheme", "gojek", .optimistic, true),
            ("registered app", "wallet", IOSDevices.apps, true),
            ("registered app, upper-case input", "WALLET", IOSDevices.apps, true),
            ("no app registers it", "gojek", IOSDevices.apps, false),
            ("bare device", "gojek", IOSDevices.bare, false),
        ]
        for row in rows {
            XCTAssertEqual(row.device.canOpen(customScheme: row.scheme), row.expected, row.name)
        }
    }

    func testAppForScheme_firstRegisteringApp() {
        XCTAssertEqual(IOSDevices.apps.app(forScheme: "myapp")?.id, "com.wallet")
        XCTAssertNil(IOSDevices.apps.app(forScheme: "nope"))
    }

    func testUniversalLinkApp_eachBranch() {
        let rows: [(name: String, url: String, expected: String?)] = [
            ("https host and path match", "https://shop.example.com/product/1", "com.example.shop"),
            ("host is case-insensitive", "https://SHOP.Example.com/p", "com.example.shop"),
            ("http is not a Universal Link (Docs/PLATFORM.md §D.3: https)", "http://shop.example.com/p", nil),
            ("NOT entry first: excluded", "https://shop.example.com/help/faq", nil),
            ("paths not matched: next association", "https://pay.wallet.com/other", nil),
            ("path matched", "https://pay.wallet.com/pay/42", "com.wallet"),
            ("default paths * match everything", "https://partner.example.com/", "com.example.partner"),
            ("another host", "https://other.example.com/", nil),
            ("custom schemes are not universal links", "shopapp://shop.example.com/", nil),
        ]
        for row in rows {
            XCTAssertEqual(IOSDevices.apps.universalLinkApp(for: .must(row.url))?.id, row.expected, row.name)
        }
    }

    func testUniversalLinkApp_exclusionStopsLaterApps() {
        let device = DeviceProfile(name: "two", apps: [
            InstalledApp(id: "first", universalLinks: [UniversalLinkAssociation(host: "a.com", paths: ["NOT /x/*"])]),
            InstalledApp(id: "second", universalLinks: [UniversalLinkAssociation(host: "a.com", paths: ["*"])]),
        ])
        XCTAssertNil(device.universalLinkApp(for: .must("https://a.com/x/1")))
        XCTAssertEqual(device.universalLinkApp(for: .must("https://a.com/y"))?.id, "second")
    }

    func testUniversalLinkApp_optimisticDeviceHasNone() {
        XCTAssertNil(DeviceProfile.optimistic.universalLinkApp(for: .must("https://shop.example.com/")))
    }

    /// The device's legacy `paths`, through the AASA matcher (first match wins, `NOT `
    /// excludes, `*` crosses `/`, `?` is one character, the path alone is compared).
    func testLegacyPaths_throughTheAASAMatcher() {
        let rows: [(name: String, patterns: [String], url: String, expected: UniversalLinkVerdict?)] = [
            ("first match wins: include", ["/a/*", "NOT /a/b"], "https://h.example/a/b", .match),
            ("first match wins: exclude", ["NOT /a/b", "/a/*"], "https://h.example/a/b", .block),
            ("no pattern matches", ["/a/*"], "https://h.example/b", nil),
            ("empty list", [], "https://h.example/", nil),
            ("star crosses slashes", ["/videos/*"], "https://h.example/videos/wwdc/2015/a", .match),
            ("star matches nothing", ["/videos/*"], "https://h.example/videos/", .match),
            ("star needs the literal after it", ["/a/*/z"], "https://h.example/a/b/c/y", nil),
            ("question mark is one character", ["/a?c"], "https://h.example/abc", .match),
            ("question mark is not zero characters", ["/a?c"], "https://h.example/ac", nil),
            ("literal is case-sensitive", ["/Buy"], "https://h.example/buy", nil),
            ("literal must cover the path", ["/buy"], "https://h.example/buy/more", nil),
            ("the query is not compared", ["/buy"], "https://h.example/buy?ref=y", .match),
            ("another host", ["*"], "https://other.example/", nil),
            ("http is not a Universal Link", ["*"], "http://h.example/", nil),
        ]
        for row in rows {
            let association = UniversalLinkAssociation(host: "h.example", paths: row.patterns)
            XCTAssertEqual(association.verdict(for: .must(row.url)), row.expected, row.name)
        }
    }
}
