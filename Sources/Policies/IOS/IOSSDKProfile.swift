import LinkAuditModel
import WHATWGURL

/// `ios-sdk`: the PayerMax guide's iOS SDK (`DeepLinkWebViewClient` + `DeepLinkDecisionEngine` +
/// `DeepLinkClassifier` + `AppStoreSearch`) on a WKWebView, with `IOSSDKOptions`
/// (`variant: objc` for the Objective-C implementation). WebKit's own steps around the
/// callbacks come from `WebKitNavigation`.
///
/// Reasons:
/// - `malformed-url` (blocked), `javascript-url` (internal): before any delegate.
/// - `blocked-scheme`, `subframe-no-gesture`, `no-user-interaction`, `vetoed` (blocked):
///   the classifier's guards, in its order.
/// - `open-external` (opens-app): the custom scheme opened its app.
/// - `app-store-search` (app-store): it did not; the App Store was searched for the scheme
///   (`appStoreTerm`, and the search URL that opened as `target`).
/// - `open-failed` (open-failed): system scheme or automatic search off (`onOpenFailed`).
/// - `app-store-search-failed` (open-failed): neither search URL opened.
/// - `universal-link-check` (opens-app): the SDK's `universalLinksOnly` check opened the app.
/// - `universal-link-not-opened` (loads): that check found no app.
/// - `universal-link` (opens-app): the SDK allowed, and WebKit's app-link try opened it.
/// - `universal-link-subframe` / `-back-forward` / `-same-host` / `-no-gesture` (loads):
///   allowed, and an app claims it, but WebKit kept it (Docs/PLATFORM.md §D.3).
/// - `http-allowed`, `https-allowed`, `local-file`, `webview-owned` (loads): the
///   classifier's allow branches.
/// - `unsupported-url` (error-page), `subframe-unsupported-url`, `local-resource-denied`
///   (blocked): what WebKit does with a non-web scheme the SDK let through.
/// - `new-window-in-place` (loads): `createWebViewWith` loaded an http(s) new window in
///   the same web view.
/// - `new-window-dropped` (blocked): `createWebViewWith` handed a non-web URL to the engine,
///   which allowed it; its completion is ignored, so nothing loads.
/// The client also has `no-url`, `pending-host-file` and `pending-user-load` allows, for
/// the host's own loads, which no page navigation reaches.
public struct IOSSDKProfile: RuntimeProfile {
    public let name = "ios-sdk"
    public var platform: Platform { .ios }
    public var isBrowser: Bool { false }

    public init() {}

    public func decide(_ request: PolicyRequest) -> Verdict {
        if let early = WebKitNavigation.beforePolicy(request) { return early }
        guard let url = request.url else { return Verdict(.blocked, .malformedURL) }
        let engine = DeepLinkDecisionEngine(classifier: request.iosSDKClassifier,
                                            opener: DeviceURLOpener(device: request.device))
        let navigation = IOSSDKNavigation(client: DeepLinkWebViewClient(engine: engine), device: request.device)
        var state = DeepLinkClientState(request.ios)
        return navigation.navigate(url, action: request.ios, state: &state)
    }
}

/// The client's callbacks in the order WebKit makes them.
struct IOSSDKNavigation {
    let client: DeepLinkWebViewClient
    let device: DeviceProfile

    func navigate(_ url: WebURL, action: IOSNavigationAction, state: inout DeepLinkClientState) -> Verdict {
        // `window.open` only reaches the UI delegate.
        if action.isNewWindow, action.navigationType == .other {
            return newWindow(url, action: action, state: &state)
        }
        switch client.decidePolicyFor(url, action: action, state: &state) {
        case .cancel(let verdict):
            return verdict
        case .allow(let reason):
            let result = WebKitNavigation.afterAllow(url, action: action, device: device)
            // A `target=_blank` navigation: WebKit tries the app link, then asks for the window.
            if action.isNewWindow, !result.opensApp {
                return newWindow(url, action: action, state: &state)
            }
            return WebKitNavigation.verdict(result, loadsReason: reason)
        }
    }

    func newWindow(_ url: WebURL, action: IOSNavigationAction, state: inout DeepLinkClientState) -> Verdict {
        switch client.createWebViewWith(url, action: action, state: &state) {
        case .loadInSameWebView(let target):
            let verdict = navigate(target, action: WebKitNavigation.apiLoad(from: action), state: &state)
            return verdict.outcome == .loads ? Verdict(.loads, .newWindowInPlace) : verdict
        case .handled(.cancel(let verdict)):
            return verdict
        case .handled(.allow), .noURL:
            return Verdict(.blocked, .newWindowDropped)
        }
    }
}
