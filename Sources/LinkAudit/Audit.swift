import Foundation
import LinkAuditModel
import PageSources
import Policies
import Reports

/// The `audit` job: collect the pages, read, extract and classify them in parallel, and
/// write `pages.jsonl` and `links.jsonl` in input order.
public enum Audit {
    public static func run(_ options: AuditOptions, stdinLines: @escaping () -> String? = { readLine() }) throws -> AuditSummary {
        let collector = InputCollector(mapper: PageURLMapper(baseURL: options.baseURL), readStdinLine: stdinLines)
        let collection = try collector.collect(options.inputs.filter { !URLInputs.isURL($0) })
        // A run that finds nothing to read is an error, not a green and empty report
        // (a run with URL inputs always has their pages).
        let fetches = options.inputs.contains(where: URLInputs.isURL) || !options.urls.isEmpty
        if collection.pages.isEmpty, !fetches { throw InputCollection.noPages(in: collection.empty) }
        let inputs = collection.pages
        let streaming = options.streamTo != nil
        let linksFile: LineWriter, pages: LineWriter
        if let stream = options.streamTo {
            linksFile = LineWriter(handle: stream)
            pages = linksFile
        } else {
            try FileManager.default.createDirectory(atPath: options.outDir, withIntermediateDirectories: true)
            linksFile = try LineWriter(path: options.outDir + "/links.jsonl")
            pages = try LineWriter(path: options.outDir + "/pages.jsonl")
        }
        let links = LinksOutput(linksFile)
        let reader = PageReader(maxBytes: options.maxPageBytes)
        // A page's iframes that load other pages of the dump run those pages as sub-frames.
        let framed = FramedPages(inputs, reader: reader)
        let classifier = Classifier(profiles: try ProfileRegistry.select(options.profiles), device: options.device,
                                    settings: options.settings, options: options.options)
        var summary = AuditSummary()
        summary.inputNotes = collection.notes + collection.empty.map(InputCollection.noPagesNote)
        if collection.placeholderPages > 0 { summary.baseURLHint = PageURLMapper.placeholderHint }
        let crawler = try Crawler.start(options, profiles: classifier.profiles)
        defer { crawler?.close() }
        let associations = SiteAssociationFetch.start(options, crawler: crawler)
        // The listing formats are rendered page by page on the workers where they can be
        // (PageFragments); findings past the bound spill beside the reports (FindingSpill).
        let fragments = FragmentFormats.listing(options.formats, csv: options.csv, workers: options.jobs,
                                                streaming: streaming, baseline: options.baseline != nil,
                                                liveCrawl: crawler != nil || associations != nil)
        // Finding rows only for the formats that list findings (or a baseline): the
        // counts serve the rest (ReportParts).
        let rows = ReportParts.needRows(options.formats, baseline: options.baseline != nil)
        // Rows the CSV's page fragments cover are read by nothing when each page comes once,
        // and the scheme inventory's pages past each name's first few by nothing but findings.json.
        let pagesOnce = !fetches && Self.pagesComeOnce(inputs)
        let leavesCovered = ReportParts.leavesCoveredRows(options.formats, fragments: fragments, pagesOnce: pagesOnce)
        var report = ReportAccumulator(rules: options.rules,
                                       spill: SpillLimits(directory: options.outDir, batchBytes: options.spillBytes),
                                       fragments: fragments, rows: rows, dropsCoveredRows: leavesCovered,
                                       inventory: .needed(for: options.formats, pagesOnce: pagesOnce))
        let parts = ReportParts(rules: options.rules, fragments: fragments, rows: rows,
                                inventory: ReportParts.needInventory(options.formats), coveredRows: !leavesCovered)
        let progress = options.progress ? AuditProgress(inputs: inputs, crawler: crawler) : nil
        let display = progress.map { progress in ProgressDisplay { progress.counts } }
        display?.start()
        defer { display?.stop() }  // erased before the command prints its end-of-run lines
        let jobs = PageJobs(inputs, maxBody: options.maxPageBytes, crawler: crawler, progress: progress)
        // A page past this many navigations is read in two passes, its links classified and
        // written chunk by chunk to a temporary file (PageStream): its memory does not grow
        // with them. A live crawl's pages are read whole (the crawl follows their links).
        let threshold = PageStream.threshold
        let spillDirectory = streaming ? SpillLimits.temporaryDirectory : options.outDir
        func streamed(_ result: PageResult, follow: PageStream.FramesFollower?) -> PageOutput? {
            guard let source = result.streamed else { return nil }
            return PageStream.output(result, source: source, chunk: PageStream.chunk(threshold: threshold),
                                     classifier: classifier, follow: follow, parts: streaming ? nil : parts,
                                     streaming: streaming, directory: spillDirectory)
        }
        // A wide window bounded by what the waiting pages hold: a page far slower than the
        // rest does not idle the other workers (OrderedParallelMap).
        OrderedParallelMap.run(next: jobs.next, workers: options.jobs, window: options.jobs * PageOutput.window,
                               weight: \.heldBytes, budget: PageOutput.heldBudget, work: { job -> PageOutput in
            var result: PageResult
            var pageClassifier = classifier
            switch job {
            case .input(let input):
                result = reader.read(input, streamAbove: threshold, spillDirectory: spillDirectory)
                if result.streamed != nil {
                    let follow: PageStream.FramesFollower? = framed.isEmpty ? nil : { navigations, record in
                        framed.follow(navigations, page: record.page, warning: &record.warning)
                    }
                    if let output = streamed(result, follow: follow) { return output }
                    result = reader.read(input)  // no temporary file: the plain way, in memory
                }
                if !framed.isEmpty {
                    result.navigations = framed.follow(result.navigations, page: result.record.page,
                                                       warning: &result.record.warning)
                    result.record.navigations = result.navigations.count
                }
            case .archived(let page):
                result = reader.read(page, streamAbove: threshold, spillDirectory: spillDirectory)
                // Its frames' pages of the same archive.
                let follow: PageStream.FramesFollower? = page.frames.map { frames in { navigations, record in
                    var whole = PageResult(record: record)
                    whole.navigations = navigations
                    frames.follow(&whole, reader: reader)
                    record = whole.record
                    return whole.navigations
                } }
                if result.streamed != nil {
                    if let output = streamed(result, follow: follow) { return output }
                    result = reader.read(page)
                }
                if let follow { result.navigations = follow(result.navigations, &result.record) }
            case .fetched(let page):
                result = reader.read(page)
                jobs.crawled(page, result)
                crawler?.frames.follow(&result, reader: reader)  // its frames' in-scope pages, fetched
                if let found = associations?.lookup(result) {
                    pageClassifier.associations = found.sites
                    result.associationRecords = found.records
                }
            }
            pageClassifier.audit(&result.navigations)
            // Serialising and building findings here keeps them on the parallel workers:
            // the writer below only appends bytes and adds up counts. One memo serves the
            // page's lines and its report part: each verdict set is written, and its
            // findings' texts made, once per page.
            // With the sets this worker's earlier pages met (`VerdictSetMemo.forWorker`).
            var memo = VerdictSetMemo.forWorker()
            defer { memo.giveBack() }
            let lines = PageLinks(result.navigations, memo: &memo)
            return PageOutput(record: result.record,
                              recordLine: streaming ? result.record.streamedJSONBytes : result.record.jsonBytes,
                              navigations: result.navigations.count, links: lines,
                              report: streaming ? nil : parts.part(page: result.record, navigations: result.navigations,
                                                                    memo: &memo),
                              associationRecords: result.associationRecords)
        }) { result in
            summary.pages += 1
            progress?.pageWritten()
            summary.bytes += result.record.bytes
            if !result.record.isOK { summary.unreadable += 1 }
            summary.navigations += result.navigations
            pages.write(line: result.recordLine)
            if let spooled = result.spooledLinks {
                links.write(spooled)
            } else if let lines = result.links {
                links.write(lines)
            }
            if let part = result.report {
                report.add(part)
            } else {
                linksFile.flush()  // streaming: a record reaches the engine as soon as its page is done
            }
            // Each association file once, after the first page that needed it.
            for record in associations?.firstSeen(result.associationRecords) ?? [] {
                pages.write(line: streaming ? record.streamedJSONBytes : record.jsonBytes)
                if streaming { pages.flush() } else { report.add(page: record, navigations: []) }
            }
        }
        // A streamed page's lines that could not be read back leave links.jsonl incomplete.
        if let failure = links.failure { throw LinkAuditError.io(failure) }
        // Renamed into place now that they are whole (a run that stops before leaves none).
        try linksFile.commit()
        try pages.commit()
        progress?.reportsStarted()
        if !streaming {
            let assumptions = RunAssumptions(options, profiles: classifier.profiles,
                                             placeholder: collection.placeholderPages > 0)
            summary.report = try report.finish(into: options.outDir, formats: options.formats, baseline: options.baseline,
                                               toolVersion: options.toolVersion, csv: options.csv,
                                               assumptions: assumptions)
        }
        if summary.pages == 0, !fetches {
            // Only archives were given, and none held a page.
            throw InputCollection.noArchivedPages(in: inputs.compactMap { $0.file.map { "'\($0)'" } })
        }
        summary.archiveRecords = jobs.archiveCounts
        summary.archiveNotes = jobs.archiveNotes
        crawler?.summarize(into: &summary)
        associations?.summarize(into: &summary)
        return summary
    }
}

