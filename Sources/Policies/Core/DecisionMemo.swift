import Foundation
import LinkAuditModel

/// Decisions remembered across the pages one worker classifies (`Classifier`): each
/// distinct navigation — its inputs (`DecisionKey.Inputs`, numbered apart, as a page has few)
/// and what is read of its target and page (`DecisionKey.Link`) — gets a number once; each
/// profile's verdict for it is kept per visit input (`DecisionKey.Visit`); and each distinct
/// row of verdicts a link
/// gets keeps its verdict set and its findings, so every navigation decided alike holds
/// the very same `VerdictSet` and findings array (one retain each) and is decided and judged
/// once per run, not once per link. Equal verdicts share a number per profile, so links
/// decided alike share a set whatever their keys.
///
/// Not thread-safe: a worker takes a memo for one page and gives it back
/// (`Classifier.MemoStore`). The fields a link reads are not checked for exclusive access at
/// run time (`@exclusivity(unchecked)`: a check was some 80 instructions, several a link,
/// Benchmarks/README.md, issue 17): one worker holds the memo, and no method reads or writes a
/// field while calling out to code that could reach the same field. Bounded: past `linkLimit` links it starts afresh (sets and
/// findings already handed out stay with their navigations).
final class DecisionMemo {
    static let linkLimit = 16_384

