import LinkAuditModel

/// `android-webview`: the app sets a `WebViewClient` and keeps the default
/// `shouldOverrideUrlLoading`, which returns false — so whether WebView asks (Docs/PLATFORM.md §A.1)
/// or not, WebView loads every navigation itself and has no `intent:` handling (§A.3, rule 6).
///
/// Reasons:
/// - `webview-loads` — http(s), data, blob, about, ws(s), filesystem: loads (sub-frames too).
/// - `unknown-url-scheme` — a custom scheme, `intent:` or `chrome:` in the main frame: the
///   `net::ERR_UNKNOWN_URL_SCHEME` error page.
/// - `unknown-url-scheme-subframe` — the same in an iframe: the error shows in the iframe.
/// - `javascript-url` — runs in the page (`internal`).
/// - `local-scheme` — file:, content:: loads, subject to the file/content access settings.
/// - `javascript-disabled` — a script navigation with JavaScript off: nothing happens.
/// - `invalid-url` — the target does not parse: no navigation starts.
public struct AndroidWebViewProfile: RuntimeProfile {
    public let name = "android-webview"
    public var platform: Platform { .android }
    public var isBrowser: Bool { false }

    public init() {}

    public func decide(_ request: PolicyRequest) -> Verdict {
        if let early = WebViewLoad.precheck(request) { return early }
        // Offered or not (WebViewGate), the default client answers false: WebView loads it.
        return WebViewLoad.annotated(WebViewLoad.verdict(request), request)
    }
}
