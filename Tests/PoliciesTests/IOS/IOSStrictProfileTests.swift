import XCTest
@testable import LinkAuditModel
@testable import Policies
@testable import WHATWGURL
import TestSupport

/// The strict iOS delegate's `decidePolicyFor` branch by branch, then `ios-strict` end to end.
final class IOSStrictProfileTests: XCTestCase {
    private let profile = IOSStrictProfile()
    private let delegate = StrictNavigationDelegate(options: IOSStrictOptions())

    private func decide(_ url: String?, source main: Bool = true, newWindow: Bool = false,
                        _ type: WKNavigationType = .linkActivated) -> StrictNavigationDelegate.Decision {
        delegate.decidePolicyFor(url.map { WebURL.must($0) }, sourceIsMainFrame: main, isNewWindow: newWindow,
                                 navigationType: type)
    }

    private func check(_ rows: [(name: String, request: PolicyRequest, outcome: Outcome, reason: String)],
                       file: StaticString = #filePath, line: UInt = #line) {
        assertBranches(profile, rows.map { BranchCase($0.name, $0.request, $0.outcome, $0.reason) }, file: file, line: line)
    }

    func testNameAndSelectedOnly() {
        XCTAssertEqual(profile.name, "ios-strict")
        XCTAssertFalse(profile.runsByDefault)
    }

    func testDelegate_noURLAllowed() {
        XCTAssertEqual(decide(nil), .allow(.noURL))
    }

    func testDelegate_sourceFrameGate() {
        XCTAssertEqual(decide("https://a.com/", source: false), .allow(.subframeWeb))
        XCTAssertEqual(decide("http://app.example.com/open/1", source: false), .allow(.subframeWeb))
        XCTAssertEqual(decide("myapp://open/detail/1", source: false), .cancel(.subframeNonWeb))
        XCTAssertEqual(decide("about:blank", source: false, .other), .cancel(.subframeNonWeb))
    }

    func testDelegate_associatedDomainRoutedInternally() {
        XCTAssertEqual(decide("https://APP.example.com/open/x?id=1", .other),
                       .cancel(.routeInternally(ValidatedAppRoute(path: "/open/x", queryParams: ["id": "1"]))))
        XCTAssertEqual(decide("https://app.example.com/admin"), .cancel(.routeRejected(.path)))
        XCTAssertEqual(decide("http://app.example.com/open/x"), .allow(.web), "http is not the associated domain check")
    }

    func testDelegate_customSchemeOnlyOnLinkActivationAndAllowlist() {
        XCTAssertEqual(decide("myapp://open/detail/1"), .cancel(.openCustomScheme(.must("myapp://open/detail/1"))))
        XCTAssertEqual(decide("myapp://open/detail/1", .other), .cancel(.customSchemeNotLinkActivated))
        XCTAssertEqual(decide("myapp://open/detail/1", .formSubmitted), .cancel(.customSchemeNotLinkActivated))
        XCTAssertEqual(decide("myapp://evil/detail/1"), .cancel(.customSchemeRejected(.host)))
        XCTAssertEqual(decide("data:text/html,x"), .cancel(.customSchemeRejected(.scheme)))
        XCTAssertEqual(decide("intent://x#Intent;end", .other), .cancel(.customSchemeNotLinkActivated))
    }

    func testDelegate_webDestinations() {
        XCTAssertEqual(decide("https://partner.example.com/p"), .cancel(.openPartnerUniversalLink(.must("https://partner.example.com/p"))))
        XCTAssertEqual(decide("https://partner.example.com/p", newWindow: true),
                       .cancel(.openPartnerUniversalLink(.must("https://partner.example.com/p"))), "partner before new window")
        XCTAssertEqual(decide("https://partner.example.com/p", .other), .allow(.web), "partner needs a link tap")
        XCTAssertEqual(decide("https://a.com/", newWindow: true), .cancel(.loadNewWindowInPlace(.must("https://a.com/"))))
        XCTAssertEqual(decide("http://a.com/", newWindow: true, .other), .cancel(.loadNewWindowInPlace(.must("http://a.com/"))))
        XCTAssertEqual(decide("https://a.com/"), .allow(.web))
        XCTAssertEqual(decide("about:blank", .other), .allow(.aboutScheme))
    }

    func testSourceIsMainFrame_derivedFromFrameAndTrigger() {
        let rows: [(trigger: Trigger, frame: FrameKind, expected: Bool)] = [
            (.tap, .main, true), (.tap, .newWindow, true), (.tap, .sub, false), (.scriptLoad, .sub, false),
            (.frameLoad, .sub, true),
        ]
        for row in rows {
            XCTAssertEqual(IOSStrictProfile.sourceIsMainFrame(IOSRequest.make("https://a.com/", trigger: row.trigger,
                                                                              frame: row.frame)),
                           row.expected, "\(row.trigger) \(row.frame)")
        }
    }

