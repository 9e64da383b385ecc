import LinkAuditModel

/// What Android WebView shows when it loads a URL itself (`WebViewLoad`): every reason of
/// `android-webview`, and of the other WebView profiles where their client is not asked or
/// answers false. The shared `invalid-url` and `javascript-url` complete the list.
extension Reason {
    /// http(s), data, blob, about, ws(s), filesystem: loads (sub-frames too).
    public static let webViewLoads = Reason("webview-loads")
    /// file:, content:: loads, subject to the file/content access settings.
    public static let localScheme = Reason("local-scheme")
    /// A custom scheme, `intent:` or `chrome:` in the main frame: the
    /// `net::ERR_UNKNOWN_URL_SCHEME` error page.
    public static let unknownURLScheme = Reason("unknown-url-scheme")
    /// The same in an iframe: the error shows in the iframe.
    public static let unknownURLSchemeSubframe = Reason("unknown-url-scheme-subframe")
    /// A script navigation with JavaScript off: nothing happens (`blocked`).
    public static let javascriptDisabled = Reason("javascript-disabled")
}
