import Foundation
import LinkAuditModel

/// What the reports make of each distinct verdict set of a page, made once per set instead
/// of once per link: its key and JSON for `links.jsonl` (`PageLinks`), its outcomes and
/// its findings' profiles, severities and messages for the finding rows (`ReportParts`).
/// A page's links share a handful of sets; one memo serves the page's lines and its report
/// part, on the worker that read the page.
///
/// Sets are told apart here and only here (`index(of:)`): by identity first — the
/// classifier hands one shared set to the links it decided alike — then by value, for
/// equal sets made apart (each worker's memo makes its own). With the run's texts, "by
/// value" is the run-wide number `VerdictSetTexts` gives a set's bytes, looked up in an
/// array (`byCanonical`); without them (the plain version), a hash of the bytes in
/// `byValue`. A page's ~52 sets each cost two dictionary inserts and a hash of their bytes
/// the plain way (Benchmarks/README.md, issue 17); `VerdictSetTextsTests` compares the two.
package struct VerdictSetMemo {
    /// Where sets the classifier shares across pages are rendered once for the run
    /// (`VerdictSetTexts`); nil: every page renders its own (the plain version).
    let texts: VerdictSetTexts?

    /// The entries the worker found on its earlier pages (`VerdictSetTexts.Recent`), looked up
    /// before the texts; nil: each lookup asks the texts (the plain version).
    let recent: VerdictSetTexts.Recent?

    package init() {
        texts = .shared
        recent = nil
    }

    init(texts: VerdictSetTexts?, recent: VerdictSetTexts.Recent? = nil) {
        self.texts = texts
        self.recent = recent
    }

    /// A memo for one page of a worker that reads many: the run's texts with a table of the
    /// entries the worker's pages found lately (`VerdictSetTexts.Recent`), given back with
    /// `giveBack()` once the page is done (else the next page makes a table anew).
    package static func forWorker() -> VerdictSetMemo {
        VerdictSetMemo(texts: .shared, recent: VerdictSetTexts.shared.takeRecent())
    }

    /// The memo's table of recent entries back to its texts, for the worker's next page.
    package func giveBack() {
        if let recent { recent.texts.give(recent) }
    }

    struct Entry {
        let set: VerdictSet
        /// The run's rendering of the set (`VerdictSetTexts`), when the memo has texts.
        let shared: VerdictSetTexts.Entry?
        /// Where the set's definition is in `definitions` once defined on the page (-1: not
        /// yet): kept once, in the list, where a copy here too retained its two arrays again
        /// (issue 17).
        fileprivate(set) var definitionIndex: Int32 = -1
        fileprivate(set) var outcomes: [ProfileOutcome]?
        /// The address of `outcomes`' buffer once asked for (`outcomesAddress(at:)`; 0: not yet).
        fileprivate(set) var outcomesAddress = 0
        fileprivate(set) var findings: [FindingText] = []
        /// The run's findings of the set when the page met it (`VerdictSetTexts.findings(of:)`):
        /// a finding the run has made already is found here, without the texts' lock.
        fileprivate(set) var sharedFindings: [VerdictSetTexts.Finding] = []
        /// The run's line ends of the set when the page met it (`VerdictSetTexts.tail(of:_:make:)`),
        /// read by `LinkLineCells` in place: a page meets most of its sets on a line or two,
        /// and each first line took the texts' lock and retained and released the set's
        /// definition, entry and bytes (~8 calls a link on dense: issue 17).
        fileprivate(set) var sharedTails: [(findings: [FindingRef]?, fields: [UInt8])] = []
        /// Whether the set is keyed on the page as the run's texts key it (its lines end as
        /// `sharedTails` say). Set with `definitionIndex`.
        fileprivate(set) var naturalKey = false
    }

    /// One finding code of a set, as its rows show it: the run's text (`VerdictSetTexts.Finding`,
    /// one reference) and the code's severity under the run's rules. Copied out of a set's
    /// list for every finding row; as four strings and arrays, each copy retained and released
    /// them all (~12 calls a link: Benchmarks/README.md, issue 17).
    struct FindingText {
        let text: VerdictSetTexts.Finding
        let severity: Severity

        @inline(__always) var code: String { text.code }
        /// As the navigation's `FindingRef` gave them (the lookup key).
        @inline(__always) var refProfiles: [String] { text.refProfiles }
        /// In profile order.
        @inline(__always) var profiles: [String] { text.profiles }
        @inline(__always) var message: String { text.message }
        /// `profiles` by number (`ProfileCounts.mask(of:)`): a tally counts them by number.
        @inline(__always) var profileMask: UInt64 { text.profileMask }

        /// Whether the two list the same profiles: by number when the registry knows every
        /// name (a mask stands for one list), else by name.
        func sameProfiles(_ other: FindingText) -> Bool {
            profileMask != 0 || other.profileMask != 0 ? profileMask == other.profileMask : profiles == other.profiles
        }
    }

    private(set) var entries: [Entry] = []
    /// Each code's severity under the run's rules, looked up once a page (a few codes: a scan).
    private var severities: [(code: String, severity: Severity)] = []
    /// Sets found, by identity, in a table of `seenCount` slots chosen by the set's address
    /// (one pointer comparison; a set whose slot another took is looked up further): a page's
    /// ~52 sets overflowed a list of the last 8, and each miss was a dictionary lookup.
    /// Each slot keeps its set's identity beside it, compared without the set copied out (a
    /// retain and a release a link: issue 17).
    private var seen: [(set: VerdictSet?, identity: ObjectIdentifier?, index: Int32)] = []
    private var byValue: [VerdictSetValue: Int] = [:]
    /// Every set met on this page, by identity (held, so an identity stays its own): a page
    /// has more sets than `seen` holds apart, and each would be hashed by value again. Without
    /// texts only: the texts' entry is found by identity too.
    private var byIdentity: [ObjectIdentifier: (set: VerdictSet, index: Int)] = [:]
    /// The entry of each run-wide set number met on this page (`VerdictSetTexts.Entry.canonical`),
    /// -1 for none.
    private var byCanonical: [Int32] = []
    /// Set once the page meets a set with no run-wide number (past the texts' bound): from
    /// then on every set is found by value, `byValue` holding every entry.
    private var byValueOnly = false
    /// The keys given out on this page, and the definitions in order of first use: the
    /// first `listedKeys` in a list (a page's few dozen compared as integers, where a set
    /// hashed each), the rest in `keys`.
    private var keyList: [UInt32] = []
    private var keys: Set<VerdictSetKey> = []
    private static let listedKeys = 64
    private(set) var definitions: [VerdictSetDefinition] = []

    /// The entry each link of the page was given, by its position (`index(of:link:)`): the
    /// page's lines and its report part look its links up in turn.
    private var links: [Int32] = []

    private static let seenCount = 256

    /// The entry of the set of the page's link at `position`; a second call for the same
    /// link and set finds the entry without a lookup.
    mutating func index(of set: VerdictSet, link position: Int) -> Int {
        if position < links.count {
            let known = Int(links[position])
            if known >= 0, entries[known].set.isShared(with: set) { return known }
        } else {
            // Room for the page's links a chunk at a time: grown a link at a time, the list
            // was extended on every line (~100 instructions a link: issue 17).
            links += repeatElement(-1, count: max(position + 1 - links.count, links.count, 64))
        }
        let found = index(of: set)
        links[position] = Int32(found)
        return found
    }

    /// `index(of:link:)` of the set of `link` (at `position` on the page), or of `none` when
    /// it has none, read in place: the set is copied out only to be looked up the long way.
    /// Copied out for every lookup, each link's set was retained and released by the page's
    /// lines and again by its report part (issue 17).
    @inline(__always)
    mutating func index(ofSetOf link: UnsafePointer<Navigation>, link position: Int,
                        none: @autoclosure () -> VerdictSet) -> Int {
        let identity = link.pointee.verdicts?.identity ?? none().identity
        if position < links.count {
            let known = Int(links[position])
            if known >= 0, entries[known].set.identity == identity { return known }
        }
        // Both sets are alive (the link's and the table's): equal identities are one set.
        let address = UInt(bitPattern: identity)
        let slot = Self.slot(address)
        if position < links.count, slot < seen.count {
            let known = seen.withUnsafeBufferPointer { seen in seen[slot].identity == identity ? seen[slot].index : -1 }
            if known >= 0 {
                links[position] = known
                return Int(known)
            }
        }
        return index(of: link.pointee.verdicts ?? none(), link: position)
    }

    /// The set of a link without verdicts, for a writer that looks every link up.
    static let noVerdicts = VerdictSet([(String, Verdict)]())

    @inline(__always)
    private static func slot(_ address: UInt) -> Int {
        Int(truncatingIfNeeded: (address >> 4 ^ address >> 12) & UInt(seenCount - 1))
    }

    /// The entry of `set`, made on first sight.
    mutating func index(of set: VerdictSet) -> Int {
        let slot = Self.slot(UInt(bitPattern: set.identity))
        if seen.isEmpty {
            seen = Array(repeating: (nil, nil, -1), count: Self.seenCount)
        } else if seen[slot].identity == set.identity {
            // The slot's set is alive (held here), so an equal identity is the same set.
            return Int(seen[slot].index)
        }
        let index: Int
        if let texts {
            let shared = recent?.entry(set) ?? texts.entry(set)
            if !byValueOnly, let number = shared.canonical {
                index = entry(canonical: Int(number), set: set, shared: shared)
            } else {
                index = entry(byValue: set, shared: shared)
            }
        } else if let known = byIdentity[set.identity], known.set.isShared(with: set) {
            index = known.index
        } else {
            index = entry(byValue: set, shared: nil)
            byIdentity[set.identity] = (set, index)
        }
        seen[slot] = (set, set.identity, Int32(index))
        return index
    }

    /// The entry of the set with run-wide number `number`, made on first sight.
    private mutating func entry(canonical number: Int, set: VerdictSet, shared: VerdictSetTexts.Entry) -> Int {
        if number < byCanonical.count, byCanonical[number] >= 0 { return Int(byCanonical[number]) }
        if number >= byCanonical.count { byCanonical += repeatElement(-1, count: number + 1 - byCanonical.count) }
        let index = entries.count
        // The entry made whole, what the run has made of the set moved in: set field by field
        // after, each list was copied in (a retain and a release apiece: issue 17).
        let made = texts!.made(of: shared)
        entries.append(Entry(set: set, shared: shared, outcomes: made.outcomes, sharedFindings: made.findings,
                             sharedTails: made.tails))
        byCanonical[number] = Int32(index)
        return index
    }

    /// The entry of the set written like `set`, found by a hash of its bytes, made on first
    /// sight.
    private mutating func entry(byValue set: VerdictSet, shared: VerdictSetTexts.Entry?) -> Int {
        if shared != nil, !byValueOnly {
            // The first set without a run-wide number: the entries made so far are found by
            // value from now on (no two are written alike: their numbers differ).
            byValueOnly = true
            for (i, entry) in entries.enumerated() {
                byValue[entry.shared.map { VerdictSetValue(set: entry.set, digest: $0.digest) }
                        ?? VerdictSetValue(set: entry.set)] = i
            }
        }
        let value = shared.map { VerdictSetValue(set: set, digest: $0.digest) } ?? VerdictSetValue(set: set)
        if let found = byValue[value] { return found }
        let index = entries.count
        entries.append(Entry(set: set, shared: shared))
        byValue[value] = index
        return index
    }

    /// The set's key and JSON; the first call for a set on this page gives it its key and
    /// adds it to `definitions`. Two sets of one page never share a key: the second takes
    /// the next free one.
    mutating func definition(at index: Int) -> VerdictSetDefinition {
        if entries[index].definitionIndex < 0 { makeDefinition(at: index) }
        return definitions[Int(entries[index].definitionIndex)]
    }

    /// The definition of entry `index`, defined on the page already (`define(at:)`).
    func defined(at index: Int) -> VerdictSetDefinition {
        definitions[Int(entries[index].definitionIndex)]
    }

    /// Keys and lists the definition of entry `index` (not defined yet on the page).
    private mutating func makeDefinition(at index: Int) {
        // The run's definition, made once (`VerdictSetTexts`), unless its key is taken here.
        let fromRun = entries[index].shared != nil
        let natural = entries[index].shared?.definition
            ?? { json in VerdictSetDefinition(key: VerdictSetKey(verdicts: json), verdicts: json) }(
                VerdictSetDefinition.json(entries[index].set))
        var key = natural.key
        // Room for a page's usual few dozen sets from the first.
        if definitions.isEmpty {
            keyList.reserveCapacity(Self.listedKeys)
            definitions.reserveCapacity(64)
        }
        while isTaken(key) { key = key.next }
        if keyList.count < Self.listedKeys {
            keyList.append(key.value)
        } else {
            keys.insert(key)
        }
        let isNatural = key == natural.key
        entries[index].naturalKey = fromRun && isNatural
        entries[index].definitionIndex = Int32(truncatingIfNeeded: definitions.count)
        definitions.append(isNatural ? natural : VerdictSetDefinition(key: key, verdicts: natural.verdicts))
    }

    /// `definition(at:)` for its effect alone (the set keyed and listed on the page), without
    /// handing a copy of the definition back.
    @inline(__always)
    mutating func define(at index: Int) {
        // Made without handing a copy back (a retain and a release of its two arrays).
        if entries[index].definitionIndex < 0 { makeDefinition(at: index) }
    }

    private func isTaken(_ key: VerdictSetKey) -> Bool {
        keyList.contains(key.value) || (!keys.isEmpty && keys.contains(key))
    }

    /// Every profile's outcome and reason, in profile order (a finding row's `outcomes`).
    mutating func outcomes(at index: Int) -> [ProfileOutcome] {
        if let known = entries[index].outcomes { return known }
        makeOutcomes(at: index)
        return entries[index].outcomes!
    }

    private mutating func makeOutcomes(at index: Int) {
        entries[index].outcomes = entries[index].shared.map { texts!.outcomes(of: $0) }
            ?? FindingBuilder.outcomes(entries[index].set)
    }

    /// `outcomes(at:)` made (kept in `entries[index].outcomes`), and the address of their
    /// buffer (what a findings.csv row's cells are found by: `CSVRowCells`), without a copy
    /// of the list handed back (a retain and a release).
    /// Kept once read: a page's sets have a few groups each.
    mutating func outcomesAddress(at index: Int) -> Int {
        let known = entries[index].outcomesAddress
        if known != 0 { return known }
        if case .none = entries[index].outcomes { makeOutcomes(at: index) }
        let address = entries[index].outcomes!.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        entries[index].outcomesAddress = address
        return address
    }

    /// How many profiles text `text` of entry `index` lists, read in place (a text copied out
    /// retained its four strings and arrays).
    func profileCount(at index: Int, _ text: Int) -> Int {
        entries[index].findings.withUnsafeBufferPointer { $0[text].profiles.count }
    }

    /// How the rows show `ref` raised on a navigation with this set.
    mutating func finding(at index: Int, _ ref: FindingRef, rules: ReportRules) -> FindingText {
        entries[index].findings[findingIndex(at: index, ref, rules: rules)]
    }

    /// Where `finding(at:_:rules:)`'s text is kept among the set's (`entries[index].findings`):
    /// made on first sight.
    mutating func findingIndex(at index: Int, _ ref: FindingRef, rules: ReportRules) -> Int {
        withUnsafePointer(to: ref) { findingIndex(at: index, $0, rules: rules) }
    }

    /// `findingIndex(at:_:rules:)` of a reference read where it lies (a page's links' lists):
    /// copied out, each finding's code and profiles were retained and released (issue 17).
    @inline(__always)
    mutating func findingIndex(at index: Int, _ ref: UnsafePointer<FindingRef>, rules: ReportRules) -> Int {
        // Read in place: iterating the texts by value retained and released each one's four
        // strings and arrays, on every finding of every link (Benchmarks/README.md, issue 17).
        let known = entries[index].findings.withUnsafeBufferPointer { texts -> Int? in
            for i in texts.indices
            where texts[i].code.isName(ref.pointee.code) && FindingRef.sameNames(texts[i].refProfiles, ref.pointee.profiles) {
                return i
            }
            return nil
        }
        if let known { return known }
        return makeFindingIndex(at: index, ref, rules: rules)
    }

    /// The text of `ref` made and added to the set's (first sight on the page); `ref` read in
    /// place too.
    private mutating func makeFindingIndex(at index: Int, _ ref: UnsafePointer<FindingRef>, rules: ReportRules) -> Int {
        let text: FindingText
        let severity = severity(of: ref, rules)
        // The run's texts of the set read in place too, the one found read where it is (copied
        // out, its four strings and arrays were retained and released again: issue 17).
        let made = entries[index].shared == nil ? nil : entries[index].sharedFindings.withUnsafeBufferPointer { made in
            made.indices.first {
                made[$0].code.isName(ref.pointee.code) && FindingRef.sameNames(made[$0].refProfiles, ref.pointee.profiles)
            }
                .map { FindingText(text: made[$0], severity: severity) }
        }
        if let made {
            text = made
        } else if let entry = entries[index].shared {
            text = FindingText(text: texts!.finding(of: entry, code: ref.pointee.code, refProfiles: ref.pointee.profiles),
                               severity: severity)
        } else {
            let profiles = ProfileOrder.sorted(ref.pointee.profiles)
            text = FindingText(
                text: VerdictSetTexts.Finding(
                    code: ref.pointee.code, refProfiles: ref.pointee.profiles, profiles: profiles,
                    message: FindingBuilder.message(code: ref.pointee.code,
                                                    reasons: FindingBuilder.reasons(profiles, entries[index].set))),
                severity: severity)
        }
        // A set's links raise a few codes (three or four on a deep link): room for four, or
        // for as many as the run has met on the set, from the first, where the list was
        // made again as it grew past its room.
        if entries[index].findings.isEmpty {
            entries[index].findings.reserveCapacity(max(4, entries[index].sharedFindings.count))
        }
        entries[index].findings.append(text)
        return entries[index].findings.count - 1
    }
}

