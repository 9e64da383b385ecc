import XCTest
@testable import Policies
@testable import WHATWGURL

/// The PayerMax guide's iOS `DeepLinkClassifier`: every `return` of `classify`,
/// `shouldCheckUniversalLink` and `isLocalFileNavigation`, in both variants.
final class IOSDeepLinkClassifierTests: XCTestCase {
    private typealias Row = (name: String, context: DeepLinkNavigationContext, state: UserInteractionState,
                             options: IOSSDKOptions, expected: DeepLinkClassification)

    static func ctx(_ url: String?, main: Bool = true, _ type: WKNavigationType = .other,
                    current: String? = "https://shop.example.com/checkout") -> DeepLinkNavigationContext {
        DeepLinkNavigationContext(url: url.map { WebURL.must($0) }, isMainFrame: main, navigationType: type,
                                  currentURL: current.map { WebURL.must($0) })
    }

    static func options(_ change: (inout IOSSDKOptions) -> Void = { _ in }) -> IOSSDKOptions {
        var options = IOSSDKOptions()
        change(&options)
        return options
    }

    private static let none = UserInteractionState()
    private static let touched = UserInteractionState(hasUserInteraction: true)
    private static let userLoad = UserInteractionState(hasUserInteraction: true, hasUserInitiatedLoad: true)

    private func check(_ rows: [Row], file: StaticString = #filePath, line: UInt = #line) {
        for row in rows {
            let result = DeepLinkClassifier(options: row.options).classify(row.context, state: row.state)
            XCTAssertEqual(result, row.expected, row.name, file: file, line: line)
        }
    }

    private func allow(_ branch: DeepLinkBranch) -> DeepLinkClassification { .init(.allow, branch) }
    private func block(_ branch: DeepLinkBranch) -> DeepLinkClassification { .init(.block, branch) }
    private let defaults = IOSDeepLinkClassifierTests.options()

    func testClassify_noURLAllowed() {
        check([("request without a URL", Self.ctx(nil), Self.none, defaults, allow(.noURL))])
    }

    func testClassify_localFileAllowedBeforeBlockedSchemes() {
        check([
            ("initial host load", Self.ctx("file:///app/index.html", current: nil), Self.none, defaults,
             allow(.localFile)),
            ("same directory", Self.ctx("file:///app/b.html", .linkActivated, current: "file:///app/a.html"),
             Self.none, defaults, allow(.localFile)),
        ])
    }

    func testClassify_blockedSchemeBlocked() {
        check([
            ("file from a web page", Self.ctx("file:///etc/hosts", .linkActivated), Self.touched, defaults,
             block(.blockedScheme)),
            ("file outside the page's directory",
             Self.ctx("file:///other/x.html", .linkActivated, current: "file:///app/a.html"), Self.none, defaults,
             block(.blockedScheme)),
            ("content:", Self.ctx("content://media/1", .linkActivated), Self.touched, defaults, block(.blockedScheme)),
            ("intent:", Self.ctx("intent://x#Intent;end", .linkActivated), Self.touched, defaults,
             block(.blockedScheme)),
            ("checked before http", Self.ctx("http://a.com/"), Self.none,
             Self.options { $0.blockedSchemes = ["http"] }, block(.blockedScheme)),
            ("Swift lower-cases the configured list", Self.ctx("wallet://pay", .linkActivated), Self.touched,
             Self.options { $0.blockedSchemes = ["Wallet"] }, block(.blockedScheme)),
        ])
    }

    func testClassify_httpAllowed() {
        check([
            ("http, anywhere, without interaction", Self.ctx("http://a.com/", main: false), Self.none, defaults,
             allow(.http)),
            ("http never gets the Universal Link check", Self.ctx("http://other.com/"), Self.userLoad, defaults,
             allow(.http)),
        ])
    }

    func testClassify_httpsUniversalLinkCheck() {
        let url = "https://pay.wallet.com/pay/1"
        check([("user-loaded page, .other to another host", Self.ctx(url), Self.userLoad, defaults,
                .init(.checkUniversalLink(.must(url)), .universalLinkCheck))])
    }

