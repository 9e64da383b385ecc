import LinkAuditModel

/// The reasons only `safari-ios` gives: its pop-up blocker and the alerts it shows for
/// custom schemes. It also gives WebKit's reasons and the shared `javascript-url`.
extension Reason {
    /// A new window without a user gesture: "Block Pop-ups" is on by default (`blocked`,
    /// assumption detail).
    public static let popupBlocked = Reason("popup-blocked")
    /// The app's link, tapped on its own host, stays in Safari (`loads`).
    public static let sameDomainStaysInSafari = Reason("same-domain-stays-in-safari")
    /// An iframe's custom scheme fails silently (`blocked`).
    public static let subframeCustomScheme = Reason("subframe-custom-scheme")
    /// A script-started custom scheme without a gesture (`blocked`; unconfirmed,
    /// assumption detail).
    public static let noUserGesture = Reason("no-user-gesture")
    /// An app takes the scheme; Safari asks "Open in “App”?" first (`chooser`; wording and
    /// conditions unconfirmed, assumption detail).
    public static let openInAppPrompt = Reason("open-in-app-prompt")
    /// No app (and always for `intent:`): the "Cannot Open Page" alert (`error-page`;
    /// third-party wording, assumption detail).
    public static let cannotOpenPage = Reason("cannot-open-page")
}
