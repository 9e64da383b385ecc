import Foundation
import PageSources

/// The counts behind the progress line, kept as the audit runs: `PageJobs` says what each
/// job it hands out weighs in input bytes, the writer counts each page as written (in the
/// order they were handed out), and the display's timer reads a snapshot. So pages and MB
/// both count work finished, not merely started. Input sizes are taken once, when the
/// progress line is on: one `stat` per input, which the folder walk has just listed.
final class AuditProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let sizes: [Int]
    private let pageTotal: Int?
    private let byteTotal: Int?
    private let crawler: Crawler?
    /// Input bytes of the jobs handed out and not yet written, oldest first (at most the
    /// runner's window: pages are written in the order they are handed out).
    private var pending: [Int] = []
    private var pendingStart = 0
    private var bytesDone = 0
    private var pages = 0
    private var writingReports = false
    /// How far into the archive being read the pages handed out reach.
    private var archiveOffset = 0

    init<Inputs: Collection>(inputs: Inputs, crawler: Crawler?) where Inputs.Element == PageInput {
        sizes = inputs.map { input in
            switch input.origin {
            case .file(let path), .archive(let path): return Self.size(path)  // the path it is read by
            case .missing: return 0
            }
        }
        let archives = inputs.contains { if case .archive = $0.origin { return true } else { return false } }
        pageTotal = archives || crawler != nil ? nil : inputs.count
        byteTotal = inputs.isEmpty ? nil : sizes.reduce(0, +)
        self.crawler = crawler
    }

    /// The file input at `index` is handed out: its page weighs the whole file.
    func handedOut(input index: Int) {
        lock.withLock { pending.append(sizes[index]) }
    }

    /// A page of the archive at `index` is handed out, reading having reached `offset`
    /// bytes into the file: the page weighs the bytes read since the one before.
    func handedOut(archive index: Int, at offset: Int) {
        lock.withLock {
            let reached = min(offset, sizes[index])
            pending.append(max(0, reached - archiveOffset))
            archiveOffset = max(archiveOffset, reached)
        }
    }

    /// The archive at `index` is read to its end: what is left of it (records that are no
    /// pages, damage skipped) goes with its last page, or is done if that is written.
    func archiveDone(_ index: Int) {
        lock.withLock {
            let rest = max(0, sizes[index] - archiveOffset)
            archiveOffset = 0
            if pending.count > pendingStart { pending[pending.count - 1] += rest } else { bytesDone += rest }
        }
    }

    /// A fetched page is handed out: it weighs no input bytes (the crawl counts it).
    func handedOutFetched() {
        lock.withLock { pending.append(0) }
    }

    /// The next page in order is written.
    func pageWritten() {
        lock.withLock {
            pages += 1
            guard pendingStart < pending.count else { return }
            bytesDone += pending[pendingStart]
            pendingStart += 1
            if pendingStart >= 1024, pendingStart * 2 >= pending.count {
                pending.removeFirst(pendingStart)
                pendingStart = 0
            }
        }
    }

    func reportsStarted() {
        lock.withLock { writingReports = true }
    }

    var counts: ProgressCounts {
        let crawlCounts = crawler.map { crawler in
            let c = crawler.progressCounts
            return ProgressCounts.CrawlCounts(done: c.done, queued: c.queued, errors: c.errors)
        }
        return lock.withLock {
            ProgressCounts(pages: pages, pageTotal: pageTotal, bytes: bytesDone, byteTotal: byteTotal,
                           crawl: crawlCounts, writingReports: writingReports)
        }
    }

    /// A file's size (following a symlink), 0 when it cannot be read: its page says why.
    private static func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? max(0, Int(info.st_size)) : 0
    }
}
