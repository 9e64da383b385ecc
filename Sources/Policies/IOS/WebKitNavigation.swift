import LinkAuditModel
import WHATWGURL

/// What WebKit itself does around an app's navigation delegate: what happens before any
/// delegate is asked, and what follows once the delegate returned `.allow` (Docs/PLATFORM.md §D.2,
/// §D.3). Shared by `ios-wkwebview`, `ios-sdk` and `ios-strict`; Safari reuses the
/// Universal Link conditions.
public enum WebKitNavigation {
    /// Why an installed app's Universal Link stayed in the web view (§D.3).
    public enum AppLinkSkip: Equatable, Sendable {
        case subframe, backForward, sameHost, noGesture

        /// The verdict reason: the link loads in the web view, `universal-link-` and the condition.
        public var reason: Reason {
            switch self {
            case .subframe: .universalLinkSubframe
            case .backForward: .universalLinkBackForward
            case .sameHost: .universalLinkSameHost
            case .noGesture: .universalLinkNoGesture
            }
        }
    }

    /// What a page load that WebKit keeps is.
    public enum PageKind: Equatable, Sendable {
        /// http(s).
        case web
        /// `about:`, `data:`, `blob:`: the engine makes the document itself.
        case engineScheme
        /// A `file:` URL the current file page may read.
        case localFile

        /// The verdict reason of a plain load of this kind.
        public var reason: Reason {
            switch self {
            case .web: .webPage
            case .engineScheme: .webViewScheme
            case .localFile: .localFile
            }
        }
    }

    public enum Result: Equatable, Sendable {
        /// WebKit's app-link attempt opened the app; the navigation is ignored.
        case appLink(appID: String)
        /// The web view loads it; `skipped` says why an app that claims it did not open.
        case page(PageKind, skipped: AppLinkSkip?)
        /// A main-frame custom scheme: the provisional load fails, no error page.
        case unsupportedURL
        /// A sub-frame custom scheme: the failure reaches only a private delegate method.
        case subframeFailure
        /// A `file:` URL from a non-file page ("Not allowed to load local resource").
        case localResourceDenied

        /// The app-link try opened an app.
        public var opensApp: Bool {
            if case .appLink = self { return true }
            return false
        }
    }

    /// Verdicts decided before any delegate is asked: a target that does not parse starts
    /// no navigation, and `javascript:` runs in the page without a policy check
    /// (`WebKit/WebKit:Source/WebCore/loader/FrameLoader.cpp`, `FrameLoader::changeLocation`).
    public static func beforePolicy(_ request: PolicyRequest) -> Verdict? {
        guard let url = request.url else { return Verdict(.blocked, .malformedURL) }
        if url.scheme == "javascript" { return Verdict(.internal, .javascriptURL) }
        return nil
    }

    /// The app WebKit's `tryAppLink` opens, or why it does not (§D.3, rule 21): only a
    /// main-frame navigation to another host than the current page, not back/forward,
    /// processing a user gesture. nil and nil when no app claims the URL.
    public static func appLink(_ url: WebURL, action: IOSNavigationAction,
                               device: DeviceProfile) -> (app: InstalledApp?, skipped: AppLinkSkip?) {
        guard let app = device.universalLinkApp(for: url) else { return (nil, nil) }
        if !action.isMainFrame { return (nil, .subframe) }
        if action.navigationType == .backForward { return (nil, .backForward) }
        // `m_mainFrame->url().host() != request.url().host()`: no current page counts as another host.
        let currentHost = action.currentWebURL?.hostname ?? ""
        if currentHost == (url.hostname ?? "") { return (nil, .sameHost) }
        if !action.userGesture { return (nil, .noGesture) }
        return (app, nil)
    }

    /// What WebKit does after the delegate allowed `url`.
    public static func afterAllow(_ url: WebURL, action: IOSNavigationAction, device: DeviceProfile) -> Result {
        switch url.scheme {
        case "http", "https":
            let link = appLink(url, action: action, device: device)
            if let app = link.app { return .appLink(appID: app.id) }
            return .page(.web, skipped: link.skipped)
        case "about", "data", "blob":
            return .page(.engineScheme, skipped: nil)
        case "file":
            // A file page (or the first load) may read files; a web page may not.
            let current = action.currentWebURL
            if current == nil || current?.scheme == "file" { return .page(.localFile, skipped: nil) }
            return .localResourceDenied
        default:
            return action.isMainFrame ? .unsupportedURL : .subframeFailure
        }
    }

    /// The verdict for a result; `loadsReason` names the delegate's allow branch for a
    /// plain load (nil keeps the page kind).
    public static func verdict(_ result: Result, loadsReason: Reason? = nil) -> Verdict {
        switch result {
        case .appLink(let appID):
            return Verdict(.opensApp, .universalLink, details: [VerdictDetail.target: appID])
        case .page(_, let skipped?):
            return Verdict(.loads, skipped.reason)
        case .page(let kind, nil):
            return Verdict(.loads, loadsReason ?? kind.reason)
        case .unsupportedURL:
            return Verdict(.errorPage, .unsupportedURL, details: [VerdictDetail.assumption: unsupportedURLAssumption])
        case .subframeFailure:
            return Verdict(.blocked, .subframeUnsupportedURL)
        case .localResourceDenied:
            return Verdict(.blocked, .localResourceDenied)
        }
    }

    static let unsupportedURLAssumption =
        "provisional load fails with NSURLErrorDomain -1002 and WKWebView shows no error page: "
        + "the previous page stays (UNCONFIRMED, Docs/PLATFORM.md §D.2)"

    /// An API load (`webView.load(request)`) of `url` made by the app from inside a delegate
    /// callback: main frame, type `.other`, and no gesture, since API loads do not try app
    /// links (`ShouldAllowExternalSchemesButNotAppLinks`; UNCONFIRMED, Docs/PLATFORM.md §D.3).
    public static func apiLoad(from action: IOSNavigationAction) -> IOSNavigationAction {
        var load = action
        load.isMainFrame = true
        load.isNewWindow = false
        load.navigationType = .other
        load.userGesture = false
        return load
    }
}
