import XCTest
@testable import Checks
@testable import Extraction
@testable import LinkAudit
@testable import LinkAuditModel
@testable import Policies
import TestSupport

/// The page's own clock as Blink runs it (Docs/PLATFORM.md §F.15, rules 27 and 28): a
/// navigation started while the page is parsed stops the parser, and a navigation of the
/// frame cancels its pending refresh. What a visit never reaches is `unreached` on the
/// Android and Chrome profiles, with no finding; the iOS profiles decide it as before.
final class PageReachTests: XCTestCase {
    private let profiles = ["android-webview", "android-sdk", "chrome-android", "ios-wkwebview", "safari-ios"]

    private func audit(_ html: String, settings: AuditSettings = AuditSettings()) throws -> [Navigation] {
        let classifier = Classifier(profiles: try ProfileRegistry.select(profiles), settings: settings)
        return classifier.audit(Extract.all(html))
    }

    private func record(_ navs: [Navigation], _ url: String, file: StaticString = #filePath,
                        line: UInt = #line) throws -> Navigation {
        try XCTUnwrap(navs.first { $0.url == url }, "no record of \(url)", file: file, line: line)
    }

    private func assertUnreached(_ nav: Navigation, _ reason: Reason, by: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
        for profile in ["android-webview", "android-sdk", "chrome-android"] {
            let verdict = nav.verdicts?[profile]
            XCTAssertEqual(verdict?.outcome, .unreached, "\(profile) on \(nav.url)", file: file, line: line)
            XCTAssertEqual(verdict?.reason, reason, "\(profile) on \(nav.url)", file: file, line: line)
            XCTAssertEqual(verdict?.details?[VerdictDetail.unreachedBy].map { $0.contains(by) }, true,
                           "\(profile) on \(nav.url): \(verdict?.details ?? [:])", file: file, line: line)
        }
        // WebKit's behaviour is unconfirmed: the iOS profiles decide it as before.
        for profile in ["ios-wkwebview", "safari-ios"] {
            XCTAssertNotEqual(nav.verdicts?[profile]?.outcome, .unreached, profile, file: file, line: line)
        }
        // No finding on a navigation an Android or Chrome visit never reaches.
        let blink = Set(["android-webview", "android-sdk", "chrome-android"])
        for finding in nav.findings ?? [] {
            XCTAssertTrue(blink.isDisjoint(with: finding.profiles), "\(finding.code) on \(nav.url)", file: file, line: line)
        }
    }

    private func assertReached(_ nav: Navigation, file: StaticString = #filePath, line: UInt = #line) {
        for (profile, verdict) in nav.verdicts?.dictionary ?? [:] {
            XCTAssertNotEqual(verdict.outcome, .unreached, "\(profile) on \(nav.url)", file: file, line: line)
        }
    }

    // MARK: - Rule 27: the parser stops

    func testANavigationWhileParsingStopsTheParser() throws {
        let navs = try audit("""
        <!DOCTYPE html>
        <head>
        <meta http-equiv="refresh" content="3; url=https://shop.example/fallback">
        <script>
          setTimeout(function () { location.href = 'gojek://early-timer'; }, 2000);
        </script>
        <script>
          location.href = 'gojek://stop';
        </script>
        <script>
          setTimeout(function () { location.href = 'dana://later-timer'; }, 500);
        </script>
        </head>
        <body>
        <p><a href="ovo://tap-after">OVO</a></p>
        <button onclick="location.href='shopeeid://handler-after'">ShopeePay</button>
        <iframe src="linkaja://frame-after"></iframe>
        <script>location.href = 'jenius://script-after';</script>
        </body>
        """)
        assertReached(try record(navs, "gojek://stop"))
        // A timer set before the stop still fires.
        assertReached(try record(navs, "gojek://early-timer"))
        let by = "script-load navigation on line 8 to gojek://stop"
        for url in ["dana://later-timer", "ovo://tap-after", "shopeeid://handler-after", "linkaja://frame-after",
                    "jenius://script-after"] {
            assertUnreached(try record(navs, url), .parserStopped, by: by)
        }
        // The refresh was parsed before the stop, which cancels it.
        assertUnreached(try record(navs, "https://shop.example/fallback"), .refreshCancelled, by: by)
        // Without the stop, the plain WebView shows ERR_UNKNOWN_URL_SCHEME for the later tap.
        let alone = try audit("<p><a href=\"ovo://tap-after\">OVO</a></p>")
        XCTAssertEqual(alone[0].verdicts?["android-webview"]?.outcome, .errorPage)
        XCTAssertEqual(alone[0].findings?.map(\.code).contains("ERR_UNKNOWN_URL_SCHEME"), true)
    }

