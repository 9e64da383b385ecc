import XCTest
@testable import LinkAuditModel
@testable import Policies
@testable import WHATWGURL

/// The PayerMax guide's iOS `DeepLinkWebViewClient` callbacks and host entry points, both variants.
final class IOSDeepLinkWebViewClientTests: XCTestCase {
    private typealias Decision = DeepLinkDecisionEngine.Decision
    private let opener = TableOpener(universalLinks: ["https://pay.wallet.com/": "com.wallet"],
                                     schemes: ["wallet": "com.wallet"])

    private func client(_ variant: IOSSDKOptions.Variant = .swift,
                        _ change: (inout IOSSDKOptions) -> Void = { _ in }) -> DeepLinkWebViewClient {
        var options = IOSSDKOptions()
        options.variant = variant
        change(&options)
        return DeepLinkWebViewClient(engine: DeepLinkDecisionEngine(options: options, opener: opener))
    }

    private func action(_ type: WKNavigationType, current: String? = "https://shop.example.com/",
                        main: Bool = true, newWindow: Bool = false) -> IOSNavigationAction {
        IOSRequest.action(type, mainFrame: main, newWindow: newWindow, current: current)
    }

    func testDecidePolicyFor_noURLAllowed() {
        for variant in [IOSSDKOptions.Variant.swift, .objc] {
            var state = DeepLinkClientState()
            XCTAssertEqual(client(variant).decidePolicyFor(nil, action: action(.other), state: &state),
                           .allow(reason: .noURL), "\(variant)")
        }
    }

    func testDecidePolicyFor_pendingHostFileAllowedOnce() {
        let page = WebURL.must("file:///app/index.html")
        let rows: [(name: String, variant: IOSSDKOptions.Variant, request: String?, consumed: Bool)] = [
            ("Swift: the same URL", .swift, "file:///app/index.html", true),
            ("Swift: another query is another URL", .swift, "file:///app/index.html?x=1", false),
            ("ObjC: the same path", .objc, "file:///app/index.html?x=1", true),
            ("ObjC: another path", .objc, "file:///app/other.html", false),
            ("ObjC: not a file URL", .objc, "https://app/index.html", false),
            ("ObjC: no URL keeps it", .objc, nil, false),
        ]
        for row in rows {
            var state = DeepLinkClientState(pendingHostFileURL: page)
            let decision = client(row.variant).decidePolicyFor(row.request.map { WebURL.must($0) },
                                                               action: action(.other, current: nil), state: &state)
            XCTAssertEqual(decision == .allow(reason: .pendingHostFile), row.consumed, row.name)
            XCTAssertEqual(state.pendingHostFileURL == nil, row.consumed, row.name)
        }
    }

    func testDecidePolicyFor_marksInteractionOnLinkAndForm() {
        let rows: [(type: WKNavigationType, marked: Bool)] = [
            (.linkActivated, true), (.formSubmitted, true), (.other, false), (.formResubmitted, false),
            (.backForward, false), (.reload, false),
        ]
        for row in rows {
            var state = DeepLinkClientState()
            _ = client().decidePolicyFor(.must("https://a.com/"), action: action(row.type), state: &state)
            XCTAssertEqual(state.interaction.hasUserInteraction, row.marked, "\(row.type)")
        }
    }

    func testDecidePolicyFor_engineDecides() {
        var state = DeepLinkClientState()
        XCTAssertEqual(client().decidePolicyFor(.must("wallet://pay"), action: action(.other), state: &state),
                       .cancel(Verdict(.blocked, .noUserInteraction)))
        // A new window counts as main frame even when the inputs say otherwise.
        state = DeepLinkClientState(interaction: UserInteractionState(hasUserInteraction: true))
        XCTAssertEqual(client().decidePolicyFor(.must("wallet://pay"), action: action(.other, main: false, newWindow: true),
                                                state: &state),
                       .cancel(Verdict(.opensApp, .openExternal, details: [VerdictDetail.target: "com.wallet"])))
    }

    func testDecidePolicyFor_objcSkipsPendingUserLoad() {
        let url = WebURL.must("https://pay.wallet.com/home")
        var state = DeepLinkClientState(interaction: UserInteractionState(hasUserInteraction: true,
                                                                          hasUserInitiatedLoad: true),
                                        pendingUserLoadURL: url)
        XCTAssertEqual(client(.objc).decidePolicyFor(url, action: action(.other, current: nil), state: &state),
                       .allow(reason: .pendingUserLoad))
        XCTAssertNil(state.pendingUserLoadURL)
        // Consumed: the same load again is checked (ObjC checks when there is no current host).
        XCTAssertEqual(client(.objc).decidePolicyFor(url, action: action(.other, current: nil), state: &state),
                       .cancel(Verdict(.opensApp, .universalLinkCheck, details: [VerdictDetail.target: "com.wallet"])))
        // Swift has no such skip, and no check without a current host.
        var swiftState = DeepLinkClientState(interaction: state.interaction, pendingUserLoadURL: url)
        XCTAssertEqual(client().decidePolicyFor(url, action: action(.other, current: nil), state: &swiftState),
                       .allow(reason: .httpsAllowed))
    }

