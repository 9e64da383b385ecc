@testable import LinkAuditModel
@testable import Policies
@testable import WHATWGURL

/// Builds the requests the Android profiles see, through `InputMapping.android` as the runner
/// does, so the tests also pin the trigger mapping.
package enum AndroidFixtures {
    static let page = "https://shop.example/checkout"

    static func request(_ url: String, trigger: Trigger = .tap, frame: FrameKind = .main, delayMs: Int? = nil,
                        msSinceUserInput: Int? = nil, device: DeviceProfile = .optimistic,
                        settings: AuditSettings = AuditSettings(), options: ProfileOptions = ProfileOptions(),
                        pageURL: String = page) -> PolicyRequest {
        let parsed = WebURL.parse(url)
        let android = InputMapping.android(trigger, frame: frame, delayMs: delayMs, settings: settings,
                                           msSinceUserInput: msSinceUserInput, options: options.android)
        let ios = InputMapping.ios(trigger, frame: frame, delayMs: delayMs, pageURL: pageURL, settings: settings)
        return PolicyRequest(url: parsed, urlString: parsed?.href ?? url, scheme: parsed?.scheme ?? "",
                             trigger: trigger, frame: frame, delayMs: delayMs, pageURL: pageURL, android: android,
                             ios: ios, device: device, settings: settings, options: options)
    }

    // MARK: Devices

    /// A wallet with a verified App Link on `pay.wallet.example/pay/…`, a custom scheme and the
    /// default Chrome; nothing else installed.
    static let wallet = InstalledApp(
        id: "com.wallet", schemes: ["wallet"],
        appLinks: [AppLinkFilter(schemes: ["https"], hosts: ["pay.wallet.example"], pathPrefixes: ["/pay/"])])

    /// LINE-style landing page handler: host only, no path.
    static let landing = InstalledApp(
        id: "jp.naver.line", appLinks: [AppLinkFilter(schemes: ["https"], hosts: ["liff.line.me"])])

    static func device(api: Int = 34, links: DeviceProfile.LinkHandling = .allow, apps: [InstalledApp] = [wallet],
                       browsers: [Browser] = [Browser.chrome], play: Bool = true) -> DeviceProfile {
        DeviceProfile(name: "test", platform: .android, apiLevel: api, openSupportedLinks: links, optimistic: false,
                      browsers: browsers, apps: apps, playStoreInstalled: play)
    }

    static func settings(entry: AuditSettings.BrowserEntry = .linkTap, pageLoadMs: Int = 1000,
                         javaScript: Bool = true) -> AuditSettings {
        var s = AuditSettings()
        s.browserEntry = entry
        s.pageLoadMs = pageLoadMs
        s.javaScriptEnabled = javaScript
        return s
    }
}

