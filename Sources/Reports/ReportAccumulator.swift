import Foundation
import LinkAuditModel

/// Collects findings and counts page by page while a run streams, then writes the
/// reports. Memory does not grow with pages, navigations or findings: a navigation
/// without findings leaves only counts behind; findings beyond a bound are sorted and
/// spilled to a temporary file (`FindingSpill`), to be merged back while the reports are
/// written; each page's record with its own counts goes to a spill of its own
/// (`PageSpill`), and so do the pages of the scheme inventory (`SchemeInventory`), both
/// merged back in page order at the end. An audit with several workers also hands it each
/// page's share of the listing formats (`PageFragments`, kept in a `FragmentStore`), which
/// those files are then put together from.
///
///     var report = ReportAccumulator(rules: rules, spill: SpillLimits(directory: outDir))
///     for each page, in input order: report.add(page: record, navigations: classified)
///     let summary = try report.finish(into: outDir, formats: formats, baseline: baseline)
public struct ReportAccumulator: Sendable {
    public let rules: ReportRules
    /// Whether finding rows are kept (`ReportParts.needRows`): without, only the counts are.
    let keepsRows: Bool
    /// Whether rows are kept only for the pages whose fragments do not cover them
    /// (`ReportParts.coveredRows`): the fragments stand for every listing format the run
    /// writes, and each page comes once. Set once a covered page's rows were left out: the
    /// report can then be written only from its fragments.
    let dropsCoveredRows: Bool
    private var droppedRows = false
    private var findings: FindingSpill
    /// The run's totals; the counts by page go with the page records.
    private var tally: FindingTally
    /// Every page record, with its counts, as added (`PageEntry`).
    private var pages: RecordSpill<PageEntry>
    /// Association files (records with `association`), apart from the pages they serve: a
    /// live crawl fetches a few per host.
    private var associationFiles: [PageStats] = []
    private var associationIndex: [String: Int] = [:]
    private var navigations = 0
    private var classified = 0
    private var inventory: SchemeInventory
    /// The pages' fragments of the listing formats, when the run renders them on its
    /// workers (`part(…fragments:)`).
    private let fragments: FragmentStore?

    public init(rules: ReportRules = ReportRules(), spill: SpillLimits = SpillLimits()) {
        self.init(rules: rules, spill: spill, fragments: .none)
    }

    /// `fragments`: the formats whose files are put together from page fragments
    /// (`PageFragments`), which every part added must then carry. `rows`: whether finding
    /// rows are kept (the parts added must then carry them).
    /// `dropsCoveredRows`: the parts added leave out the rows their fragments cover
    /// (`ReportParts(…coveredRows: false)`); only a run whose pages come once each, asking for
    /// no listing format but `fragments`' (`ReportParts.leavesCoveredRows`), may say so.
    /// `inventory`: which of each name's pages the scheme inventory keeps
    /// (`SchemeInventory.Listing.needed`).
    package init(rules: ReportRules, spill: SpillLimits, fragments: FragmentFormats, rows: Bool = true,
                 dropsCoveredRows: Bool = false, inventory listing: SchemeInventory.Listing = .everyPage) {
        self.rules = rules
        keepsRows = rows
        let store = fragments.isEmpty || !rows ? nil
            : FragmentStore(formats: fragments, directory: spill.directory, gaps: dropsCoveredRows)
        self.dropsCoveredRows = store != nil && dropsCoveredRows
        findings = FindingSpill(limits: spill)
        tally = FindingTally(suppressions: rules.suppressions.count, tracksPages: false)
        pages = RecordSpill(name: "pages", directory: spill.directory, batchBytes: spill.recordBatchBytes)
        inventory = SchemeInventory(limits: spill, listing: listing)
        self.fragments = store
    }

    /// How many sorted runs of findings went to disk so far.
    var spilledRuns: Int { findings.spilledRuns }

    /// How many runs of page records, and of the inventory's pages, went to disk so far.
    var spilledPageRuns: (pages: Int, inventory: Int) { (pages.spilledRuns, inventory.spilledRuns) }

