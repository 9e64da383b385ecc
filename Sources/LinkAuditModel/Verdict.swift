/// What one runtime profile does with one navigation.
public struct Verdict: Codable, Sendable, Hashable {
    public var outcome: Outcome
    /// The stable code naming the branch taken (`no-gesture`, `blocked-scheme`, …).
    public var reason: Reason
    /// Branch details: launched target, fallback URL, App Store term, assumptions…
    public var details: [String: String]?

    public init(_ outcome: Outcome, _ reason: Reason, details: [String: String]? = nil) {
        self.outcome = outcome
        self.reason = reason
        self.details = details
    }
}

/// The visible fate of a navigation.
public enum Outcome: String, Codable, Sendable, CaseIterable {
    case loads, `internal`, opensApp = "opens-app", chooser, fallback
    case appStore = "app-store", openFailed = "open-failed", blocked
    case errorPage = "error-page"
    /// The visit never gets there: an earlier navigation stopped the page's parser before
    /// the navigation existed, or cancelled the refresh (`PageVisit`, Docs/PLATFORM.md §F.15).
    case unreached
}

/// A finding code raised on a navigation and the profiles where it occurs.
public struct FindingRef: Codable, Sendable, Equatable {
    public var code: String
    public var profiles: [String]

    public init(code: String, profiles: [String]) {
        self.code = code
        self.profiles = profiles
    }
}
