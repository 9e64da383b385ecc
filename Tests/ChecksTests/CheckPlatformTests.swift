import XCTest
@testable import Checks
@testable import LinkAuditModel

/// Platform-specific checks take a profile's platform from the registry, not from its
/// name: a name the registry does not know (a newer version's) has no platform.
final class CheckPlatformTests: XCTestCase {
    private func navigation(_ url: String, _ verdicts: [String: Verdict]) -> Navigation {
        var navigation = Navigation(page: "https://shop.example/", line: 1, source: "a[href]", trigger: .tap,
                                    frame: .main, raw: url, url: url, scheme: String(url.prefix { $0 != ":" }))
        navigation.verdicts = VerdictSet(verdicts)
        return navigation
    }

    func testErrorPagesCountOnTheirOwnPlatformOnly() {
        let failed = Verdict(.errorPage, .unknownURLScheme)
        let nav = navigation("wallet://pay", ["android-webview": failed, "chrome-android": failed,
                                              "ios-wkwebview": failed, "android-future": failed])
        XCTAssertEqual(Checks.errUnknownURLScheme.profiles(nav), ["android-webview", "chrome-android"])
        XCTAssertEqual(Checks.unsupportedURL.profiles(nav), ["ios-wkwebview"])
    }

    func testIntentOnIOSNamesTheIOSProfiles() {
        let nav = navigation("intent://pay#Intent;scheme=w;end", ["safari-ios": Verdict(.errorPage, .cannotOpenPage),
                                                                  "ios-sdk": Verdict(.blocked, .blockedScheme),
                                                                  "android-sdk": Verdict(.blocked, .noGesture),
                                                                  "ios-future": Verdict(.blocked, .blockedScheme)])
        XCTAssertEqual(Checks.intentSchemeOnIOS.profiles(nav), ["ios-sdk", "safari-ios"])
    }

    func testReasonChecksMatchTheConstants() {
        let nav = navigation("wallet://pay", ["android-sdk": Verdict(.blocked, .noGesture),
                                              "ios-sdk": Verdict(.blocked, .noUserInteraction),
                                              "safari-ios": Verdict(.blocked, .subframeCustomScheme)])
        XCTAssertEqual(Checks.blockedNoGesture.profiles(nav), ["android-sdk", "ios-sdk"])
    }
}
