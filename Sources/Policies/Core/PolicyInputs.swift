import WHATWGURL

/// What the Android WebView hands `shouldOverrideUrlLoading` (and the filters in front
/// of it decide on), for one navigation.
public struct AndroidRequest: Codable, Sendable, Hashable {
    public var isForMainFrame: Bool
    public var hasGesture: Bool
    public var isRedirect: Bool
    /// `GET` or `POST`: POST is never offered to the client.
    public var method: String = "GET"
    /// App-initiated (`loadUrl`, back/forward): never offered unless a redirect.
    public var isAppInitiated: Bool = false
    /// Milliseconds since the last user input the host saw (touch, key, or
    /// `loadUrlByUser`), nil when there was none or it was consumed.
    public var msSinceUserInput: Int?
    /// The PayerMax guide client's `requireUserGesture` (default true).
    public var requireUserGesture: Bool = true

    public init(isForMainFrame: Bool, hasGesture: Bool, isRedirect: Bool, method: String = "GET",
                isAppInitiated: Bool = false, msSinceUserInput: Int? = nil, requireUserGesture: Bool = true) {
        self.isForMainFrame = isForMainFrame
        self.hasGesture = hasGesture
        self.isRedirect = isRedirect
        self.method = method
        self.isAppInitiated = isAppInitiated
        self.msSinceUserInput = msSinceUserInput
        self.requireUserGesture = requireUserGesture
    }
}

/// `WKNavigationType`, by its Swift names.
public enum WKNavigationType: String, Codable, Sendable, CaseIterable {
    case linkActivated, formSubmitted, backForward, reload, formResubmitted, other
}

/// What a `WKNavigationDelegate` sees for one navigation, plus the SDK's interaction state.
public struct IOSNavigationAction: Codable, Sendable, Hashable {
    /// `targetFrame?.isMainFrame ?? true` (the PayerMax guide's iOS SDK treats new windows as main frame).
    public var isMainFrame: Bool
    /// `targetFrame == nil`: `window.open` / `target=_blank`, which reach `createWebViewWith`.
    public var isNewWindow: Bool = false
    public var navigationType: WKNavigationType
    /// `webView.url` before the navigation.
    public var currentURL: String?
    /// The iOS SDK's sticky `hasUserInteraction`.
    public var hasUserInteraction: Bool
    /// The iOS SDK's `hasUserInitiatedLoad` (set by `loadUrlByUser`).
    public var hasUserInitiatedLoad: Bool
    /// WebKit processes the navigation with a user gesture (ShouldOpenExternalURLs allowed),
    /// which Universal Links need.
    public var userGesture: Bool
    /// `currentURL` parsed once per page by the caller (not part of the JSON form).
    public var parsedCurrentURL: WebURL?

    /// `currentURL` as a URL, without parsing it again when the caller already has.
    public var currentWebURL: WebURL? {
        parsedCurrentURL ?? currentURL.flatMap { WebURL.parse($0) }
    }

    enum CodingKeys: String, CodingKey {
        case isMainFrame, isNewWindow, navigationType, currentURL, hasUserInteraction, hasUserInitiatedLoad, userGesture
    }

    public init(isMainFrame: Bool, isNewWindow: Bool = false, navigationType: WKNavigationType, currentURL: String?,
                hasUserInteraction: Bool, hasUserInitiatedLoad: Bool, userGesture: Bool) {
        self.isMainFrame = isMainFrame
        self.isNewWindow = isNewWindow
        self.navigationType = navigationType
        self.currentURL = currentURL
        self.hasUserInteraction = hasUserInteraction
        self.hasUserInitiatedLoad = hasUserInitiatedLoad
        self.userGesture = userGesture
    }
}
