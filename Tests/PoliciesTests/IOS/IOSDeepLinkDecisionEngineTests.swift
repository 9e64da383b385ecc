import XCTest
@testable import LinkAuditModel
@testable import Policies

/// The PayerMax guide's iOS `DeepLinkDecisionEngine` and `AppStoreSearch`, with a table opener in place
/// of `UIApplication` (the SDK's `URLOpening` mock).
final class IOSDeepLinkDecisionEngineTests: XCTestCase {
    private typealias Decision = DeepLinkDecisionEngine.Decision
    private let ctx = IOSDeepLinkClassifierTests.ctx
    private let options = IOSDeepLinkClassifierTests.options
    private let touched = UserInteractionState(hasUserInteraction: true)
    private let userLoad = UserInteractionState(hasUserInteraction: true, hasUserInitiatedLoad: true)
    private static let itms = "itms-apps://itunes.apple.com/search?term="
    private static let web = "https://apps.apple.com/search?term="

    private func engine(_ opener: TableOpener, _ options: IOSSDKOptions = IOSSDKOptions()) -> DeepLinkDecisionEngine {
        DeepLinkDecisionEngine(options: options, opener: opener)
    }

    func testHandle_eachAction() {
        let opener = TableOpener(universalLinks: ["https://pay.wallet.com/": "com.wallet"],
                                 schemes: ["wallet": "com.wallet", "itms-apps": "com.apple.AppStore"])
        let rows: [(name: String, context: DeepLinkNavigationContext, state: UserInteractionState, expected: Decision)] = [
            ("allow: completion(true) with the branch", ctx("http://a.com/", true, .other, nil), touched,
             .allow(reason: .httpAllowed)),
            ("block: completion(false), blocked by the guard", ctx("wallet://pay", false, .other, nil), touched,
             .cancel(Verdict(.blocked, .subframeNoGesture))),
            ("openExternal opened", ctx("wallet://pay", true, .linkActivated, nil), touched,
             .cancel(Verdict(.opensApp, .openExternal, details: [VerdictDetail.target: "com.wallet"]))),
            ("openExternal failed: handleOpenFailure", ctx("gojek://pay", true, .linkActivated, nil), touched,
             .cancel(Verdict(.appStore, .appStoreSearch,
                             details: [VerdictDetail.appStoreTerm: "gojek", VerdictDetail.target: Self.itms + "gojek"]))),
            ("checkUniversalLink opened", ctx("https://pay.wallet.com/pay", true, .other, "https://shop.example.com/"),
             userLoad, .cancel(Verdict(.opensApp, .universalLinkCheck, details: [VerdictDetail.target: "com.wallet"]))),
            ("checkUniversalLink not opened: allow", ctx("https://other.com/", true, .other, "https://shop.example.com/"),
             userLoad, .allow(reason: .universalLinkNotOpened)),
        ]
        for row in rows {
            XCTAssertEqual(engine(opener).handle(row.context, state: row.state), row.expected, row.name)
        }
    }

    func testHandleOpenFailure_eachBranch() {
        let appStore = TableOpener(schemes: ["itms-apps": "com.apple.AppStore"])
        let webOnly = TableOpener(schemes: ["https": "com.apple.mobilesafari"])
        let rows: [(name: String, url: String, opener: TableOpener, options: IOSSDKOptions, expected: Verdict)] = [
            ("system scheme: onOpenFailed", "tel:123", appStore, options { _ in }, Verdict(.openFailed, .openFailed)),
            ("every system scheme", "itms-apps://x", appStore, options { _ in }, Verdict(.openFailed, .openFailed)),
            ("automatic search off: onOpenFailed", "gojek://x", appStore,
             options { $0.autoOpenAppStoreOnFailure = false }, Verdict(.openFailed, .openFailed)),
            ("search opens itms-apps first", "GoJek://x", appStore, options { _ in },
             Verdict(.appStore, .appStoreSearch,
                     details: [VerdictDetail.appStoreTerm: "gojek", VerdictDetail.target: Self.itms + "gojek"])),
            ("https search when itms-apps fails", "gojek://x", webOnly, options { _ in },
             Verdict(.appStore, .appStoreSearch,
                     details: [VerdictDetail.appStoreTerm: "gojek", VerdictDetail.target: Self.web + "gojek"])),
            ("both searches fail: onOpenFailed", "gojek://x", TableOpener(), options { _ in },
             Verdict(.openFailed, .appStoreSearchFailed, details: [VerdictDetail.appStoreTerm: "gojek"])),
        ]
        for row in rows {
            XCTAssertEqual(engine(row.opener, row.options).handleOpenFailure(.must(row.url)), row.expected, row.name)
        }
    }

