import XCTest
@testable import Policies

/// What Chrome takes from a parsed intent (Docs/PLATFORM.md §B.2), checked against the Chromium vectors.
final class ChromeIntentFieldsTests: XCTestCase {
    private let embedder = "org.chromium.test"

    private func fields(_ uri: String) throws -> ChromeIntentFields {
        ChromeIntentFields(try IntentURIParser.parse(uri, flags: .intentScheme))
    }

    /// Every Chromium outcome that follows from the parsed fields alone (not from which apps
    /// are installed) is asserted here.
    func testChromiumVectorOutcomesFollowFromTheFields() throws {
        var checked = 0
        for c in try IntentCase.all() where c.id.hasPrefix("chromium-") {
            let b = c.behavior
            let parsed = Result { try IntentURIParser.parse(c.uri, flags: .intentScheme) }
            if b["canExternalAppHandleUrl"] as? Bool == false {
                XCTAssertThrowsError(try parsed.get(), c.id); checked += 1
                continue
            }
            guard let intent = try? parsed.get() else { XCTFail("\(c.id) did not parse"); continue }
            let f = ChromeIntentFields(intent)
            if b["canExternalAppHandleUrl"] as? Bool == true { XCTAssertNotNil(f.package, c.id); checked += 1 }
            if b["fallback_used"] as? Bool == true { XCTAssertNotNil(f.browserFallbackURL, c.id); checked += 1 }
            if b["fallback_used"] as? Bool == true, b["fallback_opened_in"] == nil, let to = b["navigates_to"] as? String {
                XCTAssertEqual(f.browserFallbackURL, to, c.id); checked += 1
            }
            if b["javascript_fallback_ignored"] as? Bool == true {
                XCTAssertNotNil(f.rawBrowserFallbackURL, c.id)
                XCTAssertNil(f.browserFallbackURL, c.id); checked += 1
            }
            if let prefix = b["launched_intent_data_prefix"] as? String {
                XCTAssertTrue(f.marketURL(embedderPackage: embedder)?.hasPrefix(prefix) ?? false, c.id); checked += 1
            }
            if let data = b["launched_intent_data"] as? String {
                let want = data.replacingOccurrences(of: "<embedder package name>", with: embedder)
                let got = want.hasPrefix("market:")
                    ? ChromeIntentFields.marketURL(forFallback: f.browserFallbackURL ?? "", embedderPackage: embedder)
                    : f.launchIntent.data
                XCTAssertEqual(got, want, c.id); checked += 1
            }
            if b["launched_intent_has_browser_fallback_url_extra"] as? Bool == false {
                XCTAssertNil(f.launchIntent.extras["browser_fallback_url"], c.id); checked += 1
            }
            if b.keys.contains("launched_intent_selector") {
                XCTAssertNotNil(intent.selector, c.id)
                XCTAssertNil(f.launchIntent.selector, c.id)
                XCTAssertEqual(f.stripped, [.selector], c.id); checked += 1
            }
            if b["launched_intent_flags"] != nil {
                XCTAssertEqual(f.launchIntent.flags, IntentFlags.allowedIntentFlags, c.id); checked += 1
            }
            if let scheme = b["launched_intent_scheme"] as? String {
                let name = String(scheme.prefix { $0 != " " })
                let got = name == "market" ? f.marketURL(embedderPackage: embedder).map { String($0.prefix(6)) }
                                           : f.launchIntent.scheme
                XCTAssertEqual(got, name, c.id); checked += 1
            }
            if let referrer = b["market_referrer_query_param"] as? String {
                let want = referrer.replacingOccurrences(of: "<embedder package name>", with: embedder)
                let url = f.marketURL(embedderPackage: embedder) ?? ""
                let param = url.components(separatedBy: "&referrer=").last.map(AndroidUriCodec.decode)
                XCTAssertEqual(param, want, c.id); checked += 1
            }
        }
        XCTAssertEqual(checked, 35)   // every field-level assertion in the 46 cases
    }

    func testFallbackMustBeAValidHttpURL() throws {
        let ok = try fields("intent://o#Intent;scheme=a;S.browser_fallback_url=%20HTTPS%3A%2F%2FShop.Example%3A8443%2Fp;end")
        XCTAssertEqual(ok.browserFallbackURL, " HTTPS://Shop.Example:8443/p")
        XCTAssertNil(ok.launchIntent.extras["browser_fallback_url"])
        for bad in ["javascript%3Ax", "intent%3A%2F%2Fx", "market%3A%2F%2Fdetails", "https%3A%2F%2F", "http%3A%2F%2Fa%3Ab",
                    "http%3A%2F%2Fa%20b"] {
            let f = try fields("intent://o#Intent;scheme=a;S.browser_fallback_url=\(bad);end")
            XCTAssertNil(f.browserFallbackURL, bad)
            // Chrome only removes the extra when it honours it.
            XCTAssertNotNil(f.launchIntent.extras["browser_fallback_url"], bad)
        }
    }

    func testLaunchIntentIsSanitizedLikeChrome() throws {
        let f = try fields("intent://o#Intent;scheme=a;component=p/.C;launchFlags=0x10000400;end")
        XCTAssertEqual(f.launchIntent.flags, IntentFlags.activityNewTask)
        XCTAssertEqual(f.launchIntent.categories, [AndroidIntent.categoryBrowsable])
        XCTAssertEqual(f.stripped, [.flags(IntentFlags.activityRequireNonBrowser), .component("p/p.C")])
    }

    func testMarketURLForPackage() throws {
        let plain = try fields("intent://o#Intent;scheme=a;package=com.w;end")
        XCTAssertEqual(plain.marketURL(embedderPackage: embedder), "market://details?id=com.w&referrer=org.chromium.test")
        let referred = try fields("intent://o#Intent;scheme=a;package=com.w;S.market_referrer=utm_source%3Dshop%26x%3D%257B;end")
        XCTAssertEqual(referred.marketURL(embedderPackage: embedder),
                       "market://details?id=com.w&referrer=utm_source%3Dshop%26x%3D%7B")
        XCTAssertNil(try fields("intent://o#Intent;scheme=a;end").marketURL(embedderPackage: embedder))
        XCTAssertNil(try fields("intent://o#Intent;scheme=a;package=p;S.market_referrer=;end").marketReferrer)
    }

    func testPlayStoreFallbackBecomesAMarketIntent() {
        XCTAssertEqual(ChromeIntentFields.marketURL(
            forFallback: "https://PLAY.google.com/store/apps/details?id=com.w&referrer=a%20b", embedderPackage: embedder),
            "market://details?id=com.w&referrer=a%20b")
        XCTAssertNil(ChromeIntentFields.marketURL(
            forFallback: "https://play.google.com/store/search?q=pub:imdb", embedderPackage: embedder))
        XCTAssertNil(ChromeIntentFields.marketURL(
            forFallback: "https://play.google.com/store/apps/details?id=", embedderPackage: embedder))
    }
}
