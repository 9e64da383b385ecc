import Foundation
import XCTest
@testable import Associations
@testable import Checks
@testable import Extraction
@testable import LinkAudit
@testable import LinkAuditModel
@testable import PageSources
@testable import Policies
@testable import WHATWGURL
import TestSupport

/// The decision memo (`DecisionMemo`, `DecisionKey`) must change no verdict and no finding:
/// the same pages audited with it and without it (every profile deciding every navigation)
/// give the same navigations, with one memo carried from page to page as an audit's worker
/// carries it. Pages: the demo site, the sample archive, every check's examples, and
/// generated pages with links of every kind — web links on and off the page's host, `file:`
/// links in and out of a file page's directory and WebView's assets, custom schemes,
/// `tel:`/`mailto:`, `intent:` URIs (the parser's test vectors among them), targets that do
/// not parse — under every trigger, frame and delay band, on pages of every kind. Devices
/// and options: the optimistic device, the bundled device files, and ones that make each
/// rule of `TargetReading` matter (apps whose filters name hosts, Universal Links,
/// `ios-strict` allowing schemes and hosts, the launch-flags boundary, intent data filtered
/// on paths: `IntentKeyTests`).
final class DecisionMemoTests: XCTestCase {
    // MARK: - Pages

    static let pageURLs = [
        "https://shop.example/checkout/", "http://shop.example/plain", "https://app.example.com/open/home",
        "file:///var/www/site/a/index.html", "file:///var/www/site/b.html", "file://server/share/page.html",
        "dana://wallet/page", "not a page url",
    ]

    static let targets: [String] = {
        var targets = [
            "https://shop.example/a", "https://shop.example/b?x=1#f", "https://SHOP.example/c", "http://shop.example/x",
            "https://other.example/", "https://other.example/deep/path?q=1", "http://widgets.example/w",
            "https://app.example.com/open/x?target=1", "https://app.example.com/bad/path", "https://partner.example.com/p",
            "https://pay.wallet.example/pay/1", "https://pay.wallet.example/other", "https://shop.example.com/help/x",
            "https://shop.example.com/item/1", "https://play.google.com/store/apps/details?id=id.dana",
            "file:///var/www/site/a/other.html", "file:///var/www/site/a/index.html", "file:///var/www/site/a/",
            "file:///var/www/site/c.html", "file:///var/www/site/a/sub/deep.html", "file:///var/www/site/ab/x.html",
            "file:///android_asset/index.html", "file:///android_res/raw/y", "file://server/share/z.html",
            "file:///var/www/site/a/caf%C3%A9.html",
            "dana://pay?x=1", "dana://pay?x=2", "dana://other/path", "gojek://gopay/pay", "myapp://open/detail/1?id=2",
            "myapp://product", "myapp://event/view/x?bad=1", "wallet://pay", "WALLET://pay", "shopapp://home",
            "tel:+6281234", "tel:+6285678", "mailto:pay@shop.example", "sms:123", "facetime:x", "itms-apps://itunes.apple.com/app/id1",
            "market://details?id=id.dana", "about:blank", "about://x", "javascript:void(0)", "data:text/html,x",
            "blob:https://shop.example/uuid", "content://com.example/receipt", "chrome://settings", "view-source:https://x.example/",
            "ws://socket.example/", "ftp://files.example/f", "fido:/x", "inline://x",
            "intent://pay/#Intent;scheme=dana;package=id.dana;end",
            "intent://pay/#Intent;scheme=dana;package=id.dana;S.browser_fallback_url=https%3A%2F%2Fshop.example%2Ffb;end",
            "intent://pay/#Intent;scheme=dana;package=id.dana;S.browser_fallback_url=https%3A%2F%2Fplay.google.com%2Fstore%2Fapps%2Fdetails%3Fid%3Did.dana;end",
            "intent://pay/#Intent;scheme=dana;component=id.dana/.Pay;launchFlags=0x80000001;end",
            "intent://pay/#Intent;scheme=https;package=com.wallet;end", "intent://x#Intent;S.a=1",
            "intent:#Intent;action=android.intent.action.VIEW;end", "intent://pay/#Intent;scheme=file;end",
            "android-app://com.wallet/https/pay.wallet.example/pay/1", "android-app://com.x",
            // `intent:` URIs of one shape (`IntentShape`) and ones the shape tells apart: values of
            // their own, referrers, the text after `end`, hosts the page shares (its URL in the key).
            "intent://pay/1#Intent;scheme=dana;package=id.dana;S.note=a;B.x=true;i.amount=5;end",
            "intent://pay/2#Intent;scheme=dana;package=id.dana;S.note=b;B.x=false;i.amount=7;end&quot;",
            "intent://pay/#Intent;scheme=dana;package=id.dana;S.market_referrer=o%3D1;end",
            "intent://pay/#Intent;scheme=dana;package=id.dana;S.market_referrer=o%3D2;end",
            "intent://pay/#Intent;scheme=dana;package=id.dana;S.market_referrer=;end",
            "intent://pay/#Intent;scheme=dana;package=com.not.installed;S.market_referrer=o%3D3;i.market_referrer=1;end",
            "intent://shop.example/pay?o=1#Intent;scheme=dana;package=id.dana;end",
            "intent://shop.example/pay?o=2#Intent;scheme=dana;package=id.dana;end",
            "intent://SHOP.example/x#Intent;scheme=dana;end", "intent://server/x#Intent;scheme=file;end",
            "http://[bad", "", "dana:",
        ]
        if let data = try? Fixture.data("intent/cases.json"),
           let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let cases = json["cases"] as? [[String: Any]] {
            targets += cases.compactMap { $0["uri"] as? String }.filter { $0.hasPrefix("intent:") || $0.hasPrefix("android-app:") }
        }
        // The benchmark corpus's `intent:` shapes, two links of each (`IntentKey`).
        return targets + IntentKeyTests.corpusShapes
    }()

