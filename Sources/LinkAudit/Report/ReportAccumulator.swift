import Foundation

/// Collects findings and counts page by page while a run streams, then writes the
/// reports. Memory grows with findings and pages, never with navigations: a navigation
/// without findings leaves only counts behind.
///
///     var report = ReportAccumulator(rules: rules)
///     for each page, in input order: report.add(page: record, navigations: classified)
///     let summary = try report.finish(into: outDir, formats: formats, baseline: baseline)
public struct ReportAccumulator: Sendable {
    public let rules: ReportRules
    private var findings: [Finding] = []
    private var pages: [PageStats] = []
    private var pageIndex: [String: Int] = [:]
    /// Association files (records with `association`), apart from the pages they serve.
    private var associationFiles: [PageStats] = []
    private var associationIndex: [String: Int] = [:]
    private var navigations = 0
    private var classified = 0
    private var inventory = SchemeInventory()

    public init(rules: ReportRules = ReportRules()) {
        self.rules = rules
    }

    /// One page and its classified navigations. A page added again (a partial run merged
    /// twice) adds its navigations to the first record; an association file's record is
    /// kept once, apart from the pages.
    public mutating func add(page: PageRecord, navigations list: [Navigation]) {
        add(Self.part(page: page, navigations: list, rules: rules))
    }

    /// What one page brings to the report, built apart from the accumulator so that the
    /// work (findings, intent packages) runs on the parallel workers, not the writer.
    public static func part(page: PageRecord, navigations list: [Navigation], rules: ReportRules) -> ReportPart {
        let builder = FindingBuilder(rules: rules)
        var part = ReportPart(page: page, navigations: list.count)
        part.pageFindings = builder.pageFindings(page)
        for navigation in list {
            if navigation.verdicts != nil { part.classified += 1 }
            if let link = SchemeInventory.deepLink(navigation) { part.deepLinks.append(link) }
            part.findings.append(contentsOf: builder.findings(for: navigation, file: page.file))
        }
        return part
    }

    public mutating func add(_ part: ReportPart) {
        let page = part.page
        if page.isAssociation {
            guard associationIndex[page.page] == nil else { return }
            associationIndex[page.page] = associationFiles.count
            associationFiles.append(PageStats(page: page.page, file: nil, status: page.status, navigations: 0,
                                              association: page.association,
                                              note: page.problems?.joined(separator: "; ") ?? page.warning))
            findings += part.pageFindings
            return
        }
        if let index = pageIndex[page.page] {
            pages[index].navigations += part.navigations
        } else {
            pageIndex[page.page] = pages.count
            pages.append(PageStats(page: page.page, file: page.file, status: page.status, navigations: part.navigations))
            findings += part.pageFindings
        }
        navigations += part.navigations
        classified += part.classified
        for link in part.deepLinks { inventory.add(link) }
        findings.append(contentsOf: part.findings)
    }

    /// The assembled report, compared with `baseline` when one is given.
    public func report(baseline: Baseline? = nil, toolVersion: String = "dev") -> Report {
        var current = findings.enumerated().sorted { a, b in
            if Finding.ordered(a.element, b.element) { return true }
            if Finding.ordered(b.element, a.element) { return false }
            return a.offset < b.offset
        }.map(\.element)
        var fixed: [Finding] = []
        var summary = ReportSummary()
        if let baseline {
            fixed = baseline.compare(&current, rules: rules)
            var counts = BaselineCounts()
            for finding in current where finding.isActive {
                if finding.baseline == .new {
                    counts.new += 1
                    counts.newBySeverity[finding.severity, default: 0] += 1
                } else {
                    counts.persisting += 1
                }
            }
            counts.fixed = fixed.filter { $0.suppressed == nil }.count
            summary.baseline = counts
        }
        var pageStats = pages
        var fileStats = associationFiles
        var codeProfiles: [String: [String: Int]] = [:]
        var codeCounts: [String: Int] = [:]
        for finding in current {
            let index = finding.source == "association" ? nil : pageIndex[finding.page]
            let fileIndex = finding.source == "association" ? associationIndex[finding.page] : nil
            guard finding.isActive else {
                summary.suppressed += 1
                if let index { pageStats[index].suppressed += 1 }
                if let fileIndex { fileStats[fileIndex].suppressed += 1 }
                continue
            }
            summary.findings += 1
            summary.bySeverity[finding.severity, default: 0] += 1
            if let index { pageStats[index].bySeverity[finding.severity, default: 0] += 1 }
            if let fileIndex { fileStats[fileIndex].bySeverity[finding.severity, default: 0] += 1 }
            codeCounts[finding.code, default: 0] += 1
            for profile in finding.profiles { codeProfiles[finding.code, default: [:]][profile, default: 0] += 1 }
        }
        summary.pages = pages.count
        summary.unreadable = pages.filter { !$0.isOK }.count
        summary.navigations = navigations
        summary.classified = classified
        var matched = Array(repeating: 0, count: rules.suppressions.count)
        for finding in current where finding.suppressed != nil {
            if let index = rules.suppressions.firstIndex(where: { $0.matches(finding) }) { matched[index] += 1 }
        }
        let suppressions = zip(rules.suppressions, matched).map { (suppression: $0, count: $1) }
        return Report(findings: current, fixed: fixed, summary: summary,
                      pages: pageStats.sorted { $0.page < $1.page }, codeCounts: codeCounts, codeProfiles: codeProfiles,
                      inventory: inventory, suppressions: suppressions, baselineLabel: baseline?.label,
                      toolVersion: toolVersion, rules: rules,
                      associationFiles: fileStats.sorted { $0.page < $1.page })
    }

