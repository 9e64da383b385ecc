import LinkAuditModel

/// `findings.csv`: the findings for testers who filter and sort in a spreadsheet. RFC 4180
/// (CRLF line ends, a cell quoted when it holds a comma, a quote, CR or LF: `CSVCell`),
/// UTF-8, a header row, rows in report order. Fixed findings (with a baseline) are rows
/// too, marked `fixed` in the `baseline` column.
///
/// Two layouts (`CSVLayout`), with the same columns but for the profile ones:
///
///     page, file, line, source, trigger, frame, url, raw, code, severity,
///     long: profile, outcome, reason  |  wide: profiles, outcomes, reasons,
///     message, baseline, suppressed
///
/// In the long layout (the default) a finding is a row per profile it fires on, so a
/// filter on `profile` or `outcome` picks values, never "contains". Messages are in
/// ASCII (`CSVMessage`); a UTF-8 byte order mark comes first only when asked for
/// (`CSVOptions.bom`).
public struct FindingsCSV: ListingFormat {
    /// The columns of `layout`, in order.
    public static func header(_ layout: CSVLayout) -> [String] {
        let perProfile = layout == .long ? ["profile", "outcome", "reason"] : ["profiles", "outcomes", "reasons"]
        return ["page", "file", "line", "source", "trigger", "frame", "url", "raw", "code", "severity"]
            + perProfile + ["message", "baseline", "suppressed"]
    }

    public static func render(_ report: Report) -> String {
        ReportFiles.render(.csv, report)
    }

    static let fragment = FragmentFormat.csv
    static let listsFixed = true
    /// A row per finding (per profile in the long layout), nothing per page.
    static let takesPagesInPieces = true

    private let options: CSVOptions
    /// The cells rows repeat, rendered once (`CSVRowCells`) for every page this instance
    /// renders.
    private var cells = CSVRowCells()

    init() {
        options = CSVOptions()
    }

    init(fragments: FragmentFormats) {
        options = CSVOptions(layout: fragments.csvLayout)
    }

    /// For page shares, with the cells an earlier page's share left (`CSVCellsPool`).
    init(fragments: FragmentFormats, cells: CSVRowCells) {
        options = CSVOptions(layout: fragments.csvLayout)
        self.cells = cells
    }

    /// The cells rendered so far, for the next page's share.
    var rowCells: CSVRowCells { cells }

    init(_ report: Report) {
        options = report.csv
    }

    /// Page fragments stand for the file only when they were rendered in its layout.
    static func fragmentsFit(_ fragments: FragmentFormats, _ report: Report) -> Bool {
        fragments.csvLayout == report.csv.layout
    }

    func prologue(to out: inout ByteBuffer) {
        if options.bom { out.append([0xEF, 0xBB, 0xBF]) }
        out.append(utf8: CSVCell.row(Self.header(options.layout)))
    }

    /// The page's rows.
    mutating func page(_ page: PageStats?, _ findings: [Finding], to out: inout ByteBuffer) {
        guard !findings.isEmpty else { return }
        var rows = CSVRows(layout: options.layout)
        for finding in findings { rows.append(finding, cells: &cells, to: &out) }
    }

    /// The page's rows, with where each finding came from (`FindingOrigin`, one a finding).
    mutating func page(_ page: PageStats?, _ findings: [Finding], origins: [FindingOrigin], to out: inout ByteBuffer) {
        precondition(origins.count == findings.count, "an origin a finding")
        guard !findings.isEmpty else { return }
        cells.beginPage()
        var rows = CSVRows(layout: options.layout)
        for i in findings.indices { rows.append(findings[i], origin: origins[i], cells: &cells, to: &out) }
    }

    func epilogue(listed: Bool, to out: inout ByteBuffer) {}
}

/// Writes a finding's rows, cell by cell straight into the file's bytes: this runs for
/// every finding. `append(_:cells:to:)` takes the cells rows repeat from `CSVRowCells`;
/// `append(_:to:)` renders every cell of every row (the plain version, kept for
/// `ReportCSVTests` to compare).
struct CSVRows: ~Copyable {
    let layout: CSVLayout
    private var lead = ByteBuffer()
    private var tail = ByteBuffer()
    private var scratch = ByteBuffer()

    init(layout: CSVLayout) {
        self.layout = layout
    }