    func testClassify_httpsAllowedWithoutCheck() {
        check([
            ("link tap", Self.ctx("https://pay.wallet.com/", .linkActivated), Self.userLoad, defaults, allow(.https)),
            ("no user-initiated load", Self.ctx("https://pay.wallet.com/"), Self.touched, defaults, allow(.https)),
        ])
    }

    func testClassify_webViewOwnedAllowed() {
        for url in ["about:blank", "data:text/html,x", "blob:https://a.com/1", "view-source:https://a.com/",
                    "javascript:void(0)"] {
            check([("\(url) in an iframe, no interaction", Self.ctx(url, main: false), Self.none, defaults,
                    allow(.webViewOwned))])
        }
        check([("Swift lower-cases the configured list", Self.ctx("wallet://x"), Self.none,
                Self.options { $0.webViewOwnedSchemes = ["WALLET"] }, allow(.webViewOwned))])
    }

    func testClassify_subframeWithoutGestureBlocked() {
        check([
            ("iframe .other", Self.ctx("wallet://pay", main: false), Self.touched, defaults, block(.subframeNoGesture)),
            ("iframe link tap passes", Self.ctx("wallet://pay", main: false, .linkActivated), Self.none, defaults,
             .init(.openExternal(.must("wallet://pay")), .openExternal)),
            ("option lets automatic iframe links on", Self.ctx("wallet://pay", main: false), Self.touched,
             Self.options { $0.allowAutomaticSubframeDeepLinks = true },
             .init(.openExternal(.must("wallet://pay")), .openExternal)),
        ])
    }

    func testClassify_noUserInteractionBlocked() {
        check([
            ("script at load", Self.ctx("wallet://pay"), Self.none, defaults, block(.noUserInteraction)),
            ("reload is no gesture either", Self.ctx("wallet://pay", .reload), Self.none, defaults,
             block(.noUserInteraction)),
            ("earlier interaction passes", Self.ctx("wallet://pay"), Self.touched, defaults,
             .init(.openExternal(.must("wallet://pay")), .openExternal)),
            ("form submission is a gesture", Self.ctx("wallet://pay", .formSubmitted), Self.none, defaults,
             .init(.openExternal(.must("wallet://pay")), .openExternal)),
            ("requireUserGesture off", Self.ctx("wallet://pay"), Self.none,
             Self.options { $0.requireUserGesture = false }, .init(.openExternal(.must("wallet://pay")), .openExternal)),
        ])
    }

    func testClassify_vetoedBlocked() {
        check([
            ("shouldOpenExternalURL refuses", Self.ctx("wallet://pay", .linkActivated), Self.none,
             Self.options { $0.vetoedSchemes = ["WALLET"] }, block(.vetoed)),
            ("other schemes pass the veto", Self.ctx("gojek://pay", .linkActivated), Self.none,
             Self.options { $0.vetoedSchemes = ["wallet"] }, .init(.openExternal(.must("gojek://pay")), .openExternal)),
        ])
    }

    func testClassify_openExternal() {
        check([("tapped custom scheme", Self.ctx("tel:+6212345", .linkActivated), Self.none, defaults,
                .init(.openExternal(.must("tel:+6212345")), .openExternal))])
    }

    func testClassify_objcMatchesConfiguredSchemeListsAsWritten() {
        let objc = Self.options { $0.variant = .objc; $0.blockedSchemes = ["Wallet"]; $0.webViewOwnedSchemes = ["GOJEK"] }
        check([
            ("upper-case blocked entry never matches", Self.ctx("wallet://pay", .linkActivated), Self.none, objc,
             .init(.openExternal(.must("wallet://pay")), .openExternal)),
            ("upper-case owned entry never matches", Self.ctx("gojek://pay", .linkActivated), Self.none, objc,
             .init(.openExternal(.must("gojek://pay")), .openExternal)),
            ("lower-case entries still match", Self.ctx("intent://x#Intent;end", .linkActivated), Self.none,
             Self.options { $0.variant = .objc }, block(.blockedScheme)),
        ])
    }

