import XCTest
@testable import Checks
@testable import LinkAuditModel
@testable import Policies
import TestSupport

/// An `intent:` link's memo key (`IntentKey`) leaves out a link's own values where no profile
/// or check reads them, keeps apart what they read, and each link gets its own values back
/// in its verdicts (`IntentQuotes`). `DecisionMemoTests` compares whole audits with the memo
/// on and off over these shapes, the fixtures' URIs and devices whose filters read paths.
final class IntentKeyTests: XCTestCase {
    /// The shapes of `Benchmarks/make_dense_corpus.py --only intent` (and of the demo site),
    /// two links of each that differ in a value of their own, and the variants that must not
    /// share: a fallback Chrome or the client reads differently, a Play Store fallback, an
    /// empty referrer, data a path filter or App Link reads, `launchFlags`.
    static let corpusShapes: [String] = {
        var out: [String] = []
        for order in ["ORD-00000001", "ORD-00000002"] {
            out += [
                "intent://wallet/pay?order=\(order)#Intent;scheme=dana;package=id.dana;S.browser_fallback_url=https%3A%2F%2Fm.dana.example%2Fpay;end",
                "intent://wallet/pay?order=\(order)#Intent;scheme=dana;package=id.dana;S.browser_fallback_url=https%3A%2F%2Fshop.example%2Fpay%3Forder%3D\(order);end",
                "intent://gopay/pay?ref=\(order)#Intent;scheme=gojek;package=com.gojek.app;end",
                "intent://pay?ref=\(order)#Intent;scheme=gcash;package=com.globe.gcash.android;component=com.globe.gcash.android/.pay.PayActivity;S.browser_fallback_url=https%3A%2F%2Fpg.kakaopay.example%2Fpay;end",
                "intent:#Intent;action=android.intent.action.VIEW;package=id.dana;S.market_referrer=order%3D\(order);end",
                "intent:#Intent;action=android.intent.action.VIEW;package=com.not.installed;S.market_referrer=order%3D\(order);end",
                "intent://payment?c=\(order)#Intent;scheme=paypay;package=jp.ne.paypay.android.app;i.amount=\(order.suffix(2));end",
                "intent://pay/\(order)#Intent;scheme=tmn;S.browser_fallback_url=javascript%3Aalert(\(order.suffix(1)));end",
                "intent://pay/\(order)#Intent;scheme=tmn;S.browser_fallback_url=%20https%3A%2F%2Fx.example%2F\(order);end",
                "intent://pay/\(order)#Intent;scheme=tmn;S.browser_fallback_url=https%3A%2F%2Fplay.google.com%2Fstore%2Fapps%2Fdetails%3Fid%3Dth.tmn%26referrer%3D\(order);end",
                "intent://pay/\(order)#Intent;scheme=tmn;package=th.co.truemoney.wallet;S.market_referrer=;i.n=\(order.suffix(1));end",
                "intent://pay/a/\(order)#Intent;scheme=dana;end", "intent://pay/b/\(order)#Intent;scheme=DANA;end",
                "intent://wallet/pay/\(order)#Intent;scheme=wallet;package=com.wallet;end",
                "intent://pay.wallet.example/pay/\(order)#Intent;scheme=https;end",
                "intent://link.dana.id/pay/\(order)#Intent;scheme=https;package=id.dana;end",
                "intent://scan/\(order)#Intent;scheme=zxing;end",
                "intent://pay/\(order)#Intent;scheme=dana;launchFlags=0x\(order.suffix(1))0000000;end",
                "intent://pay/\(order)#Intent;scheme=dana;S.x=\(order);SEL;scheme=dana;end",
            ]
        }
        return out
    }()

    /// A device whose wallet filters its intent data on host and path.
    static let pathFilterDevice = DeviceProfile(name: "path-filters", apiLevel: 34, apps: [
        InstalledApp(id: "id.dana", intentFilters: [IntentFilter(schemes: ["dana"], hosts: ["pay"], paths: ["/a"])]),
        InstalledApp(id: "com.wallet", intentFilters: [IntentFilter(schemes: ["wallet"], hosts: ["wallet"], pathPrefixes: ["/pay/ORD-00000001"])]),
    ], playStoreInstalled: true)

