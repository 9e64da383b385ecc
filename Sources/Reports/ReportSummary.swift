import LinkAuditModel

/// The totals of a report: what the end-of-run line prints and what `FailPolicy` gates on.
/// Counts of findings leave out suppressed and fixed ones (they are counted apart).
public struct ReportSummary: Sendable, Equatable {
    public var pages = 0
    public var unreadable = 0
    public var navigations = 0
    /// Navigations that carry verdicts (0 means the input was never classified).
    public var classified = 0
    public var findings = 0
    public var bySeverity: [Severity: Int] = [:]
    public var suppressed = 0
    /// Set when the run was compared with a baseline.
    public var baseline: BaselineCounts?
    /// The files written, in format order.
    public var written: [String] = []
    /// What the files left out, one line each for stderr (findings.sarif over GitHub code
    /// scanning's limits).
    public var notes: [String] = []

    public init() {}

    /// Active findings at or above `severity` (new ones only when `onlyNew` and a
    /// baseline was given).
    public func count(atLeast severity: Severity, onlyNew: Bool = false) -> Int {
        let table = onlyNew ? (baseline?.newBySeverity ?? bySeverity) : bySeverity
        return table.filter { $0.key >= severity }.values.reduce(0, +)
    }

    /// One line for stderr at the end of a run.
    public var line: String {
        var text = "\(pages) pages (\(unreadable) unreadable), \(navigations) navigations, "
            + "\(findings) finding\(findings == 1 ? "" : "s") ("
            + Severity.allCases.reversed().map { "\(bySeverity[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
        if suppressed > 0 { text += "; \(suppressed) suppressed" }
        text += ")"
        if let baseline { text += "; since the baseline: \(baseline.new) new, \(baseline.fixed) fixed, \(baseline.persisting) persisting" }
        return text
    }
}

public struct BaselineCounts: Sendable, Equatable {
    public var new = 0
    public var fixed = 0
    public var persisting = 0
    /// Active new findings by severity.
    public var newBySeverity: [Severity: Int] = [:]
}