    func testCodeWaitingForTheLoadNeverRunsAfterAStop() throws {
        let navs = try audit("""
        <script>
          document.addEventListener('DOMContentLoaded', function () { location.href = 'paymaya://dcl'; });
          window.addEventListener('load', function () {
            setTimeout(function () { location.href = 'grab://timer-in-load'; }, 100);
          });
          document.addEventListener('click', function () { location.href = 'ovo://handler-before'; });
        </script>
        <script>
          location.replace('shopeeid://stop');
        </script>
        <body onload="location.href='line://body-onload'">
        """)
        assertReached(try record(navs, "shopeeid://stop"))
        // A click listener attached before the stop still runs on a tap.
        assertReached(try record(navs, "ovo://handler-before"))
        for url in ["paymaya://dcl", "grab://timer-in-load", "line://body-onload"] {
            assertUnreached(try record(navs, url), .parserStopped, by: "shopeeid://stop")
        }
    }

    func testTheRestOfTheStoppingScriptRuns() throws {
        let navs = try audit("""
        <script>
          window.location = 'dana://first';
          location.href = 'dana://second';
          go();
          function go() { location.assign('dana://in-a-function'); }
        </script>
        <a href="dana://after">DANA</a>
        """)
        for url in ["dana://first", "dana://second", "dana://in-a-function"] { assertReached(try record(navs, url)) }
        assertUnreached(try record(navs, "dana://after"), .parserStopped, by: "dana://first")
    }

    func testNavigationsAfterTheParseStopNothing() throws {
        // A load listener, a module script, a timer, a new window and a sub-frame all start
        // after the parse or elsewhere: the link after them is reached.
        let navs = try audit("""
        <script>document.addEventListener('DOMContentLoaded', function () { location.href = 'dana://dcl'; });</script>
        <script type="module">location.href = 'dana://module';</script>
        <script>setTimeout(function () { location.href = 'dana://timer'; }, 0);</script>
        <script>window.open('dana://window');</script>
        <iframe srcdoc="<script>location.href='dana://srcdoc'</script>"></iframe>
        <a href="ovo://after">OVO</a>
        """)
        for url in ["dana://module", "dana://timer", "dana://window", "dana://srcdoc", "ovo://after"] {
            assertReached(try record(navs, url))
        }
    }

    func testAStopInsideAFrameDocumentEndsOnlyThatDocument() throws {
        let navs = try audit("""
        <iframe srcdoc="<script>location.href='dana://in-frame'</script>
        <a href='dana://after-in-frame'>x</a>"></iframe>
        <a href="ovo://page-after">OVO</a>
        """)
        assertReached(try record(navs, "dana://in-frame"))
        assertReached(try record(navs, "ovo://page-after"))
        assertUnreached(try record(navs, "dana://after-in-frame"), .parserStopped, by: "dana://in-frame")
    }

    func testAStopMakesTheFramesAfterItUnreached() throws {
        let navs = try audit("""
        <script>location.href = 'dana://stop';</script>
        <iframe srcdoc="<a href='ovo://inside'>x</a>"></iframe>
        """)
        assertUnreached(try record(navs, "ovo://inside"), .parserStopped, by: "dana://stop")
    }

