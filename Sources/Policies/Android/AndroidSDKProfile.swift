import Associations
import LinkAuditModel
import WHATWGURL

/// `android-sdk`: the PayerMax guide's `DeepLinkWebViewClient` (Kotlin; the Java copy is the same) behind
/// the Chromium filters that decide whether it is asked at all (Docs/PLATFORM.md §A.1; the client: §P.2).
///
/// Reasons — navigations the client never sees:
/// - `post-not-intercepted` — a POST: WebView loads it; a custom scheme or `intent:` gets the
///   `net::ERR_UNKNOWN_URL_SCHEME` page whatever the client would have done.
/// - `app-initiated-not-offered` — `loadUrl` / back-forward, not a redirect: WebView loads it.
/// - `subframe-http-left-to-webview` — a sub-frame to http(s)/about: loads in the iframe.
/// - `javascript-url`, `javascript-disabled`, `invalid-url` — as in `android-webview`.
///
/// `shouldOverrideUrlLoading` and `isLandingPageHandler`:
/// - `landing-page` — every non-browser handler's filter has no path: stays in WebView.
/// - `redirect-counts-as-intent` — an app or chooser opened on a server redirect alone (a 302
///   to a deep link launches with no user action).
///
/// `openAppLink` (http(s)):
/// - `web-no-user-intent` — no gesture, redirect or activation: WebView loads it.
/// - `app-link-default` — API 30+: REQUIRE_NON_BROWSER|REQUIRE_DEFAULT opened the app.
/// - `no-app-handler` — no non-browser handler: an ordinary page, WebView loads it.
/// - `app-link-ask-system` / `app-link-chooser` — API 30+: REQUIRE_NON_BROWSER opened the app
///   directly / showed the chooser.
/// - `app-link-open-failed` — API 30+: nothing started; `onOpenFailed`, then WebView loads it.
/// - `app-link-best-candidate` — API < 30: the best-ranked non-browser opened.
/// - `app-link-candidates-tied` / `app-link-browser-ranked-first` — API < 30: an app handles
///   the link but the ranking finds none (a tie, or a browser first): WebView loads it.
///
/// `openCustomScheme`:
/// - `blocked-scheme` — file:, content:: stopped (`blocked`).
/// - `non-external-scheme` — javascript, data, blob, about (load), chrome, resource,
///   view-source (error page): left to WebView.
/// - `no-gesture` — no user intent: stopped silently (also for `intent:`).
/// - `custom-scheme-opened` / `custom-scheme-chooser` / `custom-scheme-no-handler` — the app
///   opened / the chooser showed / `onOpenFailed` with the page kept (`open-failed`).
/// - `not-absolute` — no scheme: left to WebView (unreachable from a parsed URL).
///
/// `openIntentUri`:
/// - `intent-parse-error` — `parseUri` threw: `onOpenFailed` (`open-failed`, `parseError`).
/// - `intent-opened` / `intent-chooser` — launched after sanitising (`stripped` lists what went).
/// - `intent-fallback` — nothing resolved: the http(s) `S.browser_fallback_url` loads.
/// - `intent-no-handler` — nothing resolved, no usable fallback: `onOpenFailed`.
///
/// Whenever the client returns true without a gesture or redirect, the verdict carries
/// `activationConsumed = "true"`, exactly as the guide's client consumes its window.
public struct AndroidSDKProfile: RuntimeProfile {
    public let name = "android-sdk"

    public init() {}

    public func decide(_ request: PolicyRequest) -> Verdict {
        if let early = WebViewLoad.precheck(request) { return early }
        let verdict: Verdict
        switch WebViewGate.notOffered(request) {
        case .javascriptURL?: verdict = WebViewLoad.verdict(request)
        case .post?: verdict = WebViewLoad.verdict(request, reason: "post-not-intercepted")
        case .appInitiated?: verdict = WebViewLoad.verdict(request, reason: "app-initiated-not-offered")
        case .subframeWebScheme?: verdict = WebViewLoad.verdict(request, reason: "subframe-http-left-to-webview")
        case nil: verdict = DeepLinkClient(request).shouldOverrideUrlLoading().verdict
        }
        return WebViewLoad.annotated(verdict, request)
    }
}
