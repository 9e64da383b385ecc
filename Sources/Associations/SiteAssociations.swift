/// The association files a live crawl fetched, by host: what decides whether an `https`
/// link is a Universal Link (the host's `apple-app-site-association`) or a verified App
/// Link (its `assetlinks.json`). On a phone this is the operating system's own state —
/// iOS's `swcd` and Android's domain verification read the same files — so the policy
/// stage reads it through the device (`DeviceProfile.siteAssociations`).
///
/// A host that is not here was not fetched (an offline dump, a fetch that could not tell):
/// the device profile's own declarations decide, as without any files. A host that is here
/// with `.unusable` has no file the platform would use: nothing opens an app there.
public struct SiteAssociations: Sendable, Equatable {
    /// One file of one host, as the platform would take it.
    public enum File<Value: Sendable & Equatable>: Sendable, Equatable {
        /// Served as required and parsed (invalid entries already dropped, as the platform drops them).
        case usable(Value)
        /// Absent, not served as the platform requires, or not readable at all.
        case unusable
    }

    private var appleFiles: [String: File<AppSiteAssociation>]
    private var androidFiles: [String: File<AssetLinks>]

    public init(appSiteAssociations: [String: File<AppSiteAssociation>] = [:],
                assetLinks: [String: File<AssetLinks>] = [:]) {
        appleFiles = Dictionary(appSiteAssociations.map { (Self.key($0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
        androidFiles = Dictionary(assetLinks.map { (Self.key($0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    public var isEmpty: Bool { appleFiles.isEmpty && androidFiles.isEmpty }

    /// The host's AASA; nil when it was not fetched.
    public func appSiteAssociation(forHost host: String) -> File<AppSiteAssociation>? { appleFiles[Self.key(host)] }

    /// The host's assetlinks.json; nil when it was not fetched.
    public func assetLinks(forHost host: String) -> File<AssetLinks>? { androidFiles[Self.key(host)] }

    public mutating func set(_ file: File<AppSiteAssociation>, appleForHost host: String) { appleFiles[Self.key(host)] = file }
    public mutating func set(_ file: File<AssetLinks>, androidForHost host: String) { androidFiles[Self.key(host)] = file }

    /// Both maps of `other` over these.
    public func merging(_ other: SiteAssociations) -> SiteAssociations {
        var merged = self
        merged.appleFiles.merge(other.appleFiles) { $1 }
        merged.androidFiles.merge(other.androidFiles) { $1 }
        return merged
    }

    /// Hosts compare without case and without a final dot.
    package static func key(_ host: String) -> String {
        let lower = host.lowercased()
        return lower.hasSuffix(".") ? String(lower.dropLast()) : lower
    }
}

extension SiteAssociations {
    /// Whether the fetched assetlinks.json of the domain a filter host verifies against lets
    /// `package` handle its links (`handle_all_urls`, any signing certificate: device
    /// profiles do not carry certificates); nil when that file was not fetched. A wildcard
    /// filter host (`*.example.com`) is verified on the bare domain (`example.com`), as
    /// Android 12+ does; verification is per host, also as Android 12+ does.
    public func verifies(package: String, filterHost: String) -> Bool? {
        guard let file = assetLinks(forHost: Self.verificationDomain(filterHost)) else { return nil }
        guard case .usable(let links) = file else { return false }
        return links.verifies(package: package)
    }

    /// The host whose assetlinks.json verifies a filter host: `*.example.com` → `example.com`.
    public static func verificationDomain(_ filterHost: String) -> String {
        filterHost.hasPrefix("*.") ? String(filterHost.dropFirst(2)) : filterHost
    }
}