    /// Page records held in memory (at most a batch once the bound is reached).
    var pagesInMemory: Int { pages.inMemory }

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

    /// Adds up a page's part: counts merged, its record and its own counts handed to the
    /// page spill, its sorted rows to the finding spill, its fragments to their file.
    /// Called by the run's one writer, in page order. Whether the page came before is not
    /// asked here (that would keep every page's URL): the page-scope findings, which count
    /// for a page's first record only, go with the record and are counted when the records
    /// are merged (`assemble`).
    public mutating func add(_ part: ReportPart) {
        let page = part.page
        if page.isAssociation {
            fragments?.drop()
            guard associationIndex[page.page] == nil else { return }
            var stats = PageStats(page: page.page, file: nil, status: page.status, navigations: 0,
                                  association: page.association,
                                  note: page.problems?.joined(separator: "; ") ?? page.warning)
            var counts = FindingTally.PageTally()
            for finding in part.pageFindings {
                tally.add(finding, rules: rules)
                if finding.page == page.page, finding.source == "association" { counts.add(finding) }
            }
            stats.take(counts)
            associationIndex[page.page] = associationFiles.count
            associationFiles.append(stats)
            if keepsRows, let rows = part.rows { findings.append(rows) }
            return
        }
        var entry = PageEntry(page: page.page, kind: .record, file: page.file, status: page.status,
                              navigations: part.navigations)
        entry.pageScope = part.pageFindings
        entry.fragments = fragments?.add(part.fragments, page: page.page)
        // A covered page's rows were left on its worker (`ReportParts`); a part that still
        // brings them (made without `coveredRows: false`) leaves them here.
        let covered = dropsCoveredRows && part.fragments != nil
        if covered { droppedRows = true }
        for (key, counts) in part.tally.byPage {
            if key.page == page.page, !key.association {
                entry.tally = counts
            } else {
                let other = PageEntry(page: key.page, kind: key.association ? .associationCounts : .counts, tally: counts)
                pages.append(other, footprint: other.footprint)
            }
        }
        pages.append(entry, footprint: entry.footprint)
        tally.add(part.tally)
        if keepsRows, !covered, let rows = part.pageFindings.isEmpty ? part.rows : part.rows?.linkFindings() {
            findings.append(rows)
        }
        // A streamed page's rows, as runs of their own after its block (README Limits).
        if keepsRows, let spilled = part.spilledRows { findings.append(spilled) }
        navigations += part.navigations
        classified += part.classified
        inventory.add(part.deepLinks, page: page.page)
    }

    /// The assembled report, compared with `baseline` when one is given. With a
    /// baseline, one pass over the findings matches them first: the totals the reports
    /// open with count new and fixed findings.
    public func report(baseline: Baseline? = nil, toolVersion: String = "dev",
                       assumptions: RunAssumptions = RunAssumptions()) -> Report {
        assemble(baseline: baseline, toolVersion: toolVersion, assumptions: assumptions).report
    }

