/// A pure emulation of `PackageManager.queryIntentActivities(intent, GET_RESOLVED_FILTER)` on a
/// `DeviceProfile`, for the BROWSABLE VIEW intents a page can start.
///
/// * http(s) data: every browser, plus each app with a matching `AppLinkFilter` — on API 31+
///   only a verified one (Docs/PLATFORM.md §C.2: an unapproved app is not a handler of a generic web
///   intent). With the host's assetlinks.json fetched (`siteAssociations`), the file decides
///   whether a filter is verified, not its `verified` flag. Schemes are compared as written:
///   `HTTPS:` data matches nothing.
/// * other schemes: the apps registering the scheme (and Google Play for `market:`); on an
///   `optimistic` device any scheme an app can own resolves to one synthetic app named after
///   the scheme.
/// * `intent:` targets (after sanitising): the named package if installed (any package on an
///   optimistic device), else what the data URI resolves to.
///
/// Candidates come in `ResolveInfo` order: priority, then preferredOrder, then the default
/// first; ties keep device order (browsers, then apps as listed).
public enum AndroidResolution {
    public static let playStorePackage = "com.android.vending"

    /// Schemes no app can take through a BROWSABLE VIEW intent of a page: the web's own, local
    /// content, in-page schemes, and the intent syntaxes themselves.
    public static let unownableSchemes: Set<String> = [
        "http", "https", "ws", "wss", "file", "content", "javascript", "data", "blob", "about",
        "filesystem", "intent", "android-app",
    ]

    /// Browsers' internal schemes: an optimistic device does not invent an app for them.
    public static let browserSchemes: Set<String> = [
        "chrome", "chrome-native", "chrome-extension", "chrome-untrusted", "chrome-search", "devtools",
        "view-source", "resource", "googlechrome", "edge", "moz-extension",
    ]

    /// `queryIntentActivities(viewIntent(uri))` for a URI as `Uri.parse` reads it: VIEW with
    /// BROWSABLE and DEFAULT, as the PayerMax guide's `viewIntent` and Chrome build it.
    public static func viewIntent(_ uri: String, on device: DeviceProfile) -> [ResolvedActivity] {
        intent(AndroidIntent(action: AndroidIntent.actionView, data: uri,
                             categories: [AndroidIntent.categoryBrowsable, AndroidIntent.categoryDefault]), on: device)
    }

    /// What the host app's own `queryIntentActivities(viewIntent(uri))` lists: on API 30+ the
    /// apps its `<queries>` does not declare are left out (package visibility, Docs/PLATFORM.md
    /// §C.4); `startActivity` is not restricted that way.
    public static func queryViewIntent(_ uri: String, on device: DeviceProfile) -> [ResolvedActivity] {
        visible(viewIntent(uri, on: device), on: device)
    }

    /// Drops what package visibility hides from the host app (API 30+).
    public static func visible(_ candidates: [ResolvedActivity], on device: DeviceProfile) -> [ResolvedActivity] {
        guard device.apiLevel >= apiPackageVisibility else { return candidates }
        let hidden = Set(device.apps.filter { !$0.visibleToHost }.map(\.id))
        if hidden.isEmpty { return candidates }
        return candidates.filter { !hidden.contains($0.package) }
    }

    /// Android 11 (API 30): package visibility (`<queries>`).
    public static let apiPackageVisibility = 30
    /// The first API level whose `Intent.parseUri` reads `launchFlags=0x80000000` and above as
    /// unsigned hex; below it `Integer.decode` throws and the parse fails (Docs/PLATFORM.md §B.4a,
    /// boundary UNCONFIRMED).
    public static let apiUnsignedLaunchFlags = 35
    /// Android 12 (API 31): a generic web intent goes only to apps approved for the domain.
    public static let apiVerifiedWebLinks = 31

