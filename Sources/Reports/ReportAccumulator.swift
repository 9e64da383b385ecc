import Foundation
import LinkAuditModel

/// Collects findings and counts page by page while a run streams, then writes the
/// reports. Memory grows with pages, never with navigations or findings: a navigation
/// without findings leaves only counts behind, and findings beyond a bound are sorted
/// and spilled to a temporary file (`FindingSpill`), to be merged back while the reports
/// are written. An audit with several workers also hands it each page's share of the
/// listing formats (`PageFragments`, kept in a `FragmentStore`), which those files are
/// then put together from.
///
///     var report = ReportAccumulator(rules: rules, spill: SpillLimits(directory: outDir))
///     for each page, in input order: report.add(page: record, navigations: classified)
///     let summary = try report.finish(into: outDir, formats: formats, baseline: baseline)
public struct ReportAccumulator: Sendable {
    public let rules: ReportRules
    /// Whether finding rows are kept (`ReportParts.needRows`): without, only the counts are.
    let keepsRows: Bool
    private var findings: FindingSpill
    private var tally: FindingTally
    private var pages: [PageStats] = []
    private var pageIndex: [String: Int] = [:]
    /// Association files (records with `association`), apart from the pages they serve.
    private var associationFiles: [PageStats] = []
    private var associationIndex: [String: Int] = [:]
    private var navigations = 0
    private var classified = 0
    private var inventory = SchemeInventory()
    /// The pages' fragments of the listing formats, when the run renders them on its
    /// workers (`part(…fragments:)`).
    private let fragments: FragmentStore?

    public init(rules: ReportRules = ReportRules(), spill: SpillLimits = SpillLimits()) {
        self.init(rules: rules, spill: spill, fragments: .none)
    }

    /// `fragments`: the formats whose files are put together from page fragments
    /// (`PageFragments`), which every part added must then carry. `rows`: whether finding
    /// rows are kept (the parts added must then carry them).
    package init(rules: ReportRules, spill: SpillLimits, fragments: FragmentFormats, rows: Bool = true) {
        self.rules = rules
        keepsRows = rows
        findings = FindingSpill(limits: spill)
        tally = FindingTally(suppressions: rules.suppressions.count)
        self.fragments = fragments.isEmpty || !rows ? nil : FragmentStore(formats: fragments, directory: spill.directory)
    }

    /// How many sorted runs went to disk so far.
    var spilledRuns: Int { findings.spilledRuns }

    /// One page and its classified navigations. A page added again (a partial run merged
    /// twice) adds its navigations to the first record; an association file's record is
    /// kept once, apart from the pages.
    public mutating func add(page: PageRecord, navigations list: [Navigation]) {
        var memo = VerdictSetMemo()
        add(ReportParts(rules: rules, rows: keepsRows).part(page: page, navigations: list, memo: &memo))
    }

    /// What one page brings to the report, built apart from the accumulator so that the
    /// work (findings, intent packages) runs on the parallel workers, not the writer.
    public static func part(page: PageRecord, navigations list: [Navigation], rules: ReportRules) -> ReportPart {
        part(page: page, navigations: list, rules: rules, fragments: .none)
    }

    /// A part with its page's report fragments in `fragments`' formats.
    package static func part(page: PageRecord, navigations list: [Navigation], rules: ReportRules,
                             fragments: FragmentFormats) -> ReportPart {
        var memo = VerdictSetMemo()
        return ReportParts(rules: rules, fragments: fragments).part(page: page, navigations: list, memo: &memo)
    }

    /// Adds up a page's part: counts merged, its sorted rows handed to the spill, its
    /// fragments to their file. Called by the run's one writer, in page order.
    public mutating func add(_ part: ReportPart) {
        let page = part.page
        if page.isAssociation {
            fragments?.drop()
            guard associationIndex[page.page] == nil else { return }
            associationIndex[page.page] = associationFiles.count
            associationFiles.append(PageStats(page: page.page, file: nil, status: page.status, navigations: 0,
                                              association: page.association,
                                              note: page.problems?.joined(separator: "; ") ?? page.warning))
            count(part.pageFindings)
            if keepsRows, let rows = part.rows { findings.append(rows) }
            return
        }
        if let index = pageIndex[page.page] {
            // The page's record counted already: its navigations' findings alone.
            fragments?.drop()
            pages[index].navigations += part.navigations
            tally.add(part.tally)
            if keepsRows, let rows = part.rows?.linkFindings() { findings.append(rows) }
        } else {
            fragments?.add(part.fragments, page: page.page)
            pageIndex[page.page] = pages.count
            pages.append(PageStats(page: page.page, file: page.file, status: page.status, navigations: part.navigations))
            count(part.pageFindings)
            tally.add(part.tally)
            if keepsRows, let rows = part.rows { findings.append(rows) }
        }
        // A streamed page's rows, as runs of their own after its block (README Limits).
        if keepsRows, let spilled = part.spilledRows { findings.append(spilled) }
        navigations += part.navigations
        classified += part.classified
        inventory.add(part.deepLinks, page: page.page)
    }

