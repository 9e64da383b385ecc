import LinkAuditModel
import WHATWGURL

/// The inputs and outputs of the PayerMax guide's iOS `DeepLinkClassifier`, as values.

/// The iOS SDK's `UserInteractionState`: sticky flags for one web view, cleared only by
/// `reset()` when the host loads a new built-in page.
public struct UserInteractionState: Equatable, Sendable {
    public private(set) var hasUserInteraction: Bool
    /// `loadUrlByUser` authorised later navigations (for the Universal Link check).
    public private(set) var hasUserInitiatedLoad: Bool

    public init(hasUserInteraction: Bool = false, hasUserInitiatedLoad: Bool = false) {
        self.hasUserInteraction = hasUserInteraction
        self.hasUserInitiatedLoad = hasUserInitiatedLoad
    }

    public mutating func markUserInteraction() { hasUserInteraction = true }
    public mutating func markUserInitiatedLoad() { hasUserInitiatedLoad = true }

    public mutating func reset() {
        hasUserInteraction = false
        hasUserInitiatedLoad = false
    }
}

/// The iOS SDK's `DeepLinkNavigationContext`: one navigation as the classifier sees it.
public struct DeepLinkNavigationContext: Equatable, Sendable {
    /// nil models a request without a URL (or, in Foundation, one without a scheme).
    public var url: WebURL?
    /// New windows (`targetFrame == nil`) count as main frame.
    public var isMainFrame: Bool
    public var navigationType: WKNavigationType
    /// `webView.url` before the navigation; nil on the initial host load.
    public var currentURL: WebURL?

    public init(url: WebURL?, isMainFrame: Bool = true, navigationType: WKNavigationType = .other,
                currentURL: WebURL? = nil) {
        self.url = url
        self.isMainFrame = isMainFrame
        self.navigationType = navigationType
        self.currentURL = currentURL
    }

    /// `isNavigationGesture`: a link tap or a form submission.
    public var hasNavigationGesture: Bool { Self.isNavigationGesture(navigationType) }

    public static func isNavigationGesture(_ type: WKNavigationType) -> Bool {
        type == .linkActivated || type == .formSubmitted
    }
}

/// The iOS SDK's `DeepLinkAction`.
public enum DeepLinkAction: Equatable, Sendable {
    /// Hand back to the web view.
    case allow
    /// Cancel the navigation.
    case block
    /// Cancel, then `UIApplication.open` the URL.
    case openExternal(WebURL)
    /// Try `universalLinksOnly` first: cancel on success, load on failure.
    case checkUniversalLink(WebURL)
}

/// Which `return` of `classify` produced the action.
public enum DeepLinkBranch: Equatable, Sendable, CaseIterable {
    case noURL, localFile, blockedScheme, http, universalLinkCheck, https, webViewOwned, subframeNoGesture
    case noUserInteraction, vetoed, openExternal

    /// The verdict reason the branch gives.
    public var reason: Reason {
        switch self {
        case .noURL: .noURL
        case .localFile: .localFile
        case .blockedScheme: .blockedScheme
        case .http: .httpAllowed
        case .universalLinkCheck: .universalLinkCheck
        case .https: .httpsAllowed
        case .webViewOwned: .webViewOwned
        case .subframeNoGesture: .subframeNoGesture
        case .noUserInteraction: .noUserInteraction
        case .vetoed: .vetoed
        case .openExternal: .openExternal
        }
    }
}

/// `classify`'s answer together with the branch that gave it.
public struct DeepLinkClassification: Equatable, Sendable {
    public var action: DeepLinkAction
    public var branch: DeepLinkBranch

    public init(_ action: DeepLinkAction, _ branch: DeepLinkBranch) {
        self.action = action
        self.branch = branch
    }
}
