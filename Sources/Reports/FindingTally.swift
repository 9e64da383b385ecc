import LinkAuditModel

/// The counts a report needs from its current findings, kept as findings are added so
/// that the findings themselves can go to disk: totals, by code and profile, by page, and
/// how many each suppression took. A page's part counts by page (`byPage`); the run's
/// tally does not (`tracksPages`): each page's counts go with its record to the page spill
/// (`PageSpill`), so the run holds no table that grows with its pages. None of them depends on a baseline (current findings
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
        Dictionary(uniqueKeysWithValues: perCode.filter { !$0.profiles.isEmpty }.map { ($0.code, $0.profiles.table) })
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
    /// Whether counts by page are kept (`byPage`).
    let tracksPages: Bool

    private struct CodeCounts: Sendable {
        var code: String
        var active = 0
        var profiles = ProfileCounts()
        var activeBySeverity = SeverityCounts()
        var suppressedBySeverity = SeverityCounts()
    }

    struct PageKey: Hashable, Sendable {
        var page: String
        var association: Bool
    }

    struct PageTally: Sendable, Equatable {
        var bySeverity: [Severity: Int] { severities.table }

        /// Adds the counts by severity to `total` (`PageStats.take`), number to number: a page's
        /// `bySeverity` was a dictionary made for every page at every pass, and added into
        /// another, each key hashed through its name (issue 17).
        func addSeverities(to total: inout SeverityCounts) {
            total.add(severities)
        }
        var suppressed = 0
        /// junit.xml's cases on the page: its findings by code.
        var junitCases: [JUnitCase] = []
        fileprivate var severities = SeverityCounts()

        mutating func add(_ other: PageTally) {
            suppressed += other.suppressed
            severities.add(other.severities)
            JUnitCase.merge(other.junitCases, into: &junitCases)
        }

        /// One finding on the page, counted as `FindingTally.add` counts it.
        mutating func add(_ finding: Finding) {
            JUnitCase.add(finding, to: &junitCases)
            if finding.suppressed != nil {
                suppressed += 1
            } else {
                severities[finding.severity] += 1
            }
        }

        /// The tally as a page spill's record holds it (`PageEntry`).
        func encode(into out: inout [UInt8]) {
            SpillBytes.appendVarint(UInt64(suppressed), to: &out)
            for severity in Severity.allCases { SpillBytes.appendVarint(UInt64(severities[severity]), to: &out) }
            SpillBytes.appendVarint(UInt64(junitCases.count), to: &out)
            for item in junitCases {
                SpillBytes.appendString(item.code, to: &out)
                SpillBytes.appendVarint(UInt64(item.errors), to: &out)
                SpillBytes.appendVarint(UInt64(item.active), to: &out)
                out.append(item.pageScope ? 1 : 0)
            }
        }

        static func decode(_ reader: inout SpillBytes.Reader) -> PageTally {
            var tally = PageTally()
            tally.suppressed = Int(reader.varint())
            for severity in Severity.allCases { tally.severities[severity] = Int(reader.varint()) }
            tally.junitCases = (0..<Int(reader.varint())).map { _ in
                var item = JUnitCase(code: reader.string())
                item.errors = Int(reader.varint())
                item.active = Int(reader.varint())
                item.pageScope = reader.byte() != 0
                return item
            }
            return tally
        }

        /// Roughly the memory it holds.
        var footprint: Int { 48 + junitCases.reduce(0) { $0 + 48 + $1.code.utf8.count } }
    }

    init(suppressions: Int, tracksPages: Bool = true) {
        suppressionCounts = Array(repeating: 0, count: suppressions)
        self.tracksPages = tracksPages
    }

    mutating func add(_ finding: Finding, rules: ReportRules) {
        let suppressed = finding.suppressed != nil
        add(code: finding.code, page: finding.page, association: finding.source == "association",
            severity: finding.severity, suppressed: suppressed,
            suppression: suppressed ? rules.suppressions.firstIndex { $0.matches(finding) } : nil,
            profiles: finding.profiles, hasLine: finding.line != nil)
    }

    /// One finding, as its row would show it (`ReportParts` counts findings it makes no row
    /// for): `suppression` is the first suppression that matched it, when one did. With
    /// `count`, that many findings alike, as if added one after another (`ReportParts` counts
    /// a page's findings per verdict set and code: `FindingGroups`). `profileMask`: the
    /// profiles as `ProfileCounts.mask(of:)` gives them (0: looked up by name).
    mutating func add(code: String, page: String, association: Bool, severity: Severity, suppressed: Bool,
                      suppression: Int?, profiles: [String], profileMask: UInt64 = 0, hasLine: Bool, count: Int = 1) {
        let slot = index(of: code)
        if tracksPages {
            let key = PageKey(page: page, association: association)
            if current?.key != key {
                if let current { pages[current.key, default: PageTally()].add(current.tally) }
                current = (key, PageTally())
            }
            JUnitCase.add(code: code, suppressed: suppressed, severity: severity, hasLine: hasLine, count: count,
                          to: &current!.tally.junitCases)
            if suppressed { current!.tally.suppressed += count } else { current!.tally.severities[severity] += count }
        }
        if suppressed {
            self.suppressed += count
            perCode[slot].suppressedBySeverity[severity] += count
            if let suppression { suppressionCounts[suppression] += count }
            return
        }
        findings += count
        severities[severity] += count
        perCode[slot].active += count
        perCode[slot].activeBySeverity[severity] += count
        perCode[slot].profiles.add(profiles, mask: profileMask, count: count)
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
            perCode[slot].profiles.add(item.profiles)
        }
        for (i, count) in other.suppressionCounts.enumerated() where i < suppressionCounts.count {
            suppressionCounts[i] += count
        }
        guard tracksPages else { return }
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
        // Room for a run's usual codes from the first: a page's tally is made afresh, and grown
        // from empty its table was rehashed at each doubling (issue 17).
        if codeIndex.isEmpty {
            codeIndex.reserveCapacity(24)
            perCode.reserveCapacity(24)
        }
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
