import Associations
import Foundation
import LinkAuditModel

/// The device a navigation runs on: which apps and browsers are installed, which links
/// they handle and which hosts they verify. Read from a documented JSON file
/// (`Pipelines/devices/*.json`); the default is `DeviceProfile.optimistic`.
public struct DeviceProfile: Codable, Sendable, Equatable {
    /// Android's "Open supported links" setting for the apps below (an app's own
    /// `InstalledApp.openSupportedLinks` overrides it; Docs/PLATFORM.md §C.2).
    public enum LinkHandling: String, Codable, Sendable {
        /// "Open in this app": verified links go straight to the app.
        case allow
        /// "Ask every time": `REQUIRE_DEFAULT` fails, a chooser is shown.
        case ask
    }

    public var name: String
    /// nil: the profile serves both platforms (the optimistic default does).
    public var platform: Platform?
    /// Android API level (`Build.VERSION.SDK_INT`).
    public var apiLevel: Int
    public var openSupportedLinks: LinkHandling
    /// Every custom scheme and every `intent:` resolves to an installed app (the default
    /// device): the report then shows WebView-policy failures, not missing apps.
    public var optimistic: Bool
    public var browsers: [Browser]
    public var apps: [InstalledApp]
    /// Google Play (Android) is there to receive `market://` intents.
    public var playStoreInstalled: Bool
    /// iOS: what `UIApplication.open` can open beyond the apps (an iPad without Phone, an App
    /// Store or Safari restricted by MDM): `IOSCapabilities`, Docs/PLATFORM.md §D.8. nil: every
    /// system scheme and every web URL opens, as before the field existed.
    public var ios: IOSCapabilities?
    /// The association files a live crawl fetched for the hosts in play, which then decide
    /// Universal Links and App Link verification (see `SiteAssociations`); nil offline, where
    /// the apps' own `universalLinks` paths and `verified` flags do. Never read from or
    /// written to a device file: the audit sets it per page (`PolicyRequest.associations`).
    public var siteAssociations: SiteAssociations?

    public init(name: String, platform: Platform? = nil, apiLevel: Int = 34, openSupportedLinks: LinkHandling = .allow,
                optimistic: Bool = false, browsers: [Browser] = [Browser.chrome], apps: [InstalledApp] = [],
                playStoreInstalled: Bool = true) {
        self.name = name
        self.platform = platform
        self.apiLevel = apiLevel
        self.openSupportedLinks = openSupportedLinks
        self.optimistic = optimistic
        self.browsers = browsers
        self.apps = apps
        self.playStoreInstalled = playStoreInstalled
    }

    /// Every custom scheme and intent package has an app; no https link has one.
    public static let optimistic = DeviceProfile(name: "optimistic", optimistic: true)

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, platform, apiLevel, openSupportedLinks, optimistic, browsers, apps, playStoreInstalled
        case ios
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try StrictKeys.check(decoder, allowed: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? "device"
        platform = try c.decodeIfPresent(Platform.self, forKey: .platform)
        apiLevel = try c.decodeIfPresent(Int.self, forKey: .apiLevel) ?? 34
        openSupportedLinks = try c.decodeIfPresent(LinkHandling.self, forKey: .openSupportedLinks) ?? .allow
        optimistic = try c.decodeIfPresent(Bool.self, forKey: .optimistic) ?? false
        browsers = try c.decodeIfPresent([Browser].self, forKey: .browsers) ?? [Browser.chrome]
        apps = try c.decodeIfPresent([InstalledApp].self, forKey: .apps) ?? []
        playStoreInstalled = try c.decodeIfPresent(Bool.self, forKey: .playStoreInstalled) ?? true
        ios = try c.decodeIfPresent(IOSCapabilities.self, forKey: .ios)
    }

    /// Reads a device file's bytes (the caller reads the file: this target does no I/O);
    /// errors name the file and the field.
    public static func decode(_ data: Data, file path: String) throws -> DeviceProfile {
        do {
            return try ConfigJSON.decode(DeviceProfile.self, from: data)
        } catch {
            throw LinkAuditError.usage("\(path): \(JSONErrorText.describe(error))")
        }
    }
}

/// A browser app: it handles every http(s) URL, and never counts as an app's handler.
public struct Browser: Codable, Sendable, Equatable {
    public var package: String
    /// The user's default browser.
    public var isDefault: Bool

    public init(package: String, isDefault: Bool = false) {
        self.package = package
        self.isDefault = isDefault
    }

    public static let chrome = Browser(package: "com.android.chrome", isDefault: true)

    enum CodingKeys: String, CodingKey, CaseIterable { case package, isDefault }

    public init(from decoder: Decoder) throws {
        try StrictKeys.check(decoder, allowed: CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        package = try c.decode(String.self, forKey: .package)
        isDefault = try c.decodeIfPresent(Bool.self, forKey: .isDefault) ?? false
    }
}
