import LinkAuditModel

/// Which results findings.sarif lists when a run has more than GitHub code scanning
/// accepts (`SARIFLimits.resultsPerRun`): the most severe ones. Results are ranked in
/// tiers — errors, then warnings, then notes (info), and within a level the open
/// findings before the suppressed and fixed ones, which code scanning shows closed —
/// and within a tier they keep report order (page, line, code), so the same run keeps
/// the same results. The file is still written in report order; what was left out is
/// counted in the file itself and said once on stderr (`note`).
///
/// A run that fits needs none: `init` returns nil. One that does not counts each tier
/// from the report's counts by code and severity (`Report.severitiesByCode`) and its fixed
/// findings, without a pass over the findings themselves (they may be on disk).
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
        let tiers = SARIFTiers(report, ruleIndex: ruleIndex)
        let counts = tiers.counts, unruled = tiers.unruled
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

    static let tiers = 6

    /// error 0, 1; warning 2, 3; info 4, 5 — the odd tier of a level for findings that
    /// are suppressed or fixed.
    static func tier(_ finding: Finding) -> Int {
        tier(finding.severity, active: finding.isActive)
    }

    static func tier(_ severity: Severity, active: Bool) -> Int {
        let level: Int
        switch severity {
        case .error: level = 0
        case .warning: level = 1
        case .info: level = 2
        }
        return level * 2 + (active ? 0 : 1)
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

/// How many results fall in each of SARIFSelection's tiers, and how many have a code
/// without a rule, by severity.
struct SARIFTiers: Equatable {
    var counts = Array(repeating: 0, count: SARIFSelection.tiers)
    var unruled: [Severity: Int] = [:]

    /// From the report's counts (`Report.severitiesByCode`) and its fixed findings.
    init(_ report: Report, ruleIndex: [String: Int]) {
        // Current findings are never fixed: active is "not suppressed".
        for entry in report.severitiesByCode {
            for severity in Severity.allCases {
                add(entry.code, severity, active: true, entry.active[severity], ruleIndex)
                add(entry.code, severity, active: false, entry.suppressed[severity], ruleIndex)
            }
        }
        for finding in report.fixed { add(finding.code, finding.severity, active: finding.isActive, 1, ruleIndex) }
    }

    /// The plain way, kept to check the counts against (`ReportSARIFLimitsTests`): a pass
    /// over every result.
    init(reading report: Report, ruleIndex: [String: Int]) {
        for finding in report.rows { add(finding.code, finding.severity, active: finding.isActive, 1, ruleIndex) }
    }

    private mutating func add(_ code: String, _ severity: Severity, active: Bool, _ number: Int, _ ruleIndex: [String: Int]) {
        guard number > 0 else { return }
        if ruleIndex[code] == nil {
            unruled[severity, default: 0] += number
        } else {
            counts[SARIFSelection.tier(severity, active: active)] += number
        }
    }
}
