import LinkAuditModel

/// What summary.md reads of the pages, in one pass: the damaged archive stretches, the
/// unreadable pages (the first `SummaryMarkdown.rowLimit` and how many), and the pages by
/// errors (the first `rowLimit` by rank, how many have findings, how many are clean).
///
/// summary.md read the page records three times, once a section, after the last page, on
/// one thread: 37 M instructions of the dense corpus's whole run. `ReportAccumulator`
/// makes the digest in the pass over the page records it takes anyway (`Report.pageDigest`);
/// a report without one is digested by one pass when summary.md is written, the plain version:
/// `PageDigestTests` compares the two digests and the summaries (issue 17).
struct PageDigest: Sendable, Equatable {
    private(set) var damagedArchives = 0
    private(set) var unreadable = 0
    /// The first unreadable pages, in page order.
    private(set) var unreadableRows: [PageStats] = []
    private(set) var withFindings = 0
    private(set) var clean = 0
    /// The pages with findings kept so far, at most `2 × rowLimit` (cut to the first
    /// `rowLimit` by rank as they grow).
    private var top: [Ranked] = []

    private struct Ranked: Sendable, Equatable {
        var counts: (Int, Int, Int)
        var page: PageStats

        static func == (a: Ranked, b: Ranked) -> Bool { a.counts == b.counts && a.page == b.page }
    }

    init() {}

    init<Pages: Sequence>(_ pages: Pages) where Pages.Element == PageStats {
        for page in pages { add(page) }
    }

    mutating func add(_ page: PageStats) {
        let rowLimit = SummaryMarkdown.rowLimit
        if PageRecord.isDamagedArchive(status: page.status) { damagedArchives += 1 }
        if !page.isOK {
            if unreadableRows.count < rowLimit { unreadableRows.append(page) }
            unreadable += 1
        }
        // Each page's counts read once (three lookups), not at each comparison.
        let counts = (page.errors, page.warnings, page.infos)
        guard counts.0 + counts.1 + counts.2 > 0 else {
            if page.isOK { clean += 1 }
            return
        }
        withFindings += 1
        top.append(Ranked(counts: counts, page: page))
        if top.count >= 2 * rowLimit {
            top.sort(by: Self.before)
            top.removeLast(top.count - rowLimit)
        }
    }

    /// The first `rowLimit` pages with findings: most errors, then warnings, then info, then
    /// by page.
    var ranked: [PageStats] {
        top.sorted(by: Self.before).prefix(SummaryMarkdown.rowLimit).map(\.page)
    }

    private static func before(_ a: Ranked, _ b: Ranked) -> Bool {
        a.counts != b.counts ? a.counts > b.counts : a.page.page < b.page.page
    }
}
