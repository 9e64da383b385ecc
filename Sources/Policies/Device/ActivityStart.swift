/// What `Context.startActivity` does with an implicit intent whose handlers are `candidates`
/// (from `AndroidResolution`), with the Android 11 launch flags of Docs/PLATFORM.md §B.5.
/// "Browser" here is the platform's (`ResolvedActivity.isPlatformBrowser`,
/// `IntentFilter.handleAllWebDataURI`), not the PayerMax guide's `isBrowserApp`. With "Ask
/// every time" and one non-browser handler, a chooser of that app and the browsers is shown:
/// Android's resolver lists browsers beside an app that is not the verified default for the
/// domain (Docs/PLATFORM.md §B.5, §C.2).
public enum ActivityStart: Equatable, Sendable {
    /// One activity starts without asking.
    case launched(ResolvedActivity)
    /// The system's disambiguation dialog ("Open with") over these candidates.
    case chooser([ResolvedActivity])
    /// `ActivityNotFoundException`.
    case notFound

    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `FLAG_ACTIVITY_REQUIRE_NON_BROWSER` (API 30).
        public static let requireNonBrowser = Flags(rawValue: 1)
        /// `FLAG_ACTIVITY_REQUIRE_DEFAULT` (API 30).
        public static let requireDefault = Flags(rawValue: 2)
    }

    /// Whether `startActivity` returned normally (the PayerMax guide's `startActivitySafely` is true).
    public var started: Bool { self != .notFound }

    /// Starts an implicit intent. `web`: the data is http(s), where Android's "Open supported
    /// links" setting decides between an app and the browsers. Below API 30 the flags do not
    /// exist and are ignored.
    ///
    /// * plain: a sole handler, or the one preferred handler, starts; otherwise a chooser.
    /// * REQUIRE_NON_BROWSER: only non-browsers count; one starts directly when the device
    ///   opens supported links, else (several, or "ask") a chooser; none fails.
    /// * REQUIRE_DEFAULT: fails wherever a chooser would show; with REQUIRE_NON_BROWSER it
    ///   succeeds only for a single non-browser default (a verified App Link under "allow").
    public static func start(_ candidates: [ResolvedActivity], web: Bool, flags: Flags = [],
                             on device: DeviceProfile) -> ActivityStart {
        let flags = device.apiLevel >= 30 ? flags : []
        if flags.contains(.requireDefault) {
            guard case .launched(let activity) = plain(candidates, web: web, on: device),
                  !flags.contains(.requireNonBrowser) || !activity.isPlatformBrowser else { return .notFound }
            return .launched(activity)
        }
        if flags.contains(.requireNonBrowser) {
            let apps = candidates.filter { !$0.isPlatformBrowser }
            if apps.isEmpty { return .notFound }
            if apps.count == 1, linkHandling(apps[0], on: device) == .allow { return .launched(apps[0]) }
            let preferred = apps.filter { isPreferred($0, web: web, on: device) }
            return preferred.count == 1 ? .launched(preferred[0]) : .chooser(apps)
        }
        return plain(candidates, web: web, on: device)
    }

    private static func plain(_ candidates: [ResolvedActivity], web: Bool, on device: DeviceProfile) -> ActivityStart {
        if candidates.isEmpty { return .notFound }
        if candidates.count == 1 { return .launched(candidates[0]) }
        // The default browser only answers web links no app specialises in.
        let apps = candidates.filter { !$0.isPlatformBrowser }
        let pool = web && !apps.isEmpty ? apps : candidates
        let preferred = pool.filter { isPreferred($0, web: web, on: device) }
        return preferred.count == 1 ? .launched(preferred[0]) : .chooser(candidates)
    }

    /// The handler Android picks without asking: for web links an app that is verified (or
    /// made default by the user) while the device opens supported links; a browser that is
    /// the default browser; for other schemes the user's default.
    static func isPreferred(_ activity: ResolvedActivity, web: Bool, on device: DeviceProfile) -> Bool {
        guard web, !activity.isPlatformBrowser else { return activity.isDefault }
        return linkHandling(activity, on: device) == .allow && (activity.verified || activity.isDefault)
    }

    /// "Open supported links" for this app: its own setting, else the device's.
    static func linkHandling(_ activity: ResolvedActivity, on device: DeviceProfile) -> DeviceProfile.LinkHandling {
        activity.openSupportedLinks ?? device.openSupportedLinks
    }
}
