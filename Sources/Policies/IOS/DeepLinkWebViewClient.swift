import WHATWGURL

/// The client state the PayerMax guide's iOS SDK keeps between callbacks, as a value.
public struct DeepLinkClientState: Equatable, Sendable {
    public var interaction: UserInteractionState
    /// One-time permission for the host's `loadLocalFile` navigation.
    public var pendingHostFileURL: WebURL?
    /// ObjC only: the `loadURLByUser` URL whose Universal Link check already failed.
    public var pendingUserLoadURL: WebURL?

    public init(interaction: UserInteractionState = UserInteractionState(), pendingHostFileURL: WebURL? = nil,
                pendingUserLoadURL: WebURL? = nil) {
        self.interaction = interaction
        self.pendingHostFileURL = pendingHostFileURL
        self.pendingUserLoadURL = pendingUserLoadURL
    }

    /// The state when a page's own navigation runs: the flags come from the inputs, and
    /// the host's load has already consumed both one-time permissions.
    public init(_ action: IOSNavigationAction) {
        self.init(interaction: UserInteractionState(hasUserInteraction: action.hasUserInteraction,
                                                    hasUserInitiatedLoad: action.hasUserInitiatedLoad))
    }
}

/// The PayerMax guide's iOS `DeepLinkWebViewClient`: the WKNavigationDelegate and WKUIDelegate
/// callbacks and the host entry points, each a pure step over `DeepLinkClientState`.
/// Where the Objective-C client differs, `variant == .objc` follows it:
/// - `decidePolicyFor` lets the `loadURLByUser` URL through once after its failed
///   Universal Link check (`pendingUserLoadURL`), which Swift does not have;
/// - the pending host file matches on file paths in ObjC, on the whole URL in Swift;
/// - `createWebViewWith` marks interaction for link/form types in ObjC only.
public struct DeepLinkWebViewClient: Sendable {
    public typealias Decision = DeepLinkDecisionEngine.Decision

    /// What `createWebViewWith` does (it always returns nil: no second web view).
    public enum NewWindow: Equatable, Sendable {
        /// Swift: no URL, nothing happens.
        case noURL
        /// http(s): `webView.load(request)` in the same web view.
        case loadInSameWebView(WebURL)
        /// Others: `engine.handle` with its completion ignored, so an allow loads nothing.
        case handled(Decision)
    }

    /// What `loadUrlByUser` does.
    public enum UserLoad: Equatable, Sendable {
        case openedApp(appID: String)
        /// `webView.load`: a `decidePolicyFor` for the URL follows.
        case load(WebURL)
        /// Not http(s): the engine decided directly (an allow then loads the URL).
        case handled(Decision)
    }

    public let engine: DeepLinkDecisionEngine
    var variant: IOSSDKOptions.Variant { engine.options.variant }

    public init(engine: DeepLinkDecisionEngine) {
        self.engine = engine
    }

    public func decidePolicyFor(_ url: WebURL?, action: IOSNavigationAction,
                                state: inout DeepLinkClientState) -> Decision {
        switch variant {
        case .swift:
            guard let url else { return .allow(reason: .noURL) }
            if let pending = state.pendingHostFileURL, pending == url {
                state.pendingHostFileURL = nil
                return .allow(reason: .pendingHostFile)
            }
        case .objc:
            if consumePendingHostFile(url, state: &state) { return .allow(reason: .pendingHostFile) }
            guard let url else { return .allow(reason: .noURL) }
            // The fallback load after a failed check: skip checking it again.
            if let pending = state.pendingUserLoadURL, pending.href == url.href {
                state.pendingUserLoadURL = nil
                return .allow(reason: .pendingUserLoad)
            }
        }
        if DeepLinkNavigationContext.isNavigationGesture(action.navigationType) {
            state.interaction.markUserInteraction()
        }
        return engine.handle(makeContext(url, action: action), state: state.interaction)
    }

    /// `window.open` reaches only this callback; `target=_blank` reaches it after
    /// `decidePolicyFor` allowed the navigation.
    public func createWebViewWith(_ url: WebURL?, action: IOSNavigationAction,
                                  state: inout DeepLinkClientState) -> NewWindow {
        if variant == .swift, url == nil { return .noURL }
        if let url, url.scheme == "http" || url.scheme == "https" { return .loadInSameWebView(url) }
        if variant == .objc, DeepLinkNavigationContext.isNavigationGesture(action.navigationType) {
            state.interaction.markUserInteraction()
        }
        return .handled(engine.handle(makeContext(url, action: action), state: state.interaction))
    }

    /// The host loads `url` on the user's behalf: https tries a Universal Link first,
    /// other schemes go straight to the engine.
    public func loadUrlByUser(_ url: WebURL, currentURL: WebURL?, state: inout DeepLinkClientState) -> UserLoad {
        state.interaction.markUserInteraction()
        state.interaction.markUserInitiatedLoad()
        if variant == .objc { state.pendingUserLoadURL = nil }
        guard url.scheme == "http" || url.scheme == "https" else {
            let context = DeepLinkNavigationContext(url: url, isMainFrame: true, navigationType: .other,
                                                    currentURL: currentURL)
            return .handled(engine.handle(context, state: state.interaction))
        }
        switch engine.checkUniversalLinkIfNeeded(url) {
        case .opened(let appID):
            return .openedApp(appID: appID)
        case .notOpened:
            if variant == .objc { state.pendingUserLoadURL = url }
            return .load(url)
        case .notChecked:
            return .load(url)
        }
    }

    /// The host loads a local page: a new browsing context with a one-time permission.
    public func loadLocalFile(_ url: WebURL, state: inout DeepLinkClientState) {
        state.interaction.reset()
        if variant == .objc { state.pendingUserLoadURL = nil }
        state.pendingHostFileURL = url
    }

    /// `targetFrame?.isMainFrame ?? true`: new windows count as main frame.
    func makeContext(_ url: WebURL?, action: IOSNavigationAction) -> DeepLinkNavigationContext {
        DeepLinkNavigationContext(url: url, isMainFrame: action.isNewWindow || action.isMainFrame,
                                  navigationType: action.navigationType,
                                  currentURL: action.currentWebURL)
    }

    /// ObjC `consumePendingHostFileURLIfNeeded`: a file URL with the pending file's path.
    func consumePendingHostFile(_ url: WebURL?, state: inout DeepLinkClientState) -> Bool {
        guard let pending = state.pendingHostFileURL, let url, url.scheme == "file" else { return false }
        let requestPath = FoundationURLPath.path(of: url)
        guard !requestPath.isEmpty, requestPath == FoundationURLPath.path(of: pending) else { return false }
        state.pendingHostFileURL = nil
        return true
    }
}
