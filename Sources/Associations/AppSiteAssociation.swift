/// A site's `apple-app-site-association` file as iOS reads it (Docs/PLATFORM.md §E.1): the `applinks`
/// section that decides which https links open which apps, plus the `webcredentials` and
/// `appclips` sections, kept only so a file that has nothing else is understood.
public struct AppSiteAssociation: Sendable, Equatable {
    public var applinks: Applinks?
    /// `webcredentials.apps`; nil when the section is absent or not of that shape.
    public var webcredentialsApps: [String]?
    /// `appclips.apps`; nil when absent or malformed.
    public var appclipsApps: [String]?

    public init(applinks: Applinks? = nil, webcredentialsApps: [String]? = nil, appclipsApps: [String]? = nil) {
        self.applinks = applinks
        self.webcredentialsApps = webcredentialsApps
        self.appclipsApps = appclipsApps
    }

    /// The `applinks.details` entries in file order (empty without `applinks`).
    public var details: [AASADetail] { applinks?.details ?? [] }

    public struct Applinks: Sendable, Equatable {
        /// `applinks.defaults` (iOS 14+), already applied to every component's flags.
        public var defaults: AASAFlags
        /// `applinks.substitutionVariables` (iOS 13.5+), already expanded in every pattern.
        public var substitutionVariables: [String: [String]]
        public var details: [AASADetail]

        public init(defaults: AASAFlags = AASAFlags(), substitutionVariables: [String: [String]] = [:],
                    details: [AASADetail] = []) {
            self.defaults = defaults
            self.substitutionVariables = substitutionVariables
            self.details = details
        }
    }
}

/// `caseSensitive` / `percentEncoded` as one level of `defaults` (or a component) sets
/// them; nil leaves it to the level above, and the top default is true for both.
public struct AASAFlags: Sendable, Equatable {
    public var caseSensitive: Bool?
    public var percentEncoded: Bool?

    public init(caseSensitive: Bool? = nil, percentEncoded: Bool? = nil) {
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
    }

    /// This level over `outer` (the more specific level wins).
    func over(_ outer: AASAFlags) -> AASAFlags {
        AASAFlags(caseSensitive: caseSensitive ?? outer.caseSensitive, percentEncoded: percentEncoded ?? outer.percentEncoded)
    }
}

/// One `applinks.details` entry: the apps it speaks for and its rules in order.
public struct AASADetail: Sendable, Equatable {
    /// `appIDs`, or `[appID]` when there is no `appIDs` key (an `appIDs` key, even empty,
    /// hides `appID`, as Apple's `swcutil` reads it).
    public var appIDs: [String]
    /// `defaults` of this entry (iOS 14+), already applied to its components.
    public var defaults: AASAFlags
    /// `components` (iOS 13+); nil when the entry has none.
    public var components: [AASAComponent]?
    /// Legacy `paths` as components (`NOT ` entries excluding); nil when absent.
    public var legacyPaths: [AASAComponent]?

    public init(appIDs: [String], defaults: AASAFlags = AASAFlags(), components: [AASAComponent]? = nil,
                legacyPaths: [AASAComponent]? = nil) {
        self.appIDs = appIDs
        self.defaults = defaults
        self.components = components
        self.legacyPaths = legacyPaths
    }

    /// What a current iOS evaluates: `components` when present (iOS 13+ then ignores
    /// `paths`), else the legacy `paths`.
    public var rules: [AASAComponent] { components ?? legacyPaths ?? [] }
}
