import LinkAuditModel

/// `chrome-android`: Chrome for Android's external navigation (`ExternalNavigationHandler` and
/// `RedirectHandler`, Docs/PLATFORM.md §B.1–B.2, rules 10–15) on the device's apps.
///
/// Reasons, before the handler:
/// - `invalid-url` — the target does not parse: no navigation.
/// - `javascript-url` — runs in the page (`internal`).
/// - `intent-parse-error` — `parseUri` threw: NO_OVERRIDE, the fallback is lost with it
///   (`blocked`, `parseError`, visible result UNCONFIRMED).
/// - `data-url-top-frame` — a page may not navigate the top frame to `data:` (`blocked`).
/// - `file-scheme` — a web page may not open `file:` (`blocked`).
///
/// The handler's branches; where it keeps the navigation (NO_OVERRIDE), an `intent:`'s http(s)
/// `S.browser_fallback_url` loads instead (`fallback`, or `app-store` for a Play Store page once
/// the chain allowed launching), else Chrome loads the URL itself (`loads` for web URLs,
/// `blocked` for what it cannot load):
/// - `subframe-stays-in-chrome` — a sub-frame to a scheme Chrome loads: never leaves.
/// - `subframe-no-gesture` — a sub-frame deep link without a gesture.
/// - `direct-form-submit` — a form to a web URL, not redirected: stays.
/// - `internal-scheme`, `content-scheme`, `file-scheme`, `fido-scheme` — never given to apps.
/// - `typed-chain-start`, `chain-expired` — the chain began typed / is over 15 s old: web
///   links stay; an unresolvable deep link stays.
/// - `no-handler` — nothing resolves and no `package=` store route.
/// - `no-specialized-handler` — a web URL only browsers handle (no verified App Link on 12+).
/// - `same-host` — a web URL on the page's host with no new handler.
/// - `prompt-resolves-to-chooser` — a prompt was due but several apps resolve: stays.
/// Launches:
/// - `app-link` / `app-link-chooser` — a web URL opens its app / the disambiguation dialog.
/// - `custom-scheme-opened` / `custom-scheme-chooser`, `intent-opened` / `intent-chooser`.
/// - `intent-package-to-store` — unresolvable with `package=`: Play (`app-store`, market URL).
/// - `external-protocol-prompt`, `chain-expired-prompt` — the "Continue to app?" Message,
///   modelled as `chooser`, for a typed / expired chain.
/// - `intent-to-self` — the intent resolves to Chrome: the tab loads its data URL.
public struct ChromeAndroidProfile: RuntimeProfile {
    public let name = "chrome-android"
    public var platform: Platform { .android }
    public var isBrowser: Bool { true }
    /// Chrome checks a sandboxed frame's external protocols too (Docs/PLATFORM.md §F.17).
    public var sandboxGate: SandboxGate { .chrome }

    public init() {}

    public func decide(_ request: PolicyRequest) -> Verdict {
        if request.url == nil { return Verdict(.blocked, .invalidURL) }
        let scheme = request.scheme
        if scheme == "javascript" { return Verdict(.internal, .javascriptURL) }
        if request.frame != .sub, scheme == "data" { return Verdict(.blocked, .dataURLTopFrame) }
        if scheme == "file" { return Verdict(.blocked, .fileScheme) }
        var fields: ChromeIntentFields?
        var parse: ParsedIntent?
        if scheme == "intent" || scheme == "android-app" {
            let parsed = request.parsedIntent
            switch parsed.result {
            case .failure(let why):
                return Verdict(.blocked, .intentParseError, details: [VerdictDetail.parseError: why.description])
                    .assuming(AndroidAssumptions.chromeNoOverrideResult)
                    .assumingLaunchFlags(parsed)
            case .success(let intent):
                fields = ChromeIntentFields(intent)
                parse = parsed
            }
        }
        let verdict = Self.verdict(ChromeExternalNavigation(request: request, fields: fields).decide(),
                                   fields: fields, request: request)
        guard let fields, let parse else { return verdict }
        let ignored = fields.browserFallbackURL == nil ? fields.rawBrowserFallbackURL : nil
        return verdict.with(VerdictDetail.ignoredFallbackURL, ignored).assumingLaunchFlags(parse)
    }

    static func verdict(_ override: ChromeOverride, fields: ChromeIntentFields?, request: PolicyRequest) -> Verdict {
        let stripped = fields.flatMap { VerdictDetail.strippedList($0.stripped) }
        switch override {
        case .noOverride(let reason, let externalFallback):
            guard let fallback = fields?.browserFallbackURL else { return chromeLoads(request, reason: reason) }
            // Once the chain allowed launching, a Play Store fallback opens the store app.
            if externalFallback, request.device.playStoreInstalled,
               let store = ChromeIntentFields.marketURL(forFallback: fallback,
                                                        embedderPackage: ChromeExternalNavigation.selfPackage) {
                return Verdict(.appStore, reason,
                               details: [VerdictDetail.target: store, VerdictDetail.fallbackURL: fallback])
            }
            return Verdict(.fallback, reason, details: [VerdictDetail.fallbackURL: fallback])
        case .launched(let activity, let reason):
            return Verdict(.opensApp, reason, details: [VerdictDetail.target: activity.package])
                .with(VerdictDetail.stripped, stripped)
        case .chooser(let offered, let reason):
            return Verdict(.chooser, reason, details: [VerdictDetail.candidates: VerdictDetail.packageList(offered)])
                .with(VerdictDetail.stripped, stripped)
        case .prompt(let activity, let reason):
            return Verdict(.chooser, reason, details: [VerdictDetail.candidates: activity.package])
                .with(VerdictDetail.stripped, stripped)
        case .market(let store):
            return Verdict(.appStore, .intentPackageToStore, details: [VerdictDetail.target: store])
        case .navigateTab:
            return Verdict(.loads, .intentToSelf)
        }
    }

    /// Chrome loading the URL itself: web and in-page schemes load; anything else (an external
    /// protocol, `content:`, browser internals) goes nowhere.
    static func chromeLoads(_ request: PolicyRequest, reason: Reason) -> Verdict {
        let loadable: Set<String> = ["http", "https", "about", "blob", "data", "filesystem"]
        if loadable.contains(request.scheme) { return Verdict(.loads, reason) }
        return Verdict(.blocked, reason).assuming(AndroidAssumptions.chromeNoOverrideResult)
    }
}
