import LinkAuditModel

/// The counts a report needs from its current findings, kept as findings are added so
/// that the findings themselves can go to disk: totals, by code and profile, by page, and
/// how many each suppression took. None of them depends on a baseline (current findings
/// are never `fixed`, so `isActive` is just "not suppressed").
struct FindingTally: Sendable {
    var findings = 0
    var bySeverity: [Severity: Int] { severities.table }
    var suppressed = 0
    /// code → active findings.
    var codeCounts: [String: Int] {
        Dictionary(uniqueKeysWithValues: perCode.filter { $0.active > 0 }.map { ($0.code, $0.active) })
    }
    /// code → profile → active findings.
    var codeProfiles: [String: [String: Int]] {
        Dictionary(uniqueKeysWithValues: perCode.filter { !$0.profiles.isEmpty }.map { ($0.code, $0.profiles) })
    }
    /// Every code seen, suppressed ones too (SARIF lists a rule for each).
    var codes: Set<String> { Set(perCode.map(\.code)) }
    /// Findings each suppression took (the first that matches), in config order.
    var suppressionCounts: [Int]
    /// Per finding page, apart for association findings: the page's own record or the
    /// association file's gets them once both are known.
    var byPage: [PageKey: PageTally] {
        guard let current else { return pages }
        var all = pages
        all[current.key, default: PageTally()].add(current.tally)
        return all
    }

    private var severities = SeverityCounts()
    /// Per code, in the order first seen, found through `codeIndex`: one lookup a finding
    /// instead of one per table.
    private var perCode: [(code: String, active: Int, profiles: [String: Int])] = []
    private var codeIndex: [String: Int] = [:]
    private var pages: [PageKey: PageTally] = [:]
    /// The page findings are coming in for (they come page by page), kept apart until
    /// the next page's: its findings are counted without a lookup.
    private var current: (key: PageKey, tally: PageTally)?

    struct PageKey: Hashable, Sendable {
        var page: String
        var association: Bool
    }

    struct PageTally: Sendable {
        var bySeverity: [Severity: Int] { severities.table }
        var suppressed = 0
        /// junit.xml's cases on the page: its findings by code.
        var junitCases: [JUnitCase] = []
        fileprivate var severities = SeverityCounts()

        fileprivate mutating func add(_ other: PageTally) {
            suppressed += other.suppressed
            severities.add(other.severities)
            JUnitCase.merge(other.junitCases, into: &junitCases)
        }
    }

    init(suppressions: Int) {
        suppressionCounts = Array(repeating: 0, count: suppressions)
    }

    mutating func add(_ finding: Finding, rules: ReportRules) {
        let code: Int
        if let index = codeIndex[finding.code] {
            code = index
        } else {
            code = perCode.count
            codeIndex[finding.code] = code
            perCode.append((finding.code, 0, [:]))
        }
        let key = PageKey(page: finding.page, association: finding.source == "association")
        if current?.key != key {
            if let current { pages[current.key, default: PageTally()].add(current.tally) }
            current = (key, PageTally())
        }
        JUnitCase.add(finding, to: &current!.tally.junitCases)
        if finding.suppressed != nil {
            suppressed += 1
            current!.tally.suppressed += 1
            if let index = rules.suppressions.firstIndex(where: { $0.matches(finding) }) { suppressionCounts[index] += 1 }
            return
        }
        findings += 1
        severities[finding.severity] += 1
        current!.tally.severities[finding.severity] += 1
        perCode[code].active += 1
        for profile in finding.profiles { perCode[code].profiles[profile, default: 0] += 1 }
    }
}

/// Counts by severity in three slots (a dictionary hashed the severity for every
/// finding); `table` gives them as the reports read them, severities with none left out.
struct SeverityCounts: Sendable {
    private var info = 0, warning = 0, error = 0

    subscript(severity: Severity) -> Int {
        get {
            switch severity {
            case .info: info
            case .warning: warning
            case .error: error
            }
        }
        set {
            switch severity {
            case .info: info = newValue
            case .warning: warning = newValue
            case .error: error = newValue
            }
        }
    }

    mutating func add(_ other: SeverityCounts) {
        for severity in Severity.allCases { self[severity] += other[severity] }
    }

    var table: [Severity: Int] {
        var table: [Severity: Int] = [:]
        for severity in Severity.allCases where self[severity] > 0 { table[severity] = self[severity] }
        return table
    }
}
