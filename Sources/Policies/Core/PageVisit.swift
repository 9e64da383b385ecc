import LinkAuditModel

/// What happens on one page visit, in which order, on the page's clock: the part of
/// classification that is neither a profile's policy nor a cache.
///
/// Navigations that need no user (load scripts, timers, refreshes, frame loads, redirects)
/// run in time order on one clock, so the Android SDK's activation window, opened by
/// `loadUrlByUser` and consumed by a launch, carries from one to the next; each
/// user-started navigation (a tap and what its handler does) is its own scenario, right
/// after its own tap. Pure: the same navigations and settings give the same schedule.
public struct PageVisit: Sendable {
    public var settings: AuditSettings
    /// Hand the navigations one navigation stopped the verdict made for the first of them, in
    /// every profile's walk of the page (`PageReach.verdict` of one `Unreached` is one value: its text names the stopping
    /// navigation) rather than a verdict made for each: its text was made again for every
    /// such link and Blink profile, some 5,000 instructions a time, 1,000 times on the
    /// first 100 pages of the dense corpus (Benchmarks/README.md, issue 17). Off only to
    /// prove, in tests, that the walk hands out the same verdicts (`PageVisitUnreachedTests`).
    package var reusesUnreachedVerdicts = true

    public init(settings: AuditSettings) {
        self.settings = settings
    }

    /// Whether the profiles look at a navigation at all: declared app links and data
    /// literals are an inventory, template content is inert, and noscript content is live
    /// only when scripting is off (and script navigations only when it is on, a link or
    /// frame a script writes included).
    @inline(__always)  // read in place for each link of a page (`schedule`), not copied
    public func evaluates(_ navigation: Navigation) -> Bool {
        evaluates(trigger: navigation.trigger, context: navigation.context, source: navigation.source)
    }

    /// `evaluates(_:)` from the three fields it reads: `schedule` hands them over one by one,
    /// as handing it the navigation copied the whole of it (twenty fields) for every link.
    @inline(__always)
    func evaluates(trigger: Trigger, context: String?, source: String) -> Bool {
        if trigger.isInventory || context == "template" { return false }
        if context == "noscript" { return !settings.javaScriptEnabled }
        switch trigger {
        case .scriptLoad, .scriptTimer, .scriptHandler, .scriptAsync: return settings.javaScriptEnabled
        default: return source == "script" || Self.isAttribute(source) ? settings.javaScriptEnabled : true
        }
    }

    /// `source.hasPrefix("attr[")` (an event handler attribute), from the bytes: `hasPrefix`
    /// compared characters, some 70 instructions a link (Benchmarks/README.md, issue 17). Five
    /// ASCII bytes are the prefix exactly when the byte after them cannot join the `[` into
    /// another character (ASCII, which no combining mark is); otherwise `hasPrefix` decides.
    @inline(__always)
    static func isAttribute(_ source: String) -> Bool {
        let bytes = source.utf8.withContiguousStorageIfAvailable { b -> Bool? in
            guard b.count >= 5, b[0] == 0x61, b[1] == 0x74, b[2] == 0x74, b[3] == 0x72, b[4] == 0x5B else { return false }
            return b.count == 5 || b[5] < 0x80 ? true : nil
        }
        return (bytes ?? nil) ?? source.hasPrefix("attr[")
    }

    /// When a navigation that needs no user happens, in ms from the start of the load.
    /// The clock's sums saturate (`PageClock`): a delay comes from the page, and a
    /// `Navigation` built elsewhere may carry any number.
    @inline(__always)  // read in place when a page's load-time navigations are ordered
    public func loadTime(_ navigation: Navigation) -> Int {
        switch navigation.trigger {
        case .serverRedirect: return 0
        // A frame a timer makes loads after the timer's delay.
        case .metaRefresh, .scriptTimer, .frameLoad: return PageClock.sum(settings.pageLoadMs, navigation.delayMs ?? 0)
        default: return settings.pageLoadMs
        }
    }

