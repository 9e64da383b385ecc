import LinkAuditModel

/// One runtime's navigation policy: what a WebView (with or without the app's client)
/// or a system browser does with a navigation. Implementations are pure: no I/O, no
/// clock; everything comes in the request.
public protocol RuntimeProfile: Sendable {
    /// The profile's fixed name (`android-sdk`, `ios-wkwebview`, …).
    var name: String { get }
    /// The platform it models: platform-specific checks ask it (through `ProfileRegistry`).
    var platform: Platform { get }
    /// The platform's browser (Chrome, Safari) rather than an app's web view.
    var isBrowser: Bool { get }
    /// Runs only when selected by name (`ios-strict`, `android-webview-noclient`).
    var runsByDefault: Bool { get }
    /// What its engine does with a navigation from a sandboxed frame (`SandboxGate`).
    var sandboxGate: SandboxGate { get }
    func decide(_ request: PolicyRequest) -> Verdict
}

extension RuntimeProfile {
    public var runsByDefault: Bool { true }

    /// What a web server can tell of the runtime: the user agent a crawl fetches pages with.
    public var family: RuntimeFamily { RuntimeFamily(platform: platform, isBrowser: isBrowser) }
}

/// Detail keys a verdict may carry, shared by the profiles, the runner and the checks.
public enum VerdictDetail {
    /// "true" when the navigation consumed the Android host's activation window: later
    /// navigations of the same page visit no longer have it.
    public static let activationConsumed = "activationConsumed"
    /// The app or intent launched (package, scheme, or the URL handed to the system).
    public static let target = "target"
    /// A fallback URL loaded instead.
    public static let fallbackURL = "fallbackURL"
    /// The App Store search term (iOS SDK after a failed open).
    public static let appStoreTerm = "appStoreTerm"
    /// What was removed from an `intent:` before launching (component, selector, flags).
    public static let stripped = "stripped"
    /// A named assumption the verdict rests on (a fact Docs/PLATFORM.md marks UNCONFIRMED; its §U lists them).
    public static let assumption = "assumption"
    /// Why a deep link was rejected by an allowlist.
    public static let rejectedBy = "rejectedBy"
}