extension VerdictSetMemo {
    /// `rules.severity(for: ref.code)`, remembered for the page; the code read where it lies
    /// (handed over, it was retained and released on every finding text made: issue 17).
    fileprivate mutating func severity(of ref: UnsafePointer<FindingRef>, _ rules: ReportRules) -> Severity {
        let known = severities.withUnsafeBufferPointer { list -> Severity? in
            for i in list.indices where list[i].code.isName(ref.pointee.code) { return list[i].severity }
            return nil
        }
        if let known { return known }
        let code = ref.pointee.code
        let severity = rules.severity(for: code)
        if severities.count < 64 { severities.append((code, severity)) }
        return severity
    }
}

/// A verdict set compared and hashed by its bytes: two sets are one entry only when every
/// profile name, outcome, reason and detail is written the same. `String`'s own hash and
/// `==` go by canonical equivalence (two equivalent spellings must still be written as they
/// were) and hash every byte after a normalisation check: a deep link's set (long
/// assumption texts in its details) cost more to hash than to write. Here a string's hash
/// takes its length and its first and last eight bytes, and equality is a `memcmp`.
struct VerdictSetValue: Hashable {
    let set: VerdictSet
    private let digest: UInt64

    init(set: VerdictSet) {
        self.init(set: set, digest: Self.digest(set))
    }