    /// The time since the host last saw input for a navigation decided on its own (as
    /// `explain` does): its tap for a user-started one, the load for the rest when the app
    /// entered with `loadUrlByUser` (moved back by the host's loads after it, `hostEntry`),
    /// none otherwise.
    public func sinceInputAlone(_ navigation: Navigation) -> Int? {
        if InputMapping.isUserStarted(navigation.trigger) {
            return InputMapping.delayAfterTap(navigation.trigger, delayMs: navigation.delayMs, settings: settings)
        }
        return entryInput.map { PageClock.difference(loadTime(navigation), $0) }
    }

    /// When the host's `loadUrlByUser` happened on the page's clock: 0 for the one-step
    /// entry, earlier by a `pageLoadMs` per host load after it (`HostEntry`); nil for `loadUrl`.
    var entryInput: Int? {
        guard settings.entry == .loadUrlByUser else { return nil }
        return PageClock.difference(0, settings.hostEntry?.msFromUserLoadToPage(settings) ?? 0)
    }

    /// The navigations the profiles decide, in the order a visit meets them.
    public struct Schedule: Sendable {
        /// Per navigation: whether it is decided at all (`evaluates`).
        public let live: [Bool]
        /// The load-time navigations, by time on the page's clock (ties in page order).
        public let automatic: [Int]
        /// The user-started navigations, in page order.
        public let userStarted: [Int]
        /// Per navigation, why a Blink visit never reaches it (`PageReach`; nil: it does).
        /// The profiles are not asked about those: a navigation's verdict depends on
        /// whether it is reached as much as on what the profile reads of it.
        public let unreachedInBlink: [PageReach.Unreached?]

        /// Why `engine` never reaches navigation `i`, or nil.
        public func unreached(_ i: Int, on engine: PageReach.Engine) -> PageReach.Unreached? {
            engine == .blink ? unreachedInBlink[i] : nil
        }
    }

    /// `plain`: the way first written (`schedulePlain`), the reference `PageVisitScheduleTests`
    /// compares with. Otherwise one pass over the page writes whether each navigation is
    /// live and which list it joins: a pass to map and two to filter cost some 400
    /// instructions a link (Benchmarks/README.md, issue 17).
    public func schedule(_ navigations: [Navigation], plain: Bool = false) -> Schedule {
        if plain { return schedulePlain(navigations) }
        var live = [Bool](repeating: false, count: navigations.count)
        var timed: [(time: Int, refresh: Int, index: Int)] = []
        var userStarted: [Int] = []
        userStarted.reserveCapacity(navigations.count)
        navigations.withUnsafeBufferPointer { navs in
            for i in navs.indices {
                let trigger = navs[i].trigger
                guard evaluates(trigger: trigger, context: navs[i].context, source: navs[i].source) else { continue }
                live[i] = true
                if InputMapping.isUserStarted(trigger) {
                    userStarted.append(i)
                } else {
                    timed.append((loadTime(navs[i]), trigger == .metaRefresh ? 1 : 0, i))
                }
            }
        }
        // At the same time on the clock, scripts come before a meta refresh (`schedulePlain`).
        let automatic = timed.sorted { $0 < $1 }.map(\.index)
        let unreached = PageReach.blink(navigations, live: live, loadTime: loadTime)
        return Schedule(live: live, automatic: automatic, userStarted: userStarted, unreachedInBlink: unreached)
    }

    func schedulePlain(_ navigations: [Navigation]) -> Schedule {
        let live = navigations.indices.map { i in
            evaluates(trigger: navigations[i].trigger, context: navigations[i].context, source: navigations[i].source)
        }
        // At the same time on the clock, scripts come before a meta refresh, whose own
        // clock starts only once the load is over (§F.15); otherwise page order.
        // Each one's place in that order worked out once, not at every comparison.
        let automatic = navigations.indices
            .filter { live[$0] && !InputMapping.isUserStarted(navigations[$0].trigger) }
            .map { i in (loadTime(navigations[i]), navigations[i].trigger == .metaRefresh ? 1 : 0, i) }
            .sorted { $0 < $1 }
            .map { $0.2 }
        let userStarted = navigations.indices.filter { live[$0] && InputMapping.isUserStarted(navigations[$0].trigger) }
        let unreached = PageReach.blink(navigations, live: live, loadTime: loadTime)
        return Schedule(live: live, automatic: automatic, userStarted: userStarted, unreachedInBlink: unreached)
    }

