import Foundation
import LinkAuditModel

/// `linkaudit report`: rebuilds every report from one or more runs' `links.jsonl` (and the
/// `pages.jsonl` beside each) without crawling again. Several inputs merge partial runs:
/// a page present in several inputs is taken from the last one (a re-run replaces what
/// it re-read). Records stream through; only one page's navigations are held at a time.
public struct ReportRebuild {
    public var inputs: [String]
    public var outDir: String
    public var formats: Set<ReportFormat>
    public var rules: ReportRules
    public var baseline: Baseline?
    public var toolVersion: String
    public var csv = CSVOptions()
    /// Estimated bytes of findings kept in memory before they spill to `outDir`.
    public var spillBytes = SpillLimits().batchBytes
    /// What summary.md says was assumed: the inputs (as given, unless the caller names
    /// them as reports name files), and that the verdicts are the ones read.
    public var assumptions = RunAssumptions()

    public init(inputs: [String], outDir: String, formats: Set<ReportFormat> = ReportFormat.defaults,
                rules: ReportRules = ReportRules(), baseline: Baseline? = nil, toolVersion: String = "dev") {
        self.inputs = inputs
        self.outDir = outDir
        self.formats = formats
        self.rules = rules
        self.baseline = baseline
        self.toolVersion = toolVersion
        assumptions.inputs = inputs
        assumptions.classification = .rebuilt
    }

