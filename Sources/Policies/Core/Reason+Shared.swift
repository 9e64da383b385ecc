import LinkAuditModel

/// Reasons several profiles give, each described for every profile that gives it. A reason
/// one profile gives is declared beside that profile (`Reason+AndroidSDK.swift`, …), and
/// one a shared step gives beside that step (`Reason+WebViewLoad.swift`,
/// `Reason+WebKit.swift`).
extension Reason {
    // MARK: - Before any policy is asked

    /// The target does not parse: no navigation starts (`blocked`). The Android profiles'
    /// code; the iOS ones give `malformed-url`.
    public static let invalidURL = Reason("invalid-url")
    /// A `javascript:` URL runs in the page (`internal`), on every platform.
    public static let javascriptURL = Reason("javascript-url")

    // MARK: - Android WebView: navigations the app is never asked about

    /// A POST: WebView loads it; a custom scheme or `intent:` gets the
    /// `net::ERR_UNKNOWN_URL_SCHEME` page whatever the client would have done
    /// (`android-sdk`, `android-webview-noclient`).
    public static let postNotIntercepted = Reason("post-not-intercepted")
    /// `loadUrl` / back-forward, not a redirect: WebView loads it (`android-sdk`,
    /// `android-webview-noclient`).
    public static let appInitiatedNotOffered = Reason("app-initiated-not-offered")

    // MARK: - Android: user intent

    /// No user intent, so no launch (`blocked`). `android-sdk`: stopped silently (also for
    /// `intent:`). `android-webview-noclient`: neither a gesture nor a server redirect —
    /// "Denied starting an intent without a user gesture", silently; sub-frame deep links
    /// land here.
    public static let noGesture = Reason("no-gesture")
    /// An app or chooser opened on a server redirect alone: a 302 to a deep link launches
    /// with no user action (`android-sdk`, `android-webview-noclient`).
    public static let redirectCountsAsIntent = Reason("redirect-counts-as-intent")

    // MARK: - Android: `intent:` and launches

    /// `Intent.parseUri` threw. `android-sdk`: `onOpenFailed` (`open-failed`, `parseError`).
    /// `android-webview-noclient`: WebView loads the URL → error page. `chrome-android`:
    /// NO_OVERRIDE, the fallback is lost with it (`blocked`, `parseError`, visible result
    /// unconfirmed).
    public static let intentParseError = Reason("intent-parse-error")
    /// Nothing resolves. `android-webview-noclient`: WebView loads the URL (error page for
    /// custom schemes). `chrome-android`: nothing resolves and no `package=` store route.
    public static let noHandler = Reason("no-handler")
    /// A custom scheme opened its app (`android-sdk`, `chrome-android`).
    public static let customSchemeOpened = Reason("custom-scheme-opened")
    /// A custom scheme showed the chooser (`android-sdk`, `chrome-android`).
    public static let customSchemeChooser = Reason("custom-scheme-chooser")
    /// An `intent:` launched after sanitising (`stripped` lists what went; `android-sdk`,
    /// `chrome-android`).
    public static let intentOpened = Reason("intent-opened")
    /// An `intent:` showed the chooser after sanitising (`android-sdk`, `chrome-android`).
    public static let intentChooser = Reason("intent-chooser")
    /// An https App Link showed the chooser. `android-sdk`: API 30+, REQUIRE_NON_BROWSER
    /// (with or without REQUIRE_DEFAULT). `chrome-android`: the disambiguation dialog.
    public static let appLinkChooser = Reason("app-link-chooser")

    // MARK: - Scheme and gesture guards on both platforms

    /// A scheme on the client's blocked list, stopped (`blocked`). `android-sdk`: file:,
    /// content:. `ios-sdk`: the classifier's `blockedSchemes` (file, content, intent by
    /// default).
    public static let blockedScheme = Reason("blocked-scheme")
    /// A sub-frame deep link without a gesture (`blocked`). `chrome-android`: not
    /// intercepted. `ios-sdk`: the classifier refuses it unless
    /// `allowAutomaticSubframeDeepLinks`.
    public static let subframeNoGesture = Reason("subframe-no-gesture")

    // MARK: - iOS app delegates

    /// A request without a URL, allowed (`ios-sdk`, `ios-strict`): the host's own loads,
    /// which no page navigation reaches.
    public static let noURL = Reason("no-url")
    /// No app took the URL (`open-failed`). `ios-sdk`: a system scheme, or automatic App
    /// Store search off (`onOpenFailed`). `ios-strict`: the controller passes no completion
    /// handler.
    public static let openFailed = Reason("open-failed")
    /// A new-window web link loaded in the same web view (`loads`; `ios-sdk`'s
    /// `createWebViewWith`, `ios-strict`'s delegate).
    public static let newWindowInPlace = Reason("new-window-in-place")
    /// A new window that nothing creates, with no `WKUIDelegate` (`blocked`;
    /// `ios-wkwebview`, `ios-strict`).
    public static let noUIDelegate = Reason("no-ui-delegate")
}
