import Associations

/// How a declared host takes a URL's host, shared by `AppLinkFilter` entries, `IntentFilter`
/// authorities and `verifiedDomains` (the rest of a filter's matching is `IntentFilter`'s:
/// an app's `appLinks` become `IntentFilter`s, Docs/PLATFORM.md §C.3).
extension AppLinkFilter {
    /// `IntentFilter.AuthorityEntry.match`: a leading `*` is a suffix match of the rest
    /// (`*.example.com` takes `a.example.com`, not `example.com`); case-insensitive.
    static func host(_ declared: String, matches host: String) -> Bool {
        let wild = declared.hasPrefix("*")
        let want = Array((wild ? String(declared.dropFirst()) : declared).lowercased().utf16)
        var have = Array(host.lowercased().utf16)
        if wild {
            guard have.count >= want.count else { return false }
            have = Array(have.suffix(want.count))
        }
        return have == want
    }
}

extension IntentFilter {
    /// Android 12+ (`AndroidResolution.apiVerifiedWebLinks`) only lets a web filter with hosts
    /// make its app a handler of a generic web intent when the app is approved for the domain.
    func countsOnAPI(_ apiLevel: Int) -> Bool {
        apiLevel < AndroidResolution.apiVerifiedWebLinks || verified || hosts.isEmpty
            || !(schemes.contains("http") || schemes.contains("https"))
    }
}

extension DeviceProfile {
    /// An app's filter with `verified` as this device has it: the fetched assetlinks.json
    /// decides when there is one for the host (as for `AppLinkFilter`), else the filter's own
    /// flag, raised by the app's `verifiedDomains` (domains verified or user-approved).
    func verifying(_ filter: IntentFilter, of app: InstalledApp, host: String?) -> IntentFilter {
        guard let host, !filter.hosts.isEmpty, filter.schemes.contains(where: AndroidResolution.isWebScheme) else {
            return filter
        }
        var gated = filter
        if let sites = siteAssociations,
           let declared = filter.hosts.first(where: { AppLinkFilter.host(IntentFilter.splitAuthority($0).0, matches: host) }),
           let verified = sites.verifies(package: app.id, filterHost: IntentFilter.splitAuthority(declared).0) {
            gated.verified = verified
        }
        if !gated.verified, app.verifiedDomains.contains(where: { AppLinkFilter.host($0, matches: host) }) {
            gated.verified = true
        }
        return gated
    }
}

extension DeviceProfile {
    /// The domains besides `host` whose assetlinks.json verifies links to it on this device:
    /// for each installed app's wildcard filter host that takes `host` (`*.example.com`),
    /// the bare domain Android 12+ verifies it on (`example.com`).
    public func verificationDomains(forHost host: String) -> [String] {
        var domains: [String] = []
        for app in apps {
            for filter in app.allFilters where filter.schemes.contains(where: AndroidResolution.isWebScheme) {
                for entry in filter.hosts {
                    let declared = IntentFilter.splitAuthority(entry).0
                    guard declared.hasPrefix("*."), AppLinkFilter.host(declared, matches: host) else { continue }
                    domains.append(SiteAssociations.verificationDomain(declared))
                }
            }
        }
        return domains
    }
}