    private func target(_ url: String, device: DeviceProfile = .optimistic,
                        profiles: [any RuntimeProfile] = ProfileRegistry.all,
                        options: ProfileOptions = ProfileOptions()) -> DecisionKey.Target {
        let classifier = Classifier(profiles: profiles, device: device)
        let request = classifier.request(for: Extract.one(#"<a href="\#(url)">a</a>"#, page: "https://shop.example/")!,
                                         msSinceUserInput: nil)
        return TargetReading(profiles: profiles, device: device, options: options)
            .target(url: request.url, urlString: request.urlString, scheme: request.scheme, page: request.pageContext)
    }

    /// The fallback URLs' readings remembered (`FallbackReadings`) are the plain ones
    /// (`IntentKey.fallback`), met first and again, and past the bound.
    func testRememberedFallbackReadingsAreThePlainOnes() {
        let urls = ["https://pg.kakaopay.example/pay", "https://shop.example/fb?x=1", "http://shop.example/",
                    "https://play.google.com/store/apps/details?id=id.dana", "https://play.google.com/store/apps/details",
                    "https://play.google.com/other", "HTTPS://Shop.Example/", "https:shop", "ftp://x.example/",
                    "javascript:alert(1)", "", "https://", "https://[bad", "https://caf\u{E9}.example/p", " https://x.example/"]
        let readings = FallbackReadings()
        for round in 0..<2 {
            for url in urls { XCTAssertEqual(readings.reading(url), IntentKey.fallback(url), "\(round) \(url)") }
        }
        XCTAssertEqual(readings.count, urls.count)
        for i in 0..<(FallbackReadings.limit + 5) {
            let url = "https://h\(i).example/p"
            XCTAssertEqual(readings.reading(url), IntentKey.fallback(url))
        }
        XCTAssertLessThanOrEqual(readings.count, FallbackReadings.limit)
    }

    func testLinksOfOneShapeShareAKey() {
        let shapes = Self.corpusShapes
        let half = shapes.count / 2
        // Order number, amount, market referrer and a fallback's own text left out.
        for i in [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 16, 18] {
            let a = target(shapes[i]), b = target(shapes[half + i])
            guard case .intent = a else { return XCTFail("not keyed as an intent: \(shapes[i])") }
            XCTAssertEqual(a, b, shapes[i])
        }
        // The Play Store fallback, launchFlags: their values are read.
        XCTAssertNotEqual(target(shapes[9]), target(shapes[half + 9]))
        XCTAssertEqual(target(shapes[17]), .whole(shapes[17]))
        // Data a filter with hosts (paths) or an App Link reads, or a parse error: whole.
        XCTAssertNotEqual(target(shapes[11], device: Self.pathFilterDevice), target(shapes[half + 11], device: Self.pathFilterDevice))
        XCTAssertNotEqual(target(shapes[13], device: Self.pathFilterDevice), target(shapes[half + 13], device: Self.pathFilterDevice))
        XCTAssertNotEqual(target(shapes[14]), target(shapes[half + 14]))
        XCTAssertEqual(target("intent://pay#Intent;scheme=dana;package=id.dana"), .whole("intent://pay#Intent;scheme=dana;package=id.dana"))
        // `ios-strict` allowing `intent`, or an app filter naming hosts for it: read whole.
        var strict = ProfileOptions()
        strict.iosStrict.allowedSchemes = ["Intent"]
        XCTAssertEqual(target(shapes[2], options: strict), .whole(shapes[2]))
        XCTAssertNotEqual(target(shapes[2], profiles: try! ProfileRegistry.select(["chrome-android"]), options: strict),
                          .whole(shapes[2]))
        let claimsIntent = DeviceProfile(name: "d", apps: [InstalledApp(id: "x", intentFilters: [IntentFilter(schemes: ["intent"], hosts: ["p"])])])
        XCTAssertEqual(target(shapes[2], device: claimsIntent), .whole(shapes[2]))
    }

    /// What the profiles read of the parsed intent keeps keys apart.
    func testWhatIsReadKeepsKeysApart() {
        let base = "intent://wallet/pay?order=1#Intent;scheme=dana;package=id.dana;S.browser_fallback_url=https%3A%2F%2Fa.example%2F;end"
        for other in [
            base.replacingOccurrences(of: "scheme=dana", with: "scheme=ovo"),
            base.replacingOccurrences(of: "package=id.dana", with: "package=id.dana2"),
            base.replacingOccurrences(of: "https%3A", with: "javascript%3A"),
            base.replacingOccurrences(of: "https%3A%2F%2F", with: "https%3A"),
            base.replacingOccurrences(of: "S.browser_fallback_url=https%3A%2F%2Fa.example%2F", with: "B.browser_fallback_url=true"),
            base.replacingOccurrences(of: ";end", with: ";S.market_referrer=r;end"),
            base.replacingOccurrences(of: ";end", with: ";component=id.dana/.P;end"),
            base.replacingOccurrences(of: ";end", with: ";category=android.intent.category.DEFAULT;end"),
            base.replacingOccurrences(of: ";end", with: ";action=android.intent.action.SEND;end"),
            base.replacingOccurrences(of: ";end", with: ";type=text/plain;end"),
            base.replacingOccurrences(of: "package=id.dana;", with: "").replacingOccurrences(of: ";end", with: ";SEL;scheme=ovo;end"),
        ] {
            XCTAssertNotEqual(target(base), target(other), other)
        }
        XCTAssertEqual(target(base), target(base.replacingOccurrences(of: "a.example", with: "b.example")))
        // A selector (kept only without a package) is compared whole.
        let unpackaged = base.replacingOccurrences(of: "package=id.dana;", with: "")
        XCTAssertNotEqual(target(unpackaged.replacingOccurrences(of: ";end", with: ";SEL;scheme=ovo;end")),
                          target(unpackaged.replacingOccurrences(of: ";end", with: ";SEL;scheme=dana;end")))
        XCTAssertEqual(target(unpackaged.replacingOccurrences(of: ";end", with: ";SEL;scheme=ovo;end")),
                       target(unpackaged.replacingOccurrences(of: "order=1", with: "order=2")
                           .replacingOccurrences(of: ";end", with: ";SEL;scheme=ovo;end")))
    }

    /// A verdict remembered for one link of a key, given another's values, is that link's own:
    /// each pair of corpus links classified in one memo equals each classified alone.
    func testQuotesPutTheLinksOwnValuesBack() throws {
        let wallet = try DecisionMemoTests.devices().first { $0.name == "android-14-wallet-ask" }!
        for device in [DeviceProfile.optimistic, wallet, Self.pathFilterDevice] {
            let shapes = Self.corpusShapes
            let half = shapes.count / 2
            for i in 0..<half {
                let html = #"<a href="\#(shapes[i])">a</a><a href="\#(shapes[half + i])">b</a>"#
                let navs = Extract.all(html, page: "https://shop.example/")
                let together = Classifier(profiles: ProfileRegistry.all, device: device).audit(navs)
                for (n, nav) in navs.enumerated() {
                    let alone = Classifier(profiles: ProfileRegistry.all, device: device).audit([nav])
                    XCTAssertEqual(together[n].verdicts, alone[0].verdicts, "\(device.name): \(nav.url)")
                    XCTAssertEqual(together[n].findings, alone[0].findings, "\(device.name): \(nav.url)")
                }
            }
        }
        // The market route quotes the referrer: each link its own.
        let navs = Extract.all(#"<a href="\#(Self.corpusShapes[5])">a</a><a href="\#(Self.corpusShapes[Self.corpusShapes.count / 2 + 5])">b</a>"#,
                               page: "https://shop.example/")
        let got = Classifier(profiles: try ProfileRegistry.select(["chrome-android"]), device: wallet).audit(navs)
        XCTAssertEqual(got.map { $0.verdicts?["chrome-android"]?.details?[VerdictDetail.target] },
                       ["market://details?id=com.not.installed&referrer=order%3DORD-00000001",
                        "market://details?id=com.not.installed&referrer=order%3DORD-00000002"])
    }

    /// `IntentParseMemo.mentionsLaunchFlags` (a `memchr` for each `F`) against a plain search
    /// of the bytes, on the name cut, shifted and disguised at every place.
    func testLaunchFlagsAreFoundAsAPlainSearchFindsThem() {
        let needle = Array("aunchFlags".utf8)
        func plain(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return bytes.count >= needle.count && (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<($0 + needle.count)]) == needle }
        }
        var texts = Self.corpusShapes + ["", "F", "aunchFlags", "aunchFlag", "unchFlags", "FaunchFlagsF", "aunchFFlags",
                                        "auNchFlags", "éaunchFlags", "aunchFlagsé", "FFFFFFFFFFFF", "launchFlagslaunchFlags"]
        for name in ["launchFlags=0x1", "extendedLaunchFlags=1", "aunchFlags"] {
            for cut in 0...name.count {
                for pad in ["", "x", "xxxxx", "#Intent;", "é"] {
                    texts.append(pad + String(name.prefix(cut)))
                    texts.append(String(name.prefix(cut)) + pad)
                    texts.append(pad + String(name.suffix(cut)) + pad)
                }
            }
        }
        for text in texts {
            XCTAssertEqual(IntentParseMemo.mentionsLaunchFlags(text), plain(text), text)
        }
    }

    /// The data's scheme read on its bytes is `AndroidIntent.scheme`'s.
    func testTheDataSchemeIsAndroids() {
        for data in ["dana://pay", "DANA:x", ":x", "x", "", "é:x", "a\u{1F600}b:c:d", "//x", "da na://", "ü",
                     "intent://x#Intent;end", "%3A:x", "a:"] + Self.corpusShapes {
            XCTAssertEqual(IntentKey.scheme(of: data), AndroidIntent(data: data).scheme, data)
        }
    }

    func testQuotesApplyOnlyWhereAVerdictQuotes() throws {
        let intent = try IntentURIParser.parse(Self.corpusShapes[1], flags: .intentScheme)
        let quotes = try XCTUnwrap(IntentQuotes(intent))
        XCTAssertNil(quotes.apply(Verdict(.opensApp, .intentOpened, details: [VerdictDetail.target: "id.dana"])))
        XCTAssertEqual(quotes.apply(Verdict(.fallback, .noHandler, details: [VerdictDetail.fallbackURL: "x"]))?.details,
                       [VerdictDetail.fallbackURL: "https://shop.example/pay?order=ORD-00000001"])
        XCTAssertNil(IntentQuotes(try IntentURIParser.parse(Self.corpusShapes[2], flags: .intentScheme)))
    }

    /// `IntentQuotes.Places`, the classifier's test before `apply`: where a verdict's places
    /// and a link's are disjoint, `apply` gives nil; where they meet, it rewrites the verdict.
    func testPlacesTellWhereApplyRewrites() throws {
        let verdicts = [
            Verdict(.opensApp, .intentOpened, details: [VerdictDetail.target: "id.dana"]),
            Verdict(.opensApp, .intentOpened),
            Verdict(.fallback, .noHandler, details: [VerdictDetail.fallbackURL: "x"]),
            Verdict(.fallback, .noHandler, details: [VerdictDetail.ignoredFallbackURL: "x", VerdictDetail.target: "t"]),
            Verdict(.appStore, .intentPackageToStore, details: [VerdictDetail.target: "market://details?id=x"]),
            Verdict(.appStore, .intentPackageToStore, details: [VerdictDetail.fallbackURL: "y"]),
            Verdict(.appStore, .intentPackageToStore),
        ]
        var quoting = 0
        for uri in Self.corpusShapes {
            guard let intent = try? IntentURIParser.parse(uri, flags: .intentScheme), let quotes = IntentQuotes(intent) else { continue }
            quoting += 1
            for verdict in verdicts {
                let meets = !IntentQuotes.Places(verdict).isDisjoint(with: quotes.places)
                XCTAssertEqual(quotes.apply(verdict) != nil, meets, "\(uri) \(verdict)")
            }
        }
        XCTAssertGreaterThan(quoting, 6)
    }

    /// The key's hash (`IntentKey.folded`, lengths and ends of its strings) is equal for equal
    /// keys, and keeps the corpus shapes' distinct keys apart as the synthesized hash would.
    func testTheFoldedHashFollowsEquality() {
        var keys: [IntentKey] = []
        for uri in Self.corpusShapes + Self.corpusShapes.map({ $0.replacingOccurrences(of: "ORD-0", with: "ORD-9") }) {
            for device in [DeviceProfile.optimistic, Self.pathFilterDevice] {
                if case .intent(let shared) = target(uri, device: device) { keys.append(shared.key) }
            }
        }
        XCTAssertGreaterThan(keys.count, 40)
        var distinct = 0
        for a in keys.indices {
            for b in keys.indices where keys[a] == keys[b] { XCTAssertEqual(keys[a].folded, keys[b].folded) }
            if !keys[..<a].contains(keys[a]) { distinct += 1 }
        }
        XCTAssertEqual(Set(keys.map(\.folded)).count, distinct, "no two of the shapes' keys fold alike")
    }

    /// `TargetReading.readsDataWhole` without a lower-cased copy for most names: as the
    /// lower-cased comparison, on a device reading no scheme whole and on one reading some.
    func testDataReadWholeAsTheLowerCasedName() {
        let names = ["http", "HTTPS", "Https", "htTp", "dana", "DANA", "ftp", "https1", "", "h", "ĸhttp", "\u{212A}", "httpſ",
                     "İhttp", "wallet", "WALLET", "zxing", "intent"]
        for device in [DeviceProfile.optimistic, Self.pathFilterDevice] {
            let reading = TargetReading(profiles: ProfileRegistry.all, device: device, options: ProfileOptions())
            for name in names {
                let lower = name.lowercased()
                XCTAssertEqual(reading.readsDataWhole(name),
                               lower == "http" || lower == "https" || reading.wholeSchemes.contains(lower), name)
            }
        }
    }
}
