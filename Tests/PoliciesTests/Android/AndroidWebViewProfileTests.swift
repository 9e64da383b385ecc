import XCTest
@testable import Policies
import TestSupport

/// `android-webview`: a client with the default `shouldOverrideUrlLoading` (Docs/PLATFORM.md §A.1–A.3).
final class AndroidWebViewProfileTests: XCTestCase {
    private typealias F = AndroidFixtures
    private let profile = AndroidWebViewProfile()

    func testWebSchemes_loadWherever() {
        assertBranches(profile, [
            BranchCase("tap https", F.request("https://a.example/"), .loads, "webview-loads"),
            BranchCase("App Link tap", F.request("https://pay.wallet.example/pay/1", device: F.device()),
                       .loads, "webview-loads"),
            BranchCase("sub-frame http", F.request("http://a.example/", trigger: .frameLoad, frame: .sub),
                       .loads, "webview-loads"),
            BranchCase("POST https", F.request("https://a.example/pay", trigger: .formPost), .loads, "webview-loads"),
            BranchCase("data", F.request("data:text/html,hi"), .loads, "webview-loads"),
            BranchCase("blob", F.request("blob:https://a.example/1"), .loads, "webview-loads"),
            BranchCase("about", F.request("about:blank", trigger: .scriptLoad), .loads, "webview-loads"),
        ])
    }

    func testCustomSchemeAndIntent_unknownUrlSchemeErrorPage() {
        assertBranches(profile, [
            BranchCase("tap custom", F.request("gojek://pay"), .errorPage, "unknown-url-scheme"),
            BranchCase("tap intent", F.request("intent://p#Intent;scheme=w;package=com.w;end"),
                       .errorPage, "unknown-url-scheme"),
            BranchCase("chrome:", F.request("chrome://version"), .errorPage, "unknown-url-scheme"),
            BranchCase("POST custom", F.request("wallet://pay", trigger: .formPost), .errorPage, "unknown-url-scheme"),
            BranchCase("refresh custom", F.request("wallet://pay", trigger: .metaRefresh), .errorPage,
                       "unknown-url-scheme"),
        ])
    }

    func testSubframeCustomScheme_errorInTheIframe() {
        assertBranches(profile, [
            BranchCase("iframe deep link", F.request("nidlogin://x", trigger: .frameLoad, frame: .sub),
                       .errorPage, "unknown-url-scheme-subframe", [VerdictDetail.assumption: "~A.3"]),
        ])
    }

    func testJavascriptURL_runsInThePage() {
        assertBranches(profile, [
            BranchCase("javascript:", F.request("javascript:pay()"), .internal, "javascript-url",
                       [VerdictDetail.assumption: "~A.1"]),
        ])
    }

    func testFileAndContent_loadSubjectToAccessSettings() {
        assertBranches(profile, [
            BranchCase("file", F.request("file:///sdcard/a.html"), .loads, "local-scheme",
                       [VerdictDetail.assumption: "~allowFileAccess"]),
            BranchCase("content", F.request("content://media/1"), .loads, "local-scheme"),
        ])
    }

    func testScriptWithJavaScriptOff_nothingHappens() {
        let off = F.settings(javaScript: false)
        assertBranches(profile, [
            BranchCase("script-load", F.request("wallet://pay", trigger: .scriptLoad, settings: off),
                       .blocked, "javascript-disabled"),
            BranchCase("handler", F.request("https://a.example/", trigger: .scriptHandler, settings: off),
                       .blocked, "javascript-disabled"),
            BranchCase("javascript: tap", F.request("javascript:go()", settings: off), .blocked, "javascript-disabled"),
            BranchCase("plain tap still works", F.request("wallet://pay", settings: off), .errorPage,
                       "unknown-url-scheme"),
        ])
    }

    func testInvalidURL_startsNoNavigation() {
        assertBranches(profile, [BranchCase("bad host", F.request("https://exa mple.com/"), .blocked, "invalid-url")])
    }

    func testNewWindow_assumedToLoadInTheTopFrame() {
        assertBranches(profile, [
            BranchCase("target=_blank", F.request("wallet://pay", frame: .newWindow), .errorPage,
                       "unknown-url-scheme", [VerdictDetail.assumption: "~A.5"]),
        ])
        XCTAssertTrue(profile.runsByDefault)
        XCTAssertEqual(profile.name, "android-webview")
    }
}
