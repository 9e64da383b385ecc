import XCTest
@testable import LinkAudit
import PageSources
import TestSupport

/// The progress line of `audit` and `run` (README, Progress): its text as a pure function of
/// the counts and the time, and the counts `PageJobs` keeps for file, archive and mixed inputs.
final class ProgressLineTests: XCTestCase {
    // The README's three example lines, from these counts.
    func testFolderArchiveAndCrawlLines() {
        XCTAssertEqual(ProgressLine.text(ProgressCounts(pages: 1204, pageTotal: 3907, bytes: 48_200_000,
                                                        byteTotal: 140_300_000), elapsed: 4),
                       "audit: 1204 of 3907 pages, 48.2 of 140.3 MB, 301.0 pages/s, ~8 s left")
        XCTAssertEqual(ProgressLine.text(ProgressCounts(pages: 5210, bytes: 412_000_000, byteTotal: 1_024_000_000),
                                         elapsed: 10),
                       "audit: 5210 pages, 412.0 of 1024.0 MB, 521.0 pages/s, ~15 s left")
        XCTAssertEqual(ProgressLine.text(ProgressCounts(pages: 42, crawl: .init(done: 42, queued: 21, errors: 3)),
                                         elapsed: 10),
                       "crawl: 42 done, 21 queued, 3 errors, 4.2 pages/s, ~5 s left")
    }

    func testTimeLeftOnlyWhereTheRestIsMeasured() {
        // Nothing read yet: no rate, no guess.
        XCTAssertEqual(ProgressLine.text(ProgressCounts(pages: 0, pageTotal: 10, bytes: 0, byteTotal: 1_000_000),
                                         elapsed: 0.5),
                       "audit: 0 of 10 pages, 0.0 of 1.0 MB, 0.0 pages/s")
        // Files left and a crawl after them: the time left is the files' (the crawl's queue
        // is not known until it starts handing pages out).
        XCTAssertEqual(ProgressLine.text(ProgressCounts(pages: 10, bytes: 500_000, byteTotal: 1_000_000,
                                                        crawl: .init(done: 0, queued: 1, errors: 0)), elapsed: 2),
                       "audit: 10 pages, 0.5 of 1.0 MB, crawl: 0 done, 1 queued, 0 errors, 5.0 pages/s, ~2 s left")
        // Files read, the crawl not started: no rate for it, no time left.
        XCTAssertEqual(ProgressLine.text(ProgressCounts(pages: 10, bytes: 1_000_000, byteTotal: 1_000_000,
                                                        crawl: .init(done: 0, queued: 1, errors: 0)), elapsed: 2),
                       "audit: 10 pages, 1.0 of 1.0 MB, crawl: 0 done, 1 queued, 0 errors, 5.0 pages/s")
        // Every page written: the reports are being put together.
        XCTAssertEqual(ProgressLine.text(ProgressCounts(pages: 10, pageTotal: 10, bytes: 1_000_000,
                                                        byteTotal: 1_000_000, writingReports: true), elapsed: 2),
                       "audit: 10 of 10 pages, 1.0 of 1.0 MB, writing reports")
        // A crawl alone at its start.
        XCTAssertEqual(ProgressLine.text(ProgressCounts(pages: 0, crawl: .init(done: 0, queued: 5, errors: 0)),
                                         elapsed: 1),
                       "crawl: 0 done, 5 queued, 0 errors, 0.0 pages/s")
    }