    /// The finding whose link's cells `lead` holds (with `cells`).
    private var leadOf: Finding?
    /// The link (`FindingOrigin.link`) whose cells `lead` holds, -1 for none known.
    private var leadLink: Int32 = -1

    /// The rows of `finding`, which came from `origin`: its link's cells taken from the
    /// finding before when it came from the same link, the rest from `cells` by its group.
    /// A rewrite of `append(_:cells:to:)` that compares no strings; `ReportFragmentsTests`
    /// compares the two.
    mutating func append(_ finding: Finding, origin: FindingOrigin, cells: inout CSVRowCells, to out: inout ByteBuffer) {
        guard origin.link >= 0 else {
            leadLink = -1
            append(finding, cells: &cells, to: &out)
            return
        }
        if origin.link != leadLink {
            lead(finding, cells: &cells)
            leadLink = origin.link
        }
        cells.appendRows(finding, group: origin.group, link: lead.written, layout: layout, scratch: &scratch, to: &out)
    }

    /// `lead` made the cells of `finding`'s link.
    private mutating func lead(_ finding: Finding, cells: inout CSVRowCells) {
        leadOf = finding
        lead.removeAll()
        cells.appendPage(finding, to: &lead)
        Self.appendLink(line: finding.line, source: finding.source, trigger: finding.trigger, frame: finding.frame,
                        url: finding.url, raw: finding.raw, cells: &cells, to: &lead)
    }

    /// A link's cells after `page,file,`: `line,source,trigger,frame,url,raw,` (the
    /// placement from `cells`). One writing for rows made from findings and rows made
    /// from the page's links (`LinkRowsCSV`).
    static func appendLink(line: Int?, source: String, trigger: String, frame: String, url: String, raw: String,
                           cells: inout CSVRowCells, to lead: inout ByteBuffer) {
        if let line { lead.append(decimal: line) }
        lead.append(0x2C)
        cells.appendPlacement(source: source, trigger: trigger, frame: frame, to: &lead)
        appendTarget(url: url, raw: raw, to: &lead)
    }

    /// `appendLink` of a page's link read in place (`LinkRowsCSV`): its placement found by
    /// its trigger and frame themselves (`CSVRowCells.appendPlacement(of:to:)`).
    static func appendLink(_ link: UnsafePointer<Navigation>, cells: inout CSVRowCells, to lead: inout ByteBuffer) {
        lead.append(decimal: link.pointee.line)
        lead.append(0x2C)
        cells.appendPlacement(of: link, to: &lead)
        // The URL and raw link read where they lie (`String.heldUTF8`): handed over, each was
        // retained and released on every link (issue 17). Cells as `appendTarget` writes them.
        guard let url = link.pointee.url.heldUTF8, let raw = link.pointee.raw.heldUTF8 else {
            return appendTarget(url: link.pointee.url, raw: link.pointee.raw, to: &lead)
        }
        let start = lead.count
        CSVCell.append(bytes: url, to: &lead)
        lead.append(0x2C)
        if raw.sameBytes(url) {
            lead.appendAgain(start..<lead.count)
        } else {
            CSVCell.append(bytes: raw, to: &lead)
            lead.append(0x2C)
        }
    }

    /// `url,raw,` (the URL's cell copied when the raw text is the same bytes: canonically
    /// equal text in other bytes is written as its own, `HeldTargetTests`).
    private static func appendTarget(url: String, raw: String, to lead: inout ByteBuffer) {
        let start = lead.count
        CSVCell.append(url, to: &lead)
        lead.append(0x2C)
        if TextBytes.same(raw, url) {
            lead.appendAgain(start..<lead.count)
        } else {
            CSVCell.append(raw, to: &lead)
            lead.append(0x2C)
        }
    }

    /// The rows of `finding`, its link's cells rendered here (once for a link's findings in
    /// a row), the rest from `cells`.
    mutating func append(_ finding: Finding, cells: inout CSVRowCells, to out: inout ByteBuffer) {
        if let previous = leadOf, previous.line == finding.line, previous.url == finding.url,
           previous.raw == finding.raw, previous.page == finding.page, previous.file == finding.file,
           previous.source == finding.source, previous.trigger == finding.trigger, previous.frame == finding.frame {
            cells.appendRows(finding, link: lead.written, layout: layout, scratch: &scratch, to: &out)
            return
        }
        lead(finding, cells: &cells)
        leadLink = -1
        cells.appendRows(finding, link: lead.written, layout: layout, scratch: &scratch, to: &out)
    }