    func testShouldCheckUniversalLink_eachGuard() {
        let swift = Self.options()
        let objc = Self.options { $0.variant = .objc }
        let url = "https://pay.wallet.com/pay/1"
        let rows: [(name: String, context: DeepLinkNavigationContext, state: UserInteractionState,
                    options: IOSSDKOptions, expected: Bool)] = [
            ("option off", Self.ctx(url), Self.userLoad, Self.options { $0.openUniversalLinksFromUserLoads = false }, false),
            ("iframe", Self.ctx(url, main: false), Self.userLoad, swift, false),
            ("not .other", Self.ctx(url, .linkActivated), Self.userLoad, swift, false),
            ("no user-initiated load", Self.ctx(url), Self.touched, swift, false),
            ("Swift: no current URL", Self.ctx(url, current: nil), Self.userLoad, swift, false),
            ("Swift: current URL without host", Self.ctx(url, current: "file:///app/a.html"), Self.userLoad, swift, false),
            ("target without host", Self.ctx("about:blank"), Self.userLoad, swift, false),
            ("same host", Self.ctx("https://shop.example.com/x"), Self.userLoad, swift, false),
            ("another host", Self.ctx(url), Self.userLoad, swift, true),
            ("ObjC: option off", Self.ctx(url), Self.userLoad,
             Self.options { $0.variant = .objc; $0.openUniversalLinksFromUserLoads = false }, false),
            ("ObjC: no user-initiated load", Self.ctx(url), Self.touched, objc, false),
            ("ObjC: iframe", Self.ctx(url, main: false), Self.userLoad, objc, false),
            ("ObjC: not .other", Self.ctx(url, .formSubmitted), Self.userLoad, objc, false),
            ("ObjC: target without host", Self.ctx("about:blank"), Self.userLoad, objc, false),
            ("ObjC: no current URL checks", Self.ctx(url, current: nil), Self.userLoad, objc, true),
            ("ObjC: current URL without host checks", Self.ctx(url, current: "file:///app/a.html"), Self.userLoad,
             objc, true),
            ("ObjC: same host", Self.ctx("https://shop.example.com/x"), Self.userLoad, objc, false),
            ("ObjC: another host", Self.ctx(url), Self.userLoad, objc, true),
        ]
        for row in rows {
            XCTAssertEqual(DeepLinkClassifier(options: row.options).shouldCheckUniversalLink(row.context, state: row.state),
                           row.expected, row.name)
        }
    }

    func testIsLocalFileNavigation_eachRule() {
        let rows: [(name: String, context: DeepLinkNavigationContext, expected: Bool)] = [
            ("not a file URL", Self.ctx("https://a.com/", current: nil), false),
            ("initial host load", Self.ctx("file:///app/a.html", current: nil), true),
            ("no current page but a link tap", Self.ctx("file:///app/a.html", .linkActivated, current: nil), false),
            ("current page is not a file", Self.ctx("file:///app/a.html"), false),
            ("the page itself", Self.ctx("file:///app/a.html", current: "file:///app/a.html"), true),
            ("same directory", Self.ctx("file:///app/b.html", current: "file:///app/a.html"), true),
            ("subdirectory", Self.ctx("file:///app/img/b.html", current: "file:///app/a.html"), true),
            ("sibling whose name extends the directory", Self.ctx("file:///app/bc/x.html", current: "file:///app/b/a.html"),
             false),
            ("parent directory", Self.ctx("file:///b.html", current: "file:///app/a.html"), false),
            ("dot segments are resolved first", Self.ctx("file:///app/x/../../etc/p", current: "file:///app/a.html"), false),
            ("percent-decoded paths", Self.ctx("file:///app/a%20b.html", current: "file:///app/a.html"), true),
            ("page at the root", Self.ctx("file:///b.html", current: "file:///a.html"), true),
        ]
        for row in rows {
            XCTAssertEqual(DeepLinkClassifier.isLocalFileNavigation(row.context), row.expected, row.name)
        }
    }

    func testUserInteractionState_marksAndResets() {
        var state = UserInteractionState()
        state.markUserInteraction()
        state.markUserInitiatedLoad()
        XCTAssertEqual(state, Self.userLoad)
        state.reset()
        XCTAssertEqual(state, Self.none)
    }
}
