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
        switch navigation.trigger {
        case .scriptLoad, .scriptTimer, .scriptHandler, .scriptAsync: return settings.javaScriptEnabled
        default: return true
        }
    }

    public func classify(_ navigations: [Navigation]) -> [Navigation] {
        guard !profiles.isEmpty else { return navigations }
        let navs = navigations
        let live = navs.indices.map { evaluates(navs[$0]) }
        let automatic = navs.indices
            .filter { live[$0] && !InputMapping.isUserStarted(navs[$0].trigger) }
            .sorted { (loadTime(navs[$0]), $0) < (loadTime(navs[$1]), $1) }
        let userStarted = navs.indices.filter { live[$0] && InputMapping.isUserStarted(navs[$0].trigger) }
        // URLs are parsed once per navigation (and the page's once per page), not once per profile.
        let urls = navs.map(Self.target)
        let pages = Self.pages(navs)
        let memo = memoizeWebLinks && webLinksUnclaimed
        var links: [WebVerdicts.Link?] = []
        if memo {
            links.reserveCapacity(navs.count)
            for (range, pageURL) in pages {
                for i in range { links.append(WebVerdicts.Link(url: urls[i], page: pageURL)) }
            }
        }
        let shapes = memo ? WebVerdicts.shapes(navs, links: links) : (numbers: [], count: 0)
        // Each navigation's verdict per profile (index i * P + p) and, for web links decided
        // from the memo, the verdict's number in that profile's memo (-1: not memoised).
        let count = profiles.count
        var decided = [Verdict?](repeating: nil, count: navs.count * count)
        var numbers = [Int](repeating: -1, count: memo ? navs.count * count : 0)
        // A navigation's request is built once and reused by the next profile when its
        // time since the last input is the same (it is, but for load-time navigations after
        // a profile consumed the activation window).
        // (Slots into a list: an array of optional requests, one per navigation, cost more
        // to set up than the few navigations that are decided at all.)
        var requestSlots = [Int32](repeating: -1, count: navs.count)
        var requests: [(since: Int?, request: PolicyRequest)] = []
        let iosSDKClassifier = DeepLinkClassifier(options: options.iosSDK)
        for (p, profile) in profiles.enumerated() {
            var verdicts = WebVerdicts(shapes: shapes.count)
            func decide(_ i: Int, _ sinceInput: Int?) -> Verdict {
                let shape = memo ? shapes.numbers[i] : nil
                if let shape, let number = verdicts.number(shape: shape, sinceInput: sinceInput) {
                    numbers[i * count + p] = number
                    return verdicts.verdicts[number]
                }
                let slot = Int(requestSlots[i])
                if slot < 0 || requests[slot].since != sinceInput {
                    let page = pages.first { $0.range.contains(i) }?.url ?? nil
                    var built = request(for: navs[i], url: urls[i], page: page, msSinceUserInput: sinceInput)
                    built.iosSDKClassifier = iosSDKClassifier
                    if slot < 0 {
                        requestSlots[i] = Int32(requests.count)
                        requests.append((sinceInput, built))
                    } else {
                        requests[slot] = (sinceInput, built)
                    }
                }
                let verdict = profile.decide(requests[Int(requestSlots[i])].request)
                if let shape { numbers[i * count + p] = verdicts.remember(verdict, shape: shape, sinceInput: sinceInput) }
                return verdict
            }
            // When the host last saw user input, on the page's clock; nil once consumed.
            var lastInput: Int? = settings.entry == .loadUrlByUser ? 0 : nil
            for i in automatic {
                let t = loadTime(navs[i])
                let verdict = decide(i, lastInput.map { t - $0 })
                if verdict.details?[VerdictDetail.activationConsumed] == "true" { lastInput = nil }
                decided[i * count + p] = verdict
            }
            for i in userStarted {
                let sinceTap = InputMapping.delayAfterTap(navs[i].trigger, delayMs: navs[i].delayMs, settings: settings)
                decided[i * count + p] = decide(i, sinceTap)
            }
        }
        // Checks read a navigation's scheme, frame, URL (for intent: only) and verdicts: web
        // links decided under the same memo numbers by every profile share one verdict set
        // and have the same findings.
        let names = VerdictSet.Names(profiles.map(\.name))
        var shared: [UInt64: (VerdictSet, [FindingRef])] = [:]
        var out = navs
        for i in out.indices where live[i] {
            let key = memo ? Self.sharingKey(numbers[(i * count)..<(i * count + count)]) : nil
            if let key, let (verdicts, findings) = shared[key] {
                out[i].verdicts = verdicts
                out[i].findings = findings
                continue
            }
            out[i].verdicts = VerdictSet(names, (0..<count).map { decided[i * count + $0]! })
            let found = checks.compactMap { check -> FindingRef? in
                let profiles = check.profiles(out[i])
                return profiles.isEmpty ? nil : FindingRef(code: check.code, profiles: profiles)
            }
            out[i].findings = found
            if let key { shared[key] = (out[i].verdicts!, found) }
        }
        return out
    }

    /// The memo numbers of every profile packed into one integer (8 bits each), or nil
    /// when a profile did not decide from its memo or the numbers do not fit.
    static func sharingKey(_ numbers: ArraySlice<Int>) -> UInt64? {
        guard numbers.count <= 8 else { return nil }
        var key: UInt64 = 0
        for number in numbers {
            guard number >= 0, number < 255 else { return nil }
            key = key << 8 | UInt64(number + 1)
        }
        return key
    }

    /// A navigation's URL parsed: extraction's parse when the navigation still carries it
    /// (parsing a serialisation again gives the same URL), a new one otherwise.
    static func target(_ navigation: Navigation) -> WebURL? {
        if let target = navigation.target.value, target.href == navigation.url { return target }
        return WebURL.parse(navigation.url)
    }

    /// The runs of navigations found on one page (navigations come page by page), each
    /// with the page's URL parsed once.
    static func pages(_ navigations: [Navigation]) -> [(range: Range<Int>, url: WebURL?)] {
        var out: [(range: Range<Int>, url: WebURL?)] = []
        var start = 0
        while start < navigations.count {
            let page = navigations[start].page
            var end = start + 1
            while end < navigations.count, navigations[end].page == page { end += 1 }
            out.append((start..<end, WebURL.parse(page)))
            start = end
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
