import XCTest
@testable import Associations
@testable import Checks
@testable import Extraction
@testable import LinkAudit
@testable import LinkAuditModel
@testable import Policies
@testable import WHATWGURL
import TestSupport

/// Everything a profile is handed must reach the memo key (`DecisionKey`), or two
/// navigations that differ in it would share a verdict. These tests fail when a field is
/// added to `PolicyRequest`, `AndroidRequest`, `IOSNavigationAction` or the classifier's
/// configuration without a place in the key (or in what starts a new memo), and when a
/// change of any input leaves the key the same.
final class DecisionKeyTests: XCTestCase {
    private let reading = TargetReading(profiles: ProfileRegistry.all, device: .optimistic, options: ProfileOptions())

    private func request(_ html: String = #"<a href="dana://pay?x=1">a</a>"#,
                         page: String = "https://shop.example/checkout/") -> PolicyRequest {
        let classifier = Classifier(profiles: ProfileRegistry.all)
        return classifier.request(for: Extract.one(html, page: page)!, msSinceUserInput: 500)
    }

    private func key(_ request: PolicyRequest) -> DecisionKey { DecisionKey(request, reading: reading) }

    private func labels(_ value: Any) -> Set<String> {
        Set(Mirror(reflecting: value).children.compactMap(\.label))
    }

    /// Each stored field of a request, and where the key has it: a new field fails here until
    /// `DecisionKey` reads it and this list says how.
    func testEveryRequestFieldIsPlaced() {
        let placed: [String: String] = [
            "url": "Link.target (TargetReading), Link.page",
            "urlString": "Link.target",
            "scheme": "Link.scheme",
            "trigger": "Inputs.trigger",
            "frame": "Inputs.frame",
            "delayMs": "Inputs.delayMs",
            "android": "Inputs.android whole, its msSinceUserInput in Visit",
            "ios": "Inputs.ios whole, its page URL in Page when it is the request's page",
            "pageContext": "Link.page (and Link.target for file: links)",
            "context": "the classifier's configuration: a new one starts a new memo",
            "intent": "urlString parsed: an intent: link's IntentKey (Link.target); android-app: read whole",
        ]
        XCTAssertEqual(labels(request()), Set(placed.keys),
                       "PolicyRequest's fields changed: give the new one its place in DecisionKey and in this list")
    }

    /// A change to any field of the platform inputs changes the key.
    func testEveryPlatformInputChangesTheKey() {
        let base = request()
        let android: [String: (inout AndroidRequest) -> Void] = [
            "isForMainFrame": { $0.isForMainFrame.toggle() },
            "hasGesture": { $0.hasGesture.toggle() },
            "isRedirect": { $0.isRedirect.toggle() },
            "method": { $0.method = "POST" },
            "isAppInitiated": { $0.isAppInitiated.toggle() },
            "msSinceUserInput": { $0.msSinceUserInput = 20_000 },
            "requireUserGesture": { $0.requireUserGesture.toggle() },
        ]
        XCTAssertEqual(labels(base.android), Set(android.keys), "AndroidRequest's fields changed: add the new one here")
        for (field, change) in android {
            var changed = base
            change(&changed.android)
            XCTAssertNotEqual(key(changed), key(base), "AndroidRequest.\(field)")
        }
        let ios: [String: (inout IOSNavigationAction) -> Void] = [
            "isMainFrame": { $0.isMainFrame.toggle() },
            "isNewWindow": { $0.isNewWindow.toggle() },
            "navigationType": { $0.navigationType = .backForward },
            "currentURL": { $0.currentURL = "https://elsewhere.example/" },
            "hasUserInteraction": { $0.hasUserInteraction.toggle() },
            "hasUserInitiatedLoad": { $0.hasUserInitiatedLoad.toggle() },
            "userGesture": { $0.userGesture.toggle() },
            "parsedCurrentURL": { $0.parsedCurrentURL = WebURL.parse("https://elsewhere.example/") },
        ]
        XCTAssertEqual(labels(base.ios), Set(ios.keys), "IOSNavigationAction's fields changed: add the new one here")
        for (field, change) in ios {
            var changed = base
            change(&changed.ios)
            XCTAssertNotEqual(key(changed), key(base), "IOSNavigationAction.\(field)")
        }
    }