    /// The rows of `finding`, every cell rendered here.
    mutating func append(_ finding: Finding, to out: inout ByteBuffer) {
        leadOf = nil
        leadLink = -1
        lead.removeAll()
        CSVCell.append(finding.page, to: &lead)
        lead.append(0x2C)
        if let file = finding.file { CSVCell.append(file, to: &lead) }
        lead.append(0x2C)
        if let line = finding.line { lead.append(decimal: line) }
        lead.append(0x2C)
        CSVCell.append(finding.source, to: &lead)
        lead.append(0x2C)
        CSVCell.append(finding.trigger, to: &lead)
        lead.append(0x2C)
        CSVCell.append(finding.frame, to: &lead)
        lead.append(0x2C)
        CSVCell.append(finding.url, to: &lead)
        lead.append(0x2C)
        CSVCell.append(finding.raw, to: &lead)
        lead.append(0x2C)
        CSVCell.append(finding.code, to: &lead)
        lead.append(0x2C)
        lead.append(severity: finding.severity)
        lead.append(0x2C)

        tail.removeAll()
        Self.appendTail(finding, scratch: &scratch, to: &tail)

        switch layout {
        case .long:
            var cells = ByteBuffer()
            var ends: [Int] = []
            Self.appendLongCells(finding, ends: &ends, to: &cells)
            var start = 0
            for end in ends {
                out.append(lead.written)
                out.append(UnsafeBufferPointer(rebasing: cells.written[start..<end]))
                out.append(tail.written)
                start = end
            }
        case .wide:
            out.append(lead.written)
            Self.appendWideCells(finding, scratch: &scratch, to: &out)
            out.append(tail.written)
        }
    }

    /// `,message,baseline,suppressed` and CRLF.
    static func appendTail(_ finding: Finding, scratch: inout ByteBuffer, to out: inout ByteBuffer) {
        out.append(0x2C)
        CSVMessage.appendCell(finding, to: &out, scratch: &scratch)
        out.append(0x2C)
        if let baseline = finding.baseline { CSVCell.append(baseline.rawValue, to: &out) }
        out.append(0x2C)
        if let suppressed = finding.suppressed { CSVCell.append(suppressed, to: &out) }
        out.append(0x0D)
        out.append(0x0A)
    }

    /// The long layout's profile cells, a row's worth per profile the finding fires on
    /// (`ends`: where each ends); `,,` for a page finding, which no profile gave.
    static func appendLongCells(_ finding: Finding, ends: inout [Int], to out: inout ByteBuffer) {
        guard !finding.profiles.isEmpty else {
            out.append(0x2C)
            out.append(0x2C)
            ends.append(out.count)
            return
        }
        for profile in finding.profiles {
            // A handful of profiles: a scan, not a dictionary.
            let verdict = finding.outcomes.first { $0.profile == profile }
            CSVCell.append(profile, to: &out)
            out.append(0x2C)
            if let verdict { CSVCell.append(verdict.outcome, to: &out) }
            out.append(0x2C)
            if let verdict { CSVCell.append(verdict.reason, to: &out) }
            ends.append(out.count)
        }
    }

    /// The wide layout's three cells: the profiles space-separated, then every profile's
    /// outcome and reason as `profile=value` pairs, put together as bytes (interpolating
    /// each pair cost more than the rest of the row).
    static func appendWideCells(_ finding: Finding, scratch: inout ByteBuffer, to out: inout ByteBuffer) {
        scratch.removeAll()
        for (i, profile) in finding.profiles.enumerated() {
            if i > 0 { scratch.append(0x20) }
            scratch.append(utf8: profile)
        }
        CSVCell.append(bytes: scratch.written, to: &out)
        for reason in [false, true] {
            out.append(0x2C)
            scratch.removeAll()
            for (i, outcome) in finding.outcomes.enumerated() {
                if i > 0 { scratch.append(0x20) }
                scratch.append(utf8: outcome.profile)
                scratch.append(0x3D)
                scratch.append(utf8: reason ? outcome.reason : outcome.outcome)
            }
            CSVCell.append(bytes: scratch.written, to: &out)
        }
    }
}
