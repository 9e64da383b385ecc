/// The filters in front of `shouldOverrideUrlLoading` (Chromium
/// `AwContentBrowserClient::ShouldOverrideUrlLoading`, Docs/PLATFORM.md §A.1): navigations WebView
/// loads itself without asking the app's client — or, with no client, without asking Android.
enum WebViewGate {
    enum NotOffered: Equatable {
        /// `javascript:` runs in the page; it is not a fetch (assumed not offered).
        case javascriptURL
        /// "Only GETs can be overridden."
        case post
        /// `loadUrl` / back-forward, unless a server redirect.
        case appInitiated
        /// A sub-frame to http, https or about: only the top frame's are offered.
        case subframeWebScheme
    }

    /// Nil when the navigation reaches the client.
    static func notOffered(_ request: PolicyRequest) -> NotOffered? {
        let android = request.android
        if request.scheme == "javascript" { return .javascriptURL }
        if android.method != "GET" { return .post }
        if android.isAppInitiated, !android.isRedirect { return .appInitiated }
        if !android.isForMainFrame, ["http", "https", "about"].contains(request.scheme) { return .subframeWebScheme }
        return nil
    }
}
