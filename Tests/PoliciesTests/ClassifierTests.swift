import XCTest
@testable import Associations
@testable import Checks
@testable import Extraction
@testable import LinkAudit
@testable import LinkAuditModel
@testable import Policies
@testable import WHATWGURL
import TestSupport

/// The page-visit simulation around the profiles: which navigations are classified, the
/// load-time clock, and the Android SDK's activation window carried and consumed.
final class ClassifierTests: XCTestCase {
    private func classify(_ html: String, profiles: [String] = ["android-sdk"],
                          settings: AuditSettings = AuditSettings()) throws -> [Navigation] {
        let classifier = Classifier(profiles: try ProfileRegistry.select(profiles), settings: settings)
        return classifier.audit(Extract.all(html))
    }

    private var byUser: AuditSettings {
        var settings = AuditSettings()
        settings.entry = .loadUrlByUser
        return settings
    }

    func testLoadUrlByUserOpensTheWindowForOneLoadTimeLaunch() throws {
        // The timer is set before the launch: a script after it would never run (the launch,
        // started while the page is parsed, stops the parser: PageReachTests).
        let navs = try classify("""
        <script>setTimeout(function(){ location.href = 'gojek://second'; }, 500);</script>
        <script>location.href = 'dana://first';</script>
        """, settings: byUser)
        XCTAssertEqual(navs.map { $0.verdicts?["android-sdk"]?.outcome }, [.blocked, .opensApp])
        XCTAssertEqual(navs[1].verdicts?["android-sdk"]?.details?[VerdictDetail.activationConsumed], "true")
        XCTAssertEqual(navs[0].verdicts?["android-sdk"]?.reason, .noGesture)
    }

    func testABlockedLaunchStillConsumesTheWindow() throws {
        // The guide's client consumes on every handled navigation: a blocked file: link at load uses
        // up the window the next deep link needed.
        let navs = try classify("""
        <script>setTimeout(function(){ location.href = 'dana://pay'; }, 100);</script>
        <script>location.href = 'content://com.example/receipt';</script>
        """, settings: byUser)
        XCTAssertEqual(navs[1].verdicts?["android-sdk"]?.reason, .blockedScheme)
        XCTAssertEqual(navs[0].verdicts?["android-sdk"]?.reason, .noGesture)
    }

    func testTimersArePlacedOnTheWindowsClock() throws {
        // pageLoadMs 1 s + 9.5 s is past the 10 s window; + 8.5 s is inside it.
        let late = try classify("<script>setTimeout(function(){ location.href = 'dana://pay'; }, 9500);</script>", settings: byUser)
        XCTAssertEqual(late[0].verdicts?["android-sdk"]?.reason, .noGesture)
        let early = try classify("<script>setTimeout(function(){ location.href = 'dana://pay'; }, 8500);</script>", settings: byUser)
        XCTAssertEqual(early[0].verdicts?["android-sdk"]?.outcome, .opensApp)
    }

    func testWithoutLoadUrlByUserLoadTimeDeepLinksAreBlocked() throws {
        let navs = try classify("<script>location.href = 'dana://pay';</script>")
        XCTAssertEqual(navs[0].verdicts?["android-sdk"]?.reason, .noGesture)
    }

    func testEachTapIsItsOwnScenario() throws {
        let navs = try classify("""
        <a href="dana://one">1</a><a href="gojek://two">2</a>
        <button onclick="setTimeout(function(){ location.href='ovo://three' }, 8000)">3</button>
        <button onclick="setTimeout(function(){ location.href='ovo://four' }, 12000)">4</button>
        """)
        XCTAssertEqual(navs.map { $0.verdicts?["android-sdk"]?.outcome }, [.opensApp, .opensApp, .opensApp, .blocked])
    }

    func testMetadataTemplateAndNoscriptAreNotClassified() throws {
        let navs = try classify("""
        <meta property="al:android:url" content="dana://home">
        <template><a href="ovo://t">t</a></template>
        <noscript><a href="gojek://n">n</a></noscript>
        <a href="line://pay">pay</a>
        """)
        XCTAssertEqual(navs.map { $0.verdicts == nil }, [true, true, true, false])
        XCTAssertNil(navs[0].findings)
    }

    func testWithJavaScriptOffNoscriptIsLiveAndScriptsAreNot() throws {
        var settings = AuditSettings()
        settings.javaScriptEnabled = false
        let navs = try classify("<noscript><a href='gojek://n'>n</a></noscript><script>location.href='dana://s'</script>",
                                settings: settings)
        XCTAssertEqual(navs.map { $0.verdicts == nil }, [false, true])
    }

    func testFindingsListTheProfilesWhereTheyOccur() throws {
        let navs = try classify(#"<a href="gojek://pay">GoPay</a>"#, profiles: ["android-webview", "android-sdk", "ios-wkwebview"])
        XCTAssertEqual(navs[0].findings, [
            FindingRef(code: "ERR_UNKNOWN_URL_SCHEME", profiles: ["android-webview"]),
            FindingRef(code: "UNSUPPORTED_URL", profiles: ["ios-wkwebview"]),
        ])
    }

    func testDefaultSelectionLeavesOutTheOptInProfiles() throws {
        XCTAssertEqual(try ProfileRegistry.select(nil).map(\.name),
                       ["android-webview", "android-sdk", "chrome-android", "ios-wkwebview", "ios-sdk", "safari-ios"])
        XCTAssertEqual(try ProfileRegistry.select(["all"]).count, 8)
        XCTAssertThrowsError(try ProfileRegistry.select(["android-sdk", "nope"]))
    }
}
