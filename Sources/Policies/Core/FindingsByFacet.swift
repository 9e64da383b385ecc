import LinkAuditModel

extension Classifier.Judge {
    /// What of a navigation, beside its verdicts, a judge's findings follow from: the checks
    /// read a navigation's scheme, whether it is in a sub-frame, whether a sandbox holds it,
    /// and, for an `intent:`, what one check makes of its URL's fallback (`read`, in the
    /// judge's own terms). Two navigations of one verdict set and one facet get the same
    /// findings, whatever their links (`FindingsByFacet`).
    public struct Facet: Hashable, Sendable {
        public let scheme: String
        public let frame: FrameKind
        public let sandboxed: Bool
        /// What the judge read of the navigation's URL (empty: nothing).
        public let read: [String]

        public init(scheme: String, frame: FrameKind, sandboxed: Bool, read: [String]) {
            self.scheme = scheme
            self.frame = frame
            self.sandboxed = sandboxed
            self.read = read
        }
    }
}

/// Findings by verdict set and facet (`Classifier.Judge.Facet`), across the rows of a memo:
/// a row is one link's verdicts, and a checkout page's links are each their own link (an
/// order number in every URL) while their verdict sets are a few dozen, so judging every
/// new row — some 33,000 instructions a time, 515 times on the first 100 pages of the
/// intent corpus — judged the same verdicts again and again (Benchmarks/README.md, issue 17).
/// A set is the memo's own (`DecisionMemo.set`), told apart by its identity while the memo
/// holds it. Off (`Classifier.sharesFindings`), every row is judged: the plain version
/// `FindingsByFacetTests` compares it with.
struct FindingsByFacet {
    private struct Key: Hashable {
        let set: ObjectIdentifier
        let facet: Classifier.Judge.Facet
    }

    private var found: [Key: [FindingRef]] = [:]

    /// The findings of a navigation of `set` and `facet`: those given before, or `judge()`'s.
    mutating func findings(_ set: VerdictSet, _ facet: Classifier.Judge.Facet,
                           judge: () -> [FindingRef]) -> [FindingRef] {
        let key = Key(set: set.identity, facet: facet)
        if let known = found[key] { return known }
        let findings = judge()
        found[key] = findings
        return findings
    }

    /// Forgets every finding (another judge's are not this one's).
    mutating func removeAll() {
        found.removeAll()
    }
}
