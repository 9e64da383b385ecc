import Associations
import Foundation
import LinkAuditModel
import WHATWGURL

/// Runs every selected runtime profile over one page's navigations and gives each its
/// verdicts, in the order a visit meets them (`PageVisit`). Navigations decided alike —
/// the same `DecisionKey`, whatever page they are on — are decided once per run and share
/// one verdict set and one findings array (`DecisionMemo`). Checks then read the verdicts
/// (`CheckRun`, in the Checks target, handed in as a `Judge`): this stage decides, it does
/// not judge.
public struct Classifier: Sendable {
    public var profiles: [any RuntimeProfile] { didSet { store = MemoStore() } }
    public var device: DeviceProfile { didSet { store = MemoStore() } }
    public var settings: AuditSettings { didSet { store = MemoStore() } }
    public var options: ProfileOptions { didSet { store = MemoStore() } }
    /// The association files fetched for the page's hosts (live crawls), handed to every
    /// profile with the request; nil: the device's own declarations decide.
    public var associations: SiteAssociations? { didSet { store = MemoStore() } }
    /// Remember decisions (`DecisionMemo`); off only to prove, in tests, that it changes
    /// nothing: every navigation is then decided by every profile.
    package var memoizes = true
    /// Number `intent:` links by their URI's shape (`IntentShape`) where one was seen before;
    /// off only to prove, in tests, that it numbers them as their parse's key does.
    package var shapesIntents = true
    /// Number a placement's inputs once per memo rather than once per page (`DecisionMemo.placements`);
    /// off only to prove, in tests, that it numbers them as each page's own requests do.
    package var remembersPlacements = true
    /// Judge a navigation some engine never reaches (`PageReach`) by a memo row too: the row of
    /// its verdicts with each `unreached` one's text left out (`unnamed`); off only to prove,
    /// in tests, that the findings are the ones judging each such navigation gives.
    package var judgesUnreachedByRow = true
    /// Hand a row not judged yet the findings of a row of the same verdict set and facet
    /// (`FindingsByFacet`, where the judge gives a `Judge.facet`); off only to prove, in
    /// tests, that the findings are the ones judging each row gives.
    package var sharesFindings = true
    /// Give unreached links with the same verdicts one set (`UnreachedSets`); off only to
    /// prove, in tests, that their verdicts are the ones a set each gives.
    package var sharesUnreachedSets = true
    /// What the configuration above builds once, and the memos of the workers using it: a
    /// copy of the classifier shares them until one of its fields changes.
    private var store = MemoStore()

    public init(profiles: [any RuntimeProfile], device: DeviceProfile = .optimistic,
                settings: AuditSettings = AuditSettings(), options: ProfileOptions = ProfileOptions()) {
        self.profiles = profiles
        self.device = device
        self.settings = settings
        self.options = options
    }

    /// The findings of a navigation with its verdicts (the checks', `CheckRun`), asked once
    /// per distinct decision when the memo is on. `id` tells judges apart: findings a memo
    /// keeps are from one judge.
    public struct Judge {
        public let id: String
        public let findings: (Navigation) -> [FindingRef]
        /// Whether a navigation's findings depend on more than its memo row's key (the text
        /// of its query, which `QUERY_NOT_UTF8` reads): such a navigation is judged alone,
        /// and its findings are not shared with its row.
        public let judgedAlone: (Navigation) -> Bool
        /// The judge's word that `judgedAlone` answers false for every navigation whose `raw`
        /// text is all ASCII (`QUERY_NOT_UTF8` reads only a query written with other
        /// characters): the classifier then asks it only of the others (`isJudgedAlone`).
        public let aloneOnlyBeyondASCII: Bool
        /// What of a navigation beside its verdicts its findings follow from, where the judge
        /// can tell (`Facet`): rows of one verdict set and one facet then share their findings
        /// (`FindingsByFacet`). Nil: every row is judged.
        public let facet: ((Navigation) -> Facet)?
        /// `findings`, handed the navigation's facet too (what it read of the URL need not be
        /// read again); nil: `findings`.
        public let findingsWithFacet: ((Navigation, Facet) -> [FindingRef])?