    func testCheckUniversalLinkIfNeeded_eachBranch() {
        let opener = TableOpener(universalLinks: ["https://pay.wallet.com/": "com.wallet"])
        let rows: [(name: String, url: String, options: IOSSDKOptions,
                    expected: DeepLinkDecisionEngine.UniversalLinkPrecheck)] = [
            ("option off", "https://pay.wallet.com/x", options { $0.openUniversalLinksFromUserLoads = false },
             .notChecked),
            ("http is never checked", "http://pay.wallet.com/x", options { _ in }, .notChecked),
            ("custom scheme is never checked", "wallet://x", options { _ in }, .notChecked),
            ("app opened", "https://pay.wallet.com/x", options { _ in }, .opened(appID: "com.wallet")),
            ("no app", "https://a.com/", options { _ in }, .notOpened),
            ("ObjC: same answers", "https://pay.wallet.com/x", options { $0.variant = .objc }, .opened(appID: "com.wallet")),
        ]
        for row in rows {
            XCTAssertEqual(engine(opener, row.options).checkUniversalLinkIfNeeded(.must(row.url)), row.expected, row.name)
        }
    }

    func testAppStoreSearch_searchURLsInOrder() {
        XCTAssertEqual(AppStoreSearch.searchURLs(term: "wallet").map(\.href), [Self.itms + "wallet", Self.web + "wallet"])
        XCTAssertEqual(AppStoreSearch.searchURLs(term: "a b&c").map(\.href),
                       [Self.itms + "a%20b%26c", Self.web + "a%20b%26c"])
        XCTAssertEqual(AppStoreSearch.searchURLs(term: "coc+pay.v-2").first?.query, "term=coc+pay.v-2")
    }

    func testAppStoreSearch_firstURLThatOpens() {
        let both = TableOpener(schemes: ["itms-apps": "store", "https": "safari"])
        XCTAssertEqual(AppStoreSearch.search(term: "x", opener: both)?.handler, "store")
        XCTAssertEqual(AppStoreSearch.search(term: "x", opener: TableOpener(schemes: ["https": "safari"]))?.url.href,
                       Self.web + "x")
        XCTAssertNil(AppStoreSearch.search(term: "x", opener: TableOpener()))
    }

    func testDeviceURLOpener_answersFromTheDevice() {
        let opener = DeviceURLOpener(device: IOSDevices.apps)
        let rows: [(name: String, url: String, universalLinksOnly: Bool, expected: String?)] = [
            ("universal link, universalLinksOnly", "https://pay.wallet.com/pay/1", true, "com.wallet"),
            ("universal link, plain open", "https://pay.wallet.com/pay/1", false, "com.wallet"),
            ("no app, universalLinksOnly", "https://a.com/", true, nil),
            ("no app, plain open: Safari", "https://a.com/", false, DeviceURLOpener.safari),
            ("custom scheme with an app", "wallet://pay", false, "com.wallet"),
            ("custom scheme, universalLinksOnly", "wallet://pay", true, nil),
            ("system scheme: the scheme names its app", "tel:1", false, "tel"),
            ("custom scheme without an app", "gojek://pay", false, nil),
        ]
        for row in rows {
            XCTAssertEqual(opener.open(.must(row.url), universalLinksOnly: row.universalLinksOnly), row.expected, row.name)
        }
        XCTAssertEqual(DeviceURLOpener(device: .optimistic).open(.must("gojek://pay"), universalLinksOnly: false), "gojek")
    }
}