    /// Every trigger, with each frame where it can happen and delays on both sides of every
    /// window the policies compare with (WebKit's 1 s, Blink's 5 s, the 10 s activation
    /// window, Chrome's 15 s chain).
    static let placements: [(Trigger, FrameKind, Int?)] = [
        (.tap, .main, nil), (.tap, .sub, nil), (.tap, .newWindow, nil), (.formGet, .main, nil), (.formGet, .newWindow, nil),
        (.formPost, .main, nil), (.metaRefresh, .main, 0), (.metaRefresh, .main, 12_000), (.metaRefresh, .sub, 0),
        (.frameLoad, .sub, nil), (.scriptLoad, .main, nil), (.scriptLoad, .sub, nil), (.scriptLoad, .newWindow, nil),
        (.scriptTimer, .main, 500), (.scriptTimer, .main, 9_500), (.scriptTimer, .sub, 20_000),
        (.scriptHandler, .main, nil), (.scriptHandler, .sub, nil), (.scriptHandler, .newWindow, nil),
        (.scriptAsync, .main, nil), (.scriptAsync, .main, 800), (.scriptAsync, .main, 4_000),
        (.scriptAsync, .newWindow, 7_000), (.serverRedirect, .main, nil), (.serverRedirect, .main, 16_000),
        (.metadata, .main, nil),
    ]

    /// One page per page URL, each with every target in a share of the placements (another
    /// share on each page and for each `seed`: every target meets every placement over the
    /// configurations, and the test stays short in a debug build), and each target once more
    /// at load (so the activation window, once consumed, changes what a link meets later in
    /// the same visit).
    static func generatedPages(seed: Int) -> [[Navigation]] {
        pageURLs.enumerated().map { p, page in
            var navigations: [Navigation] = []
            for (t, target) in targets.enumerated() {
                let parsed = WebURL.parse(target)
                let chosen = placements.indices.filter { (t + p * 5 + $0 + seed * 7) % 10 == 0 }.map { placements[$0] }
                for (trigger, frame, delay) in chosen + [(.scriptLoad, .main, nil)] {
                    navigations.append(Navigation(page: page, line: t + 1, source: "generated", trigger: trigger, frame: frame,
                                                  delayMs: delay, raw: target, url: parsed?.href ?? target,
                                                  scheme: parsed?.scheme ?? ""))
                }
            }
            return navigations
        }
    }

    static func fixturePages() throws -> [[Navigation]] {
        let pipelines = Repository.url("Pipelines")
        let reader = PageReader()
        var out: [[Navigation]] = []
        let inputs = try InputCollector(mapper: PageURLMapper(baseURL: "https://shop.demo-merchant.example/"))
            .collect([pipelines.appendingPathComponent("demo-site").path]).pages
        for input in inputs { out.append(reader.read(input).navigations) }
        let scanner = ArchiveScanner(path: pipelines.appendingPathComponent("samples/deeplinks-sample.warc.gz").path,
                                     maxBody: 1 << 24)
        while let page = scanner.next() { out.append(reader.read(page).navigations) }
        for check in Checks.all {
            for example in check.triggering + check.nonTriggering where example.association == nil {
                out.append(Extract.all(example.html, page: example.page))
            }
        }
        return out
    }