    func testDurationsAndWidth() {
        XCTAssertEqual(ProgressLine.duration(0.2), "1 s")
        XCTAssertEqual(ProgressLine.duration(59), "59 s")
        XCTAssertEqual(ProgressLine.duration(61.5), "1 min 2 s")
        XCTAssertEqual(ProgressLine.duration(7325), "2 h 2 min")
        XCTAssertEqual(ProgressLine.duration(.infinity), "\(Int.max / 3600) h")
        let line = "audit: 1204 of 3907 pages, 48.2 of 140.3 MB, 301.0 pages/s, ~8 s left"
        XCTAssertEqual(ProgressLine.fit(line, columns: 20), "audit: 1204 of 390…")
        XCTAssertEqual(ProgressLine.fit(line, columns: 20).count, 19, "never the full width: the cursor would wrap")
        XCTAssertEqual(ProgressLine.fit(line, columns: nil), line)
        XCTAssertEqual(ProgressLine.fit(line, columns: 200), line)
    }

    /// Pulls every job as the parallel runner does, writing each page after the next job
    /// is handed out (the runner works ahead), and checks the counts on the way and at the end.
    private func drain(_ inputs: PageInputs) -> (during: [ProgressCounts], end: ProgressCounts) {
        let progress = AuditProgress(inputs: inputs, crawler: nil)
        let jobs = PageJobs(inputs, maxBody: 1 << 20, progress: progress)
        var during: [ProgressCounts] = []
        var handed = 0
        while jobs.next() != nil {
            handed += 1
            if handed > 1 { progress.pageWritten() }
            during.append(progress.counts)
        }
        if handed > 0 { progress.pageWritten() }
        return (during, progress.counts)
    }

    func testFolderCountsPagesOfTheTotalAndBytesOfPagesWritten() throws {
        let dir = TempDir()
        let sizes = [100, 2_000, 30]
        for (i, size) in sizes.enumerated() { dir.write("site/p\(i).html", String(repeating: "x", count: size)) }
        let inputs = try InputCollector(mapper: PageURLMapper(baseURL: nil)).collect([dir.path + "/site"]).pages
        let (during, end) = drain(inputs)
        XCTAssertEqual(during.map(\.pageTotal), [3, 3, 3])
        XCTAssertEqual(during.map(\.pages), [0, 1, 2])
        // Bytes of the pages written, not of the pages handed out: p0, then p0 + p1.
        XCTAssertEqual(during.map(\.bytes), [0, 100, 2_100])
        XCTAssertEqual(end, ProgressCounts(pages: 3, pageTotal: 3, bytes: 2_130, byteTotal: 2_130))
    }

    /// A plain WARC of `count` HTML responses of about 20 KB each: several 64 KB reads.
    private func archive(in dir: TempDir, count: Int) -> String {
        var warc = ""
        for i in 0..<count {
            let http = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href=\"gojek://pay?id=\(i)\">pay</a>"
                + String(repeating: "<p>filler</p>\n", count: 1_500)
            warc += "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: https://shop.example/\(i)\r\n"
                + "Content-Type: application/http; msgtype=response\r\nContent-Length: \(http.utf8.count)\r\n\r\n"
                + http + "\r\n\r\n"
        }
        return dir.write("crawl.warc", warc)
    }

    func testArchiveCountsHowFarIntoTheFileReadingIs() throws {
        let dir = TempDir()
        let archive = archive(in: dir, count: 30)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: archive)[.size] as? Int)
        dir.write("a.html", "<p>")
        let inputs = try InputCollector(mapper: PageURLMapper(baseURL: nil)).collect([dir.path + "/a.html", archive]).pages
        let (during, end) = drain(inputs)
        XCTAssertEqual(end.pages, 31, "the file and the archive's 30 pages")
        XCTAssertNil(end.pageTotal, "an archive's page count is not known before it is read")
        XCTAssertEqual(end.byteTotal, size + 3)
        XCTAssertEqual(end.bytes, size + 3, "every byte of every input, once all is written")
        let bytes = during.map(\.bytes)
        XCTAssertEqual(bytes, bytes.sorted(), "never going back")
        let between = Set(bytes.filter { $0 > 3 && $0 < size + 3 })
        XCTAssertGreaterThan(between.count, 3, "the archive counted as it is read, not at its end: \(bytes)")
    }
}
