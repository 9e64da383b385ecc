import XCTest
@testable import Extraction
@testable import LinkAudit
@testable import LinkAuditModel
@testable import Policies
import TestSupport

/// Delays at the ends of their range, and beyond it from callers that build navigations
/// and settings themselves, classify without trapping: the page clock saturates
/// (Docs/PLATFORM.md §F.13).
final class PageClockOverflowTests: XCTestCase {
    private func navigation(_ trigger: Trigger, delayMs: Int?) -> Navigation {
        Navigation(page: "https://shop.example/", line: 1, source: "script", trigger: trigger, frame: .main,
                   delayMs: delayMs, raw: "gojek://pay", url: "gojek://pay", scheme: "gojek")
    }

    /// `<meta refresh>` of 20 digits: its delay was Int.max, and pageLoadMs + Int.max trapped.
    func testRefreshOfTwentyDigitsIsClassified() throws {
        let classifier = Classifier(profiles: try ProfileRegistry.select(ProfileRegistry.names))
        let navs = classifier.audit(Extract.all(#"<meta http-equiv="refresh" content="99999999999999999999; url=gojek://pay">"#))
        XCTAssertEqual(navs.count, 1)
        XCTAssertEqual(navs[0].verdicts?["chrome-android"]?.reason, .chainExpiredPrompt)
    }

    func testLoadTimeSaturates() {
        let visit = PageVisit(settings: AuditSettings())
        XCTAssertEqual(visit.loadTime(navigation(.metaRefresh, delayMs: .max)), .max)
        XCTAssertEqual(visit.loadTime(navigation(.scriptTimer, delayMs: PageClock.maxDelayMs)), 1000 + PageClock.maxDelayMs)
    }

    func testEveryProfileClassifiesDelaysAtIntsEnds() throws {
        var settings = AuditSettings()
        settings.entry = .loadUrlByUser
        settings.hostEntry = HostEntry([.loadUrlByUser("https://a.example/"), .loadUrl("https://b.example/"),
                                        .loadUrl("https://shop.example/")])
        settings.pageLoadMs = .max
        settings.assumedAsyncDelayMs = .max
        let classifier = Classifier(profiles: try ProfileRegistry.select(ProfileRegistry.names), settings: settings)
        let navs = [navigation(.metaRefresh, delayMs: .max), navigation(.scriptTimer, delayMs: .max),
                    navigation(.scriptAsync, delayMs: .max), navigation(.scriptAsync, delayMs: nil),
                    navigation(.serverRedirect, delayMs: .max), navigation(.scriptLoad, delayMs: .min)]
        let classified = classifier.audit(navs)
        XCTAssertEqual(classified.filter { $0.verdicts != nil }.count, navs.count)
        XCTAssertEqual(settings.hostEntry?.msFromUserLoadToPage(settings), .max)
    }

    func testChromeChainAgeSaturates() {
        var settings = AuditSettings()
        settings.pageLoadMs = .max
        let request = AndroidFixtures.request("gojek://pay", trigger: .scriptTimer, delayMs: .max, settings: settings)
        let chain = ChromeNavigationChain(request)
        XCTAssertEqual(chain.ageMs, .max)
        XCTAssertEqual(chain.result, .requiresPrompt(.chainExpired))
    }
}
