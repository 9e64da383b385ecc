import LinkAuditModel
import WHATWGURL

/// `safari-ios`: Safari on iOS (Docs/PLATFORM.md §D.3–D.6, rule 22). Safari is WebKit, so the
/// Universal Link conditions are WebKit's; what differs is the alerts it shows for
/// custom schemes and its pop-up blocker.
///
/// Reasons:
/// - `malformed-url` (blocked), `javascript-url` (internal): before any navigation.
/// - `popup-blocked` (blocked): a new window without a user gesture ("Block Pop-ups" is
///   on by default; assumption detail).
/// - `universal-link` (opens-app): a tap to another host than the page's opens the app.
/// - `same-domain-stays-in-safari` (loads): the app's link, tapped on its own host (§D.4).
/// - `universal-link-subframe` / `-back-forward` / `-no-gesture` (loads): an app claims
///   it, but another §D.3 condition keeps it in Safari.
/// - `web-page`, `webview-scheme`, `local-file` (loads); `local-resource-denied` (blocked).
/// - `subframe-custom-scheme` (blocked): an iframe's custom scheme fails silently (§D.2).
/// - `no-user-gesture` (blocked): a script-started custom scheme without a gesture
///   (UNCONFIRMED, assumption detail).
/// - `open-in-app-prompt` (chooser): an app takes the scheme; Safari asks "Open in “App”?"
///   first (wording and conditions UNCONFIRMED, assumption detail).
/// - `cannot-open-page` (error-page): no app (and always for `intent:`): the "Cannot Open
///   Page" alert (third-party wording, assumption detail).
public struct SafariIOSProfile: RuntimeProfile {
    public let name = "safari-ios"
    public var platform: Platform { .ios }
    public var isBrowser: Bool { true }

    public init() {}

    public func decide(_ request: PolicyRequest) -> Verdict {
        if let early = WebKitNavigation.beforePolicy(request) { return early }
        guard let url = request.url else { return Verdict(.blocked, .malformedURL) }
        let action = request.ios
        if action.isNewWindow, !action.userGesture {
            return Verdict(.blocked, .popupBlocked, details: [VerdictDetail.assumption: Self.popupAssumption])
        }
        let result = WebKitNavigation.afterAllow(url, action: action, device: request.device)
        switch result {
        case .page(_, .sameHost?):
            return Verdict(.loads, .sameDomainStaysInSafari)
        case .unsupportedURL, .subframeFailure:
            return customScheme(url, action: action, device: request.device)
        case .appLink, .page, .localResourceDenied:
            return WebKitNavigation.verdict(result)
        }
    }

    func customScheme(_ url: WebURL, action: IOSNavigationAction, device: DeviceProfile) -> Verdict {
        if !action.isMainFrame { return Verdict(.blocked, .subframeCustomScheme) }
        if !action.userGesture {
            return Verdict(.blocked, .noUserGesture, details: [VerdictDetail.assumption: Self.gestureAssumption])
        }
        guard device.canOpen(customScheme: url.scheme) else {
            return Verdict(.errorPage, .cannotOpenPage, details: [VerdictDetail.assumption: Self.cannotOpenAssumption])
        }
        var details = [VerdictDetail.assumption: Self.promptAssumption]
        details[VerdictDetail.target] = device.app(forScheme: url.scheme)?.id ?? url.scheme
        return Verdict(.chooser, .openInAppPrompt, details: details)
    }

    static let popupAssumption =
        "Safari's Block Pop-ups setting is on (the default) and blocks window.open without a user gesture"
    static let gestureAssumption =
        "Safari ignores a custom-scheme navigation started by script without a user gesture (UNCONFIRMED, Docs/PLATFORM.md §D.6)"
    static let promptAssumption =
        "Safari asks \"Open this page in “App”?\" before opening the app (wording and conditions UNCONFIRMED, Docs/PLATFORM.md §D.6)"
    static let cannotOpenAssumption =
        "Safari shows the \"Cannot Open Page\" alert because the address is invalid (third-party wording, Docs/PLATFORM.md §D.6)"
}