    let profileCount: Int
    private var inputs: [DecisionKey.Inputs: Int32] = [:]
    /// Inputs' numbers by placement, for every page whose URL parses (`Classifier.remembersPlacements`):
    /// a navigation's inputs follow from its trigger, frame and delay alone once its page's own
    /// URL is left out (`DecisionKey.Inputs` leaves it out when it parses, as the classifier's
    /// requests' `currentURL` is always their page's; an unparsed one stays in), and
    /// making a request and hashing its inputs for each new placement of each page cost some
    /// 4,500 instructions a time, 12 times a page (Benchmarks/README.md, issue 17). Off, each
    /// page numbers its placements from its own requests: the plain version.
    /// Searched in order (a run meets a dozen or two; comparing three fields cost less than
    /// hashing them, which was some 300 instructions a link past the classifier's last-placement
    /// check), then, past `placementScan` of them, by hash.
    @exclusivity(unchecked) private var placementList: [(placement: Classifier.Placement, inputs: Int32)] = []
    private var placements: [Classifier.Placement: Int32] = [:]
    static let placementScan = 32
    @exclusivity(unchecked) var remembersPlacements = true
    /// `Classifier.judgesUnreachedByRow`, for the call.
    @exclusivity(unchecked) var judgesUnreachedByRow = true
    /// `Classifier.sharesFindings`, for the call.
    @exclusivity(unchecked) var sharesFindings = true
    /// Findings by verdict set and facet, across rows (`FindingsByFacet`): the judge's.
    private var byFacet = FindingsByFacet()
    @exclusivity(unchecked) private var links: [LinkKey: Int32] = [:]
    /// Links whose key is a scheme and a few integers (`DecisionKey.Link.compactBits`),
    /// numbered with the others: a custom-scheme, `tel:`, web or `file:` link's key was
    /// hashed and compared whole — its scheme, page and target enums — for some 1,300
    /// instructions a link (Benchmarks/README.md, issue 17). Off (`compacts`), every link
    /// goes by `links`: the plain version, which `DecisionMemoTests` compares it with.
    /// Found in an open-addressing table (`CompactLinks`), or, with `compactTable` off, in a
    /// `[CompactKey: Int32]`: the plain version of the table.
    @exclusivity(unchecked) private var compactLinks: [CompactKey: Int32] = [:]
    @exclusivity(unchecked) private var compactTable = CompactLinks()
    @exclusivity(unchecked) var compacts = true
    @exclusivity(unchecked) var usesCompactTable = true
    /// `intent:` links by their URI's shape (`IntentShape`, `Classifier.intentLinkNumber`),
    /// numbered as their whole keys number them; off (`shapes`), every `intent:` link is
    /// parsed and keyed (`IntentKey`): the plain version `DecisionMemoTests` compares it with.
    @exclusivity(unchecked) var shapes = true
    /// By shape, page and inputs: the link's number; by shape and page: its key (a link of a
    /// known shape met with new inputs is keyed without its parse). Only
    /// `Classifier.intentLinkNumber` reads and writes them, calling out to nothing that could
    /// reach them meanwhile (not checked at run time, as the fields above).
    @exclusivity(unchecked) var shapeNumbers = IntentShapeTable<(link: Int32, quotes: IntentQuotes?)>()
    @exclusivity(unchecked) var shapeKeys = IntentShapeTable<(link: DecisionKey.Link, quotes: IntentQuotes?)>()
    /// A link's shape as it is written (`IntentShape.capacity` bytes, kept: nothing made per link).
    let shapeBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: IntentShape.capacity)
    /// Per link and profile (`link * profileCount + profile`): the visit it was first decided
    /// under and the verdict's number (-1: not decided yet).
    @exclusivity(unchecked) private var first: [Decided] = []
    /// The other visits of a link and profile (a window consumed earlier in a visit).
    private var otherVisits: [OtherVisit: Int32] = [:]
    /// Per profile: verdicts by number, numbers by verdict.
    @exclusivity(unchecked) private var verdicts: [[Verdict]]
    /// Per profile, by number: whether the verdict consumed the activation window.
    @exclusivity(unchecked) private var consumed: [[Bool]]
    /// Per profile, by number: what of the verdict a link's own values rewrite (`IntentQuotes.Places`).
    @exclusivity(unchecked) private var places: [[IntentQuotes.Places]]
    /// Per profile: numbers by verdict (`VerdictNumbers`, a verdict's bytes as `VerdictBytes` compares them).
    @exclusivity(unchecked) private var numbers: [VerdictNumbers]
    /// Per link: its first row (-1: none); rows chain on `next`.
    @exclusivity(unchecked) private var firstRow: [Int32] = []
    @exclusivity(unchecked) private var rows: [Row] = []
    /// Row r's verdict numbers, one per profile, at `r * profileCount`.
    @exclusivity(unchecked) private var rowNumbers: [Int32] = []
    /// Verdict sets by their verdicts' numbers, across links.
    private var sets: [[Int32]: VerdictSet] = [:]
    /// The judge the rows' findings are from (`Classifier.Judge.id`).
    private var judge: String?
    /// The numbers of `unreached` verdicts with their text left out (`Classifier.unnamed`), by
    /// profile and reason, for the memo's life: kept per page, each page made and numbered its
    /// few again, some 2,500 instructions each, 483 times on the first 100 pages of the dense
    /// corpus (Benchmarks/README.md, issue 17).
    private var unnamed: [(profile: Int, reason: Reason, number: Int32)] = []

    private struct LinkKey: Hashable {
        let link: DecisionKey.Link
        let inputs: Int32

        func hash(into hasher: inout Hasher) {
            link.hash(into: &hasher)
            hasher.combine(inputs)
        }
    }

    /// A scheme (short: kept in the string itself, copied without a retain) and the packed
    /// bits and inputs; `==` compares both whole (String's `==`, as `Link`'s own).
    private struct CompactKey: Hashable {
        let scheme: String
        let packed: UInt64

        init(scheme: String, bits: UInt32, inputs: Int32) {
            self.scheme = scheme
            packed = CompactLinks.packed(bits: bits, inputs: inputs)
        }

        /// The scheme's bytes folded into the packed integers: one `combine`. (Such a link's
        /// scheme is the URL parser's, `TargetReading.target`: ASCII, so equal bytes are
        /// what String's `==` finds equal.)
        func hash(into hasher: inout Hasher) {
            var folded = packed, scheme = scheme
            scheme.withUTF8 { bytes in
                for byte in bytes { folded = folded &* 0x100000001B3 ^ UInt64(byte) }
            }
            hasher.combine(folded)
        }
    }

    private struct Decided {
        var visit: DecisionKey.Visit
        var number: Int32
    }

    private struct OtherVisit: Hashable {
        let slot: Int
        let visit: DecisionKey.Visit
    }

    struct Row {
        var next: Int32
        let verdicts: VerdictSet
        var findings: [FindingRef]?
    }

    deinit { shapeBytes.deallocate() }

    init(profiles: Int) {
        profileCount = profiles
        verdicts = Array(repeating: [], count: profiles)
        consumed = Array(repeating: [], count: profiles)
        places = Array(repeating: [], count: profiles)
        numbers = Array(repeating: VerdictNumbers(), count: profiles)
    }

    /// Full past `linkLimit` links, or past four times as many verdict sets (links of one key
    /// whose verdicts quote values of their own, `IntentQuotes`, each have their own).
    var isFull: Bool { firstRow.count >= Self.linkLimit || sets.count >= 4 * Self.linkLimit }

    /// The number of a navigation's inputs, given on first sight.
    func inputs(_ key: DecisionKey.Inputs) -> Int32 {
        if let known = inputs[key] { return known }
        let id = Int32(inputs.count)
        inputs[key] = id
        return id
    }

    /// The number of a placement's inputs: the one given before, or `make()`'s numbered.
    func inputs(of placement: Classifier.Placement, _ make: () -> DecisionKey.Inputs) -> Int32 {
        if let known = placedInputs(placement) { return known }
        let id = inputs(make())
        if placementList.count < Self.placementScan {
            placementList.append((placement, id))
        } else {
            placements[placement] = id
        }
        return id
    }

    /// The number `inputs(of:_:)` gave a placement, nil for one not seen (nothing is added). Asked
    /// first by the classifier: handed the closure that makes the inputs, `inputs(of:_:)` had
    /// its captures (the run, the page) retained and released for every link it was asked of
    /// (Benchmarks/README.md, issue 17).
    func placedInputs(_ placement: Classifier.Placement) -> Int32? {
        let found: Int32? = placementList.withUnsafeBufferPointer { list in
            for entry in list where entry.placement == placement { return entry.inputs }
            return nil
        }
        if let found { return found }
        return placementList.count >= Self.placementScan ? placements[placement] : nil
    }

    /// The number of inputs already seen, nil for new ones.
    func knownInputs(_ key: DecisionKey.Inputs) -> Int32? { inputs[key] }

    /// The number of a navigation (what is read of its link, and its inputs' number),
    /// given on first sight.
    func link(_ link: __shared DecisionKey.Link, inputs: Int32) -> Int32 {
        if compacts, let bits = link.compactBits {
            if usesCompactTable {
                let packed = CompactLinks.packed(bits: bits, inputs: inputs)
                let hash = CompactLinks.hash(scheme: link.scheme, packed: packed)
                if let known = compactTable.find(scheme: link.scheme, packed: packed, hash: hash) { return known }
                let id = newLink()
                compactTable.add(scheme: link.scheme, packed: packed, hash: hash, number: id)
                return id
            }
            let key = CompactKey(scheme: link.scheme, bits: bits, inputs: inputs)
            if let known = compactLinks[key] { return known }
            let id = newLink()
            compactLinks[key] = id
            return id
        }
        let key = LinkKey(link: link, inputs: inputs)
        if let known = links[key] { return known }
        let id = newLink()
        links[key] = id
        return id
    }

    /// The number `link(_:inputs:)` gave this link, nil for one not seen (nothing is added).
    func knownLink(_ link: __shared DecisionKey.Link, inputs: Int32) -> Int32? {
        if compacts, let bits = link.compactBits {
            if usesCompactTable {
                let packed = CompactLinks.packed(bits: bits, inputs: inputs)
                return compactTable.find(scheme: link.scheme, packed: packed,
                                         hash: CompactLinks.hash(scheme: link.scheme, packed: packed))
            }
            return compactLinks[CompactKey(scheme: link.scheme, bits: bits, inputs: inputs)]
        }
        return links[LinkKey(link: link, inputs: inputs)]
    }

    /// The next link's number, with room for its verdicts and rows.
    private func newLink() -> Int32 {
        let id = Int32(firstRow.count)
        first.append(contentsOf: repeatElement(Decided(visit: DecisionKey.Visit(msSinceUserInput: nil), number: -1),
                                               count: profileCount))
        firstRow.append(-1)
        return id
    }

    /// The number of the verdict remembered for the link, profile and visit, if any.
    func number(link: Int32, profile: Int, visit: DecisionKey.Visit) -> Int32? {
        let slot = Int(link) * profileCount + profile
        let decided = first[slot]
        if decided.number < 0 { return nil }
        if decided.visit == visit { return decided.number }
        return otherVisits[OtherVisit(slot: slot, visit: visit)]
    }

    func verdict(profile: Int, number: Int32) -> Verdict {
        verdicts[profile][Int(number)]
    }

    /// Whether the verdict consumed the activation window (`PageVisit.consumesActivation`),
    /// answered from a flag kept beside it: the visit asks of every link and profile.
    func consumes(profile: Int, number: Int32) -> Bool {
        consumed[profile][Int(number)]
    }

    /// What of the verdict a link's own values rewrite (`IntentQuotes.apply`), read from a
    /// flag kept beside it: the visit asks of every quoting link and profile.
    func places(profile: Int, number: Int32) -> IntentQuotes.Places {
        places[profile][Int(number)]
    }

    /// The number of a profile's verdict, given on first sight (remembered for no link: a
    /// verdict decided for another link and given this link's own values, `IntentQuotes`).
    func number(of verdict: Verdict, profile: Int) -> Int32 {
        let digest = VerdictBytes.digest(of: verdict)
        if let known = numbers[profile].find(verdict, digest: digest, in: verdicts[profile]) { return known }
        let number = Int32(verdicts[profile].count)
        verdicts[profile].append(verdict)
        consumed[profile].append(PageVisit.consumesActivation(verdict))
        places[profile].append(IntentQuotes.Places(verdict))
        numbers[profile].add(digest: digest)
        return number
    }

    /// The number of `Classifier.unnamed(verdict)` (an `unreached` verdict) for the profile.
    func unnamedNumber(of verdict: Verdict, profile p: Int) -> Int32 {
        if let known = unnamed.first(where: { $0.profile == p && $0.reason == verdict.reason }) { return known.number }
        let number = number(of: Classifier.unnamed(verdict), profile: p)
        unnamed.append((p, verdict.reason, number))
        return number
    }

    /// Remembers a profile's verdict for the link and visit, and returns its number.
    func remember(_ verdict: Verdict, link: Int32, profile: Int, visit: DecisionKey.Visit) -> Int32 {
        let number = number(of: verdict, profile: profile)
        let slot = Int(link) * profileCount + profile
        if first[slot].number < 0 {
            first[slot] = Decided(visit: visit, number: number)
        } else {
            otherVisits[OtherVisit(slot: slot, visit: visit)] = number
        }
        return number
    }

    /// The row of the link with these verdict numbers, if it has one.
    func row(link: Int32, numbers: UnsafeBufferPointer<Int32>) -> Int32? {
        var r = firstRow[Int(link)]
        while r >= 0 {
            let start = Int(r) * profileCount
            var same = true
            for p in 0..<profileCount where rowNumbers[start + p] != numbers[p] {
                same = false
                break
            }
            if same { return r }
            r = rows[Int(r)].next
        }
        return nil
    }

    /// Findings kept from now on are `judge`'s: those of another are forgotten.
    func judging(_ judge: String) {
        guard self.judge != judge else { return }
        for r in rows.indices { rows[r].findings = nil }
        byFacet.removeAll()
        self.judge = judge
    }

    /// The row's verdict set, and its findings when judged already.
    func row(_ row: Int32) -> Row { rows[Int(row)] }

    /// The findings of a navigation of one of this memo's verdict sets and `facet`: those a row
    /// of them was given, or `judge()`'s (`FindingsByFacet`).
    func findings(_ set: VerdictSet, _ facet: Classifier.Judge.Facet, judge: () -> [FindingRef]) -> [FindingRef] {
        byFacet.findings(set, facet, judge: judge)
    }

    /// The row's verdict set (`row(_:)`'s, without a copy of the row).
    func rowSet(_ row: Int32) -> VerdictSet { rows[Int(row)].verdicts }

    /// The row's findings when judged already (`row(_:)`'s, without a copy of the row).
    func rowFindings(_ row: Int32) -> [FindingRef]? { rows[Int(row)].findings }

    func setRowFindings(_ row: Int32, _ findings: [FindingRef]) {
        rows[Int(row)].findings = findings
    }

    /// The verdict set of these numbers: the one already made for them, or a new one.
    func set(numbers: UnsafeBufferPointer<Int32>, names: VerdictSet.Names) -> VerdictSet {
        let key = Array(numbers)
        if let known = sets[key] { return known }
        let set = VerdictSet(names, (0..<profileCount).map { verdicts[$0][Int(numbers[$0])] })
        sets[key] = set
        return set
    }

    /// A new row for the link: the verdict set of these numbers (`set(numbers:names:)`).
    func addRow(link: Int32, numbers: UnsafeBufferPointer<Int32>, names: VerdictSet.Names) -> Int32 {
        let set = set(numbers: numbers, names: names)
        let r = Int32(rows.count)
        rows.append(Row(next: firstRow[Int(link)], verdicts: set, findings: nil))
        rowNumbers.append(contentsOf: numbers)
        firstRow[Int(link)] = r
        return r
    }
}

