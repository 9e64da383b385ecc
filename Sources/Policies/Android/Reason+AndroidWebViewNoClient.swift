import LinkAuditModel

/// The reasons only `android-webview-noclient` gives: WebView asking Android itself for
/// every navigation it offers. It also gives the shared `post-not-intercepted`,
/// `app-initiated-not-offered`, `no-gesture`, `redirect-counts-as-intent`,
/// `intent-parse-error`, `no-handler`, and `WebViewLoad`'s reasons.
extension Reason {
    /// A sub-frame to http, https or about, not offered: WebView loads it.
    public static let subframeWebNotOffered = Reason("subframe-web-not-offered")
    /// about:, chrome:, file:///android_asset|android_res/: WebView loads it itself.
    public static let webViewInternalURL = Reason("webview-internal-url")
    /// The system started a browser: the link left the app (`opens-app`, `target` = package).
    public static let sentToBrowser = Reason("sent-to-browser")
    /// The system started another app (`opens-app`, `target` = package).
    public static let sentToApp = Reason("sent-to-app")
    /// Several handlers, no default: the system chooser.
    public static let sentToChooser = Reason("sent-to-chooser")
}
