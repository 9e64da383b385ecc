import Associations
import WHATWGURL

// How a device's installed apps meet the association files: the operating system's side
// of Universal Links, which the Associations target (the files alone) does not know.

extension AppSiteAssociation {
    /// The installed app this file opens `url` in (a URL on the file's own host), nil when
    /// none. `candidates` are the apps that claim the host (their `applinks:` entitlement).
    /// The `details` are read in order and the first app ID that `match` grants the URL and
    /// an installed candidate answers to wins, as Apple documents: "the order of the
    /// dictionaries in the array determines the order the system follows when looking for a match".
    public func installedApp(for url: WebURL, among candidates: [InstalledApp]) -> InstalledApp? {
        guard url.scheme == "https" else { return nil }
        let verdicts = match(url)
        for detail in details {
            for appID in detail.appIDs where verdicts[appID] == .match {
                if let app = candidates.first(where: { $0.answers(toAppID: appID) }) { return app }
            }
        }
        return nil
    }
}

extension InstalledApp {
    /// Whether this app is the one an AASA app ID (`TEAMID.bundle.id`) names. A device
    /// profile may give the full app ID as `id` (then it must be equal) or, as usual, the
    /// bundle ID alone (then the app ID's bundle part must be equal: the team is not known).
    public func answers(toAppID appID: String) -> Bool {
        if AppleAppID(id) != nil { return id == appID }
        return AppleAppID(appID)?.bundleID == id
    }
}

extension UniversalLinkAssociation {
    /// The device profile's simple form as a one-detail AASA for `appID`: its `components`,
    /// or its `paths` as legacy AASA paths (`NOT ` entries exclude), with the default flags.
    public func siteAssociation(appID: String) -> AppSiteAssociation {
        return AppSiteAssociation(applinks: .init(details: [AASADetail(appIDs: [appID], components: components == nil ? nil : rules,
                                                                                legacyPaths: components == nil ? rules : nil)]))
    }

    /// The verdict for `url`: nil unless it is https on this association's host (compared
    /// without case and without a final dot) and one of its rules (`components` or `paths`) matches.
    public func verdict(for url: WebURL) -> UniversalLinkVerdict? {
        guard url.scheme == "https", let hostname = url.hostname,
              Self.comparableHost(hostname) == Self.comparableHost(host) else { return nil }
        return rules.first(where: { $0.matches(url) }).map { $0.exclude ? .block : .match }
    }

    private static func comparableHost(_ host: String) -> String {
        let lower = host.lowercased()
        return lower.hasSuffix(".") ? String(lower.dropLast()) : lower
    }
}