    func testProfile_beforePolicyAndWindowOpen() {
        check([
            ("unparseable", IOSRequest.make("http://["), .blocked, "malformed-url"),
            ("javascript:", IOSRequest.make("javascript:x()"), .internal, "javascript-url"),
            ("window.open: no UI delegate", IOSRequest.make("https://a.com/", trigger: .scriptHandler, frame: .newWindow),
             .blocked, "no-ui-delegate"),
            ("target=_blank about:blank: allowed, then no window",
             IOSRequest.make("about:blank", frame: .newWindow), .blocked, "no-ui-delegate"),
        ])
    }

    func testProfile_eachCancelBranch() {
        check([
            ("link inside an iframe to a custom scheme", IOSRequest.make("myapp://open/detail/1", frame: .sub),
             .blocked, "subframe-non-web"),
            ("associated domain, valid route", IOSRequest.make("https://app.example.com/product/1?id=5"),
             .internal, "app-route"),
            ("associated domain iframe source: the page started it",
             IOSRequest.make("https://app.example.com/promo/1", trigger: .frameLoad, frame: .sub),
             .internal, "app-route"),
            ("associated domain, rejected route", IOSRequest.make("https://app.example.com/admin"),
             .blocked, "not-allowlisted"),
            ("custom scheme without a tap", IOSRequest.make("myapp://open/detail/1", trigger: .scriptHandler),
             .blocked, "not-link-activated"),
            ("custom scheme form", IOSRequest.make("myapp://open/detail/1", trigger: .formGet),
             .blocked, "not-link-activated"),
            ("custom scheme rejected", IOSRequest.make("wallet://pay"), .blocked, "not-allowlisted"),
            ("custom scheme opens", IOSRequest.make("myapp://open/detail/1"), .opensApp, "open-custom-scheme"),
            ("custom scheme, no app", IOSRequest.make("myapp://open/detail/1", device: IOSDevices.bare),
             .openFailed, "open-failed"),
            ("partner app installed", IOSRequest.make("https://partner.example.com/x", device: IOSDevices.apps),
             .opensApp, "partner-universal-link"),
            ("partner without app: loaded in the web view", IOSRequest.make("https://partner.example.com/x"),
             .loads, "partner-loaded-in-webview"),
            ("target=_blank: loaded in place", IOSRequest.make("https://a.com/", frame: .newWindow),
             .loads, "new-window-in-place"),
        ])
        XCTAssertEqual(profile.decide(IOSRequest.make("https://app.example.com/admin")).details,
                       [VerdictDetail.rejectedBy: "AppRouteValidator: path"])
        XCTAssertEqual(profile.decide(IOSRequest.make("wallet://pay")).details,
                       [VerdictDetail.rejectedBy: "CustomSchemeValidator: scheme"])
        XCTAssertEqual(profile.decide(IOSRequest.make("myapp://open/detail/1", device: IOSDevices.apps)).details,
                       [VerdictDetail.target: "com.wallet"])
    }

    func testProfile_allowThenWebKit() {
        check([
            ("web page", IOSRequest.make("https://a.com/"), .loads, "web-page"),
            ("iframe link to a web page", IOSRequest.make("https://a.com/", frame: .sub), .loads, "subframe-web"),
            ("about:blank", IOSRequest.make("about:blank"), .loads, "about-url"),
            ("another app's link, tapped: WebKit opens it",
             IOSRequest.make("https://pay.wallet.com/pay/1", device: IOSDevices.apps), .opensApp, "universal-link"),
            ("same host stays", IOSRequest.make("https://shop.example.com/x", device: IOSDevices.apps),
             .loads, "universal-link-same-host"),
            ("iframe link to an app's host", IOSRequest.make("https://pay.wallet.com/pay/1", frame: .sub,
                                                             device: IOSDevices.apps),
             .loads, "universal-link-subframe"),
        ])
    }

    func testProfile_optionsChangeTheLists() {
        var options = ProfileOptions()
        options.iosStrict.associatedDomain = "shop.example.com"
        options.iosStrict.partnerHosts = ["pay.wallet.com"]
        check([
            ("own domain routed", IOSRequest.make("https://shop.example.com/open/1", options: options),
             .internal, "app-route"),
            ("partner list", IOSRequest.make("https://pay.wallet.com/pay/1", device: IOSDevices.apps, options: options),
             .opensApp, "partner-universal-link"),
        ])
    }

    func testRawInput_handBuiltActions() {
        check([
            ("partner on back/forward is not a tap",
             IOSRequest.raw("https://partner.example.com/x", action: IOSRequest.action(.backForward, gesture: true),
                            device: IOSDevices.apps), .loads, "universal-link-back-forward"),
            ("custom scheme tap", IOSRequest.raw("myapp://event", action: IOSRequest.action(.linkActivated)),
             .opensApp, "open-custom-scheme"),
        ])
    }
}
