import XCTest
@testable import Checks
@testable import Extraction
@testable import LinkAudit
@testable import LinkAuditModel
@testable import Policies
import TestSupport

/// What a frame's sandbox forbids, per engine (Docs/PLATFORM.md §F.17, rules 29 and 30):
/// Blink refuses a sandboxed frame's top navigation, popup and form without their tokens on
/// every Android profile; Chrome also refuses its external protocols; the iOS profiles decide
/// as before (WebKit unconfirmed).
final class SandboxGateTests: XCTestCase {
    private let profiles = ["android-webview", "android-sdk", "chrome-android", "ios-wkwebview", "safari-ios"]

    private func verdicts(_ html: String, _ url: String, file: StaticString = #filePath,
                          line: UInt = #line) throws -> [String: Reason] {
        let classifier = Classifier(profiles: try ProfileRegistry.select(profiles), settings: AuditSettings())
        let navs = classifier.audit(Extract.all(html))
        let nav = try XCTUnwrap(navs.first { $0.url == url }, "no record of \(url)", file: file, line: line)
        var out: [String: Reason] = [:]
        for name in profiles {
            // The sandbox's refusals only: what the profiles decide otherwise is theirs.
            if let verdict = nav.verdicts?[name], verdict.outcome == .blocked, verdict.reason.rawValue.hasPrefix("sandbox-") {
                out[name] = verdict.reason
            }
        }
        return out
    }

    private let blink: (Reason) -> [String: Reason] = { ["android-webview": $0, "android-sdk": $0, "chrome-android": $0] }

    func testTopNavigationNeedsItsTokenOrATapWithTheActivationOne() throws {
        XCTAssertEqual(try verdicts(#"<iframe sandbox srcdoc="<a href='gojek://pay' target='_top'>x</a>"></iframe>"#,
                                    "gojek://pay"), blink(.sandboxTopNavigation))
        XCTAssertEqual(try verdicts(#"<iframe sandbox="allow-top-navigation-by-user-activation" srcdoc="<a href='https://shop.example/x' target='_top'>x</a>"></iframe>"#,
                                    "https://shop.example/x"), [:])
        // …but not for a script at load: no gesture.
        XCTAssertEqual(try verdicts(#"<iframe sandbox="allow-scripts allow-top-navigation-by-user-activation" srcdoc="<script>top.location='https://shop.example/y'</script>"></iframe>"#,
                                    "https://shop.example/y"), blink(.sandboxTopNavigation))
        XCTAssertEqual(try verdicts(#"<iframe sandbox="allow-scripts allow-top-navigation" srcdoc="<script>top.location='https://shop.example/z'</script>"></iframe>"#,
                                    "https://shop.example/z"), [:])
    }

    func testPopupsAndFormsNeedTheirTokens() throws {
        XCTAssertEqual(try verdicts(#"<iframe sandbox srcdoc="<a href='https://shop.example/p' target='_blank'>x</a>"></iframe>"#,
                                    "https://shop.example/p"), blink(.sandboxPopup))
        XCTAssertEqual(try verdicts(#"<iframe sandbox="allow-popups" srcdoc="<a href='https://shop.example/q' target='_blank'>x</a>"></iframe>"#,
                                    "https://shop.example/q"), [:])
        XCTAssertEqual(try verdicts(#"<iframe sandbox srcdoc="<form action='https://shop.example/f'><button>go</button></form>"></iframe>"#,
                                    "https://shop.example/f"), blink(.sandboxForm))
        XCTAssertEqual(try verdicts(#"<iframe sandbox="allow-forms" srcdoc="<form action='https://shop.example/g'><button>go</button></form>"></iframe>"#,
                                    "https://shop.example/g"), [:])
    }

    func testChromeAloneRefusesASandboxedFramesExternalProtocol() throws {
        // Android WebView offers the sub-frame deep link to the app's client as before (its
        // verdicts are the profiles' own); Chrome refuses it in the sandbox.
        XCTAssertEqual(try verdicts(#"<iframe sandbox srcdoc="<a href='dana://pay'>x</a>"></iframe>"#, "dana://pay"),
                       ["chrome-android": .sandboxExternalProtocol])
        // The frame's own load of a custom scheme.
        XCTAssertEqual(try verdicts(#"<iframe sandbox src="ovo://pay"></iframe>"#, "ovo://pay"),
                       ["chrome-android": .sandboxExternalProtocol])
        for grant in ["allow-top-navigation-to-custom-protocols", "allow-top-navigation", "allow-popups",
                      "allow-top-navigation-by-user-activation"] {
            let verdict = try verdicts("<iframe sandbox=\"\(grant)\" srcdoc=\"<a href='linkaja://pay'>x</a>\"></iframe>", "linkaja://pay")
            XCTAssertNotEqual(verdict["chrome-android"], .sandboxExternalProtocol, grant)
        }
    }

    func testTheIOSProfilesDecideAsBefore() throws {
        let html = #"<iframe sandbox srcdoc="<a href='gojek://pay' target='_top'>x</a>"></iframe>"#
        let classifier = Classifier(profiles: try ProfileRegistry.select(profiles), settings: AuditSettings())
        let sandboxed = try XCTUnwrap(classifier.audit(Extract.all(html)).first { $0.url == "gojek://pay" })
        let plain = try XCTUnwrap(classifier.audit(Extract.all(html.replacingOccurrences(of: "sandbox ", with: "")))
            .first { $0.url == "gojek://pay" })
        for name in ["ios-wkwebview", "safari-ios"] {
            XCTAssertEqual(sandboxed.verdicts?[name], plain.verdicts?[name], name)
        }
    }

    func testARefusedTopNavigationCancelsNoRefresh() throws {
        let html = """
        <meta http-equiv="refresh" content="2; url=ovo://refresh">
        <iframe sandbox="allow-scripts" srcdoc="<script>top.location = 'gojek://refused';</script>"></iframe>
        <iframe sandbox="allow-scripts allow-top-navigation" srcdoc="<script>setTimeout(function () { top.location = 'dana://later'; }, 5000);</script>"></iframe>
        """
        let classifier = Classifier(profiles: try ProfileRegistry.select(profiles), settings: AuditSettings())
        let refresh = try XCTUnwrap(classifier.audit(Extract.all(html)).first { $0.url == "ovo://refresh" })
        XCTAssertNotEqual(refresh.verdicts?["android-webview"]?.outcome, .unreached)
        // An allowed one does cancel it, when it comes first.
        let allowed = html.replacingOccurrences(of: #"sandbox="allow-scripts" srcdoc"#,
                                                with: #"sandbox="allow-scripts allow-top-navigation" srcdoc"#)
        let cancelled = try XCTUnwrap(classifier.audit(Extract.all(allowed)).first { $0.url == "ovo://refresh" })
        XCTAssertEqual(cancelled.verdicts?["android-webview"]?.reason, .refreshCancelled)
    }
}
