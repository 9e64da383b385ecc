import Associations
import LinkAuditModel
import WHATWGURL

/// Everything a runtime profile decides on for one navigation: the navigation as
/// extracted, the platform inputs derived from it (`InputMapping`), the device and the
/// settings. Profiles are pure functions of this value.
public struct PolicyRequest: Sendable {
    /// The resolved target; nil when it does not parse as a URL.
    public var url: WebURL?
    /// The target as a string (the resolved href, or the raw text when it does not parse).
    public var urlString: String
    /// Lower-cased scheme, empty when unknown.
    public var scheme: String
    public var trigger: Trigger
    public var frame: FrameKind
    public var delayMs: Int?
    /// The page the navigation starts from (`webView.url`).
    public var pageURL: String
    /// `pageURL` parsed (once per page, by the caller).
    public var page: WebURL?
    public var android: AndroidRequest
    public var ios: IOSNavigationAction
    public var device: DeviceProfile
    public var settings: AuditSettings
    /// Options of the reference clients' profiles (`ios-sdk`, `ios-strict`, `android-sdk`), by name.
    public var options: ProfileOptions
    /// `ios-sdk`'s classifier built from `options.iosSDK` once per page by the caller:
    /// building its scheme sets cost more than a decision. Nil: built per decision.
    var iosSDKClassifier: DeepLinkClassifier?

    public init(url: WebURL?, urlString: String, scheme: String, trigger: Trigger, frame: FrameKind, delayMs: Int?,
                pageURL: String, android: AndroidRequest, ios: IOSNavigationAction, device: DeviceProfile,
                settings: AuditSettings, options: ProfileOptions = ProfileOptions(), page: WebURL?? = nil) {
        self.url = url
        self.urlString = urlString
        self.scheme = scheme
        self.trigger = trigger
        self.frame = frame
        self.delayMs = delayMs
        self.pageURL = pageURL
        self.page = page ?? WebURL.parse(pageURL)
        self.android = android
        self.ios = ios
        self.device = device
        self.settings = settings
        self.options = options
    }

    /// The association files of the hosts in play (a live crawl), nil offline. Kept on the
    /// device, where every resolution already looks (the platform's verification state is
    /// the device's): set here, read by `universalLinkApp(for:)` and `AndroidResolution`.
    public var associations: SiteAssociations? {
        get { device.siteAssociations }
        set { device.siteAssociations = newValue }
    }
}
