import XCTest
@testable import WHATWGURL
import TestSupport

/// Real sites' `apple-app-site-association` files (`Fixtures/aasa/files`), each exercising
/// one part of the grammar.
final class AppSiteAssociationRealWorldTests: XCTestCase {
    /// Every file reads, and only the known-odd ones have anything to say.
    func testEveryFileParsesWithOnlyItsKnownProblems() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixture.url("aasa/files").path).sorted()
        XCTAssertEqual(files.count, 20)
        let expected: [String: [String]] = [
            "AS207960_as207960.net__.well-known__apple-app-site-association": [
                "warning: no applinks section: the file declares no universal links (only webcredentials or appclips)"],
            "wtg_Shuttle-Tracker-Server__Public__.well-known__apple-app-site-association": [
                "warning: no applinks section: the file declares no universal links (only webcredentials or appclips)"],
            "MatsMoll_Kognita__Public__.well-known__apple-app-site-association": [
                "warning: webcredentials is an array, not an object with an apps array: the platform ignores it"],
            "edityomurti_aasa-pls__static__.well-known__apple-app-site-association": [
                "warning: webcredentials.apps[0]: \"W7JAY4CE8.me.wideboard.Wideboard\" is not an app ID of the form TEAMID.bundle.id (10-character team ID)"],
        ]
        for file in files {
            let result = try AASA.file(file)
            XCTAssertNotNil(result.value, file)
            XCTAssertEqual(result.problems.map(\.description), expected[file] ?? [], file)
        }
    }

    /// home-assistant.io: eight legacy details, each `NOT /ios/beta`, `NOT /ios/beta/*`,
    /// then `/ios/*` and `/tag/*`.
    func testLegacyNOTEntriesExcludeBeforeTheCatchAll() throws {
        let association = try XCTUnwrap(AASA.file("home-assistant.io__source__.well-known__apple-app-site-association").value)
        XCTAssertEqual(association.details.count, 8)
        let apps = association.details.flatMap(\.appIDs)
        XCTAssertEqual(Set(apps).count, 8)
        func all(_ verdict: String) -> [String: String] { Dictionary(uniqueKeysWithValues: apps.map { ($0, verdict) }) }
        XCTAssertEqual(AASA.verdicts(association, "/ios/beta"), all("block"))
        XCTAssertEqual(AASA.verdicts(association, "/ios/beta/testflight"), all("block"))
        XCTAssertEqual(AASA.verdicts(association, "/ios/setup"), all("match"))
        XCTAssertEqual(AASA.verdicts(association, "/ios/betamax"), all("match"), "NOT /ios/beta is exact, /ios/* catches it")
        XCTAssertEqual(AASA.verdicts(association, "/tag/abc-123"), all("match"))
        XCTAssertEqual(AASA.verdicts(association, "/blog/2024"), [:])
        // Legacy paths see only the path: a query or fragment changes nothing.
        XCTAssertEqual(AASA.verdicts(association, "/ios/beta?x=1#top"), all("block"))
        XCTAssertEqual(association.verdict(for: WebURL.parse("https://home-assistant.io/tag/x")!,
                                           appID: "GUYFAK8DC6.io.home-assistant.app"), .match)
    }

    /// 0MoNa15's historical file: only `NOT` entries, so nothing is ever a universal link.
    func testNOTOnlyPathsBlockTheirPathsAndGrantNothingElse() throws {
        let association = try XCTUnwrap(AASA.file("0MoNa15_universal-links-test__apple-app-site-association@7f30b06").value)
        XCTAssertEqual(AASA.verdicts(association, "/login"), ["DA56BMC5EN.co.com.Sura": "block"])
        XCTAssertEqual(AASA.verdicts(association, "/secret"), ["DA56BMC5EN.co.com.Sura": "block"])
        XCTAssertEqual(AASA.verdicts(association, "/home"), [:])
    }

    /// meetoseh: `#` exclude, a query-dictionary exclude, `/` excludes, then a component
    /// with only a comment (every pattern defaults to `*`: matches everything).
    func testQueryDictionaryExcludeAndCommentOnlyCatchAll() throws {
        let association = try XCTUnwrap(AASA.file("meetoseh_frontend-web__public__.well-known__apple-app-site-association").value)
        let app = "27ADA46RS9.io.oseh.FrontendApp"
        func verdict(_ path: String) -> String { AASA.verdicts(association, path)[app] ?? "unset" }
        XCTAssertEqual(verdict("/?utm_campaign=course"), "block")
        XCTAssertEqual(verdict("/courses/1?ref=x&utm_campaign=course"), "block", "other items are allowed")
        XCTAssertEqual(verdict("/courses/1?utm_campaign=other"), "match")
        XCTAssertEqual(verdict("/courses/1?utm_campaign=course&utm_campaign=other"), "match",
                       "every instance of a repeated item must match the pattern")
        XCTAssertEqual(verdict("/authorize"), "block")
        XCTAssertEqual(verdict("/authorize/again"), "match", "\"/authorize\" has no wildcard")
        XCTAssertEqual(verdict("/api/1/users"), "block")
        XCTAssertEqual(verdict("/anything#no_universal_links"), "block")
        XCTAssertEqual(verdict("/anything#other"), "match")
        XCTAssertEqual(verdict("/"), "match")
    }

    /// SwiftPackageIndex: `"?": {"dependencies": "*"}`. An absent item reads as the empty
    /// value, so `*` also matches a URL with no query at all.
    func testQueryDictionaryWithWildcardValue() throws {
        let association = try XCTUnwrap(AASA.file("SwiftPackageIndex-Server__Public__.well-known__apple-app-site-association").value)
        let app = "A42K5AU657.com.swiftpackageindex.playgrounds"
        func verdict(_ path: String) -> String { AASA.verdicts(association, path)[app] ?? "unset" }
        XCTAssertEqual(verdict("/try-in-a-playground/?dependencies=apple/swift-nio"), "match")
        XCTAssertEqual(verdict("/try-in-a-playground/?platform=ios&dependencies=a/b"), "match")
        XCTAssertEqual(verdict("/try-in-a-playground/"), "match")
        XCTAssertEqual(verdict("/try-in-a-playground"), "unset")
        XCTAssertEqual(verdict("/apple/swift-nio"), "unset")
    }

    /// AlekseyLupach (Apple's documentation example): `articleNumber` of exactly four characters.
    func testQueryItemOfExactLength() throws {
        let association = try XCTUnwrap(AASA.file("AlekseyLupach_Apple-Associated__apple-app-site-association").value)
        let app = "XAUZ4DLS7V.com.curbio.curbio"
        func verdict(_ path: String) -> String { AASA.verdicts(association, path)[app] ?? "unset" }
        XCTAssertEqual(verdict("/help/faq?articleNumber=1234"), "match")
        XCTAssertEqual(verdict("/help/faq?articleNumber=12345"), "unset")
        XCTAssertEqual(verdict("/help/faq"), "unset", "absent reads as \"\", which ???? does not match")
        XCTAssertEqual(verdict("/help/website/faq?articleNumber=1234"), "block")
        XCTAssertEqual(verdict("/buy/shoes#no_universal_links"), "block")
        XCTAssertEqual(verdict("/buy/shoes"), "match")
    }

    /// happn: a `#` fragment exclude, `/` excludes, and a final `/*`.
    func testFragmentExcludeBeforeCatchAll() throws {
        let association = try XCTUnwrap(AASA.file("happn-app_officectl__Public__.well-known__apple-app-site-association").value)
        let app = "M8JS42FSNG.com.happn.Office"
        func verdict(_ path: String) -> String { AASA.verdicts(association, path)[app] ?? "unset" }
        XCTAssertEqual(verdict("/users/1#no_universal_links"), "block")
        XCTAssertEqual(verdict("/users/1#no_universal_links_please"), "match", "the fragment pattern is exact")
        XCTAssertEqual(verdict("/oauth2/callback"), "block")
        XCTAssertEqual(verdict("/oauth2/callback?code=x"), "block", "no ? pattern: any query")
        XCTAssertEqual(verdict("/api/v2/users"), "block")
        XCTAssertEqual(verdict("/users/1"), "match")
    }

    /// WelcometoMyGarden: singular `appID` with components; `*/terms/*` excluded first.
    func testLeadingWildcardCrossesSegments() throws {
        let association = try XCTUnwrap(AASA.file("WelcometoMyGarden__static__.well-known__apple-app-site-association").value)
        XCTAssertEqual(association.details.first?.appIDs, ["9RZPVFH532.org.welcometomygarden.app"])
        let app = "9RZPVFH532.org.welcometomygarden.app"
        func verdict(_ path: String) -> String { AASA.verdicts(association, path)[app] ?? "unset" }
        XCTAssertEqual(verdict("/terms/"), "block")
        XCTAssertEqual(verdict("/en/terms/privacy"), "block")
        XCTAssertEqual(verdict("/nl/legal/terms/2024/v2"), "block")
        XCTAssertEqual(verdict("/terms"), "match", "no slash after terms: only the catch-all matches")
        XCTAssertEqual(verdict("/explore/map"), "match")
    }

    /// firefly.social: `appIDs` and `appID`, legacy `paths` ending in `/*`, and
    /// `components` without a catch-all. iOS 13+ reads only `components`.
    func testComponentsHideLegacyPathsInTheSameDetail() throws {
        let association = try XCTUnwrap(AASA.file("Adophlidu_firefly.social__public__.well-known__apple-app-site-association").value)
        let detail = try XCTUnwrap(association.details.first)
        XCTAssertEqual(detail.legacyPaths?.count, 12)
        XCTAssertEqual(detail.components?.count, 12)
        XCTAssertEqual(detail.rules, detail.components)
        let app = "7LFDZ96332.io.mask.Mask"
        func verdict(_ path: String) -> String { AASA.verdicts(association, path)[app] ?? "unset" }
        XCTAssertEqual(verdict("/post/0xabc"), "match")
        XCTAssertEqual(verdict("/post/0xabc#no_universal_links"), "block")
        XCTAssertEqual(verdict("/settings"), "unset", "the legacy \"/*\" would match, but components win")
        XCTAssertEqual(association.webcredentialsApps, [app])
    }

    /// edityomurti: two `appIDs`, `paths` and `components` both `/*`.
    func testMixedPathsAndComponentsWithTwoApps() throws {
        let association = try XCTUnwrap(AASA.file("edityomurti_aasa-pls__static__.well-known__apple-app-site-association").value)
        XCTAssertEqual(AASA.verdicts(association, "/board/42?view=grid"),
                       ["UW7JAY4CE8.me.wideboard.Wideboard": "match", "UW7JAY4CE8.me.wideboard.staging": "match"])
    }

    func testWebcredentialsOnlyFileHasNoApplinks() throws {
        let result = try AASA.file("AS207960_as207960.net__.well-known__apple-app-site-association")
        let association = try XCTUnwrap(result.value)
        XCTAssertNil(association.applinks)
        XCTAssertEqual(association.webcredentialsApps, ["MQ9TN9772U.net.as207960.app"])
        XCTAssertEqual(AASA.verdicts(association, "/"), [:])
        XCTAssertTrue(result.isValid, "a warning, not an error: the file is fine for what it declares")
    }

    func testAppclipsOnlyFileHasNoApplinks() throws {
        let result = try AASA.file("wtg_Shuttle-Tracker-Server__Public__.well-known__apple-app-site-association")
        XCTAssertNil(result.value?.applinks)
        XCTAssertEqual(result.value?.appclipsApps, ["SYBLH277NF.com.gerzer.shuttletracker.appclip"])
        XCTAssertEqual(result.warnings.count, 1)
        let both = try XCTUnwrap(AASA.file("97longphan_aasa-host__.well-known__apple-app-site-association").value)
        XCTAssertEqual(both.appclipsApps, ["12345ABCDE.com.one.oneid.UAT.Clip"])
        XCTAssertEqual(AASA.verdicts(both, "/clip/abc"), ["12345ABCDE.com.one.oneid.UAT": "match"])
    }

    /// Kognita: `"webcredentials": [appID]` is not Apple's shape; applinks still work.
    func testMalformedWebcredentialsArrayIsOnlyAWarning() throws {
        let result = try AASA.file("MatsMoll_Kognita__Public__.well-known__apple-app-site-association")
        XCTAssertTrue(result.isValid)
        XCTAssertEqual(result.warnings.count, 1)
        XCTAssertNil(result.value?.webcredentialsApps)
        XCTAssertEqual(AASA.verdicts(result.value!, "/subjects/3/topics?x=1"), ["M276UPEHPQ.no.mem.kognita.Kognita": "match"])
    }

    /// Wildcards cross `/`: legacy `*` alone, and trailing `*` after a prefix.
    func testWildcardsCrossSlashes() throws {
        let adamant = try XCTUnwrap(AASA.file("Adamant-im_adamant-im__public__.well-known__apple-app-site-association").value)
        XCTAssertEqual(AASA.verdicts(adamant, "/a/b/c/d"), ["J2L77FMN46.im.adamant.adamant-messenger": "match"])
        let coopcycle = try XCTUnwrap(AASA.file("coopcycle_coopcycle-website__static__.well-known__apple-app-site-association").value)
        XCTAssertEqual(AASA.verdicts(coopcycle, "/register/confirm/abc/def"), ["66HUGQ2V5L.org.coopcycle.CoopCycle": "match"])
        XCTAssertEqual(AASA.verdicts(coopcycle, "/register/confirm"), [:])
        let deriv = try XCTUnwrap(AASA.file("binary-com_deriv-com__static__.well-known__apple-app-site-association").value)
        XCTAssertEqual(AASA.verdicts(deriv, "/cashier/p2p"), ["36S5Q8S4V5.com.deriv.dp2p": "match"])
        XCTAssertEqual(AASA.verdicts(deriv, "/redirect"), ["36S5Q8S4V5.com.deriv.app": "match"])
    }
}
