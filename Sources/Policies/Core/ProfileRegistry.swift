import Associations
import LinkAuditModel
import WHATWGURL

/// Every runtime profile by its fixed name, and the selection `--profiles` makes.
public enum ProfileRegistry {
    public static let all: [any RuntimeProfile] = [
        AndroidWebViewProfile(), AndroidWebViewNoClientProfile(), AndroidSDKProfile(), ChromeAndroidProfile(),
        WKWebViewProfile(), IOSSDKProfile(), IOSStrictProfile(), SafariIOSProfile(),
    ]

    public static var names: [String] { all.map(\.name) }

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
