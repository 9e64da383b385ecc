import LinkAuditModel
import Policies

extension Checks {
    /// The runtime tried to open an app and nothing could take the link.
    static let openFailed = Check(
        code: "OPEN_FAILED", severity: .warning,
        title: "No app could open the link",
        meaning: "The WebView client handed the link to the system and the launch failed (no app for the scheme "
            + "or package on the device profile, or an App Link with no handler left): the PayerMax guide's onOpenFailed "
            + "callback runs and the page stays — or, in its iOS SDK, the App Store opens on a search for "
            + "the scheme's name.",
        impact: "Users without the wallet get a toast at best; the checkout does not offer another way to pay.",
        advice: "Give intent:// links an http(s) S.browser_fallback_url, and keep a web payment path next to "
            + "each app button.",
        triggering: [
            CheckExample(#"<a href="gcash://pay?ref=1">GCash</a>"#, profiles: ["android-sdk"],
                         device: DeviceProfile(name: "no-wallets", platform: .android), raisedBy: ["android-sdk"]),
        ],
        nonTriggering: [
            CheckExample(#"<a href="gcash://pay?ref=1">GCash</a>"#, profiles: ["android-sdk"],
                         device: DeviceProfile(name: "gcash", platform: .android,
                                               apps: [InstalledApp(id: "com.globe.gcash.android", schemes: ["gcash"])])),
        ],
        fires: { nav in
            // The iOS SDK's App Store search for the scheme's name is also a failed open.
            // The reasons read before the verdicts: read in the rule, each verdict was copied
            // (its reason and details retained and released) around the constant's accessor (issue 17).
            let appStoreSearch = Reason.appStoreSearch
            return Check.profiles(of: nav) { $1.outcome == .openFailed || $1.reason == appStoreSearch }
        })
}
