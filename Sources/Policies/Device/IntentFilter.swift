import LinkAuditModel

/// One `<activity>`'s `<intent-filter>` as a device file states it: what `IntentFilter.match`
/// reads (actions, categories, data schemes, authorities, paths, MIME types), and the
/// activity's name and `android:exported` (Docs/PLATFORM.md §C.1, §C.3).
///
/// Defaults describe the common deep-link filter: `ACTION_VIEW` with `CATEGORY_BROWSABLE` and
/// `CATEGORY_DEFAULT`, exported. An app's legacy `schemes` entries are filters of exactly this
/// shape on the scheme alone, and its `appLinks` the same on http(s) with hosts and paths.
public struct IntentFilter: Codable, Sendable, Equatable {
    public static let categoryAppBrowser = "android.intent.category.APP_BROWSER"

    public var actions: [String]
    public var categories: [String]
    public var schemes: [String]
    /// `android:host`, optionally with `:port` (`example.com:8080`); a leading `*` matches any
    /// suffix. Without a port any port matches (`AuthorityEntry` with port -1).
    public var hosts: [String]
    public var paths: [String]
    public var pathPrefixes: [String]
    /// `android:pathPattern` (`PATTERN_SIMPLE_GLOB`).
    public var pathPatterns: [String]
    /// `android:pathAdvancedPattern` (API 31, `PATTERN_ADVANCED_GLOB`).
    public var pathAdvancedPatterns: [String]
    /// `android:pathSuffix` (API 31).
    public var pathSuffixes: [String]
    /// `android:mimeType`: `type/subtype`, `type/*` or `*/*` (case-sensitive, as `addDataType`).
    public var mimeTypes: [String]
    /// The activity's class name, for an explicit `component=` (nil: any class of the app).
    public var activity: String?
    /// `android:exported`: false hides the activity from every other app, implicit or explicit.
    public var exported: Bool
    /// App Link verification (`autoVerify` passed) for the filter's http(s) hosts.
    public var verified: Bool

    public init(actions: [String] = [AndroidIntent.actionView],
                categories: [String] = [AndroidIntent.categoryBrowsable, AndroidIntent.categoryDefault],
                schemes: [String] = [], hosts: [String] = [], paths: [String] = [], pathPrefixes: [String] = [],
                pathPatterns: [String] = [], pathAdvancedPatterns: [String] = [], pathSuffixes: [String] = [],
                mimeTypes: [String] = [], activity: String? = nil, exported: Bool = true, verified: Bool = false) {
        self.actions = actions
        self.categories = categories
        self.schemes = schemes
        self.hosts = hosts
        self.paths = paths
        self.pathPrefixes = pathPrefixes
        self.pathPatterns = pathPatterns
        self.pathAdvancedPatterns = pathAdvancedPatterns
        self.pathSuffixes = pathSuffixes
        self.mimeTypes = mimeTypes
        self.activity = activity
        self.exported = exported
        self.verified = verified
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case actions, categories, schemes, hosts, paths, pathPrefixes, pathPatterns, pathAdvancedPatterns,
             pathSuffixes, mimeTypes, activity, exported, verified
    }

    public init(from decoder: Decoder) throws {
        try StrictKeys.check(decoder, allowed: CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func list(_ key: CodingKeys) throws -> [String] { try c.decodeIfPresent([String].self, forKey: key) ?? [] }
        actions = try c.decodeIfPresent([String].self, forKey: .actions) ?? [AndroidIntent.actionView]
        categories = try c.decodeIfPresent([String].self, forKey: .categories)
            ?? [AndroidIntent.categoryBrowsable, AndroidIntent.categoryDefault]
        schemes = try list(.schemes)
        hosts = try list(.hosts)
        paths = try list(.paths)
        pathPrefixes = try list(.pathPrefixes)
        pathPatterns = try list(.pathPatterns)
        pathAdvancedPatterns = try list(.pathAdvancedPatterns)
        pathSuffixes = try list(.pathSuffixes)
        mimeTypes = try list(.mimeTypes)
        activity = try c.decodeIfPresent(String.self, forKey: .activity)
        exported = try c.decodeIfPresent(Bool.self, forKey: .exported) ?? true
        verified = try c.decodeIfPresent(Bool.self, forKey: .verified) ?? false
    }

    /// A legacy `schemes` entry: VIEW, BROWSABLE and DEFAULT on the scheme alone.
    public static func scheme(_ scheme: String) -> IntentFilter { IntentFilter(schemes: [scheme]) }

    /// A browser's web filter: VIEW of any http(s) URL, with `CATEGORY_APP_BROWSER`.
    public static let browser = IntentFilter(
        categories: [AndroidIntent.categoryBrowsable, AndroidIntent.categoryDefault, categoryAppBrowser],
        schemes: ["http", "https"])

    /// An `AppLinkFilter` as the filter it stands for.
    public init(_ link: AppLinkFilter) {
        self.init(schemes: link.schemes, hosts: link.hosts, paths: link.paths, pathPrefixes: link.pathPrefixes,
                  pathPatterns: link.pathPatterns, pathSuffixes: link.pathSuffixes, verified: link.verified)
    }

    public var countDataPaths: Int {
        paths.count + pathPrefixes.count + pathPatterns.count + pathAdvancedPatterns.count + pathSuffixes.count
    }
}

extension InstalledApp {
    /// Every filter the app declares: its `intentFilters`, then one per legacy `schemes` entry
    /// not already covered, then its `appLinks` (Docs/PLATFORM.md §C.3).
    public var allFilters: [IntentFilter] {
        let explicit = intentFilters
        let legacy = schemes.filter { scheme in !explicit.contains { $0.schemes.contains(scheme) } }
        return explicit + legacy.map(IntentFilter.scheme) + appLinks.map(IntentFilter.init)
    }
}