/// A verdict as `DecisionMemo` numbers it: by its bytes. `Verdict`'s own hash runs every byte
/// of every detail through `String`'s Unicode-aware hash, and a deep link's details hold long
/// assumption texts and URLs: numbering a link's eight verdicts cost more than deciding some
/// of them (Benchmarks/README.md, issue 17). Here a string's hash takes its length and its
/// first and last eight bytes, and equality is byte equality — so a verdict handed out again
/// is written exactly as the one decided (`String`'s `==` would also join two spellings of
/// one text). `Verdict`'s `Hashable` is the plain version; `DecisionMemoTests` compares the
/// memo on and off.
struct VerdictBytes: Hashable {
    let verdict: Verdict
    let digest: UInt64

    init(_ verdict: Verdict) {
        self.verdict = verdict
        digest = Self.digest(of: verdict)
    }

    /// The outcome by its name's bytes and every text hashed where it lies (`hashBytes`): the
    /// outcome's `hashValue` ran a `Hasher`, and `TextBytes.hash` copied each text, for every
    /// verdict numbered (Benchmarks/README.md, issue 17). A digest only tells verdicts apart
    /// within the run: any function of the bytes serves.
    static func digest(of verdict: Verdict) -> UInt64 {
        var digest = TextBytes.mix(Self.hashBytes(verdict.outcome.rawValue), Self.hashBytes(verdict.reason.description))
        if let details = verdict.details {
            // In any order: the entries' hashes summed.
            var sum = UInt64(details.count)
            for (key, value) in details { sum &+= TextBytes.mix(Self.hashBytes(key), Self.hashBytes(value)) }
            digest = TextBytes.mix(digest, sum)
        }
        return digest
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    static func == (a: VerdictBytes, b: VerdictBytes) -> Bool {
        same(a, b)
    }

    /// `==`. Details met in the same order (two dictionaries built alike, as a profile builds
    /// a verdict's: the usual case) are compared pair by pair, byte for byte: looking each
    /// key up in the other hashed it with `String`'s hash, some 1,000 instructions a lookup
    /// of the memo and most of one (Benchmarks/README.md, issue 17). Pairs equal byte for
    /// byte are equal details (a dictionary holds no two equal keys); any other order is
    /// compared the plain way (`plain: true`, the reference: `VerdictBytesTests`).
    static func same(_ a: VerdictBytes, _ b: VerdictBytes, plain: Bool = false) -> Bool {
        a.digest == b.digest && sameVerdicts(a.verdict, b.verdict, plain: plain)
    }

    /// `same` of two verdicts of one digest.
    static func sameVerdicts(_ a: Verdict, _ b: Verdict, plain: Bool = false) -> Bool {
        guard a.outcome == b.outcome, sameBytes(a.reason.description, b.reason.description) else { return false }
        switch (a.details, b.details) {
        case (nil, nil): return true
        case (let x?, let y?):
            guard x.count == y.count else { return false }
            if !plain {
                var inOrder = true
                for (p, q) in zip(x, y) where !(sameBytes(p.key, q.key) && sameBytes(p.value, q.value)) {
                    inOrder = false
                    break
                }
                if inOrder { return true }
            }
            for (key, value) in x {
                guard let index = y.index(forKey: key), sameBytes(y[index].key, key),
                      sameBytes(y[index].value, value) else {
                    return false
                }
            }
            return true
        default: return false
        }
    }

    /// `TextBytes.hash`, read where the text lies (the same value: `VerdictBytesTests`).
    @inline(__always)
    static func hashBytes(_ text: String) -> UInt64 {
        text.utf8.withContiguousStorageIfAvailable { bytes -> UInt64 in
            var head: UInt64 = 0, tail: UInt64 = 0
            let count = bytes.count
            for i in 0..<min(8, count) {
                head |= UInt64(bytes[i]) << UInt64(8 * i)
                tail |= UInt64(bytes[count - 1 - i]) << UInt64(8 * i)
            }
            return TextBytes.mix(TextBytes.mix(UInt64(count), head), tail)
        } ?? TextBytes.hash(text)
    }

    /// `TextBytes.same`, read where the texts lie: it copied both (a retain and a release each)
    /// for every text of every verdict the memo compared, some 1,500 instructions a verdict
    /// numbered (Benchmarks/README.md, issue 17). One storage is the same bytes without a
    /// compare (a text both verdicts took from one constant). `VerdictBytesTests` compares the
    /// memo's equality with `Verdict`'s.
    @inline(__always)
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        let answer = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                x.count == y.count
                    && (x.count == 0 || x.baseAddress == y.baseAddress || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
        return (answer ?? nil) ?? TextBytes.same(a, b)
    }
}
