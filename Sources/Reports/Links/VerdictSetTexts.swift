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

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]

    /// A class: a lookup hands over one reference, not the entry's fields, and a change
    /// is made in place.
    private final class Entry {
        /// Holds the set, so that its identity stays its own.
        let set: VerdictSet
        var json: [UInt8]?
        var key: VerdictSetKey?
        var digest: UInt64?
        var outcomes: [ProfileOutcome]?
        var findings: [Finding] = []
        var definition: VerdictSetDefinition?
        /// `"findings":[…]` of the set's links, by their findings (a few lists a set).
        var findingsFields: [(findings: [FindingRef], field: [UInt8])] = []

        init(set: VerdictSet) {
            self.set = set
        }
    }

    /// A finding of the set: as its `FindingRef` names the profiles (the lookup key), those
    /// profiles in profile order, and the message.
    struct Finding {
        let code: String
        let refProfiles: [String]
        let profiles: [String]
        let message: String
    }

    /// The sets known now.
    var count: Int { locked { entries.count } }

    /// The set's hash of its bytes (`VerdictSetValue.digest`), made by `make` on first sight.
    func digest(_ set: VerdictSet, _ make: (VerdictSet) -> UInt64) -> UInt64 {
        let id = set.identity
        if let known = locked({ entries[id]?.digest }) { return known }
        let digest = make(set)
        locked { update(set) { $0.digest = digest } }
        return digest
    }

    /// The set's JSON (`VerdictSetDefinition.json`) and the key it hashes to.
    func json(_ set: VerdictSet) -> (json: [UInt8], key: VerdictSetKey) {
        let id = set.identity
        if let known = locked({ entries[id].flatMap { entry in entry.json.map { ($0, entry.key!) } } }) { return known }
        let json = VerdictSetDefinition.json(set)
        let key = VerdictSetKey(verdicts: json)
        locked { update(set) { $0.json = json; $0.key = key } }
        return (json, key)
    }

    /// The set's definition under the key its verdicts hash to (a page where that key is
    /// taken gives it the next: `VerdictSetMemo.definition(at:)`).
    func definition(_ set: VerdictSet) -> VerdictSetDefinition {
        let id = set.identity
        if let known = locked({ entries[id]?.definition }) { return known }
        let (json, key) = json(set)
        let definition = VerdictSetDefinition(key: key, verdicts: json)
        locked { update(set) { $0.definition = definition } }
        return definition
    }

    /// `"findings":[…]` as a `links.jsonl` line with this set and `findings` writes it
    /// (`LinkLineCells.findingsField`): the classifier shares a findings list among the
    /// links it decided alike, so a set has a few.
    func findingsField(_ set: VerdictSet, _ findings: [FindingRef]) -> [UInt8] {
        let id = set.identity
        let known: [UInt8]? = locked { entries[id]?.findingsFields.first { $0.findings == findings }?.field }
        if let known { return known }
        let field = LinkLineCells.findingsField(findings)
        locked {
            update(set) { entry in
                if entry.findingsFields.count < 8 { entry.findingsFields.append((findings, field)) }
            }
        }
        return field
    }

    /// Every profile's outcome and reason (`FindingBuilder.outcomes`).
    func outcomes(_ set: VerdictSet) -> [ProfileOutcome] {
        let id = set.identity
        if let known = locked({ entries[id]?.outcomes }) { return known }
        let outcomes = FindingBuilder.outcomes(set)
        locked { update(set) { $0.outcomes = outcomes } }
        return outcomes
    }

    /// A finding `code` raised by `refProfiles` on a link with this set: its profiles in
    /// order and its message (`FindingBuilder.message`).
    func finding(_ set: VerdictSet, code: String, refProfiles: [String]) -> Finding {
        let id = set.identity
        let known: Finding? = locked {
            entries[id]?.findings.first { $0.code == code && $0.refProfiles == refProfiles }
        }
        if let known { return known }
        let profiles = ProfileOrder.sorted(refProfiles)
        let made = Finding(code: code, refProfiles: refProfiles, profiles: profiles,
                           message: FindingBuilder.message(code: code, reasons: FindingBuilder.reasons(profiles, set)))
        locked { update(set) { $0.findings.append(made) } }
        return made
    }

    private func update(_ set: VerdictSet, _ change: (Entry) -> Void) {
        let id = set.identity
        if let entry = entries[id] {
            change(entry)
            return
        }
        if entries.count >= Self.limit { entries.removeAll(keepingCapacity: true) }
        let entry = Entry(set: set)
        entries[id] = entry
        change(entry)
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