    /// Writes the selected formats (all but `jsonl`, which the run streams itself) into
    /// `outDir` and returns the totals, with the files written.
    public func finish(into outDir: String, formats: Set<ReportFormat>, baseline: Baseline? = nil,
                       toolVersion: String = "dev") throws -> ReportSummary {
        let report = report(baseline: baseline, toolVersion: toolVersion)
        var summary = report.summary
        try ReportFiles.createDirectory(outDir)
        // Each format is a pure function of the report: render and write them side by
        // side (one text per thread in memory at a time).
        let chosen = formats.sorted().filter { $0 != .jsonl }
        let failures = WriteFailures()
        DispatchQueue.concurrentPerform(iterations: chosen.count) { i in
            let path = outDir + "/" + chosen[i].fileName
            do {
                try ReportFiles.write(ReportFiles.render(chosen[i], report), to: path)
            } catch {
                failures.add(error)
            }
        }
        if let error = failures.first { throw error }
        summary.written += chosen.map { outDir + "/" + $0.fileName }
        return summary
    }
}

/// One page's contribution to a report (see `ReportAccumulator.part`).
public struct ReportPart: Sendable {
    var page: PageRecord
    var navigations: Int
    var classified = 0
    /// Page-scope findings (unreadable page, invalid association file).
    var pageFindings: [Finding] = []
    var deepLinks: [SchemeInventory.DeepLink] = []
    var findings: [Finding] = []

    init(page: PageRecord, navigations: Int) {
        self.page = page
        self.navigations = navigations
    }
}

/// The first error of the threads writing report files.
private final class WriteFailures: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var first: Error?

    func add(_ error: Error) {
        lock.lock()
        if first == nil { first = error }
        lock.unlock()
    }
}

/// Renders and writes report files.
enum ReportFiles {
    static func render(_ format: ReportFormat, _ report: Report) -> String {
        switch format {
        case .csv: return FindingsCSV.render(report)
        case .md: return SummaryMarkdown.render(report)
        case .sarif: return FindingsSARIF.render(report)
        case .junit: return JUnitXML.render(report)
        case .json: return FindingsJSON.render(report)
        case .jsonl: return ""
        }
    }

    static func createDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw LinkAuditError.io("cannot create \(path)")
        }
    }

    /// Written whole and renamed into place, so a reader never sees half a report.
    /// The text's own UTF-8 storage goes to disk (no second copy of a report that can be
    /// hundreds of megabytes), through a temporary file renamed into place.
    static func write(_ text: String, to path: String) throws {
        var text = text
        let partial = path + ".partial"
        guard let file = fopen(partial, "wb") else { throw LinkAuditError.io("cannot write \(path)") }
        let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
        let closed = fclose(file) == 0
        guard written, closed, rename(partial, path) == 0 else {
            unlink(partial)
            throw LinkAuditError.io("cannot write \(path)")
        }
    }
}
