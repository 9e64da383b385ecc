/// The counts a report needs from its current findings, kept as findings are added so
/// that the findings themselves can go to disk: totals, by code and profile, by page, and
/// how many each suppression took. None of them depends on a baseline (current findings
/// are never `fixed`, so `isActive` is just "not suppressed").
struct FindingTally: Sendable {
    var findings = 0
    var bySeverity: [Severity: Int] = [:]
    var suppressed = 0
    /// code → active findings.
    var codeCounts: [String: Int] = [:]
    /// code → profile → active findings.
    var codeProfiles: [String: [String: Int]] = [:]
    /// Every code seen, suppressed ones too (SARIF lists a rule for each).
    var codes: Set<String> = []
    /// Findings each suppression took (the first that matches), in config order.
    var suppressionCounts: [Int]
    /// Per finding page, apart for association findings: the page's own record or the
    /// association file's gets them once both are known.
    var byPage: [PageKey: PageTally] = [:]

    struct PageKey: Hashable, Sendable {
        var page: String
        var association: Bool
    }

    struct PageTally: Sendable {
        var bySeverity: [Severity: Int] = [:]
        var suppressed = 0
    }

    init(suppressions: Int) {
        suppressionCounts = Array(repeating: 0, count: suppressions)
    }

    mutating func add(_ finding: Finding, rules: ReportRules) {
        codes.insert(finding.code)
        let key = PageKey(page: finding.page, association: finding.source == "association")
        if finding.suppressed != nil {
            suppressed += 1
            byPage[key, default: PageTally()].suppressed += 1
            if let index = rules.suppressions.firstIndex(where: { $0.matches(finding) }) { suppressionCounts[index] += 1 }
            return
        }
        findings += 1
        bySeverity[finding.severity, default: 0] += 1
        byPage[key, default: PageTally()].bySeverity[finding.severity, default: 0] += 1
        codeCounts[finding.code, default: 0] += 1
        for profile in finding.profiles { codeProfiles[finding.code, default: [:]][profile, default: 0] += 1 }
    }

    /// Pages (association findings or not) with an active error finding: JUnit's failing cases.
    var pagesWithErrors: Set<String> {
        Set(byPage.filter { ($0.value.bySeverity[.error] ?? 0) > 0 }.map(\.key.page))
    }
}