    func testCreateWebViewWith_eachBranch() {
        let touched = UserInteractionState(hasUserInteraction: true)
        let rows: [(name: String, variant: IOSSDKOptions.Variant, url: String?, type: WKNavigationType,
                    interaction: UserInteractionState, expected: DeepLinkWebViewClient.NewWindow)] = [
            ("Swift: no URL, nothing", .swift, nil, .other, touched, .noURL),
            ("ObjC: no URL goes to the engine, which allows", .objc, nil, .other, touched,
             .handled(.allow(reason: .noURL))),
            ("http loads in the same web view", .swift, "http://a.com/", .other, touched,
             .loadInSameWebView(.must("http://a.com/"))),
            ("https loads in the same web view", .objc, "https://a.com/", .other, touched,
             .loadInSameWebView(.must("https://a.com/"))),
            ("custom scheme: engine opens it", .swift, "wallet://pay", .other, touched,
             .handled(.cancel(Verdict(.opensApp, .openExternal, details: [VerdictDetail.target: "com.wallet"])))),
            ("custom scheme: engine blocks it", .swift, "wallet://pay", .other, UserInteractionState(),
             .handled(.cancel(Verdict(.blocked, .noUserInteraction)))),
            ("owned scheme: engine allows, completion ignored", .swift, "about:blank", .other, touched,
             .handled(.allow(reason: .webViewOwned))),
        ]
        for row in rows {
            var state = DeepLinkClientState(interaction: row.interaction)
            let result = client(row.variant).createWebViewWith(row.url.map { WebURL.must($0) },
                                                               action: action(row.type), state: &state)
            XCTAssertEqual(result, row.expected, row.name)
        }
    }

    func testCreateWebViewWith_objcMarksInteractionSwiftDoesNot() {
        for (variant, marked) in [(IOSSDKOptions.Variant.swift, false), (.objc, true)] {
            var state = DeepLinkClientState()
            _ = client(variant).createWebViewWith(.must("wallet://pay"), action: action(.linkActivated), state: &state)
            XCTAssertEqual(state.interaction.hasUserInteraction, marked, "\(variant)")
        }
    }

    func testLoadUrlByUser_eachBranch() {
        let rows: [(name: String, variant: IOSSDKOptions.Variant, url: String, options: (inout IOSSDKOptions) -> Void,
                    expected: DeepLinkWebViewClient.UserLoad, pending: String?)] = [
            ("https universal link opens the app", .swift, "https://pay.wallet.com/x", { _ in },
             .openedApp(appID: "com.wallet"), nil),
            ("Swift: no app, load", .swift, "https://a.com/", { _ in }, .load(.must("https://a.com/")), nil),
            ("ObjC: no app, load and skip the next check", .objc, "https://a.com/", { _ in },
             .load(.must("https://a.com/")), "https://a.com/"),
            ("ObjC: not checked, plain load", .objc, "https://a.com/", { $0.openUniversalLinksFromUserLoads = false },
             .load(.must("https://a.com/")), nil),
            ("http is not checked", .objc, "http://a.com/", { _ in }, .load(.must("http://a.com/")), nil),
            ("custom scheme goes to the engine", .swift, "wallet://pay", { _ in },
             .handled(.cancel(Verdict(.opensApp, .openExternal, details: [VerdictDetail.target: "com.wallet"]))), nil),
        ]
        for row in rows {
            var state = DeepLinkClientState(pendingUserLoadURL: .must("https://stale.com/"))
            let result = client(row.variant, row.options).loadUrlByUser(.must(row.url), currentURL: nil, state: &state)
            XCTAssertEqual(result, row.expected, row.name)
            XCTAssertEqual(state.interaction, UserInteractionState(hasUserInteraction: true, hasUserInitiatedLoad: true),
                           row.name)
            let expectedPending = row.variant == .swift ? "https://stale.com/" : row.pending
            XCTAssertEqual(state.pendingUserLoadURL?.href, expectedPending, row.name)
        }
    }

    func testLoadLocalFile_resetsAndGrantsOnce() {
        for variant in [IOSSDKOptions.Variant.swift, .objc] {
            var state = DeepLinkClientState(interaction: UserInteractionState(hasUserInteraction: true,
                                                                              hasUserInitiatedLoad: true),
                                            pendingUserLoadURL: .must("https://a.com/"))
            client(variant).loadLocalFile(.must("file:///app/index.html"), state: &state)
            XCTAssertEqual(state.interaction, UserInteractionState(), "\(variant)")
            XCTAssertEqual(state.pendingHostFileURL?.href, "file:///app/index.html", "\(variant)")
            XCTAssertEqual(state.pendingUserLoadURL == nil, variant == .objc, "\(variant)")
        }
    }

    func testClientState_fromNavigationInputs() {
        let state = DeepLinkClientState(IOSRequest.make("https://a.com/", trigger: .scriptLoad, entry: .loadUrlByUser).ios)
        XCTAssertEqual(state.interaction, UserInteractionState(hasUserInteraction: true, hasUserInitiatedLoad: true))
        XCTAssertNil(state.pendingHostFileURL)
        XCTAssertNil(state.pendingUserLoadURL)
    }
}
