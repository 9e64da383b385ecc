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
    private var perCode: [CodeCounts] = []
    private var codeIndex: [String: Int] = [:]
    private var pages: [PageKey: PageTally] = [:]
    /// The page findings are coming in for (they come page by page), kept apart until
    /// the next page's: its findings are counted without a lookup.
    private var current: (key: PageKey, tally: PageTally)?

    private struct CodeCounts: Sendable {
        var code: String
        var active = 0
        var profiles: [String: Int] = [:]
        var activeBySeverity = SeverityCounts()
        var suppressedBySeverity = SeverityCounts()
    }

    struct PageKey: Hashable, Sendable {
        var page: String
        var association: Bool
    }

    struct PageTally: Sendable, Equatable {
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
        let suppressed = finding.suppressed != nil
        add(code: finding.code, page: finding.page, association: finding.source == "association",
            severity: finding.severity, suppressed: suppressed,
            suppression: suppressed ? rules.suppressions.firstIndex { $0.matches(finding) } : nil,
            profiles: finding.profiles, hasLine: finding.line != nil)
    }

    /// One finding, as its row would show it (`ReportParts` counts findings it makes no row
    /// for): `suppression` is the first suppression that matched it, when one did.
    mutating func add(code: String, page: String, association: Bool, severity: Severity, suppressed: Bool,
                      suppression: Int?, profiles: [String], hasLine: Bool) {
        let slot = index(of: code)
        let key = PageKey(page: page, association: association)
        if current?.key != key {
            if let current { pages[current.key, default: PageTally()].add(current.tally) }
            current = (key, PageTally())
        }
        JUnitCase.add(code: code, suppressed: suppressed, severity: severity, hasLine: hasLine,
                      to: &current!.tally.junitCases)
        if suppressed {
            self.suppressed += 1
            current!.tally.suppressed += 1
            perCode[slot].suppressedBySeverity[severity] += 1
            if let suppression { suppressionCounts[suppression] += 1 }
            return
        }
        findings += 1
        severities[severity] += 1
        current!.tally.severities[severity] += 1
        perCode[slot].active += 1
        perCode[slot].activeBySeverity[severity] += 1
        for profile in profiles { perCode[slot].profiles[profile, default: 0] += 1 }
    }

    /// Adds what `other` counted, as if its findings had been added one by one after these
    /// (a page's findings are counted on the worker that read it, and added up in page order
    /// by the writer).
    mutating func add(_ other: FindingTally) {
        findings += other.findings
        suppressed += other.suppressed
        severities.add(other.severities)
        for item in other.perCode {
            let slot = index(of: item.code)
            perCode[slot].active += item.active
            perCode[slot].activeBySeverity.add(item.activeBySeverity)
            perCode[slot].suppressedBySeverity.add(item.suppressedBySeverity)
            for (profile, count) in item.profiles { perCode[slot].profiles[profile, default: 0] += count }
        }
        for (i, count) in other.suppressionCounts.enumerated() where i < suppressionCounts.count {
            suppressionCounts[i] += count
        }
        let otherPages = other.byPage
        guard !otherPages.isEmpty else { return }
        if let current { pages[current.key, default: PageTally()].add(current.tally) }
        current = nil
        for (key, tally) in otherPages { pages[key, default: PageTally()].add(tally) }
    }

    /// Findings by code and severity, suppressed ones apart (SARIF's cut: `SARIFSelection`).
    var severitiesByCode: [(code: String, active: SeverityCounts, suppressed: SeverityCounts)] {
        perCode.map { ($0.code, $0.activeBySeverity, $0.suppressedBySeverity) }
    }

    private mutating func index(of code: String) -> Int {
        if let index = codeIndex[code] { return index }
        codeIndex[code] = perCode.count
        perCode.append(CodeCounts(code: code))
        return perCode.count - 1
    }
}

/// Counts by severity in three slots (a dictionary hashed the severity for every
/// finding); `table` gives them as the reports read them, severities with none left out.
struct SeverityCounts: Sendable, Equatable {
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