        public init(id: String, findings: @escaping (Navigation) -> [FindingRef],
                    judgedAlone: @escaping (Navigation) -> Bool = { _ in false },
                    aloneOnlyBeyondASCII: Bool = false,
                    facet: ((Navigation) -> Facet)? = nil,
                    findingsWithFacet: ((Navigation, Facet) -> [FindingRef])? = nil) {
            self.id = id
            self.findings = findings
            self.judgedAlone = judgedAlone
            self.aloneOnlyBeyondASCII = aloneOnlyBeyondASCII
            self.facet = facet
            self.findingsWithFacet = findingsWithFacet
        }
    }

    public var visit: PageVisit { PageVisit(settings: settings) }

    public func classify(_ navigations: [Navigation]) -> ClassifiedPage {
        var navigations = navigations
        classify(&navigations, judge: nil)
        return ClassifiedPage(navigations: navigations)
    }

    /// Gives each live navigation its verdicts in place and, with a judge, its findings.
    public func classify(_ navigations: inout [Navigation], judge: Judge?) {
        guard !profiles.isEmpty, !navigations.isEmpty else { return }
        let run = store.run(self)
        let schedule = run.visit.schedule(navigations)
        let pages = Self.pages(navigations)
        if memoizes, run.reading.known {
            let memo = store.take(run)
            defer { store.give(memo) }
            memo.shapes = shapesIntents
            memo.remembersPlacements = remembersPlacements
            memo.judgesUnreachedByRow = judgesUnreachedByRow
            memo.sharesFindings = sharesFindings
            classify(&navigations, run: run, schedule: schedule, pages: pages, memo: memo, judge: judge)
        } else {
            classifyEach(&navigations, run: run, schedule: schedule, pages: pages, judge: judge)
        }
    }

    /// What a streamed page's chunks are classified with (README Limits): the navigations
    /// that stop a document's parser, which alone decide whether a user-started navigation
    /// is ever reached (`PageReach`). Everything else a chunk's links need is their own.
    public struct PageWide: Sendable {
        let stoppers: [Navigation]
    }

    /// The page-wide context of a streamed page, from its held navigations (`held`: every
    /// navigation that is not a plain link or form submission of the page's own document,
    /// so every load-time one).
    public func pageWide(_ held: [Navigation]) -> PageWide {
        let live = held.map(visit.evaluates)
        let stops = PageReach.parserStops(held, live: live)
        return PageWide(stoppers: stops.values.map(\.index).sorted().map { held[$0] })
    }

    /// Gives a chunk of a streamed page's plain navigations (links and form submissions, all
    /// user-started) their verdicts and findings as `classify(_:judge:)` gives them on the
    /// whole page: a user-started navigation is decided on its own after its tap, unless a
    /// parser stop leaves it unreached, so the chunk is classified beside the stoppers.
    public func classify(_ chunk: inout [Navigation], judge: Judge?, alongside wide: PageWide) {
        guard !wide.stoppers.isEmpty else {
            classify(&chunk, judge: judge)
            return
        }
        var list = wide.stoppers + chunk
        classify(&list, judge: judge)
        chunk = Array(list[wide.stoppers.count...])
    }

    /// The straightforward way, and the reference the memo is tested against: every profile
    /// decides every navigation; a request is built once per navigation, and each profile's
    /// walk sets the time since input it reaches the navigation with.
    private func classifyEach(_ navs: inout [Navigation], run: Run, schedule: PageVisit.Schedule,
                              pages: [PageRun], judge: Judge?) {
        let count = run.profiles.count
        var decided = [Verdict?](repeating: nil, count: navs.count * count)
        var requests: [PolicyRequest?] = Array(repeating: nil, count: navs.count)
        for (p, profile) in run.profiles.enumerated() {
            run.visit.walk(navs, schedule, engine: PageReach.Engine(profile.platform), sandbox: profile.sandboxGate, decide: { i, sinceInput in
                if requests[i] == nil {
                    requests[i] = run.request(for: navs[i], page: pages[Self.pageIndex(i, pages)].context)
                }
                requests[i]!.android.msSinceUserInput = sinceInput
                let verdict = profile.decide(requests[i]!)
                decided[i * count + p] = verdict
                return PageVisit.consumesActivation(verdict)
            }, unreached: { i, verdict in decided[i * count + p] = verdict })
        }
        for i in navs.indices where schedule.live[i] {
            navs[i].verdicts = VerdictSet(run.names, (0..<count).map { decided[i * count + $0]! })
            if let judge { navs[i].findings = judge.findings(navs[i]) }
        }
    }

