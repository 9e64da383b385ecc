import LinkAuditModel

/// The reasons only `ios-sdk` gives: its classifier's branches and what its decision engine
/// and `createWebViewWith` make of them. It also gives the shared `blocked-scheme`,
/// `subframe-no-gesture`, `no-url`, `open-failed` and `new-window-in-place`, and WebKit's
/// reasons for what it lets through.
extension Reason {
    // MARK: - The classifier's guards (`blocked`)

    /// A deep link with neither a navigation gesture nor earlier user interaction, while
    /// `requireUserGesture` is on.
    public static let noUserInteraction = Reason("no-user-interaction")
    /// A scheme the business veto (`shouldOpenExternalURL`) refuses.
    public static let vetoed = Reason("vetoed")

    // MARK: - The classifier's allow branches (`loads`)

    /// http: allowed.
    public static let httpAllowed = Reason("http-allowed")
    /// https not checked for a Universal Link: allowed.
    public static let httpsAllowed = Reason("https-allowed")
    /// A scheme the web view owns (`webViewOwnedSchemes`): allowed.
    public static let webViewOwned = Reason("webview-owned")

    // MARK: - Opening the app

    /// The custom scheme opened its app (`opens-app`).
    public static let openExternal = Reason("open-external")
    /// It did not; the App Store was searched for the scheme (`app-store`; `appStoreTerm`,
    /// and the search URL that opened as `target`).
    public static let appStoreSearch = Reason("app-store-search")
    /// Neither App Store search URL opened (`open-failed`).
    public static let appStoreSearchFailed = Reason("app-store-search-failed")
    /// The SDK's `universalLinksOnly` check opened the app (`opens-app`).
    public static let universalLinkCheck = Reason("universal-link-check")
    /// That check found no app: the web view loads it.
    public static let universalLinkNotOpened = Reason("universal-link-not-opened")

    // MARK: - New windows

    /// `createWebViewWith` handed a non-web URL to the engine, which allowed it; its
    /// completion is ignored, so nothing loads (`blocked`).
    public static let newWindowDropped = Reason("new-window-dropped")

    // MARK: - The host's own loads, which no page navigation reaches

    /// The host's `loadLocalFile` navigation, allowed once.
    public static let pendingHostFile = Reason("pending-host-file")
    /// Objective-C only: the `loadURLByUser` URL after its failed Universal Link check,
    /// allowed once.
    public static let pendingUserLoad = Reason("pending-user-load")
}
