import Associations
import WHATWGURL

/// How an iOS device resolves what `UIApplication.open` is handed: custom schemes by the
/// apps that register them (or by iOS's own apps), Universal Links by the apps a site's
/// AASA file grants.
extension DeviceProfile {
    /// Schemes iOS hands to its own apps (Mail, Phone, Messages, FaceTime, Maps, iTunes /
    /// App Store): the PayerMax iOS SDK's `systemSchemes` in `handleOpenFailure`.
    public static let iosSystemSchemes: Set<String> = [
        "mailto", "tel", "sms", "facetime", "maps", "itms", "itms-apps",
    ]

    /// Schemes the browser engine serves or runs itself; no app can be their handler, so
    /// even the optimistic device does not open them.
    static let webEngineSchemes: Set<String> = [
        "http", "https", "about", "blob", "data", "javascript", "view-source", "file",
    ]

    /// Whether `UIApplication.open` succeeds for a URL with this scheme. `intent:` is an
    /// Android URI form no iOS app can claim; a scheme the device's `ios` capabilities rule
    /// out opens nothing (Docs/PLATFORM.md §D.8); other system schemes have their app; the
    /// optimistic device has an app for every other custom scheme.
    public func canOpen(customScheme: String) -> Bool {
        let scheme = customScheme.lowercased()
        if scheme == "intent" { return false }
        if let ios, !ios.allows(scheme: scheme) { return false }
        if Self.iosSystemSchemes.contains(scheme) { return true }
        if Self.webEngineSchemes.contains(scheme) { return false }
        return optimistic || app(forScheme: scheme) != nil
    }

    /// The first listed app that registers `scheme` (compared case-insensitively).
    public func app(forScheme scheme: String) -> InstalledApp? {
        let scheme = scheme.lowercased()
        return apps.first { $0.schemes.contains { $0.lowercased() == scheme } }
    }

    /// The app a Universal Link opens, nil when none does.
    ///
    /// With the host's AASA fetched (`siteAssociations`), the site decides which URLs open
    /// which app, and the device which apps are installed and claim the host (an app's
    /// `universalLinks` entry for the host stands for its `applinks:` entitlement; its
    /// `paths` are not used): see `AppSiteAssociation.installedApp(for:among:)`. A host
    /// without a usable file opens no app.
    ///
    /// Otherwise the device's declarations are the AASA: apps are consulted in order, like
    /// `details` entries of one file (Docs/PLATFORM.md §E.2): the first association whose host matches and
    /// whose rules (`components` or `paths`) match decides, and an excluding match stops the search.
    ///
    /// Either way, when the app found has the host opted out (`openInApp: false` on its
    /// entry: the user chose "Open in Safari"), the link opens no app: iOS keeps it in the
    /// browser rather than offering it to another app (Docs/PLATFORM.md §D.9; UNCONFIRMED).
    public func universalLinkApp(for url: WebURL) -> InstalledApp? {
        guard url.scheme == "https" || url.scheme == "http",
              let host = url.hostname?.lowercased(), !host.isEmpty else { return nil }
        if let file = siteAssociations?.appSiteAssociation(forHost: host) {
            guard case .usable(let association) = file else { return nil }
            let claiming = apps.filter { app in
                app.universalLinks.contains { SiteAssociations.key($0.host) == SiteAssociations.key(host) }
            }
            guard let app = association.installedApp(for: url, among: claiming) else { return nil }
            let optedOut = app.universalLinks.contains {
                !$0.openInApp && SiteAssociations.key($0.host) == SiteAssociations.key(host)
            }
            return optedOut ? nil : app
        }
        for app in apps {
            for association in app.universalLinks where association.host.lowercased() == host {
                // The device's declarations are legacy AASA paths: the AASA matcher decides.
                switch association.verdict(for: url) {
                case .match?: return association.openInApp ? app : nil
                case .block?: return nil
                case nil: continue
                }
            }
        }
        return nil
    }
}