    /// The handlers `startActivity` (`MATCH_DEFAULT_ONLY`) finds for an intent, the way
    /// `PackageManager.queryIntentActivities` resolves it (Docs/PLATFORM.md §C.3):
    /// * no component but a selector: the selector is resolved instead;
    /// * an explicit `component=`: that activity alone, if the app has it and it is exported;
    /// * `package=`: only that app's filters; none: every browser and app;
    /// * each filter by `IntentFilter.match` (action, data and type, every category, and
    ///   `CATEGORY_DEFAULT`); non-exported activities never match;
    /// * a generic web intent (no package) on API 31+: an app's http(s) filter with hosts only
    ///   when it is verified (or the domain is in the app's `verifiedDomains`).
    /// On an `optimistic` device a named package that is not installed, or a custom scheme no
    /// app takes, resolves to a synthetic app (as before).
    public static func intent(_ intent: AndroidIntent, on device: DeviceProfile) -> [ResolvedActivity] {
        var target = intent
        if target.component == nil, let selector = target.selector { target = selector }
        if let component = target.component { return explicit(component, on: device) }
        let parts = target.data.map(AndroidUriParts.init)
        let scheme = parts?.scheme
        let web = scheme.map(isWebScheme) ?? false
        let generic = target.package == nil
        var found: [ResolvedActivity] = []
        for browser in device.browsers where target.package == nil || target.package == browser.package {
            if IntentFilter.browser.matches(target, parts: parts, scheme: scheme, defaultOnly: true) {
                found.append(ResolvedActivity(browser: browser))
            }
        }
        lazy var host = parts?.host
        for app in device.apps where target.package == nil || target.package == app.id {
            let filter = app.allFilters.lazy.map { device.verifying($0, of: app, host: host) }.first {
                $0.exported && $0.matches(target, parts: parts, scheme: scheme, defaultOnly: true)
                    && (!web || !generic || $0.countsOnAPI(device.apiLevel))
            }
            if let filter { found.append(ResolvedActivity(app: app, filter: filter)) }
        }
        if scheme == "market", device.playStoreInstalled, target.package == nil || target.package == playStorePackage,
           !device.apps.contains(where: { $0.id == playStorePackage }),
           IntentFilter.scheme("market").matches(target, parts: parts, scheme: scheme, defaultOnly: true) {
            found.insert(ResolvedActivity(package: playStorePackage), at: 0)
        }
        if found.isEmpty, device.optimistic {
            if let package = target.package, !device.browsers.contains(where: { $0.package == package }),
               !device.apps.contains(where: { $0.id == package }) {
                return [ResolvedActivity(package: package)]
            }
            if target.package == nil, let scheme, isOwnable(scheme) { return [ResolvedActivity(package: scheme)] }
        }
        return ordered(found)
    }

    /// An explicit component: the app's activity of that class if it is exported (an app that
    /// names no activities is taken to have it, exported); nothing if the app is absent.
    private static func explicit(_ component: String, on device: DeviceProfile) -> [ResolvedActivity] {
        let parts = component.split(separator: "/", maxSplits: 1).map(String.init)
        let package = parts[0], cls = parts.count > 1 ? parts[1] : ""
        if let browser = device.browsers.first(where: { $0.package == package }) {
            return [ResolvedActivity(browser: browser)]
        }
        guard let app = installedApp(package, on: device) else {
            return device.optimistic ? [ResolvedActivity(package: package)] : []
        }
        let named = app.intentFilters.filter { $0.activity.map { $0 == cls || package + $0 == cls } ?? false }
        if named.isEmpty { return app.intentFilters.contains { $0.activity != nil } ? []
                                  : [ResolvedActivity(app: app, filter: nil)] }
        return named.contains(where: \.exported) ? [ResolvedActivity(app: app, filter: nil)] : []
    }

    /// The data schemes Android treats as a web intent (compared case-sensitively).
    public static func isWebScheme(_ scheme: String) -> Bool { scheme == "http" || scheme == "https" }

    private static func isOwnable(_ scheme: String) -> Bool {
        !unownableSchemes.contains(scheme) && !browserSchemes.contains(scheme)
    }

    private static func installedApp(_ package: String, on device: DeviceProfile) -> InstalledApp? {
        if let app = device.apps.first(where: { $0.id == package }) { return app }
        return package == playStorePackage && device.playStoreInstalled ? InstalledApp(id: package) : nil
    }

    /// `ResolveInfo` sort: higher priority, higher preferredOrder, then default first; stable.
    private static func ordered(_ candidates: [ResolvedActivity]) -> [ResolvedActivity] {
        candidates.enumerated().sorted { a, b in
            let x = a.element, y = b.element
            if x.priority != y.priority { return x.priority > y.priority }
            if x.preferredOrder != y.preferredOrder { return x.preferredOrder > y.preferredOrder }
            if x.isDefault != y.isDefault { return x.isDefault }
            return a.offset < b.offset
        }.map(\.element)
    }
}

extension DeviceProfile {
    /// The flags `Intent.parseUri(uri, URI_INTENT_SCHEME)` runs with on this device: older
    /// framework builds read `launchFlags=` signed only (`AndroidResolution.apiUnsignedLaunchFlags`).
    public var intentParseFlags: IntentParseFlags {
        apiLevel < AndroidResolution.apiUnsignedLaunchFlags ? [.intentScheme, .signedLaunchFlags] : .intentScheme
    }
}