    /// `run/` or `run/links.jsonl` → the links file; a missing one is a usage error.
    public static func linksPath(_ input: String) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
            throw LinkAuditError.usage("report: no such file or folder: \(input)")
        }
        let path = isDirectory.boolValue ? input + "/links.jsonl" : input
        guard FileManager.default.fileExists(atPath: path) else {
            throw LinkAuditError.usage("report: no links.jsonl in \(input)")
        }
        return path
    }

    /// Malformed lines and missing pages.jsonl files go to `warn`, one line each.
    public func run(warn: (String) -> Void) throws -> ReportSummary {
        let links = try inputs.map(Self.linksPath)
        let owners = try links.count > 1 ? Self.owners(links, warn: warn) : nil
        try ReportFiles.createDirectory(outDir)
        let merged = formats.contains(.jsonl) ? try MergedJSONL(outDir: outDir) : nil
        var accumulator = ReportAccumulator(rules: rules, spill: SpillLimits(directory: outDir, batchBytes: spillBytes),
                                            fragments: .none,
                                            rows: ReportParts.needRows(formats, baseline: baseline != nil))
        do {
            for (index, path) in links.enumerated() {
                let owned = { (page: String) in (owners?[page] ?? index) == index }
                try merge(path, owned: owned, into: &accumulator, merged: merged, warn: warn)
            }
            try merged?.commit()
        } catch {
            merged?.discard()
            throw error
        }
        var summary = try accumulator.finish(into: outDir, formats: formats, baseline: baseline, toolVersion: toolVersion,
                                             csv: csv, assumptions: assumptions)
        if merged != nil {
            summary.written = formats.sorted().flatMap { format -> [String] in
                format == .jsonl ? [outDir + "/links.jsonl", outDir + "/pages.jsonl"] : [outDir + "/" + format.fileName]
            }
        }
        return summary
    }

    private func merge(_ links: String, owned: (String) -> Bool, into accumulator: inout ReportAccumulator,
                       merged: MergedJSONL?, warn: (String) -> Void) throws {
        let pagesPath = LinksJSONLReader.pagesPath(forLinks: links)
        // Where the page records are: pages.jsonl, or a streaming run's links file.
        var source: (path: String, streamed: Bool)?
        if FileManager.default.fileExists(atPath: pagesPath) {
            source = (pagesPath, false)
        } else if try Self.isStreamed(links) {
            source = (links, true)
        } else {
            warn("\(links): no \((pagesPath as NSString).lastPathComponent) beside it: pages without links "
                + "and unreadable pages are missing from the report")
        }
        // The first record of each page this input owns, by page; which records those are
        // (their numbers), so that a second pass over the file takes the same ones without
        // their lines held in memory.
        var byPage: [String: PageRecord] = [:]
        var kept = RecordNumbers()
        if let source {
            var number = 0
            try LinksJSONLReader.pages(source.path, streamed: source.streamed, warn: warn) { record, _ in
                defer { number += 1 }
                guard owned(record.page), byPage[record.page] == nil else { return }
                byPage[record.page] = record
                kept.insert(number)
            }
        }
        let parts = ReportParts(rules: rules, rows: accumulator.keepsRows)
        var added: [String: Int] = [:]   // page → navigations, in order of first appearance
        var order: [String] = []
        var group: [LinkRecord] = []
        func flush() {
            guard let page = group.first?.navigation.page else { return }
            if added[page] == nil { order.append(page) }
            added[page, default: 0] += group.count
            let record = byPage[page] ?? PageRecord(page: page, file: nil, bytes: 0, status: "ok", navigations: group.count)
            // One memo for the page's lines and its report part, as in `audit`.
            var memo = VerdictSetMemo()
            merged?.links.write(PageLinks(merging: group, memo: &memo))
            accumulator.add(parts.part(page: record, navigations: group.map(\.navigation), memo: &memo))
            group.removeAll(keepingCapacity: true)
        }
        try LinksJSONLReader.records(links, warn: warn) { record in
            guard owned(record.navigation.page) else { return }
            if let current = group.first?.navigation.page, current != record.navigation.page { flush() }
            group.append(record)
        }
        flush()
        // Pages without links are added, and the records written, in the file's order.
        if let source {
            var number = 0
            try LinksJSONLReader.pages(source.path, streamed: source.streamed, warn: { _ in }) { record, line in
                defer { number += 1 }
                guard kept.contains(number) else { return }
                if added[record.page] == nil { accumulator.add(page: record, navigations: []) }
                merged?.pages.write(line: [UInt8](line))
            }
        }
        guard let merged else { return }
        for page in order where byPage[page] == nil {
            merged.pages.write(line: PageRecord(page: page, file: nil, bytes: 0, status: "ok", navigations: added[page]!).jsonBytes)
        }
    }

    /// Whether a links file comes from a streaming run, with its page records inside.
    static func isStreamed(_ links: String) throws -> Bool {
        var found = false
        try JSONLines(path: links).forEach { _, line in
            if !found, PageRecordLine.isWrapped(line) { found = true }
        }
        return found
    }

    /// page → the last input that holds it, from each input's pages.jsonl (or, without
    /// one, its links.jsonl).
    private static func owners(_ links: [String], warn: (String) -> Void) throws -> [String: Int] {
        var owners: [String: Int] = [:]
        for (index, path) in links.enumerated() {
            let pagesPath = LinksJSONLReader.pagesPath(forLinks: path)
            if FileManager.default.fileExists(atPath: pagesPath) {
                try LinksJSONLReader.pages(pagesPath, warn: { _ in }) { record, _ in owners[record.page] = index }
            } else if try isStreamed(path) {
                try LinksJSONLReader.pages(path, streamed: true, warn: { _ in }) { record, _ in owners[record.page] = index }
            } else {
                try LinksJSONLReader.navigations(path, warn: { _ in }) { navigation, _ in owners[navigation.page] = index }
            }
        }
        return owners
    }
}

/// The merged `links.jsonl` and `pages.jsonl`, renamed into place at the end (`LineWriter`
/// writes them under temporary names): the output folder may be an input's own. The links
/// are written as `audit` writes them (`LinksOutput`), whatever form and split the inputs
/// had: a Spark job's parts merge into the single machine's bytes.
private final class MergedJSONL {
    private let linksFile: LineWriter
    let links: LinksOutput
    let pages: LineWriter

    init(outDir: String) throws {
        linksFile = try LineWriter(path: outDir + "/links.jsonl")
        links = LinksOutput(linksFile)
        pages = try LineWriter(path: outDir + "/pages.jsonl")
    }

    func discard() {
        linksFile.discard()
        pages.discard()
    }

    func commit() throws {
        try linksFile.commit()
        try pages.commit()
    }
}

/// Which records of a file were taken, by number: a bit each.
private struct RecordNumbers {
    private var words: [UInt64] = []

    mutating func insert(_ number: Int) {
        while words.count <= number >> 6 { words.append(0) }
        words[number >> 6] |= 1 << UInt64(number & 63)
    }

    func contains(_ number: Int) -> Bool {
        number >> 6 < words.count && words[number >> 6] & (1 << UInt64(number & 63)) != 0
    }
}
