/// A report's current findings in report order, each marked new or persisting when there
/// is a baseline. Iterating reads them again from the spilled runs: formats written side
/// by side each take their own pass.
public struct ReportFindings: Sequence, Sendable {
    let sorted: SortedFindings
    let baseline: BaselineMatch?

    public func makeIterator() -> Iterator {
        Iterator(findings: sorted.makeIterator(), marker: baseline?.marker())
    }

    public struct Iterator: IteratorProtocol {
        fileprivate var findings: FindingMerge
        fileprivate var marker: BaselineMatch.Marker?

        public mutating func next() -> Finding? {
            guard var finding = findings.next() else { return nil }
            marker?.mark(&finding)
            return finding
        }

        /// The matching state after the pass (for the fixed findings).
        var baselinePass: BaselineMatch.Marker? { marker }
    }
}

/// Current and fixed findings together in report order (a fixed finding after the
/// current ones it ties with): the rows of the CSV and the results of SARIF.
struct ReportRows: Sequence {
    let findings: ReportFindings
    let fixed: [Finding]

    func makeIterator() -> Iterator {
        Iterator(current: findings.makeIterator(), fixed: fixed)
    }

    struct Iterator: IteratorProtocol {
        var current: ReportFindings.Iterator
        let fixed: [Finding]
        private var fixedIndex = 0
        private var pending: Finding?
        private var started = false

        init(current: ReportFindings.Iterator, fixed: [Finding]) {
            self.current = current
            self.fixed = fixed
        }

        mutating func next() -> Finding? {
            if !started {
                pending = current.next()
                started = true
            }
            if fixedIndex < fixed.count, pending.map({ Finding.ordered(fixed[fixedIndex], $0) }) ?? true {
                defer { fixedIndex += 1 }
                return fixed[fixedIndex]
            }
            defer { pending = current.next() }
            return pending
        }
    }
}
