import LinkAuditModel

/// One page's share of each report file that lists findings — its CSV rows, its
/// findings.json objects, its SARIF results, its JUnit test case — rendered by the worker
/// that read the page, by the format's own `ListingFormat.page`. At the end the files are
/// put together from these in page order (`FragmentStore`, `ListingFile`), so most of a
/// report is written on every core while pages are still being read, instead of by one
/// thread per format after the last page.
///
/// A page's findings in report order are its own findings sorted (the report's order
/// is by page first), and every per-finding value these formats print depends on the
/// finding and its page alone — but for baseline states, which is why a run with a
/// baseline renders at the end instead (see `FragmentFormats.listing`).
struct PageFragments: Sendable {
    let page: String
    /// Bytes per format, indexed by `FragmentFormat.rawValue`, as the rendering buffer
    /// left them (handed over, not copied: a dense page's rows are 150 KB); nil when the
    /// format was not asked for.
    private var bytes: [OwnedBytes?] = Array(repeating: nil, count: FragmentFormat.allCases.count)

    /// How many bytes `format` has (0: none, or the page has no finding to list in it).
    func count(_ format: FragmentFormat) -> Int { bytes[format.rawValue]?.count ?? 0 }

    /// `format`'s bytes, valid inside `body`.
    func withBytes<Result>(_ format: FragmentFormat, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        guard let owned = bytes[format.rawValue] else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try withExtendedLifetime(owned) { try body(UnsafeRawBufferPointer(owned.buffer)) }
    }

    /// `format`'s bytes as they were rendered, for a file to keep until it writes them
    /// (`SpillFile.append(gathering:)`); nil when the format was not asked for.
    func owned(_ format: FragmentFormat) -> OwnedBytes? { bytes[format.rawValue] }

    /// `format`'s bytes as an array (tests).
    subscript(format: FragmentFormat) -> [UInt8] { bytes[format.rawValue]?.array ?? [] }

    /// The fragments of a page whose findings, in report order, are `sorted` (page-scope
    /// ones included), or nil when they cannot stand for it: a finding of another page, or
    /// a code SARIF has no fixed rule index for.
    /// `csvBytes`: room for the page's CSV rows when the caller counted it (`csvCapacity`
    /// otherwise).
    /// `origins`: each finding's `FindingOrigin`, when its page's part knows them, which
    /// find the CSV cells rows repeat (nil: `CSVRowCells` finds them by the findings' fields).
    init?(page record: PageRecord, navigations: Int, sorted findings: [Finding], formats: FragmentFormats,
          csvBytes: Int? = nil, origins: [FindingOrigin]? = nil) {
        page = record.page
        guard findings.allSatisfy({ $0.page == record.page }) else { return nil }
        if formats.sarif, !findings.allSatisfy({ FindingsSARIF.knownRuleIndex[$0.code] != nil }) { return nil }
        let stats = PageStats(page: record.page, file: record.file, status: record.status, navigations: navigations)
        func render<Format: ListingFormat>(_: Format.Type) {
            guard formats.contains(Format.fragment) else { return }
            var format = Format(fragments: formats)
            var out = ByteBuffer(capacity: 4096)
            format.page(stats, findings, to: &out)
            bytes[Format.fragment.rawValue] = out.detach()
        }
        if formats.csv {
            // The cells an earlier page rendered (the pool) serve this page's rows too.
            var format = FindingsCSV(fragments: formats, cells: CSVCellsPool.shared.take(formats.csvLayout))
            let room = csvBytes.map { min($0 + Self.csvRoom(page: record), 8 << 20) }
            var out = ByteBuffer(capacity: room ?? Self.csvCapacity(findings, layout: formats.csvLayout))
            if let origins {
                format.page(stats, findings, origins: origins, to: &out)
            } else {
                format.page(stats, findings, to: &out)
            }
            bytes[FragmentFormat.csv.rawValue] = out.detach()
            CSVCellsPool.shared.give(format.rowCells, layout: formats.csvLayout)
        }
        render(FindingsJSON.self)
        render(FindingsSARIF.self)
        render(JUnitXML.self)
    }

