import Checks
import Foundation
import LinkAuditModel
import Policies
import WHATWGURL

/// A `linkaudit explain` request: one navigation, either in the extraction's terms
/// (`url`, `page`, `trigger`, `frame`, `delayMs`) or with the platforms' raw inputs
/// (`android`, `ios`) given directly, so a policy can be asked exactly what its code
/// would be asked. Raw fields override the ones derived from the extraction's terms.
/// `hostEntry` says how the host app entered the page (`HostEntry`): it replaces
/// `settings.entry`, names the page (the URL loaded last) and carries the Android activation
/// window and the iOS SDK's interaction state to the navigation.
public struct ExplainRequest: Decodable {
    public var url: String
    public var page: String = "https://shop.example/"
    public var trigger: Trigger = .tap
    public var frame: FrameKind = .main
    public var delayMs: Int?
    public var hostEntry: HostEntry?
    public var android: AndroidOverrides?
    public var ios: IOSOverrides?
    public var device: DeviceProfile = .optimistic
    public var options = ProfileOptions()
    public var settings = AuditSettings()

    public init(from decoder: Decoder) throws {
        let c = try ConfigObject(decoder, known: ["url", "page", "trigger", "frame", "delayMs", "hostEntry", "android",
                                                  "ios", "device", "options", "settings"])
        guard let url = try c.container.decodeIfPresent(String.self, forKey: ConfigKey("url")) else {
            throw DecodingError.keyNotFound(ConfigKey("url"), .init(codingPath: [], debugDescription: "url is required"))
        }
        self.url = url
        try c.read("page", into: &page)
        try c.read("trigger", into: &trigger)
        try c.read("frame", into: &frame)
        // Within the page clock's range, as the extraction's delays are (Docs/PLATFORM.md §F.13).
        delayMs = try c.readMilliseconds("delayMs")
        android = try c.container.decodeIfPresent(AndroidOverrides.self, forKey: ConfigKey("android"))
        ios = try c.container.decodeIfPresent(IOSOverrides.self, forKey: ConfigKey("ios"))
        try c.read("device", into: &device)
        try c.read("options", into: &options)
        try c.read("settings", into: &settings)
        hostEntry = try c.container.decodeIfPresent(HostEntry.self, forKey: ConfigKey("hostEntry"))
        if let hostEntry {
            if c.container.contains(ConfigKey("page")), page != hostEntry.pageURL {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: [ConfigKey("page")],
                    debugDescription: "'\(page)' is not the URL hostEntry loads last ('\(hostEntry.pageURL)'); leave page out"))
            }
            page = hostEntry.pageURL
            settings.entry = hostEntry.entry
            settings.hostEntry = hostEntry
        } else if let entry = settings.hostEntry {
            hostEntry = entry
            page = entry.pageURL
        }
    }

    public static func decode(_ data: Data) throws -> ExplainRequest {
        do {
            return try ConfigJSON.decode(ExplainRequest.self, from: data)
        } catch {
            throw LinkAuditError.usage("explain request: \(JSONErrorText.describe(error))")
        }
    }

    /// The navigation as the extraction would have recorded it.
    public var navigation: Navigation {
        let parsed = WebURL.parse(url, base: WebURL.parse(page))
        return Navigation(page: page, line: 0, source: "explain", trigger: trigger, frame: frame, delayMs: delayMs,
                          raw: url, url: parsed?.href ?? url, scheme: parsed?.scheme ?? WebURL.schemeOf(url) ?? "")
    }

    /// Every profile's verdict, with the findings they raise.
    public func evaluate(profiles: [any RuntimeProfile]) -> Navigation {
        let classifier = Classifier(profiles: profiles, device: device, settings: settings, options: options)
        var nav = navigation
        let sinceInput = classifier.visit.sinceInputAlone(nav)
        var request = classifier.request(for: nav, msSinceUserInput: sinceInput)
        android?.apply(to: &request.android)
        ios?.apply(to: &request.ios)
        var verdicts: [String: Verdict] = [:]
        for profile in profiles { verdicts[profile.name] = profile.decide(request) }
        nav.verdicts = VerdictSet(verdicts)
        nav.findings = CheckRun().findings(nav)
        return nav
    }

    /// The host's own loads, each with the verdicts of the profiles that model them (the
    /// iOS SDK's `loadUrlByUser` and `decidePolicyFor`); empty without a `hostEntry`.
    public func hostEntrySteps(profiles: [any RuntimeProfile]) -> [ExplainOutput.HostStep] {
        guard let hostEntry else { return [] }
        var steps = hostEntry.steps.map { ExplainOutput.HostStep(step: $0, verdicts: [:]) }
        if let sdk = profiles.first(where: { $0 is IOSSDKProfile }) as? IOSSDKProfile {
            for (i, verdict) in sdk.hostLoads(hostEntry, device: device, options: options).enumerated() {
                steps[i].verdicts[sdk.name] = verdict
            }
        }
        return steps
    }
}