    /// With the memo: each navigation's key once (`DecisionKey.Link`), then each profile's
    /// walk looks its verdict up and decides only what it has not seen; each row of verdicts
    /// gets its set and findings once.
    private func classify(_ navs: inout [Navigation], run: Run, schedule: PageVisit.Schedule, pages: [PageRun],
                          memo: DecisionMemo, judge: Judge?) {
        let count = run.profiles.count
        var ids = [Int32](repeating: -1, count: navs.count)
        // An `intent:` link parsed once, for its key and for any profile that decides it; the
        // values its verdicts quote where its key keeps only what is read of them.
        // (Sized on the page's first `intent:` link: other pages pay nothing.) The parses by
        // navigation, and the quotes in a list with each navigation's place in it (-1: none):
        // arrays of optional parses and quotes, one a navigation, cost some 160 instructions a
        // link to make (Benchmarks/README.md, issue 17), and few links are parsed.
        var intents: [Int: ParsedIntent] = [:]
        var quoteList: [IntentQuotes] = []
        var quoteAt: [Int32] = []
        // Each navigation's quotes' `places`, read by every profile's walk: the quotes themselves were copied
        // out (their strings retained and released) for every profile of every such link.
        var quotePlaces: [IntentQuotes.Places] = []
        // A navigation's inputs follow from its trigger, frame and delay (on the page): each
        // of a page's few placements is mapped and numbered once.
        var placements: [Placement: Int32] = [:]
        // The page's part of an `intent:` link's key on the shape path, by target host (`PageBitsByHost`).
        var pageBits = PageBitsByHost()
        // Asked once: asked of every `intent:` link, it copied the run's reading (its sets retained
        // and released) and hashed "intent" into its set of schemes read whole.
        // The reading itself held once too: `run.reading` handed to each link's key copied it.
        let reading = run.reading
        let readsIntentKeys = reading.readsIntentKey(scheme: "intent")
        for page in pages {
            placements.removeAll(keepingCapacity: true)
            // Asked once a page: reading `page.context.url` copied the URL for each link.
            let byPlacement = memo.remembersPlacements && page.context.url != nil
            // The last link's placement and inputs: links of a page come in runs of one
            // placement (a list of anchors), and comparing three fields cost less than hashing
            // them for the dictionary, some 300 instructions a link (Benchmarks/README.md, issue 17).
            var last: (placement: Placement, inputs: Int32)?
            for i in page.range where schedule.live[i] {
                // From the three fields: `Placement(navs[i])` copied the whole navigation.
                let placement = Placement(trigger: navs[i].trigger, frame: navs[i].frame, delayMs: navs[i].delayMs)
                let inputs: Int32
                if let last, last.placement == placement {
                    inputs = last.inputs
                } else if byPlacement, let known = memo.placedInputs(placement) {
                    inputs = known
                } else if byPlacement {
                    inputs = memo.inputs(of: placement) {
                        DecisionKey.Inputs(run.request(for: navs[i], page: page.context))
                    }
                } else if let known = placements[placement] {
                    inputs = known
                } else {
                    inputs = memo.inputs(DecisionKey.Inputs(run.request(for: navs[i], page: page.context)))
                    placements[placement] = inputs
                }
                last = (placement, inputs)
                // Read in place: `Self.target(navs[i])` copied the whole navigation (a retain and
                // a release of each of its fields) for every link.
                if readsIntentKeys, navs[i].scheme == "intent" {
                    let url = navs.withUnsafeBufferPointer { Self.target(of: $0, at: i) }
                    if quoteAt.isEmpty {
                        quoteAt = Array(repeating: -1, count: navs.count)
                        quotePlaces = Array(repeating: [], count: navs.count)
                    }
                    var intent: ParsedIntent?
                    var quoted: IntentQuotes?
                    ids[i] = Self.intentLinkNumber(navs[i].url, url: url, page: page.context, run: run, inputs: inputs,
                                                   memo: memo, pageBits: &pageBits, intent: &intent, quotes: &quoted)
                    if let intent { intents[i] = intent }
                    // Taken out, not bound: a binding copied the quotes' texts, to be released again.
                    if let quoted = quoted.take() {
                        quoteAt[i] = Int32(quoteList.count)
                        quotePlaces[i] = quoted.places
                        quoteList.append(quoted)
                    }
                } else {
                    ids[i] = navs.withUnsafeBufferPointer {
                        Self.linkNumber(of: $0, at: i, page: page.context, reading: reading, inputs: inputs, memo: memo)
                    }
                }
                // The key as the request defines it, in debug builds (every test): the placement's
                // inputs and this link's reading are the request's own, its number the key's (an
                // `intent:` link found by its shape too), and so are the values its verdicts quote.
                assert({
                    let key = DecisionKey(run.request(for: navs[i], page: page.context), reading: run.reading)
                    guard memo.knownLink(key.link, inputs: inputs) == ids[i], memo.knownInputs(key.inputs) == inputs
                    else { return false }
                    guard case .intent = key.link.target else { return true }
                    let quotes = quoteAt.isEmpty || quoteAt[i] < 0 ? nil : quoteList[Int(quoteAt[i])]
                    return quotes == IntentQuotes(ParsedIntent(navs[i].url, flags: run.reading.intentParseFlags))
                }())
            }
        }
        // What the walks read, fixed from here on and captured by value: a `var` the walk's closure
        // captures is boxed and read through its box for every profile of every link, and each
        // write to an array there asked whether it was shared (Benchmarks/README.md, issue 17).
        let links = ids, parsed = intents, quotedList = quoteList, quotedAt = quoteAt, quotedPlaces = quotePlaces
        // Each link's verdict numbers by profile (`i * count + p`), written by the walks.
        let numbers = UnsafeMutableBufferPointer<Int32>.allocate(capacity: navs.count * count)
        numbers.initialize(repeating: -1)
        defer { numbers.deallocate() }
        // Where a verdict remembered for the key was given the link's own values (`IntentQuotes`):
        // the remembered one's number, by `i * count + p` (-1: none). The row (and its findings)
        // is the key's; the verdict set the link's own. (An array made at the first: a
        // dictionary was asked of every profile of every link once a page had one.)
        var keyed: [Int32] = []
        // The requests of the links some profile has to decide, built once each, by navigation
        // (made at the first). Each is moved out of its slot for a profile's decision and back:
        // copied out of a dictionary, every field was retained and released again for every
        // decision, some 230 instructions and 6 retain/release calls a link on `intent:` pages
        // (Benchmarks/README.md, issue 17). In a list of the links decided here, with each
        // navigation's place in it (-1: none): an array of optional requests, one a navigation,
        // cost some 28,000 instructions a page with a miss to make (a `PolicyRequest?` is large).
        var missed: [PolicyRequest?] = []
        var missedAt: [Int32] = []
        // Navigations some profile's engine never reaches (`PageReach`): their verdict names
        // what stopped them, so their rows are not shared; they are set apart, per profile.
        // (An array by navigation, made at the first: a lookup a link in a dictionary cost more.)
        var unreached: [[Verdict?]?] = []
        // The unreached verdicts made for the page, for every profile's walk.
        let made = PageVisit.UnreachedVerdicts()
        for (p, profile) in run.profiles.enumerated() {
            run.visit.walk(navs, schedule, engine: PageReach.Engine(profile.platform), sandbox: profile.sandboxGate,
                           made: made, decide: { i, sinceInput in
                let visit = DecisionKey.Visit(msSinceUserInput: sinceInput)
                if let number = memo.number(link: links[i], profile: p, visit: visit) {
                    numbers[i * count + p] = number
                    // A verdict quoting none of the link's values (`IntentQuotes.Places`) is the link's as it is.
                    guard !quotedPlaces.isEmpty, !quotedPlaces[i].isEmpty,
                          !memo.places(profile: p, number: number).isDisjoint(with: quotedPlaces[i]),
                          quotedAt[i] >= 0 else {
                        return memo.consumes(profile: p, number: number)
                    }
                    var remembered: Int32?
                    let verdict = Self.quote(quotedList[Int(quotedAt[i])], number: number, profile: p, memo: memo,
                                             own: &numbers[i * count + p], keyed: &remembered)
                    if let remembered {
                        if keyed.isEmpty { keyed = Array(repeating: -1, count: navs.count * count) }
                        keyed[i * count + p] = remembered
                    }
                    return PageVisit.consumesActivation(verdict)
                }
                if missedAt.isEmpty { missedAt = Array(repeating: -1, count: navs.count) }
                if missedAt[i] < 0 {
                    missedAt[i] = Int32(missed.count)
                    missed.append(nil)
                }
                let at = Int(missedAt[i])
                let verdict = missed.withUnsafeMutableBufferPointer { slots -> Verdict in
                    let slot = slots.baseAddress! + at
                    // Each path hands its own request on: bound to one `let` first, the request was
                    // copied and the original destroyed (a retain and a release of each field) for
                    // every link decided (issue 17).
                    if let built = slot.move() {
                        return Self.decide(built, by: profile, sinceInput: sinceInput, keepingIn: slot)
                    }
                    // The navigation read where it lies: handed over from the array, it was copied
                    // whole and destroyed again (issue 17).
                    var made = navs.withUnsafeBufferPointer {
                        run.request(at: i, of: $0, page: pages[Self.pageIndex(i, pages)].context)
                    }
                    // One `Intent.parseUri` for every profile that reads the link as an intent (with
                    // the device's flags alone: `run.context.device` copied the whole device).
                    if made.scheme == "intent" || made.scheme == "android-app" {
                        made.intent = parsed[i] ?? ParsedIntent(made.urlString, flags: run.reading.intentParseFlags)
                    }
                    return Self.decide(made, by: profile, sinceInput: sinceInput, keepingIn: slot)
                }
                let number = memo.remember(verdict, link: links[i], profile: p, visit: visit)
                numbers[i * count + p] = number
                // The flag the memo keeps beside the verdict's number (`PageVisit.consumesActivation`
                // of it, or of a verdict equal byte for byte): asked of the verdict, it looked its
                // details up by a hashed key, some 300 instructions a decision (Benchmarks/README.md, issue 17).
                assert(memo.consumes(profile: p, number: number) == PageVisit.consumesActivation(verdict))
                return memo.consumes(profile: p, number: number)
            }, unreached: { i, verdict in
                if unreached.isEmpty { unreached = Array(repeating: nil, count: navs.count) }
                if unreached[i] == nil { unreached[i] = Array(repeating: nil, count: count) }
                unreached[i]![p] = verdict
            })
        }
        // Each live link's row (-1: unreached by some engine, set apart), for its findings.
        var rowOf = [Int32](repeating: -1, count: navs.count)
        var unreachedSets = UnreachedSets()
        do {
            let numbers = UnsafeBufferPointer(numbers)
            for i in navs.indices where schedule.live[i] {
                if !unreached.isEmpty, let fixed = unreached[i] {
                    let mine = UnsafeBufferPointer(rebasing: numbers[(i * count)..<(i * count + count)])
                    navs[i].verdicts = sharesUnreachedSets
                        ? unreachedSets.set(fixed: fixed, numbers: mine, names: run.names) { memo.verdict(profile: $0, number: $1) }
                        : VerdictSet(run.names, (0..<count).map { p in fixed[p] ?? memo.verdict(profile: p, number: mine[p]) })
                    continue
                }
                let mine = UnsafeBufferPointer(rebasing: numbers[(i * count)..<(i * count + count)])
                let r: Int32
                // The row's parts read one at a time: a copy of the row retained and released its
                // set and its findings for every link.
                if keyed.isEmpty || !(0..<count).contains(where: { keyed[i * count + $0] >= 0 }) {
                    r = memo.row(link: links[i], numbers: mine) ?? memo.addRow(link: links[i], numbers: mine, names: run.names)
                    navs[i].verdicts = memo.rowSet(r)
                } else {
                    (r, navs[i].verdicts) = Self.quotedRow(link: links[i], mine: mine, keyed: keyed, at: i * count, memo: memo,
                                                          names: run.names)
                }
                rowOf[i] = r
            }
        }
        // The findings in a pass of their own, the judge unwrapped once: bound from the optional
        // for every link it was copied and destroyed again, a retain and a release of its id and
        // each of its closures, some 300 instructions a link (Benchmarks/README.md, issue 17).
        guard let judge else { return }
        memo.judging(judge.id)
        for i in navs.indices where schedule.live[i] {
            if !unreached.isEmpty, let fixed = unreached[i] {
                if !memo.judgesUnreachedByRow || Self.isJudgedAlone(judge, of: &navs, at: i) {
                    navs[i].findings = judge.findings(navs[i])
                    continue
                }
                navs[i].findings = Self.unreachedFindings(fixed, at: i, numbers: UnsafeBufferPointer(numbers), link: links[i], memo: memo,
                                                          names: run.names) { set in
                    Self.newRowFindings(set, judge: judge, of: &navs, at: i, memo: memo)
                }
                // The row speaks for this navigation, in debug builds (every test).
                assert(navs[i].findings == judge.findings(navs[i]))
                continue
            }
            let r = rowOf[i]
            if Self.isJudgedAlone(judge, of: &navs, at: i) {
                navs[i].findings = judge.findings(navs[i])
            } else if let findings = memo.rowFindings(r) {
                navs[i].findings = findings
            } else {
                // The checks read the verdicts, the scheme, the frame and an intent's URL: all
                // in the row's key (an intent's fallback by the test FALLBACK_NOT_USED makes of
                // it, `IntentKey`), so its first navigation speaks for the rest.
                let findings = Self.newRowFindings(memo.rowSet(r), judge: judge, of: &navs, at: i, memo: memo)
                memo.setRowFindings(r, findings)
                navs[i].findings = findings
            }
        }
    }