    // MARK: - Configurations

    /// A wallet whose Android filters name hosts (for https, for its custom scheme and for
    /// `file`), with Universal Links; a shop app with a scheme-only filter.
    static let claimingDevice = DeviceProfile(name: "claiming", apiLevel: 34, apps: [
        InstalledApp(id: "com.wallet", schemes: ["wallet"],
                     appLinks: [AppLinkFilter(schemes: ["https"], hosts: ["pay.wallet.example"], pathPrefixes: ["/pay/"])],
                     universalLinks: [UniversalLinkAssociation(host: "shop.example.com", paths: ["NOT /help/*", "/*"])],
                     intentFilters: [IntentFilter(schemes: ["dana"], hosts: ["pay"]),
                                     IntentFilter(schemes: ["file"], hosts: ["server"])]),
        InstalledApp(id: "com.shop", schemes: ["shopapp", "myapp"]),
    ])

    /// Custom-scheme filters with hosts, but no app for web links: web links stay reduced.
    static let schemeFilterDevice = DeviceProfile(name: "scheme-filters", apiLevel: 36, apps: [
        InstalledApp(id: "id.dana", intentFilters: [IntentFilter(schemes: ["dana"], hosts: ["pay"], pathPrefixes: ["/"])]),
        InstalledApp(id: "com.gojek", schemes: ["gojek"]),
    ])

    static func devices() throws -> [DeviceProfile] {
        let folder = Repository.url("Pipelines/devices")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThan(files.count, 5)
        return try files.map { try DeviceProfile.decode(Data(contentsOf: folder.appendingPathComponent($0)), file: $0) }
    }

    struct Configuration {
        let name: String
        let device: DeviceProfile
        var settings = AuditSettings()
        var options = ProfileOptions()
    }

    static func configurations() throws -> [Configuration] {
        var byUser = AuditSettings()
        byUser.entry = .loadUrlByUser
        var steps = byUser
        steps.hostEntry = HostEntry([.loadUrlByUser("https://shop.example/"), .loadUrl("https://shop.example/a"),
                                     .loadUrl("https://shop.example/checkout/")])
        var typedNoScript = AuditSettings()
        typedNoScript.browserEntry = .typed
        typedNoScript.javaScriptEnabled = false
        var objc = ProfileOptions()
        objc.iosSDK.variant = .objc
        objc.iosSDK.vetoedSchemes = ["gojek"]
        objc.iosSDK.blockedSchemes = ["file", "Content", "intent", "tel"]
        objc.android.requireUserGesture = false
        var strict = ProfileOptions()
        strict.iosStrict.allowedSchemes = ["myapp", "file", "DANA"]
        strict.iosSDK.openUniversalLinksFromUserLoads = false
        strict.android.activationWindowMs = 3_000
        var out = [
            Configuration(name: "optimistic", device: .optimistic),
            Configuration(name: "optimistic, loadUrlByUser", device: .optimistic, settings: byUser),
            Configuration(name: "optimistic, host entry", device: .optimistic, settings: steps, options: strict),
            Configuration(name: "optimistic, typed, no script", device: .optimistic, settings: typedNoScript, options: objc),
            Configuration(name: "claiming", device: claimingDevice, settings: byUser),
            Configuration(name: "claiming, strict", device: claimingDevice, options: strict),
            Configuration(name: "scheme filters", device: schemeFilterDevice, settings: byUser, options: objc),
            Configuration(name: "path filters", device: IntentKeyTests.pathFilterDevice),
        ]
        for device in try devices() where ["android-14-wallet-ask", "android-10-legacy", "iphone-japan", "ipad-mdm"].contains(device.name) {
            out.append(Configuration(name: device.name, device: device, settings: byUser))
        }
        XCTAssertEqual(out.count, 12, "a bundled device file was renamed")
        return out
    }

    // MARK: - Tests