    /// `digest` made already (`VerdictSetTexts` keeps it for a shared set).
    init(set: VerdictSet, digest: UInt64) {
        self.set = set
        self.digest = digest
    }

    /// The set's bytes hashed: names, outcomes, reasons and details (in any order).
    static func digest(_ set: VerdictSet) -> UInt64 {
        var digest = UInt64(set.count)
        for (name, verdict) in set {
            digest = TextBytes.mix(digest, TextBytes.hash(name))
            digest = TextBytes.mix(digest, TextBytes.hash(verdict.outcome.rawValue))
            digest = TextBytes.mix(digest, TextBytes.hash(verdict.reason.rawValue))
            // Details in any order: their hashes summed.
            var details = UInt64(verdict.details?.count ?? 0)
            for (key, value) in verdict.details ?? [:] {
                details &+= TextBytes.mix(TextBytes.hash(key), TextBytes.hash(value))
            }
            digest = TextBytes.mix(digest, details)
        }
        return digest
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    static func == (a: VerdictSetValue, b: VerdictSetValue) -> Bool {
        guard a.digest == b.digest, a.set.count == b.set.count else { return false }
        if a.set.isShared(with: b.set) { return true }
        for ((nameA, verdictA), (nameB, verdictB)) in zip(a.set, b.set) {
            guard TextBytes.same(nameA, nameB), verdictA.outcome == verdictB.outcome,
                  TextBytes.same(verdictA.reason.rawValue, verdictB.reason.rawValue) else { return false }
            let detailsA = verdictA.details ?? [:], detailsB = verdictB.details ?? [:]
            guard detailsA.count == detailsB.count else { return false }
            for (key, value) in detailsA {
                guard let match = detailsB.first(where: { TextBytes.same($0.key, key) }),
                      TextBytes.same(match.value, value) else { return false }
            }
        }
        return true
    }
}
