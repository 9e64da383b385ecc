import LinkAuditModel

/// Every runtime profile, by its fixed name: the one list the command line, pipelines,
/// `explain`, the checks (a profile's platform), the crawl (its user agent) and the reports
/// (their profile order) take profiles from. Listed Android first, then iOS, each from the
/// plainest runtime to the browser: reports list profiles in this order.
public enum ProfileRegistry {
    /// One registered profile: what the rest of the tool needs to know of it without
    /// running it, and how to make it.
    public struct Entry: Sendable {
        public let name: String
        public let platform: Platform
        public let isBrowser: Bool
        public let runsByDefault: Bool
        public let make: @Sendable () -> any RuntimeProfile

        init<Profile: RuntimeProfile>(_ make: @escaping @Sendable () -> Profile) {
            let profile = make()
            name = profile.name
            platform = profile.platform
            isBrowser = profile.isBrowser
            runsByDefault = profile.runsByDefault
            self.make = make
        }
    }

    public static let entries: [Entry] = [
        Entry { AndroidWebViewProfile() }, Entry { AndroidWebViewNoClientProfile() }, Entry { AndroidSDKProfile() },
        Entry { ChromeAndroidProfile() },
        Entry { WKWebViewProfile() }, Entry { IOSSDKProfile() }, Entry { IOSStrictProfile() }, Entry { SafariIOSProfile() },
    ]

    public static let all: [any RuntimeProfile] = entries.map { $0.make() }

    public static let names: [String] = entries.map(\.name)

    /// The names of the profiles that run unless `--profiles` says otherwise, and of those
    /// that run only when named.
    public static var defaultNames: [String] { entries.filter(\.runsByDefault).map(\.name) }
    public static var optInNames: [String] { entries.filter { !$0.runsByDefault }.map(\.name) }

    /// The platform of a profile named in a verdict set; nil for a name not registered (a
    /// newer version's profile, read back from a file).
    /// (A scan of the few names, not a dictionary: the checks ask it of every verdict they
    /// read, and comparing names, most of another length, costs less than hashing one.)
    public static func platform(of name: String) -> Platform? {
        platforms.withUnsafeBufferPointer { platforms in
            // Lengths first (`String.isName`: the registry's names are ASCII without `K`, `;`
            // or `` ` ``): `==` was a call into the runtime's comparison for each name (issue 17).
            for entry in platforms where entry.name.isName(name) { return entry.platform }
            return nil
        }
    }

    private static let platforms: [(name: String, platform: Platform)] = entries.map { ($0.name, $0.platform) }

    /// The named profiles, or (nil) those that run by default. `all` selects every one,
    /// `none` none (extraction only).
    public static func select(_ names: [String]?) throws -> [any RuntimeProfile] {
        guard let names, !names.isEmpty else { return all.filter(\.runsByDefault) }
        if names == ["all"] { return all }
        if names == ["none"] { return [] }  // extraction only: an inventory of links, no verdicts
        return try names.map { name in
            guard let profile = all.first(where: { $0.name == name }) else {
                throw LinkAuditError.usage("unknown profile '\(name)' (profiles: \(Self.names.joined(separator: ", ")), all, none)")
            }
            return profile
        }
    }
}
