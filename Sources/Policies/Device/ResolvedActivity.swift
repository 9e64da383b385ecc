/// One entry of `PackageManager.queryIntentActivities(intent, GET_RESOLVED_FILTER)`: the
/// handling package and what the PayerMax guide's client and Chrome read off its `ResolveInfo` and
/// matched `IntentFilter`.
public struct ResolvedActivity: Equatable, Sendable {
    public var package: String
    /// The guide client's `isBrowserApp`: the filter has CATEGORY_APP_BROWSER, or both http and
    /// https with no authority (a filter that takes every web URL).
    public var isBrowser: Bool
    /// `filter.countDataPaths()`: 0 makes an https handler a "landing page" to that client.
    public var countDataPaths: Int
    /// `filter.countDataAuthorities()`.
    public var countDataAuthorities: Int
    /// A filter host of exactly `*`: Chrome does not count such a handler as specialized.
    public var hasAnyHostWildcard: Bool
    public var priority: Int
    public var preferredOrder: Int
    /// `ResolveInfo.isDefault`: the user made it the default for these links (for a browser:
    /// it is the default browser).
    public var isDefault: Bool
    /// The matched web filter passed `autoVerify` (false for custom schemes and browsers).
    public var verified: Bool
    /// `ResolveInfo.handleAllWebDataURI`: what the platform counts as a browser for
    /// `FLAG_ACTIVITY_REQUIRE_NON_BROWSER` and App Link resolution — http *or* https with no
    /// host, or `CATEGORY_APP_BROWSER` (Docs/PLATFORM.md §B.5). `isBrowser` is the client's test.
    public var isPlatformBrowser: Bool
    /// The app's own "Open supported links" setting (nil: the device's).
    public var openSupportedLinks: DeviceProfile.LinkHandling?

    public init(package: String, isBrowser: Bool = false, countDataPaths: Int = 0, countDataAuthorities: Int = 0,
                hasAnyHostWildcard: Bool = false, priority: Int = 0, preferredOrder: Int = 0,
                isDefault: Bool = false, verified: Bool = false, isPlatformBrowser: Bool? = nil,
                openSupportedLinks: DeviceProfile.LinkHandling? = nil) {
        self.package = package
        self.isBrowser = isBrowser
        self.countDataPaths = countDataPaths
        self.countDataAuthorities = countDataAuthorities
        self.hasAnyHostWildcard = hasAnyHostWildcard
        self.priority = priority
        self.preferredOrder = preferredOrder
        self.isDefault = isDefault
        self.verified = verified
        self.isPlatformBrowser = isPlatformBrowser ?? isBrowser
        self.openSupportedLinks = openSupportedLinks
    }

    /// A browser: every web URL, CATEGORY_APP_BROWSER.
    init(browser: Browser) {
        self.init(package: browser.package, isBrowser: true, isDefault: browser.isDefault)
    }

    /// An app, through the filter that matched (nil for an explicit component).
    init(app: InstalledApp, filter: IntentFilter?) {
        self.init(package: app.id, isBrowser: filter?.isBrowserToClient ?? false,
                  countDataPaths: filter?.countDataPaths ?? 0, countDataAuthorities: filter?.hosts.count ?? 0,
                  hasAnyHostWildcard: filter?.hosts.contains { IntentFilter.splitAuthority($0).0 == "*" } ?? false,
                  priority: app.priority, preferredOrder: app.preferredOrder, isDefault: app.isDefault,
                  verified: filter?.verified ?? false, isPlatformBrowser: filter?.handlesAllWebData ?? false,
                  openSupportedLinks: app.openSupportedLinks)
    }
}