extension Audit {
    /// Whether each input gives one page record of a URL no other gives: files only (an
    /// archive holds any number of pages), their page URLs in strictly rising order (the
    /// order the run writes them in, and the report's).
    static func pagesComeOnce(_ inputs: PageInputs) -> Bool {
        var previous: String?
        for position in inputs.indices {
            guard let page = inputs.filePage(at: position) else { return false }
            if let previous, !(previous < page) { return false }
            previous = page
        }
        return true
    }
}

/// A page done by a worker: its record, its links.jsonl lines and its report part.
struct PageOutput {
    var record: PageRecord
    /// Its `pages.jsonl` line (wrapped when streaming), without the newline.
    var recordLine: [UInt8]
    var navigations: Int
    /// Its `links.jsonl` lines and the verdict sets they refer to (nil for a streamed page).
    var links: PageLinks?
    /// A streamed page's lines, in a temporary file (`PageStream`).
    var spooledLinks: SpooledPageLinks? = nil
    var report: ReportPart?
    /// The association files the page's hosts needed (live crawls).
    var associationRecords: [PageRecord]

    /// Pages done per worker that may wait for an earlier one to be written.
    static let window = 32
    /// What the waiting pages may hold in all before the workers wait too.
    static let heldBudget = 64 << 20

    /// About what the page holds until it is written: its lines, and its report part's
    /// share (a few hundred bytes a navigation, with finding rows).
    var heldBytes: Int {
        recordLine.count + (links?.byteCount ?? 0) + navigations * 512
    }
}
