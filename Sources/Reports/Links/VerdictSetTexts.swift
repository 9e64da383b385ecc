import Foundation
import LinkAuditModel

/// What a verdict set renders to — its JSON for `links.jsonl`, its outcomes, each finding's
/// profiles and message, the hash a page's memo tells sets apart by — kept for the run, by the set's identity. The classifier hands one
/// shared set to every link it decided alike on any page (`DecisionMemo`), but a page's
/// `VerdictSetMemo` lives for one page: a checkout page's hundred wallet links in their
/// placements are a hundred sets that come back on every page, and were rendered again on
/// each (Benchmarks/README.md, issue 17). Here a set is rendered once per run and each page
/// takes the bytes.
///
/// Shared by the workers behind a lock (a lookup is a pointer hash); holds the sets it knows,
/// so an identity is never reused while it is here; bounded, starting afresh past
/// `limit` sets. What depends on a run's settings (a code's severity, the page's keys) is not
/// kept here. `VerdictSetMemo.texts` chooses it; `nil` is the plain version (each page renders
/// its own), and `VerdictSetTextsTests` compares the two.
final class VerdictSetTexts: @unchecked Sendable {
    static let shared = VerdictSetTexts()
    static let limit = 8_192

    /// How many sets of distinct bytes get a run-wide number (`Entry.canonical`): 4 × `limit`
    /// unless a test sets fewer.
    let canonicalLimit: Int

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// The run-wide number of each set's bytes: never restarted (a page's memo relies on
    /// equal sets having one number), so bounded apart from `entries`, and past its bound a
    /// new set has no number. Keyed by the set's JSON (`WrittenSet`), not the set: sets are
    /// equal exactly when their JSON is (names and details as bytes, details in key order),
    /// the JSON is the entry's own (no copy while the entry lives), and it outlives a
    /// restart of `entries` at a fraction of the set's size (its verdicts' dictionaries: on
    /// a page of 200,000 sets, 32,768 held sets were ~50 MB; Benchmarks/README.md, issue 17).
    private var canonical: [WrittenSet: Int32] = [:]

    /// A set as `links.jsonl` writes it, hashed once: compared with `memcmp`, where a set
    /// compared by value read each verdict's strings and details (~5,800 instructions).
    struct WrittenSet: Hashable {
        let bytes: [UInt8]
        let hash: UInt64

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }

