import LinkAuditModel

/// The reasons only `chrome-android` gives. It also gives the shared `invalid-url`,
/// `javascript-url`, `intent-parse-error`, `subframe-no-gesture`, `no-handler`,
/// `app-link-chooser`, `custom-scheme-opened` / `-chooser` and `intent-opened` / `-chooser`.
///
/// Where the handler keeps the navigation (NO_OVERRIDE), an `intent:`'s http(s)
/// `S.browser_fallback_url` loads instead (`fallback`, or `app-store` for a Play Store page
/// once the chain allowed launching), else Chrome loads the URL itself (`loads` for web
/// URLs, `blocked` for what it cannot load).
extension Reason {
    // MARK: - Before the handler

    /// A page may not navigate the top frame to `data:` (`blocked`).
    public static let dataURLTopFrame = Reason("data-url-top-frame")
    /// A web page may not open `file:` (`blocked`); nor is a `file:` inside an `intent:`
    /// given to apps.
    public static let fileScheme = Reason("file-scheme")

    // MARK: - The handler keeps the navigation

    /// A sub-frame to a scheme Chrome loads: never leaves.
    public static let subframeStaysInChrome = Reason("subframe-stays-in-chrome")
    /// A form to a web URL, not redirected: stays.
    public static let directFormSubmit = Reason("direct-form-submit")
    /// A browser-internal scheme (about, chrome, chrome-native, devtools): never given to apps.
    public static let internalScheme = Reason("internal-scheme")
    /// `content:`: never given to apps.
    public static let contentScheme = Reason("content-scheme")
    /// `fido:`: never given to apps.
    public static let fidoScheme = Reason("fido-scheme")
    /// The chain began typed: web links stay; an unresolvable deep link stays.
    public static let typedChainStart = Reason("typed-chain-start")
    /// The chain is over 15 s old: web links stay; an unresolvable deep link stays.
    public static let chainExpired = Reason("chain-expired")
    /// A web URL only browsers handle (no verified App Link on 12+).
    public static let noSpecializedHandler = Reason("no-specialized-handler")
    /// A web URL on the page's host with no new handler.
    public static let sameHost = Reason("same-host")
    /// A prompt was due but several apps resolve: stays.
    public static let promptResolvesToChooser = Reason("prompt-resolves-to-chooser")

    // MARK: - Launches

    /// A web URL opens its app.
    public static let appLink = Reason("app-link")
    /// Unresolvable with `package=`: Play (`app-store`, market URL).
    public static let intentPackageToStore = Reason("intent-package-to-store")
    /// The "Continue to app?" Message, modelled as `chooser`, for a typed chain.
    public static let externalProtocolPrompt = Reason("external-protocol-prompt")
    /// The "Continue to app?" Message, modelled as `chooser`, for an expired chain.
    public static let chainExpiredPrompt = Reason("chain-expired-prompt")
    /// The intent resolves to Chrome: the tab loads its data URL.
    public static let intentToSelf = Reason("intent-to-self")
}
