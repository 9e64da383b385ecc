/// Every finding code linkaudit reports, in the order the reference lists them.
public enum Checks {
    public static let all: [Check] = [
        errUnknownURLScheme, unsupportedURL, blockedNoGesture, subframeDeeplinkBlocked, notAllowlisted,
        openFailed, intentSchemeOnIOS, fallbackNotUsed, unsafeIntentStripped, universalLinkSameHost,
        landingPageStays, blockedLocalScheme, malformedTarget, queryNotUTF8, sandboxBlocked, pageUnreadable,
        associationInvalid,
    ]

    public static func named(_ code: String) -> Check? {
        positions[code].map { all[$0] }
    }

    /// Each code's place in `all`: every finding looks its check up (title, severity), and
    /// a scan copied each check it passed.
    private static let positions = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.code, $0) })
}