    /// The report, and the findings it reads (this accumulator's, with the page-scope
    /// findings of each page's first record added). One pass over the merged page records
    /// counts the pages, adds those findings, gives the association files their counts and
    /// finds whether the pages' fragments can stand for the listing formats (every page
    /// once, each with its fragments).
    private func assemble(baseline: Baseline?, toolVersion: String, assumptions: RunAssumptions)
        -> (report: Report, findings: FindingSpill, failure: () -> String?) {
        var tally = tally
        var findings = findings
        var fileStats = associationFiles
        var pageCount = 0
        var unreadable = 0
        var fragmented = fragments?.usable ?? false
        var digest = PageDigest()
        var groups = PageGrouping(pages.sorted().makeIterator())
        while let group = groups.next() {
            if group.association {
                if let index = associationIndex[group.stats.page] { fileStats[index].take(group.counts) }
                continue
            }
            digest.add(group.stats)
            pageCount += 1
            if !group.stats.isOK { unreadable += 1 }
            if group.records > 1 || !group.fragmented && !dropsCoveredRows { fragmented = false }
            guard !group.pageScope.isEmpty else { continue }
            for finding in group.pageScope { tally.add(finding, rules: rules) }
            // A covered page's fragments hold its page-scope rows too.
            if keepsRows, !(dropsCoveredRows && group.fragmented) {
                findings.append(FindingBlock(page: group.stats.page, sorted: group.pageScope.sorted(by: Finding.ordered)))
            }
        }
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
        summary.findings = tally.findings
        summary.bySeverity = tally.bySeverity
        summary.suppressed = tally.suppressed
        summary.pages = pageCount
        summary.unreadable = unreadable
        summary.navigations = navigations
        summary.classified = classified
        let suppressions = zip(rules.suppressions, tally.suppressionCounts).map { (suppression: $0, count: $1) }
        let inventory = inventory.resolved()
        var report = Report(findings: current, fixed: fixed, newListed: newListed,
                            findingCodes: tally.codes.union(fixed.map(\.code)),
                            summary: summary, pages: ReportPages(entries: pages.sorted(), count: pageCount),
                            codeCounts: tally.codeCounts, codeProfiles: tally.codeProfiles, inventory: inventory,
                            suppressions: suppressions, baselineLabel: baseline?.label, toolVersion: toolVersion,
                            assumptions: assumptions, rules: rules,
                            associationFiles: fileStats.sorted { $0.page < $1.page })
        report.severitiesByCode = tally.severitiesByCode
        report.pageDigest = digest
        if baseline == nil, let fragments, fragmented { report.fragments = fragments }
        let pages = pages
        // Rows left to fragments that cannot stand for the report (a page twice, a
        // baseline, a fragment file that failed): the caller broke `dropsCoveredRows`'
        // promise or a write failed; the report is not written rather than written short.
        let uncovered = droppedRows && report.fragments == nil
            ? "cannot write the listing reports: finding rows were left to page fragments that do not stand for them"
            : nil
        let failure = { uncovered ?? findings.readFailure ?? pages.readFailure ?? inventory.readFailure }
        return (report, findings, failure)
    }

    /// Whether fragments in `fragments` stand for every listing format of `formats`.
    static func covers(_ fragments: FragmentFormats, _ formats: Set<ReportFormat>, csv: CSVOptions) -> Bool {
        (!formats.contains(.csv) || fragments.csv && fragments.csvLayout == csv.layout)
            && (!formats.contains(.json) || fragments.json) && (!formats.contains(.sarif) || fragments.sarif)
            && (!formats.contains(.junit) || fragments.junit)
    }

    /// Writes the selected formats (all but `jsonl`, which the run streams itself) into
    /// `outDir` and returns the totals, with the files written. `assumptions` is what the
    /// run took as given, for summary.md (the formats are filled in here).
    public func finish(into outDir: String, formats: Set<ReportFormat>, baseline: Baseline? = nil,
                       toolVersion: String = "dev", csv: CSVOptions = CSVOptions(),
                       assumptions: RunAssumptions = RunAssumptions()) throws -> ReportSummary {
        var assumptions = assumptions
        assumptions.formats = formats
        var (report, _, failure) = assemble(baseline: baseline, toolVersion: toolVersion, assumptions: assumptions)
        report.csv = csv
        if droppedRows, let store = fragments, !Self.covers(store.formats, formats, csv: csv) {
            throw LinkAuditError.io("cannot write the listing reports: finding rows were left to page fragments of other formats")
        }
        if formats.contains(.json), inventory.listing != .everyPage {
            throw LinkAuditError.io("cannot write findings.json: the scheme inventory kept only each name's first pages")
        }
        var summary = report.summary
        let fragments = report.fragments
        let written = try ReportFiles.write(report, formats: formats, into: outDir) {
            failure() ?? fragments?.readFailure
        }
        summary.written += written.paths
        summary.notes += written.notes
        return summary
    }
}
