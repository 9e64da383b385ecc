import LinkAuditModel

/// `android-webview-noclient`: the app sets no `WebViewClient`, so WebView "asks Activity
/// Manager" (`AwContentsClient.sendBrowsingIntent`, Docs/PLATFORM.md §A.4) for every navigation that
/// passes the Chromium filters (§A.1) — http(s) included, which then leaves the app.
///
/// Reasons:
/// - `post-not-intercepted`, `app-initiated-not-offered`, `subframe-web-not-offered` — not
///   offered: WebView loads it (a custom scheme fails with `net::ERR_UNKNOWN_URL_SCHEME`).
/// - `no-gesture` — neither a gesture nor a server redirect: "Denied starting an intent
///   without a user gesture", silently (`blocked`); sub-frame deep links land here.
/// - `webview-internal-url` — about:, chrome:, file:///android_asset|android_res/: WebView
///   loads it itself.
/// - `sent-to-browser` / `sent-to-app` — the system started a browser (the link left the
///   app) or another app (`opens-app`, `target` = package).
/// - `redirect-counts-as-intent` — the same, on a server redirect with no gesture.
/// - `sent-to-chooser` — several handlers, no default: the system chooser.
/// - `intent-parse-error` — `parseUri` threw: WebView loads the URL → error page.
/// - `no-handler` — nothing resolves: WebView loads the URL (error page for custom schemes).
/// - `javascript-url`, `javascript-disabled`, `invalid-url` — as in `android-webview`.
///
/// `S.browser_fallback_url` and `package=` → Play are Chrome features: WebView ignores them.
public struct AndroidWebViewNoClientProfile: RuntimeProfile {
    public let name = "android-webview-noclient"
    public var platform: Platform { .android }
    public var isBrowser: Bool { false }
    public var runsByDefault: Bool { false }

    /// `Browser.EXTRA_APPLICATION_ID` names the embedding app; it never changes resolution.
    static let embedderPackage = "com.example.embedder"

    public init() {}

    public func decide(_ request: PolicyRequest) -> Verdict {
        if let early = WebViewLoad.precheck(request) { return early }
        return WebViewLoad.annotated(sendBrowsingIntent(request), request)
    }

    private func sendBrowsingIntent(_ request: PolicyRequest) -> Verdict {
        switch WebViewGate.notOffered(request) {
        case .javascriptURL?: return WebViewLoad.verdict(request)
        case .post?: return WebViewLoad.verdict(request, reason: .postNotIntercepted)
        case .appInitiated?: return WebViewLoad.verdict(request, reason: .appInitiatedNotOffered)
        case .subframeWebScheme?: return WebViewLoad.verdict(request, reason: .subframeWebNotOffered)
        case nil: break
        }
        let android = request.android
        if !android.hasGesture, !android.isRedirect { return Verdict(.blocked, .noGesture) }
        if Self.loadsInWebView(request) { return WebViewLoad.verdict(request, reason: .webViewInternalURL) }
        let parse = request.parsedIntent
        switch parse.result {
        case .failure(let why):
            return WebViewLoad.verdict(request, reason: .intentParseError).with(VerdictDetail.parseError, why.description)
                .assumingLaunchFlags(parse)
        case .success(let parsed):
            return launch(parsed, request).assumingLaunchFlags(parse)
        }
    }

    /// The parsed intent as `AwContentsClientBridge` starts it.
    private func launch(_ parsed: AndroidIntent, _ request: PolicyRequest) -> Verdict {
        let android = request.android
        let launch = AwContentsClientIntent.launchIntent(parsed, embedderPackage: Self.embedderPackage)
        let candidates = AndroidResolution.intent(launch.intent, on: request.device)
        let web = launch.intent.scheme.map(AndroidResolution.isWebScheme) ?? false
        let stripped = VerdictDetail.strippedList(launch.stripped)
        switch ActivityStart.start(candidates, web: web, on: request.device) {
        case .launched(let activity):
            let reason: Reason = !android.hasGesture ? .redirectCountsAsIntent
                : activity.isPlatformBrowser ? .sentToBrowser : .sentToApp
            return Verdict(.opensApp, reason, details: [VerdictDetail.target: activity.package])
                .with(VerdictDetail.stripped, stripped)
        case .chooser(let offered):
            return Verdict(.chooser, .sentToChooser,
                           details: [VerdictDetail.candidates: VerdictDetail.packageList(offered)])
                .with(VerdictDetail.stripped, stripped)
        case .notFound:
            return WebViewLoad.verdict(request, reason: .noHandler)
        }
    }

    /// URLs `shouldIgnoreNavigation` returns false for before building an intent.
    static func loadsInWebView(_ request: PolicyRequest) -> Bool {
        request.scheme == "about" || request.scheme == "chrome" || isWebViewAsset(request.urlString)
    }

    /// `file:///android_asset/` and `file:///android_res/`: the app's own files.
    static func isWebViewAsset(_ url: String) -> Bool {
        url.hasPrefix("file:///android_asset/") || url.hasPrefix("file:///android_res/")
    }
}
