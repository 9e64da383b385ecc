import LinkAuditModel
import Policies
import Reports

/// A slice of the demo site's audit with verdicts and findings set by hand, so report
/// tests do not depend on the runtime profiles (which evolve on their own). Two runs:
/// `run1`, and `run2` where the checkout page changed (the DANA link went, a GCash link
/// came, lines moved down by two and the order ids changed).
package enum ReportFixture {
    package static let site = "https://shop.demo-merchant.example/"
    package typealias Page = (record: PageRecord, navigations: [Navigation])

    package static let rules = ReportRules(
        severities: ["LANDING_PAGE_STAYS": .warning],
        suppressions: [Suppression(code: "ERR_UNKNOWN_URL_SCHEME", url: Glob("mailto:*"),
                                   reason: "the app shell hands mailto: links to the mail app")])

    /// What the fixture's run took as given: the demo pipeline's (`Pipelines/demo.json`), with
    /// a fixed libxml2 version so the golden summary is the same on every machine.
    package static var assumptions: RunAssumptions {
        var run = RunAssumptions()
        run.inputs = ["Pipelines/demo-site"]
        run.pipeline = "Pipelines/demo.json"
        run.classification = .audited(.init(
            profiles: ProfileRegistry.defaultNames, defaultProfiles: true, device: .optimistic,
            deviceFile: "Pipelines/devices/optimistic.json"))
        run.baseURL = site
        run.maxPageBytes = 64 << 20
        run.formats = Set(ReportFormat.allCases)
        run.libxml2Version = "2.9.14"
        return run
    }

    package static var run1: [Page] { pages(checkout: checkout1) }
    package static var run2: [Page] { pages(checkout: checkout2) }

    package static func accumulate(_ pages: [Page], rules: ReportRules = rules) -> ReportAccumulator {
        var accumulator = ReportAccumulator(rules: rules)
        for page in pages { accumulator.add(page: page.record, navigations: page.navigations) }
        return accumulator
    }

    private static func pages(checkout: [Navigation]) -> [Page] {
        [
            (record("broken/logo.html", bytes: 73, status: "not-html: binary data", count: 0), []),
            (record("checkout/", file: "checkout/index.html", bytes: 4752, count: checkout.count), checkout),
            (record("help/", file: nil, bytes: 2080, count: help.count), help),
            (record("", file: "index.html", bytes: 3398, count: home.count), home),
            (record("login/", file: "login/index.html", bytes: 2745, count: login.count), login),
            (record("redirect/", file: "redirect/index.html", bytes: 1935, count: redirect.count), redirect),
        ]
    }

    package static func record(_ path: String, file: String? = "", bytes: Int, status: String = "ok", count: Int) -> PageRecord {
        let file = file == "" ? path : file
        return PageRecord(page: site + path, file: file.map { "Pipelines/demo-site/" + $0 }, bytes: bytes,
                          status: status, encoding: status == "ok" ? "UTF-8" : nil, navigations: count)
    }

    // MARK: pages

    private static let checkoutHead: [Navigation] = [
        nav("checkout/", 19, "a[href]", .tap, site, web),
    ]

    private static let checkout1: [Navigation] = checkoutHead + [
        nav("checkout/", 26, "a[href]", .tap, "dana://wallet/pay?order=ORD-20240611-0042", unknownScheme,
            ["ERR_UNKNOWN_URL_SCHEME": [awv], "UNSUPPORTED_URL": [iwk]]),
    ] + checkoutTail(shift: 0, order: "0042")

    private static let checkout2: [Navigation] = checkoutHead + [
        nav("checkout/", 30, "a[href]", .tap, "gcash://pay?ref=ORD-20240612-0043", unknownScheme,
            ["ERR_UNKNOWN_URL_SCHEME": [awv], "UNSUPPORTED_URL": [iwk]]),
    ] + checkoutTail(shift: 2, order: "0043")

    private static func checkoutTail(shift: Int, order: String) -> [Navigation] {
        let fallback = "S.browser_fallback_url=https%3A%2F%2Fshop.demo-merchant.example%2Fcheckout%2Ffallback.html"
        return [
            nav("checkout/", 27 + shift, "a[href]", .tap,
                "intent://wallet/pay?order=ORD-2024061\(order == "0042" ? 1 : 2)-\(order)#Intent;scheme=dana;package=id.dana;\(fallback);end",
                verdicts([(awv, .errorPage, "unknown-scheme"), (sdk, .opensApp, "intent-launched"), (chrome, .opensApp, "intent-launched"),
                          (iwk, .blocked, "unsupported-url"), (isdk, .openFailed, "no-app"), (safari, .errorPage, "invalid-address")],
                         details: [sdk: ["target": "id.dana"]]),
                ["ERR_UNKNOWN_URL_SCHEME": [awv], "FALLBACK_NOT_USED": [awv], "INTENT_SCHEME_ON_IOS": [iwk, isdk, safari]]),
            nav("checkout/", 40 + shift, "form[action]", .formPost, "paypay://payment?order=ORD-\(order)&amount=1250",
                verdicts([(awv, .errorPage, "post-not-offered"), (sdk, .errorPage, "post-not-offered"), (chrome, .errorPage, "post-not-offered"),
                          (iwk, .blocked, "unsupported-url"), (isdk, .opensApp, "form-submitted"), (safari, .opensApp, "custom-scheme")]),
                ["ERR_UNKNOWN_URL_SCHEME": [awv, sdk, chrome], "UNSUPPORTED_URL": [iwk]]),
            nav("checkout/", 91 + shift, "script", .scriptAsync, "kakaotalk://kakaopay/pg?order=ORD-\(order)",
                verdicts([(awv, .blocked, "no-gesture"), (sdk, .opensApp, "activation-window"), (chrome, .blocked, "no-gesture"),
                          (iwk, .blocked, "no-gesture"), (isdk, .opensApp, "recent-tap"), (safari, .blocked, "no-gesture")]),
                ["BLOCKED_NO_GESTURE": [awv, chrome, iwk, safari]]),
        ]
    }

    private static let help: [Navigation] = [
        nav("help/", 21, "a[href]", .tap, site + "products/", web),
        nav("help/", 23, "a[href]", .tap, "https://liff.line.example/1234-abcd",
            verdicts([(awv, .loads, "web"), (sdk, .loads, "landing-page"), (chrome, .opensApp, "app-link"),
                      (iwk, .loads, "web"), (isdk, .loads, "web"), (safari, .loads, "web")]),
            ["LANDING_PAGE_STAYS": [sdk]]),
        nav("help/", 37, "a[href]", .tap, "mailto:support@demo-merchant.example?subject=Order%20help",
            verdicts([(awv, .errorPage, "unknown-scheme"), (sdk, .opensApp, "mailto"), (chrome, .opensApp, "mailto"),
                      (iwk, .opensApp, "mailto"), (isdk, .opensApp, "mailto"), (safari, .opensApp, "mailto")]),
            ["ERR_UNKNOWN_URL_SCHEME": [awv]]),
    ]

    private static let home: [Navigation] = [
        nav("", 9, "link[rel=alternate]", .metadata, "android-app://com.demomerchant.shop/https/shop.demo-merchant.example/", nil, nil),
        nav("", 10, "link[rel=alternate]", .metadata, "ios-app://1234567890/demoshop/home", nil, nil),
        nav("", 25, "a[href]", .tap, site + "cart/", web),
    ]

    private static let login: [Navigation] = [
        nav("login/", 21, "iframe[src]", .frameLoad, "https://auth.partner-bank.example/login", web, [:], frame: .sub),
        nav("login/", 26, "a[href]", .tap, "naversearchapp://inappbrowser?url=https%3A%2F%2Fauth.partner-bank.example%2F",
            verdicts([(awv, .errorPage, "unknown-scheme"), (sdk, .opensApp, "custom-scheme"), (chrome, .opensApp, "custom-scheme"),
                      (iwk, .blocked, "subframe-deeplink"), (isdk, .opensApp, "custom-scheme"), (safari, .opensApp, "custom-scheme")]),
            ["ERR_UNKNOWN_URL_SCHEME": [awv], "SUBFRAME_DEEPLINK_BLOCKED": [iwk]], frame: .sub),
    ]

    private static let redirect: [Navigation] = [
        nav("redirect/", 9, "meta[refresh]", .metaRefresh, site + "checkout/fallback.html", web, [:], delayMs: 0, context: "noscript"),
        nav("redirect/", 12, "meta[refresh]", .metaRefresh, "dana://wallet/pay?order=123",
            verdicts([(awv, .blocked, "no-gesture"), (sdk, .opensApp, "activation-window"), (chrome, .opensApp, "redirect-chain"),
                      (iwk, .blocked, "unsupported-url"), (isdk, .blocked, "no-interaction"), (safari, .opensApp, "custom-scheme")]),
            ["BLOCKED_NO_GESTURE": [awv, isdk], "UNSUPPORTED_URL": [iwk]], delayMs: 2000),
        nav("redirect/", 24, "script", .scriptLoad, "shopeeid://shopeepay/pay?order=ORD-20240611-0042",
            verdicts([(awv, .blocked, "no-gesture"), (sdk, .blocked, "no-gesture"), (chrome, .blocked, "no-gesture"),
                      (iwk, .blocked, "no-gesture"), (isdk, .blocked, "no-interaction"), (safari, .blocked, "no-gesture")]),
            ["BLOCKED_NO_GESTURE": [awv, sdk, chrome, iwk, isdk, safari]]),
    ]

    // MARK: building blocks

    static let awv = "android-webview", sdk = "android-sdk", chrome = "chrome-android"
    static let iwk = "ios-wkwebview", isdk = "ios-sdk", safari = "safari-ios"

    static let web = verdicts([awv, sdk, chrome, iwk, isdk, safari].map { ($0, .loads, "web") })
    package static let unknownScheme = verdicts([(awv, .errorPage, "unknown-scheme"), (sdk, .opensApp, "custom-scheme"),
                                         (chrome, .opensApp, "custom-scheme"), (iwk, .blocked, "unsupported-url"),
                                         (isdk, .opensApp, "custom-scheme"), (safari, .opensApp, "custom-scheme")])

    static func verdicts(_ list: [(String, Outcome, String)], details: [String: [String: String]] = [:]) -> [String: Verdict] {
        Dictionary(uniqueKeysWithValues: list.map { ($0.0, Verdict($0.1, Reason(rawValue: $0.2), details: details[$0.0])) })
    }

    /// A navigation on `path` of the demo site with its verdicts and findings (code →
    /// profiles); nil verdicts for what the classifier never evaluates (metadata).
    package static func nav(_ path: String, _ line: Int, _ source: String, _ trigger: Trigger, _ url: String,
                    _ verdicts: [String: Verdict]?, _ findings: [String: [String]]? = [:], frame: FrameKind = .main,
                    delayMs: Int? = nil, context: String? = nil) -> Navigation {
        let scheme = url.prefix { $0 != ":" }.lowercased()
        var navigation = Navigation(page: site + path, line: line, source: source, trigger: trigger, frame: frame,
                                    delayMs: delayMs, raw: url, url: url, scheme: scheme, context: context)
        navigation.verdicts = verdicts.map(VerdictSet.init)
        navigation.findings = verdicts == nil ? nil : (findings ?? [:]).keys.sorted().map {
            FindingRef(code: $0, profiles: findings![$0]!)
        }
        return navigation
    }
}
