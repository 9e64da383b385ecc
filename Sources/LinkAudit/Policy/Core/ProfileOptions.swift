/// Settings of the seed profiles, each named after the seed's own option. Defaults are
/// the seeds' defaults.
public struct ProfileOptions: Codable, Sendable, Equatable {
    /// Seed 000 Android client.
    public var android = AndroidSDKOptions()
    /// Seed 000 iOS SDK (`DeepLinkOptions`).
    public var iosSDK = IOSSDKOptions()
    /// Seed 001 strict delegate.
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
    /// The app's associated domain, routed internally (`AppRouteValidator`).
    public var associatedDomain = "example.com"
    /// Partner hosts opened with `universalLinksOnly`.
    public var partnerHosts: [String] = []
    /// `CustomSchemeValidator`'s allowlist.
    public var allowedSchemes: [String] = []
    /// `AppRouteValidator`'s allowed paths (prefixes).
    public var allowedPaths: [String] = []
    public init() {}
}
