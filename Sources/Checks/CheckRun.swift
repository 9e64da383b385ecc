import LinkAuditModel
import Policies

/// Runs the checks over classified navigations: each navigation with verdicts gets the
/// findings its verdicts raise. A check reads a navigation's verdicts, its scheme, its frame,
/// whether a sandbox holds it and, for an `intent:`, whether its URL has an http(s) fallback —
/// all part of the classifier's memo key (`IntentKey` keeps that test of the fallback) — so
/// the classifier asks once per distinct decision (`judge`) and hands the same findings to
/// every navigation decided alike, and to every navigation of the same verdicts and the same
/// reads (`Judge.facet`). `QUERY_NOT_UTF8` also reads the text of a deep link's query: a
/// navigation it could fire on is judged alone (`Judge.judgedAlone`).
public struct CheckRun: Sendable {
    public var checks: [Check] {
        didSet { (judgeID, readsQueries, urlReaders) = Self.judging(checks) }
    }
    /// What `judge` names the checks by, and whether `QUERY_NOT_UTF8` is among them: made
    /// when the checks are set, not for every page the classifier is handed the judge (the
    /// codes joined were some 15,000 instructions a page).
    private var judgeID: String
    private var readsQueries: Bool
    /// The checks (by index) that read a navigation's URL beside its verdicts, scheme, frame and
    /// sandbox (`Judge.Facet.read`), when every check is one of `Checks.all` (whose reads are
    /// listed in the type's comment); nil otherwise: no facet, every row judged.
    private var urlReaders: [Int]?

    /// Every check: the run an audit uses unless told otherwise, made once.
    public static let standard = CheckRun()

    public init(checks: [Check] = Checks.all) {
        self.checks = checks
        (judgeID, readsQueries, urlReaders) = Self.judging(checks)
    }

    private static func judging(_ checks: [Check]) -> (String, Bool, [Int]?) {
        let standard = Set(Checks.all.map(\.code))
        let readers = checks.allSatisfy { standard.contains($0.code) }
            ? checks.indices.filter { checks[$0].code == Checks.fallbackNotUsed.code } : nil
        return (checks.map(\.code).joined(separator: " "), checks.contains { $0.code == Checks.queryNotUTF8.code },
                readers)
    }

    /// The checks as the classifier asks them: `id` names them, so findings remembered from
    /// another set of checks are not reused.
    public var judge: Classifier.Judge {
        let readsQueries = readsQueries
        return Classifier.Judge(id: judgeID, findings: findings,
                                judgedAlone: { nav in
                                    readsQueries && nav.scheme != "http" && nav.scheme != "https"
                                        && Checks.sendsLegacyQuery(nav)
                                },
                                // `sendsLegacyQuery` is false for an ASCII `raw` text (its first test).
                                aloneOnlyBeyondASCII: true,
                                facet: urlReaders.map { readers in { facet($0, readers: readers) } },
                                findingsWithFacet: urlReaders.flatMap { readers in
                                    readers.count == 1 ? { findings($0, reader: readers[0], read: $1.read) } : nil
                                })
    }

    /// What the checks read of a navigation beside its verdicts (`Classifier.Judge.Facet`): its
    /// scheme, its frame, whether a sandbox holds it, and what the checks that read its URL
    /// (FALLBACK_NOT_USED: an `intent:`'s fallback, asked only where its verdicts would raise
    /// it) make of it. QUERY_NOT_UTF8 reads the URL too, but a navigation it could fire on is
    /// judged alone (`judgedAlone`), and it fires on no other.
    func facet(_ navigation: Navigation, readers: [Int]) -> Classifier.Judge.Facet {
        var read: [String] = []
        for k in readers { read += checks[k].fires(navigation) }
        return Classifier.Judge.Facet(scheme: navigation.scheme, frame: navigation.frame,
                                      sandboxed: navigation.sandbox != nil, read: read)
    }

    public func apply(to page: ClassifiedPage) -> [Navigation] {
        var out = page.navigations
        for i in out.indices where out[i].verdicts != nil {
            out[i].findings = findings(out[i])
        }
        return out
    }

    /// The findings of one navigation with its verdicts, in the checks' order. Each check is
    /// read where it lies: `compactMap`'s closure was handed a copy of every check (its texts,
    /// examples and rules retained and released), some 440 instructions per check and
    /// finding row, about 450 an `intent:` link (Benchmarks/README.md, issue 17).
    /// `findingsPlain` is the reference (`CheckRunTests`).
    public func findings(_ navigation: Navigation) -> [FindingRef] {
        findings(navigation, reader: -1, read: [])
    }

    /// `findings(navigation)`, with check `reader`'s answer given (`read`: its rule's for this
    /// navigation, as the navigation's facet holds it, `facet`): FALLBACK_NOT_USED parses an
    /// `intent:` URI, some 11,000 instructions, and the facet asked it already
    /// (Benchmarks/README.md, issue 17). `reader` -1: every rule is asked.
    func findings(_ navigation: Navigation, reader: Int, read: [String]) -> [FindingRef] {
        var out: [FindingRef] = []
        checks.withUnsafeBufferPointer { checks in
            for k in checks.indices {
                // Its rule read alone: a method of the check called in place still copied it
                // (the rule it calls could, for all the compiler knows, change the array).
                let profiles: [String]
                if k == reader {
                    profiles = Check.inNameOrder(read)
                } else {
                    let fires = checks[k].fires
                    profiles = Check.inNameOrder(fires(navigation))
                }
                if !profiles.isEmpty {
                    // Room for every check left at the first finding (issue 17): grown one by one,
                    // the list was made again at two and four findings.
                    if out.isEmpty { out.reserveCapacity(checks.count - k) }
                    out.append(FindingRef(code: checks[k].code, profiles: profiles))
                }
            }
        }
        return out
    }

    /// `findings` as first written: every check copied out for the closure.
    func findingsPlain(_ navigation: Navigation) -> [FindingRef] {
        checks.compactMap { check in
            let profiles = check.profiles(navigation)
            return profiles.isEmpty ? nil : FindingRef(code: check.code, profiles: profiles)
        }
    }
}
