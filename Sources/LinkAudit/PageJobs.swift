import LinkAuditModel
import PageSources

/// The stream of pages to read: files one by one, and the pages inside each archive as
/// its records are reached, then the pages of the live crawl as they are fetched. Pulled by
/// the parallel runner, one job at a time.
final class PageJobs {
    enum Job {
        case input(PageInput)
        case archived(ArchivedPage)
        case fetched(FetchedPage)
    }

    private let inputs: [PageInput]
    private var position = 0
    private var archive: ArchiveScanner?
    private let maxBody: Int
    /// Record counts by WARC-Type across all archives, and their damage notes.
    private(set) var archiveCounts: [String: Int] = [:]
    private(set) var archiveNotes: [String] = []

    private let crawler: Crawler?
    private let progress: AuditProgress?

    init(_ inputs: [PageInput], maxBody: Int, crawler: Crawler? = nil, progress: AuditProgress? = nil) {
        self.inputs = inputs
        self.maxBody = maxBody
        self.crawler = crawler
        self.progress = progress
    }

    /// Every fetched page once read: the crawl counts it and follows its links.
    func crawled(_ page: FetchedPage, _ result: PageResult) {
        crawler?.report(page, status: result.record.status, navigations: result.navigations)
    }

    func next() -> Job? {
        while true {
            if let scanner = archive {
                if let page = scanner.next() {
                    progress?.handedOut(archive: position - 1, at: scanner.bytesRead)
                    return .archived(page)
                }
                archiveCounts.merge(scanner.counts, uniquingKeysWith: +)
                archiveNotes += scanner.notes
                archive = nil
                progress?.archiveDone(position - 1)
            }
            guard position < inputs.count else {
                guard let page = crawler?.next() else { return nil }
                progress?.handedOutFetched()
                return .fetched(page)
            }
            let input = inputs[position]
            position += 1
            if case .archive(let path) = input.origin {
                archive = ArchiveScanner(path: path, maxBody: maxBody, shown: input.file)
                continue
            }
            progress?.handedOut(input: position - 1)
            return .input(input)
        }
    }
}

extension PageReader {
    /// Reads a page from an archive: its HTML (if any) and the navigations its response
    /// starts by itself.
    public func read(_ archived: ArchivedPage) -> PageResult {
        read(archived, streamAbove: nil)
    }

    /// As `read(_:)`; past `streamAbove` navigations the page is read in two passes
    /// (`PageResult.streamed`).
    public func read(_ archived: ArchivedPage, streamAbove: Int?) -> PageResult {
        if let damage = archived.damage {
            return PageResult(record: PageRecord(page: archived.page, file: archived.file, bytes: archived.damageBytes,
                                                 status: damage))
        }
        var result: PageResult
        if let problem = archived.problem, archived.body.isEmpty || problem.hasPrefix("content-encoding") {
            result = PageResult(record: PageRecord(page: archived.page, file: archived.file, bytes: archived.body.count,
                                                   status: "unreadable: \(problem)"))
        } else if archived.isHTML && !archived.body.isEmpty {
            result = read(bytes: archived.body, page: archived.page, file: archived.file,
                          transportCharset: archived.charset, declaredHTML: archived.declaredHTML,
                          streamAbove: streamAbove)
            if let problem = archived.problem { result.record.warning = problem }
            if archived.cut { result.record.status = ArchivedPage.cutStatus(bytes: archived.body.count) }
        } else {
            result = PageResult(record: PageRecord(page: archived.page, file: archived.file, bytes: archived.body.count,
                                                   status: "ok"))
        }
        let own = archived.responseNavigations()
        result.navigations = own + result.navigations
        result.record.navigations = result.navigations.count
        result.record.httpStatus = archived.status == 0 ? nil : archived.status
        return result
    }
}
