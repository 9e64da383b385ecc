import XCTest
@testable import LinkAudit

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
            ("http counts too", "http://shop.example.com/p", "com.example.shop"),
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

    func testLegacyPaths_evaluationOrderAndExclusion() {
        let rows: [(name: String, patterns: [String], path: String, query: String?, expected: LegacyAASAPaths.Match)] = [
            ("first match wins: include", ["/a/*", "NOT /a/b"], "/a/b", nil, .included),
            ("first match wins: exclude", ["NOT /a/b", "/a/*"], "/a/b", nil, .excluded),
            ("NOT needs its space", ["NOT/a/b"], "/a/b", nil, .noMatch),
            ("no pattern matches", ["/a/*"], "/b", nil, .noMatch),
            ("empty list", [], "/", nil, .noMatch),
        ]
        for row in rows {
            XCTAssertEqual(LegacyAASAPaths.evaluate(row.patterns, path: row.path, query: row.query), row.expected, row.name)
        }
    }

    func testLegacyPaths_wildcards() {
        let rows: [(name: String, pattern: String, path: String, query: String?, expected: Bool)] = [
            ("star crosses slashes", "/videos/*", "/videos/wwdc/2015/a", nil, true),
            ("star matches nothing", "/videos/*", "/videos/", nil, true),
            ("star in the middle", "/a/*/z", "/a/b/c/z", nil, true),
            ("star needs the literal after it", "/a/*/z", "/a/b/c/y", nil, false),
            ("question mark is one character", "/a?c", "/abc", nil, true),
            ("question mark is not zero characters", "/a?c", "/ac", nil, false),
            ("question mark then star: one or more", "/p/?*", "/p/", nil, false),
            ("literal is case-sensitive", "/Buy", "/buy", nil, false),
            ("literal must cover the path", "/buy", "/buy/more", nil, false),
            ("pattern with ? sees the query", "/buy?ref=*", "/buy", "ref=mail", true),
            ("query value mismatch", "/buy?ref=x", "/buy", "ref=y", false),
            ("pattern without ? ignores the query", "/buy", "/buy", "ref=y", true),
            ("? pattern on a query-less URL is a wildcard", "/b?y", "/buy", nil, true),
            ("percent-encoded path compared as encoded", "/caf%C3%A9", "/caf%C3%A9", nil, true),
        ]
        for row in rows {
            XCTAssertEqual(LegacyAASAPaths.matches(row.pattern, path: row.path, query: row.query), row.expected, row.name)
        }
    }
}
