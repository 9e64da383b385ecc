/// Settings of the reference clients' profiles, each named after the client's own option. Defaults are
/// the clients' defaults (Docs/PLATFORM.md §P.2–P.4).
public struct ProfileOptions: Codable, Sendable, Equatable {
    /// The PayerMax guide's Android client.
    public var android = AndroidSDKOptions()
    /// The PayerMax guide's iOS SDK (`DeepLinkOptions`).
    public var iosSDK = IOSSDKOptions()
    /// The strict iOS delegate.
    public var iosStrict = IOSStrictOptions()

    public init() {}
}

public struct AndroidSDKOptions: Codable, Sendable, Equatable {
    public var requireUserGesture = true
    /// `UserActivationTracker.USER_INTENT_WINDOW_MS`.
    public var activationWindowMs = 10_000
    public init() {}
}

public struct IOSSDKOptions: Codable, Sendable, Equatable {
    public enum Variant: String, Codable, Sendable { case swift, objc }
    public var variant: Variant = .swift
    public var requireUserGesture = true
    public var allowAutomaticSubframeDeepLinks = false
    public var openUniversalLinksFromUserLoads = true
    public var blockedSchemes: [String] = ["file", "content", "intent"]
    public var webViewOwnedSchemes: [String] = ["about", "data", "blob", "javascript", "view-source"]
    /// Models `shouldOpenExternalURL`: schemes the business veto refuses (empty: no veto).
    public var vetoedSchemes: [String] = []
    public var autoOpenAppStoreOnFailure = true
    public init() {}
}

public struct IOSStrictOptions: Codable, Sendable, Equatable {
    /// The app's associated domain (`hostAssociatedDomain`), routed internally after
    /// `AppRouteValidator`; compared with the lower-cased host, so write it in lower case.
    public var associatedDomain = "app.example.com"
    /// Partner hosts (`allowedExternalPartnerHosts`) opened with `universalLinksOnly`;
    /// lower case, like the associated domain.
    public var partnerHosts: [String] = ["partner.example.com"]
    /// `CustomSchemeValidator.allowedSchemes`.
    public var allowedSchemes: [String] = ["myapp"]
    /// `AppRouteValidator.allowedPrefixes`: path prefixes of internal routes.
    public var allowedPaths: [String] = ["/open/", "/product/", "/promo/", "/checkout/"]
    /// `AppRouteValidator.allowedQueryKeys`: the only query keys an internal route may carry.
    public var allowedQueryKeys: [String] = ["target", "id", "promo", "utm_source"]
    /// `CustomSchemeValidator.allowedHosts`: hosts of allowed custom-scheme links.
    public var allowedSchemeHosts: [String] = ["open", "product", "event"]
    /// `CustomSchemeValidator.allowedPathPrefixes`.
    public var allowedSchemePaths: [String] = ["/detail/", "/view/", "/main/"]
    /// `CustomSchemeValidator.allowedQueryKeys`.
    public var allowedSchemeQueryKeys: [String] = ["target", "id", "promo", "utm_source"]
    public init() {}
}
