import XCTest
@testable import Policies
import TestSupport

/// The PayerMax guide client's `openIntentUri` after parsing, and WebView's no-client path.
final class IntentSanitizerTests: XCTestCase {
    private func sanitize(_ uri: String) throws -> IntentSanitizer.Launch {
        IntentSanitizer.sanitize(try IntentURIParser.parse(uri, flags: .intentScheme))
    }

    func testStripsComponentSelectorAndDisallowedFlags() throws {
        let launch = try sanitize(
            "intent://pay#Intent;scheme=wallet;component=com.w/.Pay;launchFlags=0x7FFFFFFF;SEL;action=X;end")
        let parsedFlags: Int32 = 0x7FFF_FFFF & ~0xC3
        XCTAssertEqual(launch.stripped, [.flags(parsedFlags & ~IntentFlags.allowedIntentFlags),
                                         .component("com.w/com.w.Pay"), .selector])
        XCTAssertEqual(launch.stripped.map(\.description),
                       ["flags 0x43F7C72C", "component com.w/com.w.Pay", "selector"])
        XCTAssertEqual(launch.intent.flags, IntentFlags.allowedIntentFlags)
        XCTAssertNil(launch.intent.component)
        XCTAssertNil(launch.intent.selector)
    }

    func testEachStrippedThingAlone() throws {
        XCTAssertEqual(try sanitize("intent:#Intent;component=a/b;end").stripped, [.component("a/b")])
        XCTAssertEqual(try sanitize("intent:#Intent;SEL;package=x;end").stripped, [.selector])
        XCTAssertEqual(try sanitize("intent:#Intent;launchFlags=0x40000000;end").stripped,
                       [.flags(IntentFlags.activityNoHistory)])
        XCTAssertEqual(try sanitize("intent:#Intent;launchFlags=0x400;end").stripped,
                       [.flags(IntentFlags.activityRequireNonBrowser)])
    }

    func testCleanIntentGetsNewTaskBrowsableAndDefaultAndNothingStripped() throws {
        let launch = try sanitize("intent://o/1#Intent;scheme=gojek;package=com.gojek.app;launchFlags=0x24000000;end")
        XCTAssertEqual(launch.stripped, [])
        XCTAssertEqual(launch.intent.flags, IntentFlags.activityNewTask | IntentFlags.activityClearTop
                       | IntentFlags.activitySingleTop)
        XCTAssertEqual(launch.intent.categories, [AndroidIntent.categoryBrowsable, AndroidIntent.categoryDefault])
        XCTAssertEqual(launch.intent.data, "gojek://o/1")
        XCTAssertEqual(launch.intent.package, "com.gojek.app")
    }

    func testFallbackIsReadThenRemoved() throws {
        let launch = try sanitize("intent://o#Intent;scheme=dana;S.browser_fallback_url=HTTPS%3A%2F%2Fm.dana.id%2Fpay;S.k=v;end")
        XCTAssertEqual(launch.fallbackURL, "HTTPS://m.dana.id/pay")
        XCTAssertTrue(launch.fallbackIsHTTP)
        XCTAssertEqual(launch.intent.extras, ["k": .string("v")])
    }

    func testOnlyHttpPrefixedFallbacksAreLoaded() throws {
        XCTAssertFalse(try sanitize("intent://o#Intent;scheme=a;S.browser_fallback_url=javascript%3Aalert(1);end").fallbackIsHTTP)
        XCTAssertFalse(IntentSanitizer.isHttpURL(" https://x"))
        XCTAssertFalse(IntentSanitizer.isHttpURL("https:x"))
        XCTAssertFalse(IntentSanitizer.isHttpURL("http:/"))
        XCTAssertTrue(IntentSanitizer.isHttpURL("hTtP://x"))
    }

    /// The byte reading of the prefix answers as the UTF-16 one (`isHttpURLPlain`): generated texts
    /// of prefix pieces in both cases, near misses, non-ASCII and combining characters, short ones.
    func testHttpPrefixOnBytesIsTheUTF16Ones() {
        let pieces = ["h", "H", "t", "T", "p", "P", "s", "S", ":", "/", "//", "http", "HTTPS", "https://", "http://",
                      "é", "e\u{301}", "\u{1F600}", "x", " ", "\u{0}", "ǆ", "İ", "ſ", "\u{212A}", "@", "[", "`", "{"]
        var random = SeededNumbers(state: 5)
        var texts = ["", "http://", "https://", "HTTP://", "http:/", "https:/", "http://é", "https://é", "httpé://",
                     "http\u{301}://x", "https\u{301}://x", "ſttp://", "http://\u{301}"]
        for _ in 0..<20_000 { texts.append(random.string(from: pieces, length: 6)) }
        var yes = 0
        for text in texts {
            XCTAssertEqual(IntentSanitizer.isHttpURL(text), IntentSanitizer.isHttpURLPlain(text), text.debugDescription)
            if IntentSanitizer.isHttpURLPlain(text) { yes += 1 }
        }
        XCTAssertGreaterThan(yes, 100)
    }

    func testNonStringFallbackIsIgnoredButStillRemoved() throws {
        let launch = try sanitize("intent://o#Intent;scheme=a;B.browser_fallback_url=true;end")
        XCTAssertNil(launch.fallbackURL)
        XCTAssertFalse(launch.fallbackIsHTTP)
        XCTAssertEqual(launch.intent.extras, [:])
    }

    func testWebViewWithoutClientAppliesNoFlagMask() throws {
        let parsed = try IntentURIParser.parse(
            "intent://o#Intent;scheme=a;component=c/d;launchFlags=0x40000000;S.browser_fallback_url=https%3A%2F%2Fx;end")
        let (intent, stripped) = AwContentsClientIntent.launchIntent(parsed, embedderPackage: "com.shop")
        XCTAssertEqual(stripped, [.component("c/d")])
        XCTAssertEqual(intent.flags, IntentFlags.activityNoHistory)
        XCTAssertEqual(intent.categories, [AndroidIntent.categoryBrowsable])
        XCTAssertEqual(intent.stringExtra("browser_fallback_url"), "https://x")
        XCTAssertEqual(intent.stringExtra(AwContentsClientIntent.applicationIDExtra), "com.shop")
    }
}
