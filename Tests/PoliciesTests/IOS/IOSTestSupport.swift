@testable import LinkAuditModel
@testable import Policies
@testable import WHATWGURL

/// Builds iOS policy requests the way the classify stage does: the trigger and frame go
/// through `InputMapping.ios`, so every profile test also pins the mapping.
enum IOSRequest {
    static let page = "https://shop.example.com/checkout"

    static func make(_ target: String, trigger: Trigger = .tap, frame: FrameKind = .main, delayMs: Int? = nil,
                     page: String = page, entry: AuditSettings.Entry = .loadUrl,
                     device: DeviceProfile = .optimistic, options: ProfileOptions = ProfileOptions()) -> PolicyRequest {
        var settings = AuditSettings()
        settings.entry = entry
        let ios = InputMapping.ios(trigger, frame: frame, delayMs: delayMs, pageURL: page, settings: settings)
        return build(target, ios: ios, trigger: trigger, frame: frame, delayMs: delayMs, page: page,
                     settings: settings, device: device, options: options)
    }

    /// A request with hand-built WebKit inputs, as `linkaudit explain` accepts them.
    static func raw(_ target: String, action: IOSNavigationAction, trigger: Trigger = .tap, frame: FrameKind = .main,
                    device: DeviceProfile = .optimistic, options: ProfileOptions = ProfileOptions()) -> PolicyRequest {
        build(target, ios: action, trigger: trigger, frame: frame, delayMs: nil, page: action.currentURL ?? "",
              settings: AuditSettings(), device: device, options: options)
    }

    static func action(_ type: WKNavigationType, mainFrame: Bool = true, newWindow: Bool = false,
                       current: String? = page, interaction: Bool = false, userLoad: Bool = false,
                       gesture: Bool = false) -> IOSNavigationAction {
        IOSNavigationAction(isMainFrame: mainFrame, isNewWindow: newWindow, navigationType: type, currentURL: current,
                            hasUserInteraction: interaction, hasUserInitiatedLoad: userLoad, userGesture: gesture)
    }

    private static func build(_ target: String, ios: IOSNavigationAction, trigger: Trigger, frame: FrameKind,
                              delayMs: Int?, page: String, settings: AuditSettings, device: DeviceProfile,
                              options: ProfileOptions) -> PolicyRequest {
        let url = WebURL.parse(target, baseString: page) ?? WebURL.parse(target)
        let android = InputMapping.android(trigger, frame: frame, delayMs: delayMs, settings: settings,
                                           msSinceUserInput: nil, options: options.android)
        return PolicyRequest(url: url, urlString: url?.href ?? target, scheme: url?.scheme ?? "", trigger: trigger,
                             frame: frame, delayMs: delayMs, pageURL: page, android: android, ios: ios,
                             device: device, settings: settings, options: options)
    }
}

/// Devices the iOS tests run on.
enum IOSDevices {
    /// The shop's app claims its site except `/help/`; a wallet app has a scheme and links.
    static let apps = DeviceProfile(name: "apps", platform: .ios, apps: [
        InstalledApp(id: "com.example.shop", schemes: ["shopapp"],
                     universalLinks: [UniversalLinkAssociation(host: "shop.example.com", paths: ["NOT /help/*", "/*"])]),
        InstalledApp(id: "com.example.partner",
                     universalLinks: [UniversalLinkAssociation(host: "partner.example.com")]),
        InstalledApp(id: "com.wallet", schemes: ["wallet", "myapp"],
                     universalLinks: [UniversalLinkAssociation(host: "pay.wallet.com", paths: ["/pay/*"])]),
    ])
    /// No apps at all, and not optimistic.
    static let bare = DeviceProfile(name: "bare", platform: .ios)
}

/// An opener answering from a table, standing in for the device like the iOS SDK's mock.
struct TableOpener: IOSURLOpening {
    /// href prefix → handler, for `universalLinksOnly` opens.
    var universalLinks: [String: String] = [:]
    /// scheme → handler, for ordinary opens.
    var schemes: [String: String] = [:]

    func open(_ url: WebURL, universalLinksOnly: Bool) -> String? {
        if let hit = universalLinks.first(where: { url.href.hasPrefix($0.key) }) { return hit.value }
        if universalLinksOnly { return nil }
        return schemes[url.scheme]
    }
}
