import LinkAuditModel

/// The reasons only `ios-strict` gives: its strict navigation delegate and validators. It
/// also gives the shared `no-url`, `open-failed`, `new-window-in-place` and `no-ui-delegate`,
/// and WebKit's reasons after its `.allow` (`web-page` among them, its plain web branch).
extension Reason {
    // MARK: - Cancelled by the delegate

    /// An iframe started a non-web navigation (`blocked`).
    public static let subframeNonWeb = Reason("subframe-non-web")
    /// The associated domain, routed by the app's router (`internal`).
    public static let appRoute = Reason("app-route")
    /// A validator refused (`blocked`); `rejectedBy` names it and its rule
    /// (`AppRouteValidator: path`, `CustomSchemeValidator: host`, …).
    public static let notAllowlisted = Reason("not-allowlisted")
    /// A custom scheme without a link tap (`blocked`).
    public static let notLinkActivated = Reason("not-link-activated")
    /// The validated custom scheme opened its app (`opens-app`).
    public static let openCustomScheme = Reason("open-custom-scheme")
    /// A partner link opened its app (`opens-app`).
    public static let partnerUniversalLink = Reason("partner-universal-link")
    /// A partner link with no app, loaded in the web view (`loads`).
    public static let partnerLoadedInWebView = Reason("partner-loaded-in-webview")

    // MARK: - The delegate's allow branches (`loads`)

    /// http(s) started by an iframe.
    public static let subframeWeb = Reason("subframe-web")
    /// The closing `.allow`: only `about:` gets there.
    public static let aboutURL = Reason("about-url")
}