    /// The memo's number of `navigations[i]` (not an `intent:` read by its key) with these inputs,
    /// the navigation read where it lies and its target made here: made in the classifier's loop
    /// for every link, the target was kept (and destroyed) there for `intent:` links too, which
    /// make their own (issue 17).
    private static func linkNumber(of navigations: UnsafeBufferPointer<Navigation>, at i: Int, page: PageContext,
                                   reading: TargetReading, inputs: Int32, memo: DecisionMemo) -> Int32 {
        guard let url = target(of: navigations, at: i) else {
            return memo.link(DecisionKey.Link(url: nil, urlString: navigations[i].url, scheme: navigations[i].scheme,
                                              page: page, reading: reading), inputs: inputs)
        }
        return memo.link(DecisionKey.Link(url: url, urlString: navigations[i].url, scheme: navigations[i].scheme,
                                          page: page, reading: reading), inputs: inputs)
    }

    /// `profile`'s verdict on `request` at `sinceInput` ms after the user's input, the request
    /// then moved into `slot` (uninitialized) for the link's next profile: stored from a local
    /// it was copied in and the local destroyed, every field retained and released once more
    /// for every decision (Benchmarks/README.md, issue 17).
    private static func decide(_ request: consuming PolicyRequest, by profile: any RuntimeProfile, sinceInput: Int?,
                               keepingIn slot: UnsafeMutablePointer<PolicyRequest?>) -> Verdict {
        request.android.msSinceUserInput = sinceInput
        let verdict = profile.decide(request)
        slot.initialize(to: consume request)
        return verdict
    }