    private mutating func count(_ list: [Finding]) {
        for finding in list { tally.add(finding, rules: rules) }
    }

    /// The assembled report, compared with `baseline` when one is given. With a
    /// baseline, one pass over the findings matches them first: the totals the reports
    /// open with count new and fixed findings.
    public func report(baseline: Baseline? = nil, toolVersion: String = "dev",
                       assumptions: RunAssumptions = RunAssumptions()) -> Report {
        let match = baseline.map(BaselineMatch.init)
        let current = ReportFindings(sorted: findings.sorted(), baseline: match)
        var summary = ReportSummary()
        var fixed: [Finding] = []
        var newListed: [Finding] = []
        if let match {
            var counts = BaselineCounts()
            var listed: [Severity: [Finding]] = [:]
            var pass = current.makeIterator()
            while let finding = pass.next() {
                guard finding.isActive else { continue }
                if finding.baseline == .new {
                    counts.new += 1
                    counts.newBySeverity[finding.severity, default: 0] += 1
                    if listed[finding.severity, default: []].count < SummaryMarkdown.rowLimit {
                        listed[finding.severity, default: []].append(finding)
                    }
                } else {
                    counts.persisting += 1
                }
            }
            fixed = match.fixed(after: pass.baselinePass!, rules: rules)
            counts.fixed = fixed.filter { $0.suppressed == nil }.count
            summary.baseline = counts
            newListed = Severity.allCases.reversed().flatMap { listed[$0] ?? [] }
        }
        var pageStats = pages
        var fileStats = associationFiles
        for (key, counts) in tally.byPage {
            let index = key.association ? associationIndex[key.page] : pageIndex[key.page]
            guard let index else { continue }
            let add = { (stats: inout PageStats) in
                stats.suppressed += counts.suppressed
                JUnitCase.merge(counts.junitCases, into: &stats.junitCases)
                for (severity, count) in counts.bySeverity { stats.bySeverity[severity, default: 0] += count }
            }
            if key.association { add(&fileStats[index]) } else { add(&pageStats[index]) }
        }
        summary.findings = tally.findings
        summary.bySeverity = tally.bySeverity
        summary.suppressed = tally.suppressed
        summary.pages = pages.count
        summary.unreadable = pages.filter { !$0.isOK }.count
        summary.navigations = navigations
        summary.classified = classified
        let suppressions = zip(rules.suppressions, tally.suppressionCounts).map { (suppression: $0, count: $1) }
        var report = Report(findings: current, fixed: fixed, newListed: newListed,
                            findingCodes: tally.codes.union(fixed.map(\.code)),
                            summary: summary, pages: pageStats.sorted { $0.page < $1.page },
                            codeCounts: tally.codeCounts, codeProfiles: tally.codeProfiles, inventory: inventory,
                            suppressions: suppressions, baselineLabel: baseline?.label, toolVersion: toolVersion,
                            assumptions: assumptions, rules: rules,
                            associationFiles: fileStats.sorted { $0.page < $1.page })
        report.severitiesByCode = tally.severitiesByCode
        if baseline == nil, let fragments, fragments.covers(report.pages) { report.fragments = fragments }
        return report
    }

    /// Writes the selected formats (all but `jsonl`, which the run streams itself) into
    /// `outDir` and returns the totals, with the files written. `assumptions` is what the
    /// run took as given, for summary.md (the formats are filled in here).
    public func finish(into outDir: String, formats: Set<ReportFormat>, baseline: Baseline? = nil,
                       toolVersion: String = "dev", csv: CSVOptions = CSVOptions(),
                       assumptions: RunAssumptions = RunAssumptions()) throws -> ReportSummary {
        var assumptions = assumptions
        assumptions.formats = formats
        var report = report(baseline: baseline, toolVersion: toolVersion, assumptions: assumptions)
        report.csv = csv
        var summary = report.summary
        let written = try ReportFiles.write(report, formats: formats, into: outDir) {
            findings.readFailure ?? report.fragments?.readFailure
        }
        summary.written += written.paths
        summary.notes += written.notes
        return summary
    }
}
