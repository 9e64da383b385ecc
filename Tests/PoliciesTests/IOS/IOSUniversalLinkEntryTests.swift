import Foundation
import XCTest
@testable import Associations
@testable import LinkAuditModel
@testable import Policies
import TestSupport

/// A device file's `universalLinks` entries: modern AASA `components` (read by the AASA
/// parser's rule reader) and `openInApp: false` (the user's per-domain opt-out, Docs/PLATFORM.md §D.9).
final class IOSUniversalLinkEntryTests: XCTestCase {
    private func device(_ entry: String) throws -> DeviceProfile {
        let json = #"{"platform": "ios", "apps": [{"id": "com.wallet", "universalLinks": ["# + entry + #"]}]}"#
        return try JSONDecoder().decode(DeviceProfile.self, from: Data(json.utf8))
    }

    func testComponents_decideWhichURLsOpenTheApp() throws {
        let device = try device(#"""
            {"host": "pay.wallet.com", "components": [
                {"#": "no_universal_links", "exclude": true},
                {"/": "/help/*", "exclude": true},
                {"/": "/pay/*", "?": {"ref": "?*"}},
                {"/": "/Shop/*", "caseSensitive": false},
                {"/": "/caf\u00e9/*", "percentEncoded": false}
            ]}
            """#)
        let rows: [(name: String, url: String, expected: String?)] = [
            ("query item present", "https://pay.wallet.com/pay/1?ref=x", "com.wallet"),
            ("query item absent: empty value, ?* needs one character", "https://pay.wallet.com/pay/1", nil),
            ("fragment exclusion", "https://pay.wallet.com/pay/1?ref=x#no_universal_links", nil),
            ("path exclusion", "https://pay.wallet.com/help/pay", nil),
            ("caseSensitive false", "https://pay.wallet.com/shop/1", "com.wallet"),
            ("percentEncoded false: the decoded path is compared", "https://pay.wallet.com/caf%C3%A9/1", "com.wallet"),
            ("no rule matches", "https://pay.wallet.com/other", nil),
        ]
        for row in rows {
            XCTAssertEqual(device.universalLinkApp(for: .must(row.url))?.id, row.expected, row.name)
        }
        // The same URL under the legacy-paths entry every old file has: the query is not compared.
        let legacy = try self.device(#"{"host": "pay.wallet.com", "paths": ["/pay/*"]}"#)
        XCTAssertEqual(legacy.universalLinkApp(for: .must("https://pay.wallet.com/pay/1"))?.id, "com.wallet")
    }

    func testComponents_changeTheWKWebViewVerdict() throws {
        let device = try device(#"{"host": "pay.wallet.com", "components": [{"/": "/pay/*", "?": {"ref": "?*"}}]}"#)
        assertBranches(WKWebViewProfile(), [
            BranchCase("component matches", IOSRequest.make("https://pay.wallet.com/pay/1?ref=a", device: device),
                       .opensApp, "universal-link"),
            BranchCase("query item missing", IOSRequest.make("https://pay.wallet.com/pay/1", device: device),
                       .loads, "web-page"),
        ])
    }

    func testComponents_strictDecoding() {
        let bad: [(name: String, entry: String)] = [
            ("paths and components", #"{"host": "a.com", "paths": ["*"], "components": []}"#),
            ("unknown component key", #"{"host": "a.com", "components": [{"path": "/x"}]}"#),
            ("exclude not a boolean", #"{"host": "a.com", "components": [{"/": "/x", "exclude": "yes"}]}"#),
            ("component not an object", #"{"host": "a.com", "components": ["/x"]}"#),
            ("undefined substitution variable", #"{"host": "a.com", "components": [{"/": "/$(nope)"}]}"#),
            ("openInApp not a boolean", #"{"host": "a.com", "openInApp": "no"}"#),
        ]
        for row in bad {
            XCTAssertThrowsError(try device(row.entry), row.name)
        }
    }

    func testEncodingRoundTrips() throws {
        let original = try device(#"{"host": "a.com", "components": [{"/": "/x/*", "exclude": true}], "openInApp": false}"#)
        let decoded = try JSONDecoder().decode(DeviceProfile.self, from: JSONEncoder().encode(original))
        XCTAssertEqual(decoded, original)
        XCTAssertEqual(decoded.apps[0].universalLinks[0].rules, original.apps[0].universalLinks[0].rules)
    }

    func testOptOut_opensNoApp() throws {
        let optedOut = try device(#"{"host": "pay.wallet.com", "paths": ["/pay/*"], "openInApp": false}"#)
        XCTAssertNil(optedOut.universalLinkApp(for: .must("https://pay.wallet.com/pay/1")))
        // Another host of the same app is not opted out.
        let twoHosts = DeviceProfile(name: "two", platform: .ios, apps: [
            InstalledApp(id: "com.wallet", universalLinks: [
                UniversalLinkAssociation(host: "pay.wallet.com", openInApp: false),
                UniversalLinkAssociation(host: "wallet.com"),
            ]),
        ])
        XCTAssertNil(twoHosts.universalLinkApp(for: .must("https://pay.wallet.com/x")))
        XCTAssertEqual(twoHosts.universalLinkApp(for: .must("https://wallet.com/x"))?.id, "com.wallet")
    }

    func testOptOut_withTheSitesAASA() throws {
        let file = AppSiteAssociation.parse(Array(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.wallet"], "components": [{"/": "*"}]}]}}"#.utf8))
        let association = try XCTUnwrap(file.value)
        func device(openInApp: Bool) -> DeviceProfile {
            var device = DeviceProfile(name: "d", platform: .ios, apps: [
                InstalledApp(id: "com.wallet", universalLinks: [UniversalLinkAssociation(host: "pay.wallet.com", openInApp: openInApp)]),
            ])
            device.siteAssociations = SiteAssociations(appSiteAssociations: ["pay.wallet.com": .usable(association)])
            return device
        }
        XCTAssertEqual(device(openInApp: true).universalLinkApp(for: .must("https://pay.wallet.com/p"))?.id, "com.wallet")
        XCTAssertNil(device(openInApp: false).universalLinkApp(for: .must("https://pay.wallet.com/p")))
    }

    func testOptOut_changesEveryProfilesVerdict() throws {
        let target = "https://pay.wallet.com/pay/1"
        let device = try device(#"{"host": "pay.wallet.com", "paths": ["/pay/*"], "openInApp": false}"#)
        assertBranches(WKWebViewProfile(), [
            BranchCase("WebKit loads it", IOSRequest.make(target, device: device), .loads, "web-page"),
        ])
        assertBranches(SafariIOSProfile(), [
            BranchCase("Safari loads it", IOSRequest.make(target, device: device), .loads, "web-page"),
        ])
        assertBranches(IOSSDKProfile(), [
            BranchCase("the SDK's universalLinksOnly check fails: loads",
                       IOSRequest.make(target, trigger: .scriptLoad, entry: .loadUrlByUser, device: device),
                       .loads, "universal-link-not-opened"),
        ])
    }
}
