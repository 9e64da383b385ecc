import LinkAuditModel

/// Which results findings.sarif lists when a run has more than GitHub code scanning
/// accepts (`SARIFLimits.resultsPerRun`): the most severe ones. Results are ranked in
/// tiers — errors, then warnings, then notes (info), and within a level the open
/// findings before the suppressed and fixed ones, which code scanning shows closed —
/// and within a tier they keep report order (page, line, code), so the same run keeps
/// the same results. The file is still written in report order; what was left out is
/// counted in the file itself and said once on stderr (`note`).
///
/// A run that fits needs none: `init` returns nil without reading the findings. One
/// that does not takes one extra pass over them (from the spill when they were spilled)
/// to count each tier before the file is written.
struct SARIFSelection {
    /// Results the run has, the most the file may list, and those it leaves out.
    let total: Int
    let limit: Int
    let leftOut: Int
    let leftOutBySeverity: [Severity: Int]
    /// How many more results each tier may list, in tier order.
    private var quota: [Int]
    private let ruleIndex: [String: Int]

    /// nil when every result of `report` fits; `ruleIndex` holds the codes that have a
    /// rule (results of any other code are left out: their rules were over the limit).
    init?(_ report: Report, ruleIndex: [String: Int], allCodesRuled: Bool,
          limit: Int = SARIFLimits.resultsPerRun) {
        let rows = report.summary.findings + report.summary.suppressed + report.fixed.count
        guard rows > limit || !allCodesRuled else { return nil }
        var counts = Array(repeating: 0, count: Self.tiers)
        var unruled: [Severity: Int] = [:]
        for finding in report.rows {
            if ruleIndex[finding.code] == nil {
                unruled[finding.severity, default: 0] += 1
            } else {
                counts[Self.tier(finding)] += 1
            }
        }
        self.limit = limit
        var remaining = limit
        quota = counts.map { count in
            let kept = min(count, remaining)
            remaining -= kept
            return kept
        }
        var byLevel = unruled
        for tier in 0..<Self.tiers where counts[tier] > quota[tier] {
            byLevel[Self.severity(ofTier: tier), default: 0] += counts[tier] - quota[tier]
        }
        total = counts.reduce(0, +) + unruled.values.reduce(0, +)
        leftOut = byLevel.values.reduce(0, +)
        guard leftOut > 0 else { return nil }
        leftOutBySeverity = byLevel
        self.ruleIndex = ruleIndex
    }

    /// Whether `finding` is listed; called once per finding, in report order.
    mutating func keeps(_ finding: Finding) -> Bool {
        guard ruleIndex[finding.code] != nil else { return false }
        let tier = Self.tier(finding)
        guard quota[tier] > 0 else { return false }
        quota[tier] -= 1
        return true
    }

    var kept: Int { total - leftOut }

    /// The one line for stderr.
    var note: String {
        let counts = Severity.allCases.reversed().compactMap { severity -> String? in
            guard let count = leftOutBySeverity[severity], count > 0 else { return nil }
            return "\(Self.grouped(count)) \(severity.rawValue)"
        }
        return "findings.sarif lists the \(Self.grouped(kept)) most severe of \(Self.grouped(total)) findings, "
            + "the most GitHub code scanning accepts in one run; \(Self.grouped(leftOut)) left out "
            + "(\(counts.joined(separator: ", "))), every one still in links.jsonl and the other reports"
    }

    private static let tiers = 6

    /// error 0, 1; warning 2, 3; info 4, 5 — the odd tier of a level for findings that
    /// are suppressed or fixed.
    static func tier(_ finding: Finding) -> Int {
        let level: Int
        switch finding.severity {
        case .error: level = 0
        case .warning: level = 1
        case .info: level = 2
        }
        return level * 2 + (finding.isActive ? 0 : 1)
    }

    private static func severity(ofTier tier: Int) -> Severity {
        switch tier / 2 {
        case 0: return .error
        case 1: return .warning
        default: return .info
        }
    }

    /// `252,635`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
