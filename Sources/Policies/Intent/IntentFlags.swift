/// `android.content.Intent` flag values used by the parser and by the launch policies
/// (values from AOSP `Intent.java`).
public enum IntentFlags {
    public static let grantReadURIPermission: Int32 = 0x0000_0001
    public static let grantWriteURIPermission: Int32 = 0x0000_0002
    public static let excludeStoppedPackages: Int32 = 0x0000_0010
    public static let includeStoppedPackages: Int32 = 0x0000_0020
    public static let grantPersistableURIPermission: Int32 = 0x0000_0040
    public static let grantPrefixURIPermission: Int32 = 0x0000_0080
    public static let activityRequireDefault: Int32 = 0x0000_0200
    public static let activityRequireNonBrowser: Int32 = 0x0000_0400
    public static let activityMatchExternal: Int32 = 0x0000_0800
    public static let activityLaunchAdjacent: Int32 = 0x0000_1000
    public static let activityRetainInRecents: Int32 = 0x0000_2000
    public static let activityClearTask: Int32 = 0x0000_8000
    public static let activityNewDocument: Int32 = 0x0008_0000
    public static let activityExcludeFromRecents: Int32 = 0x0080_0000
    public static let activityForwardResult: Int32 = 0x0200_0000
    public static let activityClearTop: Int32 = 0x0400_0000
    public static let activityMultipleTask: Int32 = 0x0800_0000
    public static let activityNewTask: Int32 = 0x1000_0000
    public static let activitySingleTop: Int32 = 0x2000_0000
    public static let activityNoHistory: Int32 = 0x4000_0000

    /// `Intent.IMMUTABLE_FLAGS`: the URI-grant flags `parseUri` clears from `launchFlags=`
    /// unless `URI_ALLOW_UNSAFE`, so a link cannot grant access to the app's content (0xC3).
    public static let uriGrantFlags: Int32 = grantReadURIPermission | grantWriteURIPermission
        | grantPersistableURIPermission | grantPrefixURIPermission

    /// `ALLOWED_INTENT_FLAGS` exactly as the PayerMax guide's client defines it. The guide says it "matches
    /// Chromium AwContentsClient"; the constant actually lives in Chrome's
    /// `ExternalNavigationHandler` (WebView applies no mask, Docs/PLATFORM.md §B.3) — same value either way.
    public static let allowedIntentFlags: Int32 = excludeStoppedPackages | activityClearTop
        | activitySingleTop | activityMatchExternal | activityNewTask | activityMultipleTask
        | activityNewDocument | activityRetainInRecents | activityLaunchAdjacent
}

/// The `flags` argument of `Intent.parseUri`.
public struct IntentParseFlags: OptionSet, Sendable, Hashable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `URI_INTENT_SCHEME`: anything not starting `intent:`/`android-app:` becomes a plain VIEW.
    public static let intentScheme = IntentParseFlags(rawValue: 1 << 0)
    /// `URI_ANDROID_APP_SCHEME`: same validation as `intentScheme` for parsing.
    public static let androidAppScheme = IntentParseFlags(rawValue: 1 << 1)
    /// `URI_ALLOW_UNSAFE`: keep the URI-grant bits of `launchFlags=`.
    public static let allowUnsafe = IntentParseFlags(rawValue: 1 << 2)
    /// Not a platform flag: the framework build reads `launchFlags=` with `Integer.decode`
    /// alone, so `0x80000000` and above fail the parse (older Android, Docs/PLATFORM.md §B.4a).
    /// Without it the recent unsigned reading applies.
    public static let signedLaunchFlags = IntentParseFlags(rawValue: 1 << 30)
}
