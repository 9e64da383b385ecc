/// Every finding code linkaudit reports, in the order the reference lists them.
public enum Checks {
    public static let all: [Check] = [
        errUnknownURLScheme, unsupportedURL, blockedNoGesture, subframeDeeplinkBlocked, notAllowlisted,
        openFailed, intentSchemeOnIOS, fallbackNotUsed, unsafeIntentStripped, universalLinkSameHost,
        landingPageStays, blockedLocalScheme, malformedTarget, pageUnreadable, associationInvalid,
    ]

    public static func named(_ code: String) -> Check? {
        all.first { $0.code == code }
    }
}