    /// A verdict remembered for an `intent:` link's key (`number`), given the link's own values
    /// where it quotes them (`IntentQuotes`): `own` becomes that verdict's number, `keyed` the
    /// remembered one's.
    @inline(never)
    private static func quote(_ quotes: IntentQuotes, number: Int32, profile p: Int, memo: DecisionMemo,
                              own: inout Int32, keyed: inout Int32?) -> Verdict {
        let verdict = memo.verdict(profile: p, number: number)
        guard let quoted = quotes.apply(verdict) else { return verdict }
        own = memo.number(of: quoted, profile: p)
        keyed = number
        return quoted
    }

    /// A link given its own values: its key's row (for the findings: the checks read no value
    /// `IntentQuotes` puts back) and the verdict set of its own verdicts.
    @inline(never)
    private static func quotedRow(link: Int32, mine: UnsafeBufferPointer<Int32>, keyed: [Int32], at start: Int,
                                  memo: DecisionMemo, names: VerdictSet.Names) -> (Int32, VerdictSet) {
        let key = mine.indices.map { keyed[start + $0] >= 0 ? keyed[start + $0] : mine[$0] }
        let r = key.withUnsafeBufferPointer { key in
            memo.row(link: link, numbers: key) ?? memo.addRow(link: link, numbers: key, names: names)
        }
        return (r, memo.set(numbers: mine, names: names))
    }

    /// The platform inputs for a navigation, from the mapping table.
    public func request(for navigation: Navigation, url: WebURL?? = nil, page: WebURL?? = nil,
                        msSinceUserInput: Int?) -> PolicyRequest {
        let run = store.run(self)
        let context = PageContext(href: navigation.page, url: page ?? WebURL.parse(navigation.page))
        var request = run.request(for: navigation, page: context, url: url ?? WebURL.parse(navigation.url))
        request.android.msSinceUserInput = msSinceUserInput
        return request
    }
}
