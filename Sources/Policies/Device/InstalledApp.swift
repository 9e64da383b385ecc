import LinkAuditModel

/// An app on the device and the links it takes: custom schemes, Android App Link
/// intent filters, iOS Universal Link associations.
public struct InstalledApp: Codable, Sendable, Equatable {
    /// Android package name or iOS bundle ID (`id.dana`, `jp.ne.paypay.iosapp`).
    public var id: String
    /// Custom URL schemes it registers (lower case, as browsers lower-case them).
    public var schemes: [String]
    /// Android `<intent-filter>`s with http(s) `<data>`.
    public var appLinks: [AppLinkFilter]
    /// iOS `applinks` associations (what the site's AASA grants this app).
    public var universalLinks: [UniversalLinkAssociation]
    /// `ResolveInfo.priority` of its filters.
    public var priority: Int
    /// `ResolveInfo.preferredOrder`.
    public var preferredOrder: Int
    /// The user made it the default for its links (`ResolveInfo.isDefault`).
    public var isDefault: Bool
    /// Android `<intent-filter>`s in full (actions, categories, schemes, hosts with ports,
    /// paths, MIME types, exported): Docs/PLATFORM.md §C.3. A scheme listed here replaces the
    /// legacy `schemes` entry for it.
    public var intentFilters: [IntentFilter]
    /// API 30+ package visibility: the host app's manifest `<queries>` declares this app (or an
    /// intent it handles). false: `queryIntentActivities` does not list it, `startActivity`
    /// still launches it (Docs/PLATFORM.md §C.4). Ignored below API 30.
    public var visibleToHost: Bool
    /// This app's own "Open supported links" setting; nil: the device's `openSupportedLinks`.
    public var openSupportedLinks: DeviceProfile.LinkHandling?
    /// Domains Android verified for the app, or the user approved in its "Open by default"
    /// settings (API 31+): its web filters take these hosts as if `verified` (§C.2).
    public var verifiedDomains: [String]

    public init(id: String, schemes: [String] = [], appLinks: [AppLinkFilter] = [],
                universalLinks: [UniversalLinkAssociation] = [], priority: Int = 0, preferredOrder: Int = 0,
                isDefault: Bool = false, intentFilters: [IntentFilter] = [], visibleToHost: Bool = true,
                openSupportedLinks: DeviceProfile.LinkHandling? = nil, verifiedDomains: [String] = []) {
        self.id = id
        self.schemes = schemes
        self.appLinks = appLinks
        self.universalLinks = universalLinks
        self.priority = priority
        self.preferredOrder = preferredOrder
        self.isDefault = isDefault
        self.intentFilters = intentFilters
        self.visibleToHost = visibleToHost
        self.openSupportedLinks = openSupportedLinks
        self.verifiedDomains = verifiedDomains
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, schemes, appLinks, universalLinks, priority, preferredOrder, isDefault
        case intentFilters, visibleToHost, openSupportedLinks, verifiedDomains
    }

    public init(from decoder: Decoder) throws {
        try StrictKeys.check(decoder, allowed: CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        schemes = try c.decodeIfPresent([String].self, forKey: .schemes) ?? []
        appLinks = try c.decodeIfPresent([AppLinkFilter].self, forKey: .appLinks) ?? []
        universalLinks = try c.decodeIfPresent([UniversalLinkAssociation].self, forKey: .universalLinks) ?? []
        priority = try c.decodeIfPresent(Int.self, forKey: .priority) ?? 0
        preferredOrder = try c.decodeIfPresent(Int.self, forKey: .preferredOrder) ?? 0
        isDefault = try c.decodeIfPresent(Bool.self, forKey: .isDefault) ?? false
        intentFilters = try c.decodeIfPresent([IntentFilter].self, forKey: .intentFilters) ?? []
        visibleToHost = try c.decodeIfPresent(Bool.self, forKey: .visibleToHost) ?? true
        openSupportedLinks = try c.decodeIfPresent(DeviceProfile.LinkHandling.self, forKey: .openSupportedLinks)
        verifiedDomains = try c.decodeIfPresent([String].self, forKey: .verifiedDomains) ?? []
    }
}

/// An Android `<intent-filter>` for web links: its `<data>` elements merged, as Android
/// merges them.
public struct AppLinkFilter: Codable, Sendable, Equatable {
    public var schemes: [String]
    /// `android:host`; a leading `*` matches any suffix (`*.example.com`, not the apex).
    public var hosts: [String]
    /// `android:path` (exact), `pathPrefix`, `pathPattern` (Android's simple glob), `pathSuffix`.
    public var paths: [String]
    public var pathPrefixes: [String]
    public var pathPatterns: [String]
    public var pathSuffixes: [String]
    /// `autoVerify` passed: the site's assetlinks.json names the app (Android 12+ needs it).
    public var verified: Bool

    public init(schemes: [String] = ["https"], hosts: [String], paths: [String] = [], pathPrefixes: [String] = [],
                pathPatterns: [String] = [], pathSuffixes: [String] = [], verified: Bool = true) {
        self.schemes = schemes
        self.hosts = hosts
        self.paths = paths
        self.pathPrefixes = pathPrefixes
        self.pathPatterns = pathPatterns
        self.pathSuffixes = pathSuffixes
        self.verified = verified
    }

    /// Filters that declare no path are "landing page" handlers to the PayerMax guide's client.
    public var countDataPaths: Int { paths.count + pathPrefixes.count + pathPatterns.count + pathSuffixes.count }

    enum CodingKeys: String, CodingKey, CaseIterable { case schemes, hosts, paths, pathPrefixes, pathPatterns, pathSuffixes, verified }

    public init(from decoder: Decoder) throws {
        try StrictKeys.check(decoder, allowed: CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemes = try c.decodeIfPresent([String].self, forKey: .schemes) ?? ["https"]
        hosts = try c.decode([String].self, forKey: .hosts)
        paths = try c.decodeIfPresent([String].self, forKey: .paths) ?? []
        pathPrefixes = try c.decodeIfPresent([String].self, forKey: .pathPrefixes) ?? []
        pathPatterns = try c.decodeIfPresent([String].self, forKey: .pathPatterns) ?? []
        pathSuffixes = try c.decodeIfPresent([String].self, forKey: .pathSuffixes) ?? []
        verified = try c.decodeIfPresent(Bool.self, forKey: .verified) ?? true
    }
}

/// What a site's `apple-app-site-association` grants an app on one host, in the AASA's
/// own syntax: legacy `paths` (with `NOT ` entries) evaluated in order, first match wins.
public struct UniversalLinkAssociation: Codable, Sendable, Equatable {
    public var host: String
    public var paths: [String]

    public init(host: String, paths: [String] = ["*"]) {
        self.host = host
        self.paths = paths
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case host, paths }

    public init(from decoder: Decoder) throws {
        try StrictKeys.check(decoder, allowed: CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        host = try c.decode(String.self, forKey: .host)
        paths = try c.decodeIfPresent([String].self, forKey: .paths) ?? ["*"]
    }
}