        static func == (a: WrittenSet, b: WrittenSet) -> Bool {
            a.hash == b.hash && a.bytes.withUnsafeBufferPointer { a in b.bytes.withUnsafeBufferPointer { a.sameBytes($0) } }
        }
    }

    /// One set's rendering. Made on the set's first sight in the run, outside the lock, with
    /// what every run writes of it (its hash of bytes, its JSON, key and definition: constants,
    /// read without the lock once handed out); what only some runs need is made on first use,
    /// under the lock. A page's memo keeps the entry of each of its sets (`VerdictSetMemo`),
    /// so the rest takes a lock but no lookup. A class: one reference, changed in place.
    final class Entry: @unchecked Sendable {
        /// Holds the set, so that its identity stays its own.
        let set: VerdictSet
        let digest: UInt64
        let definition: VerdictSetDefinition
        /// The definition's verdicts and their hash (`VerdictSetKey.hash`): the key of the
        /// set's run-wide number (and a streamed page's, `StreamedPageSets`).
        let written: WrittenSet
        /// The run-wide number of the set's bytes, the same for every set written alike
        /// (`WrittenSet`; equal by value, `VerdictSetValue`): a page's memo finds the entry of a set by it in an array,
        /// instead of hashing the set by value and keeping it in two dictionaries
        /// (`VerdictSetMemo.index(of:)`). Nil past `canonicalLimit` sets of distinct bytes. Set under the lock
        /// before the entry is handed out, and never changed.
        fileprivate(set) var canonical: Int32?
        /// Under the lock.
        fileprivate var outcomes: [ProfileOutcome]?
        fileprivate var findings: [Finding] = []
        /// `"findings":[…]` of the set's links, by their findings (a few lists a set).
        fileprivate var findingsFields: [(findings: [FindingRef], field: [UInt8])] = []
        /// What a `links.jsonl` line with the set under its own key ends with (its
        /// `"verdictSet"` and `"findings"` fields), by the line's findings (a few lists a set).
        fileprivate var tails: [(findings: [FindingRef]?, fields: [UInt8])] = []

        /// `digest` nil: the JSON's hash (`VerdictSetKey.hash`), which the key folds — one pass
        /// over the bytes for both. Sets written alike have the same JSON (details in key
        /// order), so it hashes their bytes as `VerdictSetValue`'s equality needs; a set's own
        /// digest (`VerdictSetValue.digest`) read every string again (6,700 instructions a set
        /// of eight profiles).
        fileprivate init(set: VerdictSet, digest: UInt64?) {
            self.set = set
            let json = VerdictSetDefinition.json(set)
            let hash = VerdictSetKey.hash(json)
            self.digest = digest ?? hash
            definition = VerdictSetDefinition(key: VerdictSetKey(hash: hash), verdicts: json)
            written = WrittenSet(bytes: json, hash: hash)
        }
    }

    /// A finding of the set: as its `FindingRef` names the profiles (the lookup key), those
    /// profiles in profile order, and the message. A class, made once for the run and shared
    /// by every page's memo (`VerdictSetMemo.FindingText`): a copy is one retain, where the
    /// four strings and arrays of a struct were retained and released on every copy, a few
    /// copies a finding (Benchmarks/README.md, issue 17).
    final class Finding: Sendable {
        let code: String
        let refProfiles: [String]
        let profiles: [String]
        let message: String
        /// `profiles` by number (`ProfileCounts.mask(of:)`), made once for the run.
        let profileMask: UInt64

        init(code: String, refProfiles: [String], profiles: [String], message: String) {
            self.code = code
            self.refProfiles = refProfiles
            self.profiles = profiles
            self.message = message
            profileMask = ProfileCounts.mask(of: profiles)
        }
    }

    /// A finding's profiles in order and its message by what makes them (`MessageKey`), for
    /// every set of the run: sets of other targets, placements or quoted values (each
    /// `intent:` link's own) give the same reasons for a code, and its message was made
    /// again for each (~13,000 instructions: 14 M of an `intent:` corpus of 100 pages,
    /// Benchmarks/README.md, issue 17). Nil: made for each set (the plain version;
    /// `VerdictSetTextsTests` compares the two). Bounded: past `limit` keys it starts afresh.
    private var messages: [MessageKey: (profiles: [String], message: String)]?
    /// A set's outcomes (`FindingBuilder.outcomes`) by its profiles' names, outcomes and
    /// reasons, for every set of the run (sets that differ only in details share them: 8,800
    /// instructions a set made apart). With `messages` only (nil: made for each set).
    private var outcomeLists: [MessageKey: [ProfileOutcome]]?

    /// What a finding's profiles and message are made of: its code, the profiles its
    /// `FindingRef` names (in its order) and each one's reason in the set (none: the set
    /// has no verdict for it), by their bytes, each after its length (two spellings of one
    /// text are two keys: a message is written as its reasons were).
    private struct MessageKey: Hashable {
        let bytes: [UInt8]
        /// FNV-1a over `bytes`: hashed once, where `[UInt8]`'s own hash feeds the hasher a
        /// byte at a time (3,000 instructions a lookup).
        private let digest: UInt64

        func hash(into hasher: inout Hasher) {
            hasher.combine(digest)
        }

        static func == (a: MessageKey, b: MessageKey) -> Bool {
            a.digest == b.digest && a.bytes == b.bytes
        }

        init(code: String, refProfiles: [String], set: VerdictSet) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(16 + code.utf8.count + 48 * refProfiles.count)
            Self.append(code, to: &bytes)
            for profile in refProfiles {
                Self.append(profile, to: &bytes)
                Self.append(set[profile]?.reason.rawValue, to: &bytes)
            }
            self.init(bytes: bytes)
        }

        /// The key of a set's outcomes: each profile's name, outcome and reason, in the
        /// set's order.
        init(outcomesOf set: VerdictSet) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(64 * set.count)
            for (name, verdict) in set {
                Self.append(name, to: &bytes)
                Self.append(verdict.outcome.rawValue, to: &bytes)
                Self.append(verdict.reason.rawValue, to: &bytes)
            }
            self.init(bytes: bytes)
        }

        private static func append(_ given: String?, to bytes: inout [UInt8]) {
            guard let text = given else { return bytes.append(0xFF) }
            var count = text.utf8.count
            for _ in 0..<4 {
                bytes.append(UInt8(truncatingIfNeeded: count))
                count >>= 8
            }
            // Read where the bytes lie (a `var` copy for `withUTF8` was a retain and a
            // release of every text of every key: issue 17).
            text.withBorrowedUTF8 { bytes.append(contentsOf: $0) }
        }

        private init(bytes: [UInt8]) {
            self.bytes = bytes
            var digest: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { digest = (digest ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            self.digest = digest
        }
    }

    init(canonicalLimit: Int = 4 * VerdictSetTexts.limit, remembersMessages: Bool = true) {
        self.canonicalLimit = canonicalLimit
        messages = remembersMessages ? [:] : nil
        outcomeLists = remembersMessages ? [:] : nil
    }

    /// The sets known now.
    var count: Int { locked { entries.count } }

    /// The set's entry, made on first sight; `digest` makes its hash of bytes (nil: the hash
    /// of its JSON, `Entry.init`).
    func entry(_ set: VerdictSet, digest: ((VerdictSet) -> UInt64)? = nil) -> Entry {
        let id = set.identity
        if let known = locked({ entries[id] }) { return known }
        let made = Entry(set: set, digest: digest.map { $0(set) })
        return locked {
            // Another worker may have made it meanwhile: the first one stays.
            if let known = entries[id] { return known }
            if entries.count >= Self.limit { entries.removeAll(keepingCapacity: true) }
            if let number = canonical[made.written] {
                made.canonical = number
            } else if canonical.count < canonicalLimit {
                let number = Int32(canonical.count)
                canonical[made.written] = number
                made.canonical = number
            }
            entries[id] = made
            return made
        }
    }

    /// The set's JSON (`VerdictSetDefinition.json`) and the key it hashes to.
    func json(_ set: VerdictSet) -> (json: [UInt8], key: VerdictSetKey) {
        let definition = entry(set).definition
        return (definition.verdicts, definition.key)
    }

    /// The set's definition under the key its verdicts hash to (a page where that key is
    /// taken gives it the next: `VerdictSetMemo.definition(at:)`).
    func definition(_ set: VerdictSet) -> VerdictSetDefinition {
        entry(set).definition
    }

    /// `"findings":[…]` as a `links.jsonl` line with this set and `findings` writes it
    /// (`LinkLineCells.findingsField`): the classifier shares a findings list among the
    /// links it decided alike, so a set has a few.
    func findingsField(_ set: VerdictSet, _ findings: [FindingRef]) -> [UInt8] {
        findingsField(of: entry(set), findings)
    }

    func findingsField(of entry: Entry, _ findings: [FindingRef]) -> [UInt8] {
        let known: [UInt8]? = locked { entry.findingsFields.first { $0.findings == findings }?.field }
        if let known { return known }
        let field = LinkLineCells.findingsField(findings)
        locked { if entry.findingsFields.count < 8 { entry.findingsFields.append((findings, field)) } }
        return field
    }

    /// The fields a `links.jsonl` line with the set under the key its JSON hashes to and with
    /// `findings` ends with (`LinkLineCells.tail`), made by `make` on first sight in the run:
    /// a page meets most of its sets on a line or two, so the page's own cache of them missed
    /// on most lines (Benchmarks/README.md, issue 17).
    func tail(of entry: Entry, _ findings: [FindingRef]?, make: () -> [UInt8]) -> [UInt8] {
        let known: [UInt8]? = locked { entry.tails.first { $0.findings == findings }?.fields }
        if let known { return known }
        let fields = make()
        locked { if entry.tails.count < 8 { entry.tails.append((findings, fields)) } }
        return fields
    }

    /// Every profile's outcome and reason (`FindingBuilder.outcomes`).
    func outcomes(_ set: VerdictSet) -> [ProfileOutcome] {
        outcomes(of: entry(set))
    }

    func outcomes(of entry: Entry) -> [ProfileOutcome] {
        if let known = locked({ entry.outcomes }) { return known }
        let key = outcomeLists == nil ? nil : MessageKey(outcomesOf: entry.set)
        let remembered: [ProfileOutcome]? = key.flatMap { key in locked { outcomeLists?[key] } }
        let outcomes = remembered ?? FindingBuilder.outcomes(entry.set)
        locked {
            entry.outcomes = outcomes
            if remembered == nil, let key, outcomeLists != nil {
                if outcomeLists!.count >= Self.limit { outcomeLists!.removeAll(keepingCapacity: true) }
                outcomeLists![key] = outcomes
            }
        }
        return outcomes
    }

    /// A finding `code` raised by `refProfiles` on a link with this set: its profiles in
    /// order and its message (`FindingBuilder.message`).
    func finding(_ set: VerdictSet, code: String, refProfiles: [String]) -> Finding {
        finding(of: entry(set), code: code, refProfiles: refProfiles)
    }

    /// The set's findings made so far (a page's memo takes them with the entry, and looks a
    /// finding up there before asking `finding(of:code:refProfiles:)` under the lock).
    func findings(of entry: Entry) -> [Finding] {
        locked { entry.findings }
    }

    /// The set's findings, outcomes and line ends made so far, under one lock (a page's memo
    /// takes them with the entry, and its lines look a line end up there without the lock).
    func made(of entry: Entry)
        -> (findings: [Finding], outcomes: [ProfileOutcome]?, tails: [(findings: [FindingRef]?, fields: [UInt8])]) {
        locked { (entry.findings, entry.outcomes, entry.tails) }
    }

    func finding(of entry: Entry, code: String, refProfiles: [String]) -> Finding {
        let known: Finding? = locked { entry.findings.first { $0.code == code && $0.refProfiles == refProfiles } }
        if let known { return known }
        let key = messages == nil ? nil : MessageKey(code: code, refProfiles: refProfiles, set: entry.set)
        let remembered: (profiles: [String], message: String)? = key.flatMap { key in locked { messages?[key] } }
        let made: Finding
        if let remembered {
            made = Finding(code: code, refProfiles: refProfiles, profiles: remembered.profiles, message: remembered.message)
        } else {
            let profiles = ProfileOrder.sorted(refProfiles)
            made = Finding(code: code, refProfiles: refProfiles, profiles: profiles,
                           message: FindingBuilder.message(code: code, reasons: FindingBuilder.reasons(profiles, entry.set)))
        }
        locked {
            entry.findings.append(made)
            if remembered == nil, let key, messages != nil {
                if messages!.count >= Self.limit { messages!.removeAll(keepingCapacity: true) }
                messages![key] = (made.profiles, made.message)
            }
        }
        return made
    }

    /// The entries a worker found lately (`Recent`), idle between its pages.
    /// Idle between pages, each taken up again by the worker that set it down (`WorkerShelf`).
    private let idleRecent = WorkerShelf<Recent>(limit: idleRecentLimit)
    /// `Recent` tables kept idle at most (one a worker; a table holds `Recent.slotCount` entries
    /// at most, 16 KB of slots).
    static let idleRecentLimit = 16

    /// A worker's table for its next page (`VerdictSetMemo.forWorker()`); given back after it.
    func takeRecent() -> Recent {
        idleRecent.take() ?? Recent(self)
    }

    func give(_ recent: Recent) {
        idleRecent.give(recent)
    }

    /// The entries one worker found lately, by the set's address in a table of `slotCount`
    /// slots, in front of `entry(_:)`: each page's memo looks each of its sets up once, and
    /// a dense page's ~66 sets were as many locks and dictionary hashes (~1 % of a whole run:
    /// issue 17), of sets the worker's earlier pages had looked up already. Used by one
    /// worker at a time (taken and given back under the texts' lock); an entry kept here
    /// holds its set, so an identity found here is the set's own. A slot another set takes is
    /// looked up anew. An entry the texts have since dropped (past `limit`) is still the set's:
    /// its number is never restarted, and what it makes is made the same. `entry(_:)` without
    /// the table is the plain version; `VerdictSetTextsTests` compares the two.
    final class Recent: @unchecked Sendable {
        static let slotCount = 2048
        let texts: VerdictSetTexts
        /// One worker's at a time: not checked for exclusive access on every lookup.
        @exclusivity(unchecked) private var slots: [Entry?]

        fileprivate init(_ texts: VerdictSetTexts) {
            self.texts = texts
            slots = Array(repeating: nil, count: Self.slotCount)
        }

        func entry(_ set: VerdictSet) -> Entry {
            let address = UInt(bitPattern: set.identity)
            let slot = Int(truncatingIfNeeded: (address >> 4 ^ address >> 14) & UInt(Self.slotCount - 1))
            if let known = slots[slot], known.set.identity == set.identity { return known }
            let made = texts.entry(set)
            slots[slot] = made
            return made
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
