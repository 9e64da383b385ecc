/// The PayerMax guide's iOS `DeepLinkClassifier` (Docs/PLATFORM.md §P.3): a pure function of the navigation, the options
/// and the interaction state. Both of the guide's implementations are here; where the
/// Objective-C one differs, `options.variant == .objc` follows it:
/// - `shouldCheckUniversalLink`: with no current host, Swift skips the check and ObjC
///   makes it (`currentHost.length == 0 || …`);
/// - scheme sets: Swift lower-cases `blockedSchemes` / `webViewOwnedSchemes`, ObjC
///   matches the lower-cased scheme against the sets as configured.
public struct DeepLinkClassifier: Sendable {
    public let options: IOSSDKOptions
    let blockedSchemes: Set<String>
    let webViewOwnedSchemes: Set<String>
    /// `shouldOpenExternalURL`, modelled as a scheme list (lower-cased in both variants).
    let vetoedSchemes: Set<String>

    public init(options: IOSSDKOptions) {
        self.options = options
        switch options.variant {
        case .swift:
            // Normalised so "MyApp" in the options still matches the lower-cased scheme.
            blockedSchemes = Set(options.blockedSchemes.map { $0.lowercased() })
            webViewOwnedSchemes = Set(options.webViewOwnedSchemes.map { $0.lowercased() })
        case .objc:
            blockedSchemes = Set(options.blockedSchemes)
            webViewOwnedSchemes = Set(options.webViewOwnedSchemes)
        }
        vetoedSchemes = Set(options.vetoedSchemes.map { $0.lowercased() })
    }

    public func classify(_ context: DeepLinkNavigationContext,
                         state: UserInteractionState) -> DeepLinkClassification {
        guard let url = context.url, !url.scheme.isEmpty else {
            return DeepLinkClassification(.allow, .noURL)
        }
        let scheme = url.scheme.lowercased()

        // File URLs follow the local page rule before the scheme lists.
        if scheme == "file", Self.isLocalFileNavigation(context) {
            return DeepLinkClassification(.allow, .localFile)
        }
        if blockedSchemes.contains(scheme) {
            return DeepLinkClassification(.block, .blockedScheme)
        }
        if scheme == "http" {
            return DeepLinkClassification(.allow, .http)
        }
        if scheme == "https" {
            return shouldCheckUniversalLink(context, state: state)
                ? DeepLinkClassification(.checkUniversalLink(url), .universalLinkCheck)
                : DeepLinkClassification(.allow, .https)
        }
        if webViewOwnedSchemes.contains(scheme) {
            return DeepLinkClassification(.allow, .webViewOwned)
        }
        if !context.isMainFrame, !context.hasNavigationGesture, !options.allowAutomaticSubframeDeepLinks {
            return DeepLinkClassification(.block, .subframeNoGesture)
        }
        if options.requireUserGesture, !context.hasNavigationGesture, !state.hasUserInteraction {
            return DeepLinkClassification(.block, .noUserInteraction)
        }
        if vetoedSchemes.contains(scheme) {
            return DeepLinkClassification(.block, .vetoed)
        }
        return DeepLinkClassification(.openExternal(url), .openExternal)
    }

    /// Only main-frame `.other` https navigations to another host after `loadUrlByUser`;
    /// the initial URL is checked by `loadUrlByUser` itself.
    public func shouldCheckUniversalLink(_ context: DeepLinkNavigationContext,
                                         state: UserInteractionState) -> Bool {
        guard options.openUniversalLinksFromUserLoads else { return false }
        guard context.isMainFrame else { return false }
        guard context.navigationType == .other else { return false }
        guard state.hasUserInitiatedLoad else { return false }
        let targetHost = context.url?.hostname ?? ""
        let currentHost = context.currentURL?.hostname ?? ""
        switch options.variant {
        case .swift:
            // No current host (or no target host): skip the cross-host judgement.
            guard !currentHost.isEmpty, !targetHost.isEmpty else { return false }
        case .objc:
            guard !targetHost.isEmpty else { return false }
            if currentHost.isEmpty { return true }
        }
        return currentHost.lowercased() != targetHost.lowercased()
    }

    /// The local page rule: the host's initial file load, or a file in the directory of
    /// the current file page (or the page itself: `webView.url` may already be the target).
    public static func isLocalFileNavigation(_ context: DeepLinkNavigationContext) -> Bool {
        guard let url = context.url, url.scheme == "file" else { return false }
        if context.currentURL == nil, context.navigationType == .other { return true }
        guard let current = context.currentURL, current.scheme == "file" else { return false }
        let currentPath = FoundationURLPath.path(of: current)
        // The separator keeps `/a/bc` from counting as inside `/a/b`.
        let directory = FoundationURLPath.directory(of: currentPath)
        return isInLocalDirectory(FoundationURLPath.path(of: url), currentPath: currentPath,
                                  directory: directory.hasSuffix("/") ? directory : directory + "/")
    }

    /// The path test of the local page rule, for a caller that has the current page's path
    /// and directory (ending in `/`) already: the classifier reads them once per page.
    static func isInLocalDirectory(_ targetPath: String, currentPath: String, directory: String) -> Bool {
        targetPath == currentPath || targetPath.hasPrefix(directory)
    }
}
