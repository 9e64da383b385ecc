import LinkAuditModel

/// What the reports make of each distinct verdict set of a page, made once per set instead
/// of once per link: its key and JSON for `links.jsonl` (`PageLinks`), its outcomes and
/// its findings' profiles, severities and messages for the finding rows (`ReportParts`).
/// A page's links share a handful of sets; one memo serves the page's lines and its report
/// part, on the worker that read the page.
///
/// Sets are told apart here and only here (`index(of:)`): by identity first — the
/// classifier hands one shared set to the links it decided alike — then by value, for
/// equal sets made apart (each deep link's own set, today). Once every set is shared,
/// identity alone will do, and only `index(of:)` changes.
package struct VerdictSetMemo {
    package init() {}

    struct Entry {
        let set: VerdictSet
        fileprivate(set) var definition: VerdictSetDefinition?
        fileprivate(set) var outcomes: [ProfileOutcome]?
        fileprivate(set) var findings: [FindingText] = []
    }

    /// One finding code of a set, as its rows show it.
    struct FindingText {
        let code: String
        /// As the navigation's `FindingRef` gave them (the lookup key) and in profile order.
        let refProfiles: [String]
        let profiles: [String]
        let severity: Severity
        let message: String
    }

    private(set) var entries: [Entry] = []
    /// Recently found sets, by identity: a pointer comparison each.
    private var recent: [(set: VerdictSet, index: Int)] = []
    private var byValue: [VerdictSetValue: Int] = [:]
    /// The keys given out on this page, and the definitions in order of first use.
    private var keys: Set<VerdictSetKey> = []
    private(set) var definitions: [VerdictSetDefinition] = []

    private static let recentCount = 8

    /// The entry of `set`, made on first sight.
    mutating func index(of set: VerdictSet) -> Int {
        for (i, entry) in recent.enumerated() where entry.set.isShared(with: set) {
            if i > 0 { recent.swapAt(i, i - 1) }  // the sets used most drift to the front
            return entry.index
        }
        let index: Int
        let value = VerdictSetValue(set: set)
        if let found = byValue[value] {
            index = found
        } else {
            index = entries.count
            entries.append(Entry(set: set))
            byValue[value] = index
        }
        if recent.count == Self.recentCount { recent.removeLast() }
        recent.append((set, index))
        return index
    }

    /// The set's key and JSON; the first call for a set on this page gives it its key and
    /// adds it to `definitions`. Two sets of one page never share a key: the second takes
    /// the next free one.
    mutating func definition(at index: Int) -> VerdictSetDefinition {
        if let known = entries[index].definition { return known }
        let json = VerdictSetDefinition.json(entries[index].set)
        var key = VerdictSetKey(verdicts: json)
        while keys.contains(key) { key = key.next }
        keys.insert(key)
        let definition = VerdictSetDefinition(key: key, verdicts: json)
        entries[index].definition = definition
        definitions.append(definition)
        return definition
    }

    /// Every profile's outcome and reason, in profile order (a finding row's `outcomes`).
    mutating func outcomes(at index: Int) -> [ProfileOutcome] {
        if let known = entries[index].outcomes { return known }
        let outcomes = FindingBuilder.outcomes(entries[index].set)
        entries[index].outcomes = outcomes
        return outcomes
    }

    /// How the rows show `ref` raised on a navigation with this set.
    mutating func finding(at index: Int, _ ref: FindingRef, rules: ReportRules) -> FindingText {
        for text in entries[index].findings where text.code == ref.code && text.refProfiles == ref.profiles {
            return text
        }
        let profiles = ProfileOrder.sorted(ref.profiles)
        let text = FindingText(code: ref.code, refProfiles: ref.profiles, profiles: profiles,
                               severity: rules.severity(for: ref.code),
                               message: FindingBuilder.message(code: ref.code,
                                                               reasons: FindingBuilder.reasons(profiles, entries[index].set)))
        entries[index].findings.append(text)
        return text
    }
}

/// A verdict set compared and hashed by value (`VerdictSet` itself is compared by value
/// but not hashable).
private struct VerdictSetValue: Hashable {
    let set: VerdictSet

    func hash(into hasher: inout Hasher) {
        hasher.combine(set.count)
        for (name, verdict) in set {
            hasher.combine(name)
            hasher.combine(verdict)
        }
    }

    static func == (a: VerdictSetValue, b: VerdictSetValue) -> Bool { a.set == b.set }
}