    func testWithScriptingOffNothingStops() throws {
        var settings = AuditSettings()
        settings.javaScriptEnabled = false
        let navs = try audit("<script>location.href = 'dana://stop';</script>\n<a href=\"ovo://after\">OVO</a>",
                             settings: settings)
        assertReached(try record(navs, "ovo://after"))
        XCTAssertNil(try record(navs, "dana://stop").verdicts)
    }

    // MARK: - Rule 28: a pending refresh is cancelled

    func testAnEarlierTimerCancelsTheRefresh() throws {
        let navs = try audit("""
        <meta http-equiv="refresh" content="3; url=https://shop.example/fallback">
        <script>
          setTimeout(function () { location.href = 'dana://one-second'; }, 1000);
          setTimeout(function () { location.href = 'gojek://five-seconds'; }, 5000);
        </script>
        """)
        assertUnreached(try record(navs, "https://shop.example/fallback"), .refreshCancelled,
                        by: "script-timer navigation on line 3 to dana://one-second")
        assertReached(try record(navs, "dana://one-second"))
        assertReached(try record(navs, "gojek://five-seconds"))
    }

    func testAtTheSameTimeTheScriptComesFirst() throws {
        let listener = try audit("""
        <meta http-equiv="refresh" content="0; url=ovo://refresh">
        <script>window.addEventListener('load', function () { location.href = 'linkaja://load'; });</script>
        """)
        assertUnreached(try record(listener, "ovo://refresh"), .refreshCancelled, by: "linkaja://load")
        let timer = try audit("""
        <meta http-equiv="refresh" content="0; url=ovo://refresh">
        <script>setTimeout(function () { location.href = 'linkaja://timer'; }, 0);</script>
        """)
        assertUnreached(try record(timer, "ovo://refresh"), .refreshCancelled, by: "linkaja://timer")
    }

    func testALaterNavigationOrAnotherFrameLeavesTheRefresh() throws {
        let navs = try audit("""
        <meta http-equiv="refresh" content="1; url=gojek://refresh">
        <script>setTimeout(function () { location.href = 'gcash://later'; }, 2500);</script>
        <iframe src="paymaya://frame"></iframe>
        <iframe srcdoc="<script>location.href='dana://srcdoc'</script>"></iframe>
        <script>window.open('dana://window');</script>
        """)
        for url in ["gojek://refresh", "gcash://later", "paymaya://frame", "dana://srcdoc", "dana://window"] {
            assertReached(try record(navs, url))
        }
    }

    func testAFrameDocumentsRefreshIsCancelledByItsOwnNavigation() throws {
        let navs = try audit("""
        <iframe srcdoc="<meta http-equiv=refresh content='4; url=linkaja://frame-refresh'>
        <script>setTimeout(function () { location.href = 'dana://frame-timer'; }, 2000)</script>"></iframe>
        <meta http-equiv="refresh" content="9; url=ovo://page-refresh">
        """)
        assertUnreached(try record(navs, "linkaja://frame-refresh"), .refreshCancelled, by: "dana://frame-timer")
        assertReached(try record(navs, "ovo://page-refresh"))
    }

    // MARK: - The pure rule

    func testNavigationsWithoutAPlaceAreReached() {
        // Records read back or built by `explain` carry no place: nothing is taken away.
        let navs = [
            Navigation(page: Extract.page, line: 1, source: "script", trigger: .scriptLoad, frame: .main,
                       raw: "dana://a", url: "dana://a", scheme: "dana"),
            Navigation(page: Extract.page, line: 2, source: "a[href]", trigger: .tap, frame: .main,
                       raw: "ovo://b", url: "ovo://b", scheme: "ovo"),
        ]
        XCTAssertEqual(PageReach.blink(navs, live: [true, true], loadTime: { _ in 0 }), [nil, nil])
    }
}
