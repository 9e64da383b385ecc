import LinkAuditModel
import WHATWGURL

/// `ios-strict` (runs when selected): the strict iOS delegate's `CustomWebViewController` — a strict
/// `WKNavigationDelegate` with `AppRouteValidator` and `CustomSchemeValidator`, and no
/// `WKUIDelegate` — options from `IOSStrictOptions`.
///
/// Reasons:
/// - `malformed-url` (blocked), `javascript-url` (internal): before any delegate.
/// - `no-ui-delegate` (blocked): `window.open`, or an allowed `about:` new window.
/// - `subframe-non-web` (blocked): an iframe started a non-web navigation.
/// - `app-route` (internal): the associated domain, routed by the app's router.
/// - `not-allowlisted` (blocked): a validator refused; `rejectedBy` names it and its rule
///   (`AppRouteValidator: path`, `CustomSchemeValidator: host`, …).
/// - `not-link-activated` (blocked): a custom scheme without a link tap.
/// - `open-custom-scheme` (opens-app): the validated custom scheme opened its app.
/// - `open-failed` (open-failed): no app took it; the delegate passes no completion handler.
/// - `partner-universal-link` (opens-app): a partner link opened its app.
/// - `partner-loaded-in-webview` (loads): no app; the delegate loads it in the web view.
/// - `new-window-in-place` (loads): a `target=_blank` web link loaded in the same web view.
/// - `web-page`, `subframe-web`, `about-url` (loads): the delegate's allow branches.
/// - `universal-link` (opens-app), `universal-link-subframe` / `-back-forward` /
///   `-same-host` / `-no-gesture` (loads): WebKit's own app-link try after `.allow`.
public struct IOSStrictProfile: RuntimeProfile {
    public let name = "ios-strict"
    public var platform: Platform { .ios }
    public var isBrowser: Bool { false }
    public var runsByDefault: Bool { false }

    public init() {}

    public func decide(_ request: PolicyRequest) -> Verdict {
        if let early = WebKitNavigation.beforePolicy(request) { return early }
        guard let url = request.url else { return Verdict(.blocked, .malformedURL) }
        // `window.open` only asks the UI delegate, which this controller does not set.
        if request.ios.isNewWindow, request.ios.navigationType == .other {
            return Verdict(.blocked, .noUIDelegate)
        }
        let navigation = StrictNavigation(delegate: StrictNavigationDelegate(options: request.options.iosStrict),
                                          device: request.device)
        return navigation.navigate(url, action: request.ios,
                                   sourceIsMainFrame: Self.sourceIsMainFrame(request))
    }

    /// `navigationAction.sourceFrame.isMainFrame`: a navigation found inside a frame
    /// starts there, but a frame's own source load is started by the page holding the
    /// frame (taken to be the main page; nested frames are not told apart).
    static func sourceIsMainFrame(_ request: PolicyRequest) -> Bool {
        request.frame != .sub || request.trigger == .frameLoad
    }
}

/// The delegate's decision carried out on the device, with WebKit after an `.allow`.
struct StrictNavigation {
    let delegate: StrictNavigationDelegate
    let device: DeviceProfile

    func navigate(_ url: WebURL, action: IOSNavigationAction, sourceIsMainFrame: Bool) -> Verdict {
        let opener = DeviceURLOpener(device: device)
        let decision = delegate.decidePolicyFor(url, sourceIsMainFrame: sourceIsMainFrame,
                                                isNewWindow: action.isNewWindow,
                                                navigationType: action.navigationType)
        switch decision {
        case .allow(let branch):
            let result = WebKitNavigation.afterAllow(url, action: action, device: device)
            if action.isNewWindow, !result.opensApp { return Verdict(.blocked, .noUIDelegate) }
            return WebKitNavigation.verdict(result, loadsReason: branch.reason)
        case .cancel(.subframeNonWeb):
            return Verdict(.blocked, .subframeNonWeb)
        case .cancel(.routeInternally):
            return Verdict(.internal, .appRoute)
        case .cancel(.routeRejected(let rejection)):
            return notAllowlisted(AppRouteValidator.name, rejection)
        case .cancel(.customSchemeNotLinkActivated):
            return Verdict(.blocked, .notLinkActivated)
        case .cancel(.customSchemeRejected(let rejection)):
            return notAllowlisted(CustomSchemeValidator.name, rejection)
        case .cancel(.openCustomScheme(let target)):
            guard let handler = opener.open(target, universalLinksOnly: false) else {
                return Verdict(.openFailed, .openFailed)
            }
            return Verdict(.opensApp, .openCustomScheme, details: [VerdictDetail.target: handler])
        case .cancel(.openPartnerUniversalLink(let target)):
            if let appID = opener.open(target, universalLinksOnly: true) {
                return Verdict(.opensApp, .partnerUniversalLink, details: [VerdictDetail.target: appID])
            }
            return inPlace(target, action: action, reason: .partnerLoadedInWebView)
        case .cancel(.loadNewWindowInPlace(let target)):
            return inPlace(target, action: action, reason: .newWindowInPlace)
        }
    }

    /// `webView.load(navigationAction.request)`: the load comes back through the delegate
    /// as an API load of the main frame.
    func inPlace(_ url: WebURL, action: IOSNavigationAction, reason: Reason) -> Verdict {
        let verdict = navigate(url, action: WebKitNavigation.apiLoad(from: action), sourceIsMainFrame: true)
        return verdict.outcome == .loads ? Verdict(.loads, reason) : verdict
    }

    func notAllowlisted(_ validator: String, _ rejection: ValidatorRejection) -> Verdict {
        Verdict(.blocked, .notAllowlisted, details: [VerdictDetail.rejectedBy: "\(validator): \(rejection.rawValue)"])
    }
}
