import LinkAuditModel
import WHATWGURL

/// The strict iOS delegate's `CustomWebViewController.webView(_:decidePolicyFor:decisionHandler:)`: the
/// policy and the side effect it starts, as a value. Checks run in the delegate's order (Docs/PLATFORM.md §P.4):
/// source-frame gate, the associated domain, custom schemes, then web destinations.
public struct StrictNavigationDelegate: Sendable {
    public enum Decision: Equatable, Sendable {
        case allow(AllowBranch)
        case cancel(CancelBranch)
    }

    /// `decisionHandler(.allow)` returns.
    public enum AllowBranch: Equatable, Sendable {
        /// No URL in the request.
        case noURL
        /// http(s) started by an iframe.
        case subframeWeb
        /// Standard web content in an existing frame.
        case web
        /// The closing `.allow`: only `about:` gets there.
        case aboutScheme

        /// The reason of the plain load that follows.
        public var reason: Reason {
            switch self {
            case .noURL: .noURL
            case .subframeWeb: .subframeWeb
            case .web: .webPage
            case .aboutScheme: .aboutURL
            }
        }
    }

    /// `decisionHandler(.cancel)` returns, and what the delegate does around it.
    public enum CancelBranch: Equatable, Sendable {
        /// A non-web scheme started by an iframe: suppressed.
        case subframeNonWeb
        /// The associated domain with a valid route: `AppInternalRouter.navigate(to:)`.
        case routeInternally(ValidatedAppRoute)
        /// The associated domain with a rejected route: nothing happens.
        case routeRejected(ValidatorRejection)
        /// A link-activated custom scheme the validator accepted: `UIApplication.open`.
        case openCustomScheme(WebURL)
        /// A custom scheme without `.linkActivated`: the validator is not consulted.
        case customSchemeNotLinkActivated
        /// A link-activated custom scheme the validator rejected.
        case customSchemeRejected(ValidatorRejection)
        /// A link-activated partner link: `universalLinksOnly`, loaded here on failure.
        case openPartnerUniversalLink(WebURL)
        /// A new-window (`targetFrame == nil`) web link: `webView.load` in place.
        case loadNewWindowInPlace(WebURL)
    }

    public let options: IOSStrictOptions
    let routeValidator: AppRouteValidator
    let schemeValidator: CustomSchemeValidator

    public init(options: IOSStrictOptions) {
        self.options = options
        routeValidator = AppRouteValidator(options: options)
        schemeValidator = CustomSchemeValidator(options: options)
    }

    public func decidePolicyFor(_ url: WebURL?, sourceIsMainFrame: Bool, isNewWindow: Bool,
                                navigationType: WKNavigationType) -> Decision {
        guard let url else { return .allow(.noURL) }
        let scheme = url.scheme.lowercased()
        let isWeb = scheme == "http" || scheme == "https"

        // Check 1: iframes may load web pages and nothing else.
        if !sourceIsMainFrame {
            return isWeb ? .allow(.subframeWeb) : .cancel(.subframeNonWeb)
        }
        let isExplicitLinkActivation = navigationType == .linkActivated

        // Check 2: the app's own domain is routed natively, valid or not.
        if scheme == "https", let host = url.hostname?.lowercased(), host == options.associatedDomain {
            switch routeValidator.validate(url) {
            case .success(let route): return .cancel(.routeInternally(route))
            case .failure(let rejection): return .cancel(.routeRejected(rejection))
            }
        }

        // Check 3: custom schemes only on an explicit link tap, and only when allowlisted.
        if !isWeb, scheme != "about" {
            guard isExplicitLinkActivation else { return .cancel(.customSchemeNotLinkActivated) }
            switch schemeValidator.validate(url) {
            case .success(let validated): return .cancel(.openCustomScheme(validated))
            case .failure(let rejection): return .cancel(.customSchemeRejected(rejection))
            }
        }

        // Check 4: partners' Universal Links, then new windows, then ordinary web content.
        if isWeb {
            let host = url.hostname?.lowercased() ?? ""
            if options.partnerHosts.contains(host), isExplicitLinkActivation {
                return .cancel(.openPartnerUniversalLink(url))
            }
            if isNewWindow { return .cancel(.loadNewWindowInPlace(url)) }
            return .allow(.web)
        }
        return .allow(.aboutScheme)
    }
}
