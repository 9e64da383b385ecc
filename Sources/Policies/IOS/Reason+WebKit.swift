import LinkAuditModel

/// What WebKit itself does around an app's navigation delegate (`WebKitNavigation`), for
/// every iOS profile: before any delegate is asked, and once the delegate allowed the load.
extension Reason {
    // MARK: - Before any delegate

    /// The target does not parse; nothing starts (`blocked`). The iOS profiles' code; the
    /// Android ones give `invalid-url`.
    public static let malformedURL = Reason("malformed-url")

    // MARK: - WebKit's app-link try

    /// WebKit's app-link try opened the installed app (`opens-app`).
    public static let universalLink = Reason("universal-link")
    /// An app claims the link, but it is a sub-frame navigation: it loads in the web view.
    public static let universalLinkSubframe = Reason("universal-link-subframe")
    /// An app claims the link, but it is a back/forward navigation: it loads in the web view.
    public static let universalLinkBackForward = Reason("universal-link-back-forward")
    /// An app claims the link, but it is on the current page's host: it loads in the web view.
    public static let universalLinkSameHost = Reason("universal-link-same-host")
    /// An app claims the link, but no user gesture came with it: it loads in the web view.
    public static let universalLinkNoGesture = Reason("universal-link-no-gesture")

    // MARK: - Loads WebKit keeps

    /// An http(s) page loads.
    public static let webPage = Reason("web-page")
    /// `about:`, `data:`, `blob:`: the engine makes the document itself.
    public static let webViewScheme = Reason("webview-scheme")
    /// A `file:` URL the current file page may read loads.
    public static let localFile = Reason("local-file")

    // MARK: - Loads WebKit cannot make

    /// A main-frame custom scheme or `intent:` fails provisionally (NSURLErrorDomain
    /// −1002), no error page (`error-page`); carries an assumption.
    public static let unsupportedURL = Reason("unsupported-url")
    /// The same in an iframe, reported only privately (`blocked`).
    public static let subframeUnsupportedURL = Reason("subframe-unsupported-url")
    /// `file:` from a web page: "Not allowed to load local resource" (`blocked`).
    public static let localResourceDenied = Reason("local-resource-denied")
}