    /// A page's findings.csv share alone, rendered already (`LinkRowsCSV`).
    init(page: String, csv: OwnedBytes) {
        self.page = page
        bytes[FragmentFormat.csv.rawValue] = csv
    }

    /// Room for a page's CSV rows (up to 8 MB; pages not written to are never touched, the
    /// buffer is a mapping past 128 KB): each row's link cells (its page, file, URL and raw
    /// text: an `intent:` link's are ~500 bytes of a ~580-byte row) and 256 bytes for the
    /// rest. A guess of 512 bytes a row fell short on long links, and the page's rows were
    /// copied again as the buffer doubled: 43 M of an `intent:` corpus's 1.87 G instructions
    /// (Benchmarks/README.md, issue 17). `ReportParts` counts a page's link cells as it makes
    /// the rows (`csvRowBytes`); this is the count for rows made elsewhere.
    static func csvCapacity(_ findings: [Finding], layout: CSVLayout) -> Int {
        var bytes = 4096
        for finding in findings {
            let rows = layout == .wide ? 1 : max(1, finding.profiles.count)
            let link = finding.page.utf8.count + (finding.file?.utf8.count ?? 0) + finding.url.utf8.count
                + finding.raw.utf8.count
            bytes += rows * (256 + link)
            if bytes >= 8 << 20 { return 8 << 20 }
        }
        return bytes
    }

    /// What `csvCapacity` counts beyond a page's rows' `csvRowBytes`.
    static func csvRoom(page record: PageRecord) -> Int { 4096 }

    /// A finding's share of `csvCapacity` but for its page and file: `rows` rows (its
    /// profiles, or one) of a link whose URL and raw text are `link` bytes.
    @inline(__always)
    static func csvRowBytes(rows: Int, link: Int, page: Int) -> Int {
        max(1, rows) * (256 + link + page)
    }

    /// The fragments of `part`'s page (its rows, as kept).
    init?(_ part: ReportPart, formats: FragmentFormats) {
        self.init(page: part.page, navigations: part.navigations, sorted: part.rows?.findings ?? [], formats: formats)
    }
}

/// The report formats a page's fragments are made for.
enum FragmentFormat: Int, CaseIterable, Sendable {
    case csv, json, sarif, junit
}

/// Which formats a run renders page by page on its workers, and how.
package struct FragmentFormats: Sendable, Equatable {
    var csv = false, json = false, sarif = false, junit = false
    /// The layout the CSV rows are rendered in (`FindingsCSV` checks it is the file's).
    var csvLayout = CSVLayout.long

    package static let none = FragmentFormats()

    var isEmpty: Bool { !csv && !json && !sarif && !junit }

    /// The listing formats among `formats` that a run renders page by page on its
    /// workers: when reports are written at all (not when streaming), when the run has no
    /// baseline (a finding's baseline state is known only once every finding is in) and
    /// when every page record comes from a worker (a live crawl's association files are
    /// added by the writer). With one worker only findings.csv: its rows written as pages
    /// come are the file when the pages came in report order (`CSVDraft`), while the other
    /// formats' fragments would be written, read back and written again, more work than
    /// rendering them at the end side by side on threads of their own (Benchmarks/README.md,
    /// issue 17).
    package static func listing(_ formats: Set<ReportFormat>, csv: CSVOptions = CSVOptions(), workers: Int,
                                streaming: Bool, baseline: Bool, liveCrawl: Bool) -> FragmentFormats {
        guard !streaming, !baseline, !liveCrawl else { return .none }
        let several = workers >= 2
        return FragmentFormats(csv: formats.contains(.csv), json: several && formats.contains(.json),
                               sarif: several && formats.contains(.sarif), junit: several && formats.contains(.junit),
                               csvLayout: csv.layout)
    }

    func contains(_ format: FragmentFormat) -> Bool {
        switch format {
        case .csv: csv
        case .json: json
        case .sarif: sarif
        case .junit: junit
        }
    }
}