    /// Every configuration over the generated pages and the fixtures, with every profile:
    /// one memoised classifier for the whole run, in page order and again in reverse (the
    /// memo then meets each link first on another page).
    func testMemoisedAuditsEqualPlainOnes() throws {
        let fixtures = try Self.fixturePages()
        XCTAssertGreaterThan(fixtures.count, 50)
        var decided = 0
        var sets = Set<ObjectIdentifier>()
        for (n, configuration) in try Self.configurations().enumerated() {
            // The fixtures under the first configurations (their own devices are the checks' examples').
            let pages = Self.generatedPages(seed: n) + (n < 4 ? fixtures : [])
            var plain = Classifier(profiles: ProfileRegistry.all, device: configuration.device,
                                   settings: configuration.settings, options: configuration.options)
            plain.memoizes = false
            var memoised = Classifier(profiles: ProfileRegistry.all, device: configuration.device,
                                      settings: configuration.settings, options: configuration.options)
            XCTAssertTrue(memoised.memoizes)
            XCTAssertTrue(memoised.shapesIntents)
            let expected = pages.map { plain.audit($0) }
            // In page order with `intent:` links found by their shapes, in reverse without.
            for order in [Array(pages.indices), pages.indices.reversed()] {
                memoised.shapesIntents = order.first == 0
                for i in order {
                    let got = memoised.audit(pages[i])
                    XCTAssertEqual(got.count, expected[i].count)
                    for (a, b) in zip(got, expected[i]) where a != b {
                        XCTFail("\(configuration.name): \(a.page) \(a.trigger.rawValue) \(a.frame.rawValue) \(a.delayMs ?? -1) \(a.url)\n"
                                + "memo:  \(String(describing: a.verdicts)) \(String(describing: a.findings))\n"
                                + "plain: \(String(describing: b.verdicts)) \(String(describing: b.findings))")
                        return
                    }
                    for navigation in got {
                        guard let verdicts = navigation.verdicts else { continue }
                        decided += 1
                        sets.insert(verdicts.identity)
                    }
                }
            }
        }
        // The memo is in use: navigations decided alike hold the very same set.
        XCTAssertLessThan(sets.count * 4, decided)
    }

    /// Links whose key is a few integers (`DecisionKey.Link.compactBits`) are numbered as
    /// their whole keys number them: over every configuration's generated pages, a memo
    /// with compact keys (in its table, `CompactLinks`, and in a dictionary) and one without
    /// give every navigation the same number, and the
    /// compact keys are in use (web, `file:`, custom-scheme and `tel:` links).
    func testCompactKeysNumberLinksAsWholeKeysDo() throws {
        var compacted = 0, whole = 0
        for (n, configuration) in try Self.configurations().enumerated() {
            let classifier = Classifier(profiles: ProfileRegistry.all, device: configuration.device,
                                        settings: configuration.settings, options: configuration.options)
            let reading = TargetReading(profiles: ProfileRegistry.all, device: configuration.device,
                                        options: configuration.options)
            let compact = DecisionMemo(profiles: 1), plain = DecisionMemo(profiles: 1)
            plain.compacts = false
            // The compact keys in a dictionary, not the memo's table (`CompactLinks`).
            let dictionary = DecisionMemo(profiles: 1)
            dictionary.usesCompactTable = false
            // Twice over: the second time every link is known.
            for navigation in (Self.generatedPages(seed: n) + Self.generatedPages(seed: n)).joined() {
                let key = DecisionKey(classifier.request(for: navigation, msSinceUserInput: nil), reading: reading)
                if key.link.compactBits == nil { whole += 1 } else { compacted += 1 }
                let a = compact.link(key.link, inputs: compact.inputs(key.inputs))
                let b = plain.link(key.link, inputs: plain.inputs(key.inputs))
                let c = dictionary.link(key.link, inputs: dictionary.inputs(key.inputs))
                XCTAssertEqual(a, b, "\(configuration.name): \(navigation.page) \(navigation.url)")
                XCTAssertEqual(a, c, "\(configuration.name): \(navigation.page) \(navigation.url)")
                XCTAssertEqual(compact.knownLink(key.link, inputs: compact.inputs(key.inputs)), a)
                if a != b || a != c { return }
            }
        }
        XCTAssertGreaterThan(compacted, 1_000)
        XCTAssertGreaterThan(whole, 1_000)
    }