    /// Whether a verdict consumed the activation window (the detail the Android SDK's
    /// client sets when it opened an app on the window).
    public static func consumesActivation(_ verdict: Verdict) -> Bool {
        verdict.details?[VerdictDetail.activationConsumed] == "true"
    }

    /// One profile's walk through the visit: `decide(i, sinceInput)` for each scheduled
    /// navigation the profile's engine reaches, in order, with the time since the host last
    /// saw input; `unreached(i, verdict)` for the others, with their fixed verdict (they
    /// happen to nobody, so they consume nothing). A verdict that consumed the activation
    /// window closes it for the load-time navigations after it. A navigation the profile's
    /// `sandbox` rules block is fixed too: the engine refuses it before the profile hears of it.
    /// `decide` answers whether its verdict consumed the window (`consumesActivation`), not the
    /// verdict itself: handing each profile's verdict back for every link copied it, for an
    /// answer a memo keeps per verdict (`DecisionMemo.consumes`).
    public func walk(_ navigations: [Navigation], _ schedule: Schedule, engine: PageReach.Engine = .webKit,
                     sandbox: SandboxGate = .none,
                     decide: (Int, Int?) -> Bool, unreached: (Int, Verdict) -> Void = { _, _ in }) {
        walk(navigations, schedule, engine: engine, sandbox: sandbox, made: UnreachedVerdicts(), decide: decide,
             unreached: unreached)
    }

    /// The last unreached verdict a page's walks made, by its cause (a page has a stop or
    /// two): one for every profile's walk of the page (`Classifier.classify`), made afresh for
    /// each page.
    final class UnreachedVerdicts {
        var last: (cause: PageReach.Unreached, verdict: Verdict)?
    }

    /// `walk`, with the unreached verdicts `made` for the page so far.
    func walk(_ navigations: [Navigation], _ schedule: Schedule, engine: PageReach.Engine, sandbox: SandboxGate,
              made: UnreachedVerdicts, decide: (Int, Int?) -> Bool, unreached: (Int, Verdict) -> Void) {
        var lastInput: Int? = entryInput
        func verdict(_ cause: PageReach.Unreached) -> Verdict {
            guard reusesUnreachedVerdicts else { return PageReach.verdict(cause, navigations) }
            if let last = made.last, last.cause == cause { return last.verdict }
            let verdict = PageReach.verdict(cause, navigations)
            made.last = (cause, verdict)
            return verdict
        }
        for i in schedule.automatic {
            if let cause = schedule.unreached(i, on: engine) {
                unreached(i, verdict(cause))
                continue
            }
            // Asked only of a sandboxed frame's navigation (the rest pass, and each call copied
            // the navigation: every profile, every link).
            if sandbox != .none, navigations[i].sandbox != nil, let blocked = sandbox.verdict(navigations[i]) {
                unreached(i, blocked)
                continue
            }
            let t = loadTime(navigations[i])
            if decide(i, lastInput.map { PageClock.difference(t, $0) }) { lastInput = nil }
        }
        for i in schedule.userStarted {
            if let cause = schedule.unreached(i, on: engine) {
                unreached(i, verdict(cause))
                continue
            }
            // Asked only of a sandboxed frame's navigation (the rest pass, and each call copied
            // the navigation: every profile, every link).
            if sandbox != .none, navigations[i].sandbox != nil, let blocked = sandbox.verdict(navigations[i]) {
                unreached(i, blocked)
                continue
            }
            _ = decide(i, InputMapping.delayAfterTap(navigations[i].trigger, delayMs: navigations[i].delayMs,
                                                     settings: settings))
        }
    }
}
