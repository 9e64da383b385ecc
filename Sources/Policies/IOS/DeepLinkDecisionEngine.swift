import LinkAuditModel
import WHATWGURL

/// The PayerMax guide's iOS `DeepLinkDecisionEngine`: carries out the classifier's action. The
/// SDK's completion callbacks become return values: what the web view is told
/// (`allow` / cancel) and, for a cancel, what the user then sees.
public struct DeepLinkDecisionEngine: Sendable {
    /// The SDK's `handleOpenFailure` list: schemes whose failure is reported, not searched.
    public static let systemSchemes: Set<String> = DeviceProfile.iosSystemSchemes

    public enum Decision: Equatable, Sendable {
        /// `completion(true)`: the web view goes on; `reason` names the branch.
        case allow(reason: Reason)
        /// `completion(false)`, and what happened instead.
        case cancel(Verdict)
    }

    /// `checkUniversalLinkIfNeeded` for the URL given to `loadUrlByUser`.
    public enum UniversalLinkPrecheck: Equatable, Sendable {
        /// Not https, or the option is off: the caller loads the URL.
        case notChecked
        /// `universalLinksOnly` opened this app.
        case opened(appID: String)
        /// Checked, no app: the caller loads the URL.
        case notOpened
    }

    public let options: IOSSDKOptions
    public let classifier: DeepLinkClassifier
    public let opener: any IOSURLOpening

    public init(options: IOSSDKOptions, opener: any IOSURLOpening) {
        self.init(classifier: DeepLinkClassifier(options: options), opener: opener)
    }

    /// With a classifier already built from the options.
    init(classifier: DeepLinkClassifier, opener: any IOSURLOpening) {
        self.options = classifier.options
        self.classifier = classifier
        self.opener = opener
    }

    public func handle(_ context: DeepLinkNavigationContext, state: UserInteractionState) -> Decision {
        let classification = classifier.classify(context, state: state)
        switch classification.action {
        case .allow:
            return .allow(reason: classification.branch.reason)
        case .block:
            return .cancel(Verdict(.blocked, classification.branch.reason))
        case .openExternal(let url):
            // Cancel first, then hand the URL to the system.
            if let handler = opener.open(url, universalLinksOnly: false) {
                return .cancel(Verdict(.opensApp, DeepLinkBranch.openExternal.reason,
                                       details: [VerdictDetail.target: handler]))
            }
            return .cancel(handleOpenFailure(url))
        case .checkUniversalLink(let url):
            if let appID = opener.open(url, universalLinksOnly: true) {
                return .cancel(Verdict(.opensApp, DeepLinkBranch.universalLinkCheck.reason,
                                       details: [VerdictDetail.target: appID]))
            }
            return .allow(reason: .universalLinkNotOpened)
        }
    }

    /// After a failed open: search the App Store for the scheme, unless it is a system
    /// scheme or automatic search is off (then `onOpenFailed` is all that happens).
    public func handleOpenFailure(_ url: WebURL) -> Verdict {
        let scheme = url.scheme.lowercased()
        guard options.autoOpenAppStoreOnFailure, !scheme.isEmpty, !Self.systemSchemes.contains(scheme) else {
            return Verdict(.openFailed, .openFailed)
        }
        guard let search = AppStoreSearch.search(term: scheme, opener: opener) else {
            return Verdict(.openFailed, .appStoreSearchFailed, details: [VerdictDetail.appStoreTerm: scheme])
        }
        return Verdict(.appStore, .appStoreSearch,
                       details: [VerdictDetail.appStoreTerm: scheme, VerdictDetail.target: search.url.href])
    }

    /// The pre-check `loadUrlByUser` makes on its https URL.
    public func checkUniversalLinkIfNeeded(_ url: WebURL) -> UniversalLinkPrecheck {
        guard options.openUniversalLinksFromUserLoads, url.scheme.lowercased() == "https" else {
            return .notChecked
        }
        if let appID = opener.open(url, universalLinksOnly: true) { return .opened(appID: appID) }
        return .notOpened
    }
}