/// `android` in an explain request: any subset of `AndroidRequest`'s fields.
public struct AndroidOverrides: Decodable {
    var isForMainFrame: Bool?, hasGesture: Bool?, isRedirect: Bool?, method: String?, isAppInitiated: Bool?
    var msSinceUserInput: Int??, requireUserGesture: Bool?

    public init(from decoder: Decoder) throws {
        let c = try ConfigObject(decoder, known: ["isForMainFrame", "hasGesture", "isRedirect", "method",
                                                  "isAppInitiated", "msSinceUserInput", "requireUserGesture"])
        isForMainFrame = try c.container.decodeIfPresent(Bool.self, forKey: ConfigKey("isForMainFrame"))
        hasGesture = try c.container.decodeIfPresent(Bool.self, forKey: ConfigKey("hasGesture"))
        isRedirect = try c.container.decodeIfPresent(Bool.self, forKey: ConfigKey("isRedirect"))
        method = try c.container.decodeIfPresent(String.self, forKey: ConfigKey("method"))
        isAppInitiated = try c.container.decodeIfPresent(Bool.self, forKey: ConfigKey("isAppInitiated"))
        if c.container.contains(ConfigKey("msSinceUserInput")) {
            msSinceUserInput = .some(try c.readMilliseconds("msSinceUserInput"))
        }
        requireUserGesture = try c.container.decodeIfPresent(Bool.self, forKey: ConfigKey("requireUserGesture"))
        if let method, method != "GET", method != "POST" {
            throw DecodingError.dataCorrupted(.init(codingPath: [ConfigKey("android"), ConfigKey("method")],
                                                    debugDescription: "must be GET or POST, not '\(method)'"))
        }
    }

    func apply(to request: inout AndroidRequest) {
        if let isForMainFrame { request.isForMainFrame = isForMainFrame }
        if let hasGesture { request.hasGesture = hasGesture }
        if let isRedirect { request.isRedirect = isRedirect }
        if let method { request.method = method }
        if let isAppInitiated { request.isAppInitiated = isAppInitiated }
        if let msSinceUserInput { request.msSinceUserInput = msSinceUserInput }
        if let requireUserGesture { request.requireUserGesture = requireUserGesture }
    }
}

/// `ios` in an explain request: any subset of `IOSNavigationAction`'s fields.
public struct IOSOverrides: Decodable {
    var isMainFrame: Bool?, isNewWindow: Bool?, navigationType: WKNavigationType?, currentURL: String??
    var hasUserInteraction: Bool?, hasUserInitiatedLoad: Bool?, userGesture: Bool?

    public init(from decoder: Decoder) throws {
        let c = try ConfigObject(decoder, known: ["isMainFrame", "isNewWindow", "navigationType", "currentURL",
                                                  "hasUserInteraction", "hasUserInitiatedLoad", "userGesture"])
        isMainFrame = try c.container.decodeIfPresent(Bool.self, forKey: ConfigKey("isMainFrame"))
        isNewWindow = try c.container.decodeIfPresent(Bool.self, forKey: ConfigKey("isNewWindow"))
        navigationType = try c.container.decodeIfPresent(WKNavigationType.self, forKey: ConfigKey("navigationType"))
        if c.container.contains(ConfigKey("currentURL")) {
            currentURL = .some(try c.container.decodeIfPresent(String.self, forKey: ConfigKey("currentURL")))
        }
        hasUserInteraction = try c.container.decodeIfPresent(Bool.self, forKey: ConfigKey("hasUserInteraction"))
        hasUserInitiatedLoad = try c.container.decodeIfPresent(Bool.self, forKey: ConfigKey("hasUserInitiatedLoad"))
        userGesture = try c.container.decodeIfPresent(Bool.self, forKey: ConfigKey("userGesture"))
    }

    func apply(to action: inout IOSNavigationAction) {
        if let isMainFrame { action.isMainFrame = isMainFrame }
        if let isNewWindow { action.isNewWindow = isNewWindow }
        if let navigationType { action.navigationType = navigationType }
        if let currentURL {
            action.currentURL = currentURL
            action.parsedCurrentURL = nil
        }
        if let hasUserInteraction { action.hasUserInteraction = hasUserInteraction }
        if let hasUserInitiatedLoad { action.hasUserInitiatedLoad = hasUserInitiatedLoad }
        if let userGesture { action.userGesture = userGesture }
    }
}
