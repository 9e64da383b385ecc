import LinkAuditModel

/// The verdict sets of a page's unreached links (`PageReach`), one for the links whose
/// verdicts are alike: a load-time navigation that stops the parser leaves every link
/// after it unreached, and each such link had a set of its own — which the reports then
/// rendered, hashed and compared as a set of their own (a streamed page of 29,000 links
/// after a load-time redirect: ~19,000 instructions a link in `VerdictSetTexts`, a third of
/// the run; Benchmarks/README.md, issue 17).
///
/// A link's row is keyed by numbers, not by its verdicts (comparing a page's rows verdict
/// by verdict cost more than the sets saved): each profile's memo number where the profile
/// reached the link, and where it did not, the unreached verdict's place among the page's
/// few (made once per cause: `PageVisit.UnreachedVerdicts`, so equal ones share their
/// storage and compare at once). Bounded: past `rowLimit` rows it starts afresh, and a page
/// with more than `verdictLimit` distinct unreached verdicts gives the rest a set each.
/// `Classifier.sharesUnreachedSets` chooses it.
struct UnreachedSets {
    private var verdicts: [Verdict] = []
    private var sets: [[Int32]: VerdictSet] = [:]

    static let verdictLimit = 64
    static let rowLimit = 4_096

    /// The set of a link whose profiles' verdicts are `fixed[p]` where unreached, else the
    /// memo's verdict of `numbers[p]` (`verdict(p, number)`).
    mutating func set(fixed: [Verdict?], numbers: UnsafeBufferPointer<Int32>, names: VerdictSet.Names,
                      verdict: (Int, Int32) -> Verdict) -> VerdictSet {
        var key = [Int32](repeating: 0, count: fixed.count)
        for p in fixed.indices {
            guard let unreached = fixed[p] else {
                key[p] = numbers[p]
                continue
            }
            guard let place = place(of: unreached) else {
                return VerdictSet(names, fixed.indices.map { fixed[$0] ?? verdict($0, numbers[$0]) })
            }
            key[p] = -1 - Int32(place)
        }
        if let known = sets[key] { return known }
        let set = VerdictSet(names, fixed.indices.map { fixed[$0] ?? verdict($0, numbers[$0]) })
        if sets.count >= Self.rowLimit { sets.removeAll(keepingCapacity: true) }
        sets[key] = set
        return set
    }

    /// `verdict`'s place among the page's unreached verdicts, added on first sight; nil past
    /// `verdictLimit` of them.
    private mutating func place(of verdict: Verdict) -> Int? {
        if let known = verdicts.firstIndex(of: verdict) { return known }
        guard verdicts.count < Self.verdictLimit else { return nil }
        verdicts.append(verdict)
        return verdicts.count - 1
    }
}
