import Associations
import LinkAuditModel
import WHATWGURL

/// Runs every selected runtime profile over one page's navigations and gives each its
/// verdicts, in the order a visit meets them (`PageVisit`), with ordinary web links'
/// verdicts remembered within the page (`WebVerdicts`). Checks then read the verdicts
/// (`CheckRun`, in the Checks target): this stage decides, it does not judge.
public struct Classifier: Sendable {
    public var profiles: [any RuntimeProfile]
    public var device: DeviceProfile
    public var settings: AuditSettings
    public var options: ProfileOptions
    /// Remember ordinary web links' verdicts within a page (`WebVerdicts`); off only to
    /// prove, in tests, that it changes nothing.
    package var memoizeWebLinks = true
    /// The association files fetched for the page's hosts (live crawls), handed to every
    /// profile with the request; nil: the device's own declarations decide.
    public var associations: SiteAssociations?

    public init(profiles: [any RuntimeProfile], device: DeviceProfile = .optimistic,
                settings: AuditSettings = AuditSettings(), options: ProfileOptions = ProfileOptions()) {
        self.profiles = profiles
        self.device = device
        self.settings = settings
        self.options = options
    }

    public var visit: PageVisit { PageVisit(settings: settings) }

    public func classify(_ navigations: [Navigation]) -> ClassifiedPage {
        guard !profiles.isEmpty else { return ClassifiedPage(navigations: navigations, sharing: []) }
        let navs = navigations
        let visit = self.visit
        let schedule = visit.schedule(navs)
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
            visit.walk(navs, schedule, engine: PageReach.Engine(profile.platform), decide: { i, sinceInput in
                let shape = memo ? shapes.numbers[i] : nil
                if let shape, let number = verdicts.number(shape: shape, sinceInput: sinceInput) {
                    numbers[i * count + p] = number
                    decided[i * count + p] = verdicts.verdicts[number]
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
                decided[i * count + p] = verdict
                return verdict
            }, unreached: { i, verdict in decided[i * count + p] = verdict })
        }
        // Web links decided under the same memo numbers by every profile share one verdict
        // set (and so, for the checks, the same findings).
        let names = VerdictSet.Names(profiles.map(\.name))
        var shared: [UInt64: VerdictSet] = [:]
        var out = navs
        var sharing = [UInt64?](repeating: nil, count: memo ? navs.count : 0)
        for i in out.indices where schedule.live[i] {
            let key = memo ? Self.sharingKey(numbers[(i * count)..<(i * count + count)]) : nil
            if let key {
                sharing[i] = key
                if let verdicts = shared[key] {
                    out[i].verdicts = verdicts
                    continue
                }
            }
            let verdicts = VerdictSet(names, (0..<count).map { decided[i * count + $0]! })
            out[i].verdicts = verdicts
            if let key { shared[key] = verdicts }
        }
        return ClassifiedPage(navigations: out, sharing: sharing)
    }

    /// The memo numbers of every profile packed into one integer (8 bits each), or nil
    /// when a profile did not decide from its memo or the numbers do not fit.
    package static func sharingKey(_ numbers: ArraySlice<Int>) -> UInt64? {
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
    package static func target(_ navigation: Navigation) -> WebURL? {
        if let target = navigation.target.value, target.href == navigation.url { return target }
        return WebURL.parse(navigation.url)
    }

    /// The runs of navigations found on one page (navigations come page by page), each
    /// with the page's URL parsed once.
    package static func pages(_ navigations: [Navigation]) -> [(range: Range<Int>, url: WebURL?)] {
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
    package var webLinksUnclaimed: Bool {
        associations == nil && device.apps.allSatisfy { $0.appLinks.isEmpty && $0.universalLinks.isEmpty }
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
