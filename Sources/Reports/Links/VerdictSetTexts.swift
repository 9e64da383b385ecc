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

    private struct Entry {
        /// Holds the set, so that its identity stays its own.
        let set: VerdictSet
        var json: [UInt8]?
        var key: VerdictSetKey?
        var digest: UInt64?
        var outcomes: [ProfileOutcome]?
        var findings: [Finding] = []
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

    private func update(_ set: VerdictSet, _ change: (inout Entry) -> Void) {
        let id = set.identity
        if entries[id] == nil {
            if entries.count >= Self.limit { entries.removeAll(keepingCapacity: true) }
            entries[id] = Entry(set: set)
        }
        change(&entries[id]!)
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
