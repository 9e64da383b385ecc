/// One page's findings in report order, sorted by the worker that made them: what the
/// run's writer hands the spill (`FindingSpill`), a list appended instead of a sort on the
/// one thread that writes in order. The findings share their strings and lists with the
/// page's navigations and verdict-set memo, so a block in memory is smaller than its
/// encoding (`FindingCoding`), which is made only when it goes to disk.
struct FindingBlock: Sendable {
    let page: String
    let findings: [Finding]
    /// Roughly the memory the findings hold (`FindingSpill.footprint`), for the spill's bound.
    let footprint: Int

    /// `findings`, all of `page`, already in report order.
    init(page: String, sorted findings: [Finding]) {
        self.page = page
        self.findings = findings
        footprint = findings.reduce(0) { $0 + FindingSpill.footprint($1) }
    }

    /// `findings` with their footprint summed already (`ReportParts` adds it up as it makes
    /// the rows from what it has in hand, instead of reading every row's fields again).
    init(page: String, sorted findings: [Finding], footprint: Int) {
        self.page = page
        self.findings = findings
        self.footprint = footprint
    }

    var count: Int { findings.count }

    /// The block without its page-scope findings (no line: `PAGE_UNREADABLE`,
    /// `ASSOCIATION_INVALID`), for a page whose record was counted already; nil when none
    /// is left.
    func linkFindings() -> FindingBlock? {
        let kept = findings.filter { $0.line != nil }
        return kept.isEmpty ? nil : FindingBlock(page: page, sorted: kept)
    }

    /// The findings as a run on disk holds them, written by the run's writer.
    func encoded(into bytes: inout [UInt8], run: inout FindingRunWriter) {
        for finding in findings { run.append(finding, to: &bytes) }
    }
}
