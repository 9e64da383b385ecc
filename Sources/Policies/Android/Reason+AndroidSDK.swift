import LinkAuditModel

/// The reasons only `android-sdk` gives, grouped by the client method that decides them.
/// It also gives the shared `invalid-url`, `javascript-url`, `post-not-intercepted`,
/// `app-initiated-not-offered`, `no-gesture`, `redirect-counts-as-intent`, `blocked-scheme`,
/// `app-link-chooser`, `custom-scheme-opened` / `-chooser`, `intent-opened` / `-chooser` and
/// `intent-parse-error` (`Reason+Shared.swift`), and `WebViewLoad`'s `javascript-disabled`
/// and the loads behind `non-external-scheme` and `not-absolute`.
extension Reason {
    // MARK: - Navigations the client never sees

    /// A sub-frame to http(s)/about: loads in the iframe.
    public static let subframeHTTPLeftToWebView = Reason("subframe-http-left-to-webview")

    // MARK: - `shouldOverrideUrlLoading` and `isLandingPageHandler`

    /// Every non-browser handler's filter has no path: stays in WebView.
    public static let landingPage = Reason("landing-page")

    // MARK: - `openAppLink` (http(s))

    /// No gesture, redirect or activation: WebView loads it.
    public static let webNoUserIntent = Reason("web-no-user-intent")
    /// API 30+: REQUIRE_NON_BROWSER|REQUIRE_DEFAULT opened the app.
    public static let appLinkDefault = Reason("app-link-default")
    /// No non-browser handler: an ordinary page, WebView loads it.
    public static let noAppHandler = Reason("no-app-handler")
    /// API 30+: REQUIRE_NON_BROWSER opened the app directly (the chooser: `app-link-chooser`).
    public static let appLinkAskSystem = Reason("app-link-ask-system")
    /// API 30+: nothing started; `onOpenFailed`, then WebView loads it.
    public static let appLinkOpenFailed = Reason("app-link-open-failed")
    /// API < 30: the best-ranked non-browser opened.
    public static let appLinkBestCandidate = Reason("app-link-best-candidate")
    /// API < 30: an app handles the link but the ranking finds none (a tie): WebView loads it.
    public static let appLinkCandidatesTied = Reason("app-link-candidates-tied")
    /// API < 30: an app handles the link but the ranking finds none (a browser first):
    /// WebView loads it.
    public static let appLinkBrowserRankedFirst = Reason("app-link-browser-ranked-first")

    // MARK: - `openCustomScheme`

    /// javascript, data, blob, about (load), chrome, resource, view-source (error page):
    /// left to WebView.
    public static let nonExternalScheme = Reason("non-external-scheme")
    /// No app for the scheme: `onOpenFailed` with the page kept (`open-failed`).
    public static let customSchemeNoHandler = Reason("custom-scheme-no-handler")
    /// No scheme: left to WebView (unreachable from a parsed URL).
    public static let notAbsolute = Reason("not-absolute")

    // MARK: - `openIntentUri`

    /// Nothing resolved: the http(s) `S.browser_fallback_url` loads.
    public static let intentFallback = Reason("intent-fallback")
    /// Nothing resolved, no usable fallback: `onOpenFailed`.
    public static let intentNoHandler = Reason("intent-no-handler")
}