    /// A change to the navigation's own fields changes the key, and so does a change of the
    /// target or the page that a profile reads.
    func testEveryNavigationInputChangesTheKey() {
        let base = request()
        let changes: [(String, (inout PolicyRequest) -> Void)] = [
            ("trigger", { $0.trigger = .scriptLoad }),
            ("frame", { $0.frame = .sub }),
            ("delayMs", { $0.delayMs = 100 }),
            ("scheme", { $0.scheme = "gojek" }),
            ("url (scheme)", { $0.url = WebURL.parse("gojek://pay?x=1") }),
            ("url (does not parse)", { $0.url = nil }),
            ("page (kind)", { $0.page = WebURL.parse("file:///site/index.html") }),
        ]
        for (name, change) in changes {
            var changed = base
            change(&changed)
            XCTAssertNotEqual(key(changed), key(base), name)
        }
        // What is read of each kind of target.
        let pairs: [(String, String, String, String)] = [
            ("web: on or off the page's host", "https://shop.example/a", "https://other.example/a", "https://shop.example/"),
            ("web: http or https", "https://other.example/a", "http://other.example/a", "https://shop.example/"),
            ("web: the page has a host", "https://other.example/a", "https://other.example/a", "file:///x/index.html"),
            ("file: in the page's directory", "file:///site/a/x.html", "file:///site/b/x.html", "file:///site/a/index.html"),
            ("file: WebView's assets", "file:///android_asset/x.html", "file:///site/x.html", "https://shop.example/"),
            ("intent: the scheme of its data", "intent://pay/#Intent;scheme=dana;end", "intent://pay/#Intent;scheme=ovo;end", "https://shop.example/"),
            ("a target that does not parse", "http://[bad", "http://[worse", "https://shop.example/"),
        ]
        for (name, a, b, page) in pairs {
            let first = request(#"<a href="\#(a)">a</a>"#, page: page)
            var second = request(#"<a href="\#(b)">b</a>"#, page: page)
            if a == b { second = request(#"<a href="\#(b)">b</a>"#, page: "https://shop.example/") }
            XCTAssertNotEqual(key(first), key(second), name)
        }
        // What is not read is not in the key: the rest of a web link, a custom scheme's URL.
        XCTAssertEqual(key(request(#"<a href="https://other.example/a?x=1">a</a>"#)),
                       key(request(#"<a href="https://else.example/b#f">b</a>"#)))
        XCTAssertEqual(key(request(#"<a href="dana://pay?x=1">a</a>"#)), key(request(#"<a href="dana://other">b</a>"#)))
        XCTAssertEqual(key(request(#"<a href="file:///site/a/x.html">a</a>"#)),
                       key(request(#"<a href="file:///else/y.html">b</a>"#)))
    }

    /// What the reading of a URL depends on: the device's apps, the profiles selected and
    /// their options — each turns a reduced target into a whole one.
    func testWhatIsReadWholeFollowsTheConfiguration() {
        func target(_ url: String, profiles: [any RuntimeProfile] = ProfileRegistry.all,
                    device: DeviceProfile = .optimistic, options: ProfileOptions = ProfileOptions()) -> DecisionKey.Target {
            let request = request(#"<a href="\#(url)">a</a>"#)
            return TargetReading(profiles: profiles, device: device, options: options)
                .target(url: request.url, urlString: request.urlString, scheme: request.scheme, page: request.pageContext)
        }
        XCTAssertEqual(target("dana://pay"), .scheme)
        XCTAssertEqual(target("https://other.example/"), .web)
        let hostFilter = DeviceProfile(name: "d", apps: [InstalledApp(id: "id.dana", intentFilters: [IntentFilter(schemes: ["dana"], hosts: ["pay"])])])
        XCTAssertEqual(target("dana://pay", device: hostFilter), .whole("dana://pay"))
        XCTAssertEqual(target("gojek://pay", device: hostFilter), .scheme)
        let schemeOnly = DeviceProfile(name: "d", apps: [InstalledApp(id: "id.dana", schemes: ["dana"])])
        XCTAssertEqual(target("dana://pay", device: schemeOnly), .scheme)
        let appLink = DeviceProfile(name: "d", apps: [InstalledApp(id: "w", appLinks: [AppLinkFilter(hosts: ["x.example"])])])
        XCTAssertEqual(target("https://other.example/", device: appLink), .whole("https://other.example/"))
        let universal = DeviceProfile(name: "d", apps: [InstalledApp(id: "w", universalLinks: [UniversalLinkAssociation(host: "x.example")])])
        XCTAssertEqual(target("https://other.example/", device: universal), .whole("https://other.example/"))
        XCTAssertEqual(target("https://app.example.com/open/", profiles: ProfileRegistry.all),
                       .whole("https://app.example.com/open/"))
        XCTAssertEqual(target("https://app.example.com/open/", profiles: try! ProfileRegistry.select(["ios-sdk"])), .web)
        XCTAssertEqual(target("myapp://open", profiles: ProfileRegistry.all), .whole("myapp://open"))
        XCTAssertEqual(target("myapp://open", profiles: try! ProfileRegistry.select(nil)), .scheme)
        XCTAssertEqual(target("intent://x#Intent;scheme=q;end", device: hostFilter),
                       target("intent://y#Intent;scheme=q;end", device: hostFilter))
        XCTAssertEqual(target("intent://x#Intent;end"), target("intent://x#Intent;end", device: hostFilter))
        let intentFilter = DeviceProfile(name: "d", apps: [InstalledApp(id: "x", intentFilters: [IntentFilter(schemes: ["intent"], hosts: ["x"])])])
        XCTAssertEqual(target("intent://x#Intent;end", device: intentFilter), .whole("intent://x#Intent;end"))
        XCTAssertEqual(target("android-app://com.x"), .whole("android-app://com.x"))
    }

    /// The classifier's configuration is not in the key: changing any part of it starts a new
    /// memo. A new configuration field fails here until it does.
    func testAConfigurationChangeStartsANewMemo() throws {
        var classifier = Classifier(profiles: ProfileRegistry.all)
        let changes: [String: (inout Classifier) -> Void] = [
            "profiles": { $0.profiles = try! ProfileRegistry.select(["android-sdk"]) },
            "device": { $0.device.apiLevel = 29 },
            "settings": { $0.settings.pageLoadMs = 10 },
            "options": { $0.options.iosSDK.variant = .objc },
            "associations": { $0.associations = SiteAssociations() },
        ]
        XCTAssertEqual(labels(classifier), Set(changes.keys).union(["memoizes", "shapesIntents", "remembersPlacements", "judgesUnreachedByRow", "sharesFindings", "sharesUnreachedSets", "store"]),
                       "Classifier's fields changed: a configuration field must start a new memo (didSet) and be listed here")
        for (field, change) in changes {
            let before = ObjectIdentifier(Mirror(reflecting: classifier).descendant("store") as AnyObject)
            change(&classifier)
            let after = ObjectIdentifier(Mirror(reflecting: classifier).descendant("store") as AnyObject)
            XCTAssertNotEqual(before, after, field)
        }
        // And a verdict remembered under the old configuration is not handed out under the new.
        var device = Classifier(profiles: try ProfileRegistry.select(["chrome-android"]))
        let html = #"<a href="dana://pay">a</a>"#
        XCTAssertEqual(device.audit(Extract.all(html)).first?.verdicts?["chrome-android"]?.outcome, .opensApp)
        device.device = DeviceProfile(name: "empty")
        XCTAssertNotEqual(device.audit(Extract.all(html)).first?.verdicts?["chrome-android"]?.outcome, .opensApp)
    }

    /// Two navigations that differ in one input a profile reads never share a verdict: the
    /// memo, fed the first, answers the second as the profiles do.
    func testNavigationsThatDifferInOneInputDoNotShare() throws {
        var byUser = AuditSettings()
        byUser.entry = .loadUrlByUser
        let cases: [(String, String, String, AuditSettings)] = [
            ("trigger", #"<a href="dana://pay">a</a>"#, #"<script>location.href='dana://pay'</script>"#, AuditSettings()),
            ("frame", #"<a href="dana://pay">a</a>"#, #"<iframe src="dana://pay"></iframe>"#, AuditSettings()),
            ("delay", #"<script>setTimeout(function(){location.href='dana://pay'}, 500)</script>"#,
             #"<script>setTimeout(function(){location.href='dana://pay'}, 9500)</script>"#, byUser),
            ("scheme", #"<a href="dana://pay">a</a>"#, #"<a href="tel:+62">a</a>"#, AuditSettings()),
            ("host", #"<script>location.href='https://shop.example/a'</script>"#,
             #"<script>location.href='https://other.example/a'</script>"#, byUser),
            ("intent", #"<a href="intent://p/#Intent;scheme=dana;end">a</a>"#,
             #"<a href="intent://p/#Intent;scheme=dana;component=id.dana/.Pay;end">a</a>"#, AuditSettings()),
            ("activation window consumed", #"<script>location.href='dana://pay'</script>"#,
             #"<script>location.href='gojek://x'; location.href='dana://pay'</script>"#, byUser),
        ]
        for (name, first, second, settings) in cases {
            var plain = Classifier(profiles: ProfileRegistry.all, settings: settings)
            plain.memoizes = false
            let memoised = Classifier(profiles: ProfileRegistry.all, settings: settings)
            let a = Extract.all(first, page: "https://shop.example/"), b = Extract.all(second, page: "https://shop.example/")
            let expected = plain.audit(b).last!
            XCTAssertNotEqual(plain.audit(a).last!.verdicts, expected.verdicts, "\(name): the pair must differ")
            _ = memoised.audit(a)
            XCTAssertEqual(memoised.audit(b).last!, expected, name)
        }
    }
}
