import Foundation

/// What the progress line shows at one moment of an audit.
struct ProgressCounts: Equatable, Sendable {
    /// Pages written (file pages, archive records that are pages, fetched pages).
    var pages = 0
    /// Known only when every input is a file: a folder is listed before any page is read.
    /// An archive's page count is known only once it is read, a crawl's only when it ends.
    var pageTotal: Int?
    /// Input bytes of the pages written: a file page weighs its file, an archive page the
    /// bytes of the archive read since the page before (compressed ones for a `.warc.gz`).
    var bytes = 0
    /// The size of every input file and archive together (nil when there are none: a
    /// crawl alone).
    var byteTotal: Int?
    /// The live crawl, when the audit has URL inputs.
    var crawl: CrawlCounts?
    /// Every page is written and the report files are being put together.
    var writingReports = false

    struct CrawlCounts: Equatable, Sendable {
        var done: Int
        var queued: Int
        var errors: Int
    }
}

/// The progress line's text, a pure function of the counts and the time since the pages
/// started (README, "Progress"):
///
///     audit: 1204 of 3907 pages, 48.2 of 140.3 MB, 310.2 pages/s, ~9 s left
///     audit: 5210 pages, 412.0 of 1024.0 MB, 820.4 pages/s, ~1 min 2 s left
///     crawl: 42 done, 21 queued, 3 errors, 4.2 pages/s, ~5 s left
///
/// Time left is shown only where the rest of the work is measured: by bytes while input
/// files or archives remain (the bytes left at the byte rate so far), by the crawl's queue
/// once they are all read (a lower bound: following links queues more).
enum ProgressLine {
    static func text(_ counts: ProgressCounts, elapsed: TimeInterval) -> String {
        var parts: [String] = []
        let inputs = counts.byteTotal.map { _ in true } ?? false
        if inputs || counts.crawl == nil {
            var pages = "audit: \(counts.pages)"
            if let total = counts.pageTotal { pages += " of \(total)" }
            parts.append(pages + " pages")
            if let total = counts.byteTotal {
                parts.append("\(megabytes(counts.bytes)) of \(megabytes(total)) MB")
            }
        }
        if let crawl = counts.crawl {
            parts.append("crawl: \(crawl.done) done, \(crawl.queued) queued, \(crawl.errors) errors")
        }
        // Once every page is written the rate would only fall as the clock runs: left out.
        if counts.writingReports {
            parts.append("writing reports")
        } else {
            let rate = elapsed > 0 ? Double(counts.pages) / elapsed : 0
            parts.append(String(format: "%.1f pages/s", rate))
            if let left = secondsLeft(counts, elapsed: elapsed) { parts.append("~" + duration(left) + " left") }
        }
        return parts.joined(separator: ", ")
    }

    /// Cut to the terminal's width: a line that wraps cannot be redrawn in place (the
    /// carriage return goes back only to the start of its last row).
    static func fit(_ text: String, columns: Int?) -> String {
        guard let columns, columns > 1, text.count >= columns else { return text }
        return String(text.prefix(columns - 2)) + "…"
    }

    static func secondsLeft(_ counts: ProgressCounts, elapsed: TimeInterval) -> Double? {
        guard elapsed > 0 else { return nil }
        if let total = counts.byteTotal, counts.bytes < total {
            guard counts.bytes > 0 else { return nil }
            return Double(total - counts.bytes) / (Double(counts.bytes) / elapsed)
        }
        if let crawl = counts.crawl, crawl.queued > 0, crawl.done > 0 {
            return Double(crawl.queued) / (Double(crawl.done) / elapsed)
        }
        return nil
    }

    /// `9 s`, `1 min 2 s`, `2 h 5 min`: rounded up, so it never reads 0 while work remains.
    static func duration(_ seconds: Double) -> String {
        let whole = seconds >= Double(Int.max) ? Int.max : Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
        let hours = whole / 3600
        return hours >= 1000 ? "\(hours) h" : "\(hours) h \(whole % 3600 / 60) min"
    }

    /// Millions of bytes, one decimal (MB as `du --si` and HTTP tools count them).
    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f", Double(bytes) / 1_000_000)
    }
}
