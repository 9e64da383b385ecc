/// Runs every selected runtime profile over one page's navigations and fills in their
/// verdicts and findings.
///
/// A page visit is simulated once per profile: navigations that happen without the user
/// (load scripts, timers, refreshes, frame loads, redirects) run in time order on one
/// clock, so the Android SDK's activation window, opened by `loadUrlByUser` and consumed
/// by a launch, carries from one to the next; each user-started navigation (a tap and
/// what its handler does) is its own scenario, right after its own tap.
public struct Classifier: Sendable {
    public var profiles: [any RuntimeProfile]
    public var device: DeviceProfile
    public var settings: AuditSettings
    public var options: ProfileOptions
    public var checks: [Check]
    /// Remember ordinary web links' verdicts within a page (`WebVerdicts`); off only to
    /// prove, in tests, that it changes nothing.
    var memoizeWebLinks = true
    /// The association files fetched for the page's hosts (live crawls), handed to every
    /// profile with the request; nil: the device's own declarations decide.
    public var associations: SiteAssociations?

    public init(profiles: [any RuntimeProfile], device: DeviceProfile = .optimistic,
                settings: AuditSettings = AuditSettings(), options: ProfileOptions = ProfileOptions(),
                checks: [Check] = Checks.all) {
        self.profiles = profiles
        self.device = device
        self.settings = settings
        self.options = options
        self.checks = checks
    }

    /// Whether the profiles look at a navigation at all: declared app links are an
    /// inventory, template content is inert, and noscript content is live only when
    /// scripting is off (and script navigations only when it is on).
    public func evaluates(_ navigation: Navigation) -> Bool {
        if navigation.trigger == .metadata || navigation.context == "template" { return false }
        if navigation.context == "noscript" { return !settings.javaScriptEnabled }
        if !settings.javaScriptEnabled, [.scriptLoad, .scriptTimer, .scriptHandler, .scriptAsync].contains(navigation.trigger) {
            return false
        }
        return true
    }

    public func classify(_ navigations: [Navigation]) -> [Navigation] {
        var out = navigations
        let automatic = out.indices
            .filter { evaluates(out[$0]) && !InputMapping.isUserStarted(out[$0].trigger) }
            .sorted { (loadTime(out[$0]), $0) < (loadTime(out[$1]), $1) }
        // URLs are parsed once per navigation (and the page's once per page), not once per profile.
        let urls = out.map { WebURL.parse($0.url) }
        var pages: [String: WebURL?] = [:]
        for navigation in out where pages[navigation.page] == nil { pages[navigation.page] = .some(WebURL.parse(navigation.page)) }
        let memo = memoizeWebLinks && webLinksUnclaimed
        // Verdicts gathered per navigation in profile order, made a dictionary once; for
        // web links also the memo keys they were decided under.
        var gathered = Array(repeating: [(String, Verdict)](), count: out.count)
        var keys = Array(repeating: [WebVerdicts.Key](), count: memo ? out.count : 0)
        for profile in profiles {
            var verdicts = WebVerdicts()
            func decide(_ i: Int, _ sinceInput: Int?) -> Verdict {
                let page = pages[out[i].page] ?? nil
                let key = memo ? WebVerdicts.Key(out[i], url: urls[i], page: page, sinceInput: sinceInput) : nil
                if let key { keys[i].append(key) }
                if let key, let known = verdicts.known[key] { return known }
                let verdict = profile.decide(request(for: out[i], url: urls[i], page: page, msSinceUserInput: sinceInput))
                if let key { verdicts.known[key] = verdict }
                return verdict
            }
            // When the host last saw user input, on the page's clock; nil once consumed.
            var lastInput: Int? = settings.entry == .loadUrlByUser ? 0 : nil
            for i in automatic {
                let t = loadTime(out[i])
                let verdict = decide(i, lastInput.map { t - $0 })
                if verdict.details?[VerdictDetail.activationConsumed] == "true" { lastInput = nil }
                gathered[i].append((profile.name, verdict))
            }
            for i in out.indices where evaluates(out[i]) && InputMapping.isUserStarted(out[i].trigger) {
                let sinceTap = InputMapping.delayAfterTap(out[i].trigger, delayMs: out[i].delayMs, settings: settings)
                gathered[i].append((profile.name, decide(i, sinceTap)))
            }
        }
        // Checks read a navigation's scheme, frame, URL (for intent: only) and verdicts: web
        // links decided under the same keys by every profile have the same findings.
        var findingsOf: [[WebVerdicts.Key]: [FindingRef]] = [:]
        for i in out.indices where !gathered[i].isEmpty {
            out[i].verdicts = Dictionary(gathered[i], uniquingKeysWith: { $1 })
            let key = memo && keys[i].count == gathered[i].count ? keys[i] : nil
            if let key, let known = findingsOf[key] {
                out[i].findings = known
                continue
            }
            let found = checks.compactMap { check -> FindingRef? in
                let profiles = check.profiles(out[i])
                return profiles.isEmpty ? nil : FindingRef(code: check.code, profiles: profiles)
            }
            out[i].findings = found
            if let key { findingsOf[key] = found }
        }
        return out
    }

    /// True when no installed app can claim an http(s) link (no App Link filters, no
    /// Universal Link associations, no site files in play): a web link's verdict then
    /// depends only on its trigger, frame, timing and whether it stays on the page's host,
    /// so one page's many ordinary links share a handful of verdicts (see `WebVerdicts`).
    var webLinksUnclaimed: Bool {
        associations == nil && device.apps.allSatisfy { $0.appLinks.isEmpty && $0.universalLinks.isEmpty }
    }

    /// When a navigation that needs no user happens, in ms from the start of the load.
    func loadTime(_ navigation: Navigation) -> Int {
        switch navigation.trigger {
        case .serverRedirect: return 0
        case .metaRefresh, .scriptTimer: return settings.pageLoadMs + (navigation.delayMs ?? 0)
        default: return settings.pageLoadMs
        }
    }

    /// The platform inputs for a navigation, from the mapping table.
    public func request(for navigation: Navigation, url: WebURL?? = nil, page: WebURL?? = nil,
                        msSinceUserInput: Int?) -> PolicyRequest {
        let url = url ?? WebURL.parse(navigation.url)
        let page = page ?? WebURL.parse(navigation.page)
        var request = PolicyRequest(
            url: url, urlString: navigation.url, scheme: navigation.scheme, trigger: navigation.trigger,
            frame: navigation.frame, delayMs: navigation.delayMs, pageURL: navigation.page,
            android: InputMapping.android(navigation.trigger, frame: navigation.frame, delayMs: navigation.delayMs,
                                          settings: settings, msSinceUserInput: msSinceUserInput,
                                          options: options.android),
            ios: InputMapping.ios(navigation.trigger, frame: navigation.frame, delayMs: navigation.delayMs,
                                  pageURL: navigation.page, settings: settings),
            device: device, settings: settings, options: options, page: page)
        request.ios.parsedCurrentURL = page
        request.associations = associations
        return request
    }
}
