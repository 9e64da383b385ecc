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

    /// `queryIntentActivities(viewIntent(uri))` for a URI as `Uri.parse` reads it.
    public static func viewIntent(_ uri: String, on device: DeviceProfile) -> [ResolvedActivity] {
        let parts = AndroidUriParts(uri)
        guard let scheme = parts.scheme, !scheme.isEmpty else { return [] }
        if isWebScheme(scheme) {
            return ordered(webHandlers(scheme: scheme, host: parts.host, path: parts.path, on: device))
        }
        return ordered(schemeHandlers(scheme, on: device))
    }

    /// The handlers of a sanitised intent (`intent:` URI or a page URL parsed as one).
    public static func intent(_ intent: AndroidIntent, on device: DeviceProfile) -> [ResolvedActivity] {
        guard let package = intent.package else {
            return intent.data.map { viewIntent($0, on: device) } ?? []
        }
        let fromData = intent.data.map { viewIntent($0, on: device).filter { $0.package == package } } ?? []
        if !fromData.isEmpty { return fromData }
        if let browser = device.browsers.first(where: { $0.package == package }) {
            return [ResolvedActivity(browser: browser)]
        }
        if let app = installedApp(package, on: device) { return [ResolvedActivity(app: app, filter: nil)] }
        return device.optimistic ? [ResolvedActivity(package: package)] : []
    }

    /// The data schemes Android treats as a web intent (compared case-sensitively).
    public static func isWebScheme(_ scheme: String) -> Bool { scheme == "http" || scheme == "https" }

    private static func webHandlers(scheme: String, host: String?, path: String?,
                                    on device: DeviceProfile) -> [ResolvedActivity] {
        let browsers = device.browsers.map(ResolvedActivity.init(browser:))
        let apps = device.apps.compactMap { app -> ResolvedActivity? in
            let filter = app.appLinks.lazy.map { device.verifying($0, of: app, host: host) }.first {
                $0.countsOnAPI(device.apiLevel) && $0.matches(scheme: scheme, host: host, path: path)
            }
            return filter.map { ResolvedActivity(app: app, filter: $0) }
        }
        return browsers + apps
    }

    private static func schemeHandlers(_ scheme: String, on device: DeviceProfile) -> [ResolvedActivity] {
        var found = device.apps.filter { $0.schemes.contains(scheme) }.map { ResolvedActivity(app: $0, filter: nil) }
        if scheme == "market", device.playStoreInstalled, !found.contains(where: { $0.package == playStorePackage }) {
            found.insert(ResolvedActivity(package: playStorePackage), at: 0)
        }
        if found.isEmpty, device.optimistic, isOwnable(scheme) {
            found = [ResolvedActivity(package: scheme)]
        }
        return found
    }

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
