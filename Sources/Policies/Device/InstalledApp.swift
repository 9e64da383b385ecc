import Associations
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
/// own syntax: legacy `paths` (with `NOT ` entries), or modern `components` (`/`, `?`, `#`,
/// `exclude`, `caseSensitive`, `percentEncoded`), evaluated in order, first match wins.
public struct UniversalLinkAssociation: Codable, Sendable, Equatable {
    public var host: String
    /// Legacy AASA `paths` (iOS 9–12 form); used when `components` is nil.
    public var paths: [String] {
        didSet { if components == nil { rules = paths.map { AASALegacyPath.component($0) } } }
    }
    /// Modern AASA `components` (iOS 13+) as written in the device file, so a device can
    /// mirror a site's real file; they replace `paths` as `components` replace `paths` in an
    /// AASA detail (Docs/PLATFORM.md §E). Read by the Associations target's rule reader.
    package private(set) var components: [StrictJSON]?
    /// The rules `components` or `paths` stand for, compiled once.
    public private(set) var rules: [AASAComponent]
    /// false: the user opted this domain out of opening in the app (long-press → "Open in
    /// Safari", or the status-bar breadcrumb back to Safari): iOS keeps opening the domain's
    /// Universal Links in the browser, `universalLinksOnly` opens fail (Docs/PLATFORM.md §D.9).
    public var openInApp: Bool

    public init(host: String, paths: [String] = ["*"], openInApp: Bool = true) {
        self.host = host
        self.paths = paths
        self.components = nil
        self.rules = paths.map { AASALegacyPath.component($0) }
        self.openInApp = openInApp
    }

    /// An association given as AASA `components`; fails with the rule reader's problems.
    package init(host: String, components: [StrictJSON], openInApp: Bool = true) throws {
        self.host = host
        self.paths = []
        self.components = components
        self.rules = try Self.read(components)
        self.openInApp = openInApp
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.host == rhs.host && lhs.paths == rhs.paths && lhs.components == rhs.components && lhs.openInApp == rhs.openInApp
    }

    struct ComponentError: Error, CustomStringConvertible {
        let problems: [AssociationProblem]
        var description: String { problems.map(\.reason).joined(separator: "; ") }
    }

    static func read(_ components: [StrictJSON]) throws -> [AASAComponent] {
        try components.enumerated().map { index, json in
            let (rule, problems) = AASAComponent.deviceRule(json, at: "components[\(index)]")
            guard let rule else { throw ComponentError(problems: problems) }
            return rule
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case host, paths, components, openInApp }

    public init(from decoder: Decoder) throws {
        try StrictKeys.check(decoder, allowed: CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        host = try c.decode(String.self, forKey: .host)
        openInApp = try c.decodeIfPresent(Bool.self, forKey: .openInApp) ?? true
        components = try c.decodeIfPresent([StrictJSON].self, forKey: .components)
        if let components {
            if c.contains(.paths) {
                throw DecodingError.dataCorruptedError(forKey: .paths, in: c,
                                                       debugDescription: "give paths or components, not both")
            }
            paths = []
            do {
                rules = try Self.read(components)
            } catch let error as ComponentError {
                throw DecodingError.dataCorruptedError(forKey: .components, in: c, debugDescription: error.description)
            }
        } else {
            paths = try c.decodeIfPresent([String].self, forKey: .paths) ?? ["*"]
            rules = paths.map { AASALegacyPath.component($0) }
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(host, forKey: .host)
        if let components { try c.encode(components, forKey: .components) } else { try c.encode(paths, forKey: .paths) }
        if !openInApp { try c.encode(openInApp, forKey: .openInApp) }
    }
}
