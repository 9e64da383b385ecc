/// A baseline ready to be compared with findings as they stream by in report order.
/// Each current finding takes the next unmatched baseline finding of its key (page +
/// normalised URL + code) and is `persisting`, or finds none left and is `new`; the
/// baseline findings no match took are the fixed ones. Only counts per key change
/// during a pass, so a pass can be repeated (one per report format) with the same result.
struct BaselineMatch: Sendable {
    /// The baseline in report order.
    private let previous: [Finding]
    /// key → positions in `previous`, in order.
    private let positions: [FindingKey: [Int]]
    /// Pages the baseline has findings on: a finding elsewhere is new without working out
    /// its key (URL normalisation is the costly part).
    private let pages: Set<String>

    init(_ baseline: Baseline) {
        previous = baseline.findings.sorted(by: Finding.ordered)
        var positions: [FindingKey: [Int]] = [:]
        for (index, finding) in previous.enumerated() { positions[finding.key, default: []].append(index) }
        self.positions = positions
        pages = Set(previous.map(\.page))
    }

    /// A fresh pass.
    func marker() -> Marker {
        Marker(left: positions.mapValues(\.count), pages: pages)
    }

    /// One pass's matching state: how many baseline findings of each key are unmatched.
    struct Marker {
        fileprivate var left: [FindingKey: Int]
        fileprivate let pages: Set<String>

        mutating func mark(_ finding: inout Finding) {
            finding.baseline = .new
            guard pages.contains(finding.page) else { return }
            let key = finding.key
            if let count = left[key], count > 0 {
                left[key] = count - 1
                finding.baseline = .persisting
            }
        }
    }

    /// The baseline findings no current finding matched in `pass` (a complete pass), in
    /// report order, judged by today's `rules`.
    func fixed(after pass: Marker, rules: ReportRules) -> [Finding] {
        var unmatched: [Int] = []
        for (key, count) in pass.left where count > 0 { unmatched += positions[key]!.suffix(count) }
        return unmatched.sorted().map { index in
            var finding = previous[index]
            finding.baseline = .fixed
            finding.severity = rules.severity(for: finding.code)
            finding.suppressed = rules.suppression(for: finding)?.reason
            return finding
        }
    }
}
