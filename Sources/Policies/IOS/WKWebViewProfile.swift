import LinkAuditModel
import WHATWGURL

/// `ios-wkwebview`: a WKWebView whose navigation delegate returns `.allow` for everything
/// and which has no `WKUIDelegate` (Docs/PLATFORM.md §D.1–D.3, rules 18–21).
///
/// Reasons:
/// - `malformed-url` (blocked): the target does not parse; nothing starts.
/// - `javascript-url` (internal): runs in the page, no delegate asked.
/// - `universal-link` (opens-app): WebKit's app-link try opened the installed app.
/// - `universal-link-subframe` / `-back-forward` / `-same-host` / `-no-gesture` (loads):
///   an app claims the link but a §D.3 condition keeps it in the web view.
/// - `web-page` (loads): http(s).
/// - `webview-scheme` (loads): `about:`, `data:`, `blob:`.
/// - `local-file` (loads): `file:` from a file page.
/// - `local-resource-denied` (blocked): `file:` from a web page.
/// - `unsupported-url` (error-page): a main-frame custom scheme or `intent:` fails
///   provisionally (NSURLErrorDomain −1002), no error page; carries an assumption.
/// - `subframe-unsupported-url` (blocked): the same in an iframe, reported only privately.
/// - `no-ui-delegate` (blocked): a new window that nothing creates.
public struct WKWebViewProfile: RuntimeProfile {
    public let name = "ios-wkwebview"
    public var platform: Platform { .ios }
    public var isBrowser: Bool { false }

    public init() {}

    public func decide(_ request: PolicyRequest) -> Verdict {
        if let early = WebKitNavigation.beforePolicy(request) { return early }
        guard let url = request.url else { return Verdict(.blocked, .malformedURL) }
        let action = request.ios
        if action.isNewWindow {
            return newWindow(url, action: action, device: request.device)
        }
        return WebKitNavigation.verdict(WebKitNavigation.afterAllow(url, action: action, device: request.device))
    }

    /// `window.open` (type `.other`) goes straight to the missing UI delegate; a
    /// `target=_blank` link or form is first allowed by the navigation delegate, so WebKit
    /// tries an app link before asking for the window.
    func newWindow(_ url: WebURL, action: IOSNavigationAction, device: DeviceProfile) -> Verdict {
        if action.navigationType != .other {
            let result = WebKitNavigation.afterAllow(url, action: action, device: device)
            if result.opensApp { return WebKitNavigation.verdict(result) }
        }
        return Verdict(.blocked, .noUIDelegate)
    }
}