    /// `intent:` links found by their shape (`IntentShape`) are numbered as their keys number
    /// them, and get the same quotes: over every configuration's generated pages, twice, a memo
    /// with shapes and one without give every `intent:` link the same number and quotes, and
    /// the shapes are in use (links found by them).
    func testShapesNumberIntentLinksAsKeysDo() throws {
        var found = 0, shaped = 0
        for (n, configuration) in try Self.configurations().enumerated() {
            let run = Classifier.Run(Classifier(profiles: ProfileRegistry.all, device: configuration.device,
                                                settings: configuration.settings, options: configuration.options))
            guard run.reading.readsIntentKey(scheme: "intent") else { continue }
            let shapes = DecisionMemo(profiles: 1), plain = DecisionMemo(profiles: 1)
            plain.shapes = false
            // One context per page, as the classifier reads a page: the page bits by host are then
            // found again for a page's links (`PageBitsByHost`).
            var contexts: [String: PageContext] = [:]
            var pageBits = (PageBitsByHost(), PageBitsByHost())
            for navigation in (Self.generatedPages(seed: n) + Self.generatedPages(seed: n + 1)).joined()
            where navigation.scheme == "intent" {
                let page = contexts[navigation.page] ?? PageContext(navigation.page)
                contexts[navigation.page] = page
                let request = run.request(for: navigation, page: page)
                var intents: (ParsedIntent?, ParsedIntent?) = (nil, nil)
                var quotes: (IntentQuotes?, IntentQuotes?) = (nil, nil)
                let before = shapes.shapeNumbers.count
                let a = Classifier.intentLinkNumber(navigation.url, url: request.url, page: page, run: run,
                                                    inputs: shapes.inputs(DecisionKey.Inputs(request)), memo: shapes,
                                                    pageBits: &pageBits.0, intent: &intents.0, quotes: &quotes.0)
                let b = Classifier.intentLinkNumber(navigation.url, url: request.url, page: page, run: run,
                                                    inputs: plain.inputs(DecisionKey.Inputs(request)), memo: plain,
                                                    pageBits: &pageBits.1, intent: &intents.1, quotes: &quotes.1)
                XCTAssertEqual(a, b, "\(configuration.name): \(navigation.page) \(navigation.url)")
                XCTAssertEqual(quotes.0, quotes.1, "\(configuration.name): \(navigation.page) \(navigation.url)")
                if a != b { return }
                if intents.0 == nil { found += 1 }
                if intents.0 == nil || shapes.shapeNumbers.count > before { shaped += 1 }
            }
            XCTAssertEqual(plain.shapeNumbers.count + plain.shapeKeys.count, 0)
        }
        XCTAssertGreaterThan(found, 1_000)
        XCTAssertGreaterThan(shaped, found)
    }

    /// Two links of one scheme have equal compact bits exactly when their keys are equal.
    func testCompactBitsTellKeysApartAsEqualityDoes() throws {
        var links: [DecisionKey.Link] = []
        for configuration in try Self.configurations().prefix(6) {
            let classifier = Classifier(profiles: ProfileRegistry.all, device: configuration.device,
                                        settings: configuration.settings, options: configuration.options)
            let reading = TargetReading(profiles: ProfileRegistry.all, device: configuration.device,
                                        options: configuration.options)
            for page in Self.generatedPages(seed: 0) {
                for navigation in page where navigation.trigger == .scriptLoad {
                    links.append(DecisionKey(classifier.request(for: navigation, msSinceUserInput: nil), reading: reading).link)
                }
            }
        }
        let compact = links.filter { $0.compactBits != nil }
        XCTAssertGreaterThan(compact.count, 100)
        // Equal bits, equal keys; and as many distinct keys as distinct bits, scheme by scheme.
        var firstOfBits: [String: [UInt32: DecisionKey.Link]] = [:]
        var distinct: [String: Set<DecisionKey.Link>] = [:]
        for link in compact {
            if let first = firstOfBits[link.scheme]?[link.compactBits!] {
                XCTAssertEqual(first, link)
            } else {
                firstOfBits[link.scheme, default: [:]][link.compactBits!] = link
            }
            distinct[link.scheme, default: []].insert(link)
        }
        for (scheme, keys) in distinct { XCTAssertEqual(keys.count, firstOfBits[scheme]?.count, scheme) }
        XCTAssertGreaterThan(firstOfBits.values.map(\.count).reduce(0, +), 20)
    }

