import Associations
import LinkAuditModel
import WHATWGURL

/// Everything a runtime profile decides on for one navigation: the navigation as
/// extracted, the platform inputs derived from it (`InputMapping`), the device and the
/// settings. Profiles are pure functions of this value.
///
/// What a run's requests share — the device, settings and options (`PolicyContext`), the
/// page (`PageContext`) and a link's parsed `intent:` (`ParsedIntent`) — is held by
/// reference, so building and copying a request costs a few retains. Every stored field is
/// part of the classifier's memo key or of what the memo is kept for (`DecisionKey`); a
/// test holds the two lists together.
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
    public var android: AndroidRequest
    public var ios: IOSNavigationAction
    /// The device, settings and options of the run.
    var context: PolicyContext
    /// The page the navigation starts from, read once per page.
    var pageContext: PageContext
    /// `urlString` parsed by `Intent.parseUri` on the device, when the caller parsed it once
    /// for every profile (`parsedIntent` parses otherwise).
    var intent: ParsedIntent?

    public init(url: WebURL?, urlString: String, scheme: String, trigger: Trigger, frame: FrameKind, delayMs: Int?,
                pageURL: String, android: AndroidRequest, ios: IOSNavigationAction, device: DeviceProfile,
                settings: AuditSettings, options: ProfileOptions = ProfileOptions(), page: WebURL?? = nil) {
        self.init(url: url, urlString: urlString, scheme: scheme, trigger: trigger, frame: frame, delayMs: delayMs,
                  android: android, ios: ios,
                  context: PolicyContext(device: device, settings: settings, options: options),
                  page: PageContext(href: pageURL, url: page ?? WebURL.parse(pageURL)))
    }

    init(url: WebURL?, urlString: String, scheme: String, trigger: Trigger, frame: FrameKind, delayMs: Int?,
         android: AndroidRequest, ios: IOSNavigationAction, context: PolicyContext, page: PageContext) {
        self.url = url
        self.urlString = urlString
        self.scheme = scheme
        self.trigger = trigger
        self.frame = frame
        self.delayMs = delayMs
        self.android = android
        self.ios = ios
        self.context = context
        self.pageContext = page
    }

    /// The page the navigation starts from (`webView.url`).
    public var pageURL: String {
        get { pageContext.href }
        set { pageContext = PageContext(href: newValue, url: pageContext.url) }
    }

    /// `pageURL` parsed (once per page, by the caller).
    public var page: WebURL? {
        get { pageContext.url }
        set { pageContext = PageContext(href: pageContext.href, url: newValue) }
    }

    public var device: DeviceProfile {
        get { context.device }
        set { context = context.with(device: newValue) }
    }

    public var settings: AuditSettings {
        get { context.settings }
        set { context = context.with(settings: newValue) }
    }

    /// Options of the reference clients' profiles (`ios-sdk`, `ios-strict`, `android-sdk`), by name.
    public var options: ProfileOptions {
        get { context.options }
        set { context = context.with(options: newValue) }
    }

    /// `ios-sdk`'s classifier, built from `options.iosSDK` once per run.
    var iosSDKClassifier: DeepLinkClassifier { context.iosSDKClassifier }

    /// The association files of the hosts in play (a live crawl), nil offline. Kept on the
    /// device, where every resolution already looks (the platform's verification state is
    /// the device's): set here, read by `universalLinkApp(for:)` and `AndroidResolution`.
    public var associations: SiteAssociations? {
        get { device.siteAssociations }
        set { device.siteAssociations = newValue }
    }
}
