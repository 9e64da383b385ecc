import LinkAuditModel

/// What `UIApplication.open(_:options:completionHandler:)` can open on an iOS device beyond
/// its installed apps: the device file's `ios` object (Docs/PLATFORM.md §D.8). Absent, the
/// device opens what it always did: every system scheme (`iosSystemSchemes`), every web URL
/// (Safari), every custom scheme an app registers (every one on the optimistic device).
///
/// The reference clients call `open` only, never `canOpenURL`, so the host app's
/// `LSApplicationQueriesSchemes` list changes no verdict and is not a field (§D.8).
public struct IOSCapabilities: Codable, Sendable, Equatable {
    /// Schemes `open` fails for on this device whatever iOS or the apps usually do: `tel` on an
    /// iPad or iPod touch (no Phone app), `sms` where Messages cannot send, `mailto` when Mail
    /// was deleted, `facetime` where FaceTime is restricted, or a custom scheme the optimistic
    /// device should not claim. Compared case-insensitively.
    public var cannotOpenSchemes: [String]
    /// The App Store app is there. false: hidden by Screen Time or an MDM restriction
    /// (`allowAppInstallation` false), so `itms-apps:` URLs open nothing; an
    /// `https://apps.apple.com` URL then goes to the browser like any web page.
    public var appStore: Bool
    /// A browser takes web URLs no Universal Link claims. false: Safari is restricted
    /// (MDM `allowSafari` false, or Screen Time) and no other default browser is set, so
    /// `open` fails for such URLs.
    public var webBrowser: Bool

    public init(cannotOpenSchemes: [String] = [], appStore: Bool = true, webBrowser: Bool = true) {
        self.cannotOpenSchemes = cannotOpenSchemes
        self.appStore = appStore
        self.webBrowser = webBrowser
    }

    /// The App Store app's own schemes.
    public static let appStoreSchemes: Set<String> = ["itms-apps", "itms-appss"]

    /// Whether this device's restrictions leave `scheme` (lower case) openable at all.
    public func allows(scheme: String) -> Bool {
        if !appStore, Self.appStoreSchemes.contains(scheme) { return false }
        return !cannotOpenSchemes.contains { $0.lowercased() == scheme }
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case cannotOpenSchemes, appStore, webBrowser }

    public init(from decoder: Decoder) throws {
        try StrictKeys.check(decoder, allowed: CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        cannotOpenSchemes = try c.decodeIfPresent([String].self, forKey: .cannotOpenSchemes) ?? []
        appStore = try c.decodeIfPresent(Bool.self, forKey: .appStore) ?? true
        webBrowser = try c.decodeIfPresent(Bool.self, forKey: .webBrowser) ?? true
    }
}