    /// The memo outlives the page: a link met again on the next page is not decided again,
    /// and navigations decided alike on different pages hold one set and one findings array.
    func testSetsAreSharedAcrossPages() {
        let classifier = Classifier(profiles: ProfileRegistry.all)
        let html = #"<a href="dana://pay?x=1">a</a><a href="tel:+6281">t</a><a href="https://other.example/x">w</a>"#
        let first = classifier.audit(Extract.all(html, page: "https://shop.example/one"))
        let second = classifier.audit(Extract.all(html.replacingOccurrences(of: "x=1", with: "x=2"),
                                                  page: "https://shop.example/two"))
        for (a, b) in zip(first, second) {
            XCTAssertTrue(a.verdicts!.isShared(with: b.verdicts!), a.url)
            XCTAssertEqual(a.findings, b.findings)
        }
    }

    /// `ios-strict` reads the host of an https link (its associated domain, its partners): such
    /// links are not decided as any other off-host link. (Before the memo covered every
    /// kind, ordinary web links were remembered by whether they stay on the page's host only,
    /// and `app.example.com` took the verdict of the off-host link before it.)
    func testStrictHostsAreNotSharedWithOtherHosts() throws {
        let classifier = Classifier(profiles: try ProfileRegistry.select(["ios-strict"]))
        let navs = classifier.audit(Extract.all("""
        <a href="https://other.example/x">o</a><a href="https://app.example.com/open/x">a</a>
        <a href="https://partner.example.com/p">p</a>
        """, page: "https://shop.example/"))
        XCTAssertEqual(navs.map { $0.verdicts?["ios-strict"]?.reason }, [.webPage, .appRoute, .partnerLoadedInWebView])
    }

    /// An intent filter naming an https host claims web links as App Links do: such links are
    /// not decided by their host relation alone. (The memo of ordinary web links looked at
    /// App Links and Universal Links only.)
    func testAnHTTPSIntentFilterClaimsWebLinks() throws {
        let device = DeviceProfile(name: "d", apps: [
            InstalledApp(id: "com.wallet", intentFilters: [IntentFilter(schemes: ["https"], hosts: ["pay.wallet.example"],
                                                                        pathPrefixes: ["/"], verified: true)]),
        ])
        let classifier = Classifier(profiles: try ProfileRegistry.select(["android-sdk"]), device: device)
        let navs = classifier.audit(Extract.all(#"<a href="https://other.example/x">o</a><a href="https://pay.wallet.example/p">w</a>"#,
                                                page: "https://shop.example/"))
        XCTAssertEqual(navs.map { $0.verdicts?["android-sdk"]?.outcome }, [.loads, .opensApp])
    }

    /// A profile the memo knows nothing of (not a registered one) is asked every time.
    func testAnUnknownProfileIsAskedEveryTime() {
        final class Counter: @unchecked Sendable { var calls = 0 }
        struct Counting: RuntimeProfile {
            let counter: Counter
            var name: String { "android-sdk" }
            var platform: Platform { .android }
            var isBrowser: Bool { false }
            func decide(_ request: PolicyRequest) -> Verdict {
                counter.calls += 1
                return Verdict(.loads, Reason(request.url?.path ?? ""))
            }
        }
        let counter = Counter()
        let classifier = Classifier(profiles: [Counting(counter: counter)])
        let navs = classifier.audit(Extract.all(#"<a href="https://x.example/a">a</a><a href="https://x.example/b">b</a>"#))
        XCTAssertEqual(counter.calls, 2)
        XCTAssertEqual(navs.map { $0.verdicts?["android-sdk"]?.reason.rawValue }, ["/a", "/b"])
    }

    /// Past its bound the memo starts afresh, and its answers stay the same.
    func testAFullMemoStartsAfresh() {
        let memo = DecisionMemo(profiles: 1)
        let classifier = Classifier(profiles: ProfileRegistry.all)
        let request = classifier.request(for: Extract.one(#"<a href="dana://x">x</a>"#)!, msSinceUserInput: 0)
        let reading = TargetReading(profiles: ProfileRegistry.all, device: .optimistic, options: ProfileOptions())
        let link = DecisionKey(request, reading: reading).link
        for i in 0..<DecisionMemo.linkLimit {
            var each = request
            each.delayMs = i
            _ = memo.link(link, inputs: memo.inputs(DecisionKey(each, reading: reading).inputs))
        }
        XCTAssertTrue(memo.isFull)
        let store = Classifier.MemoStore()
        store.give(memo)
        XCTAssertFalse(store.take(store.run(classifier)) === memo)
    }
}

private extension WebURL {
    var path: String { pathname }
}
