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

    init() {
        options = CSVOptions()
    }

    init(fragments: FragmentFormats) {
        options = CSVOptions(layout: fragments.csvLayout)
    }

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
    func page(_ page: PageStats?, _ findings: [Finding], to out: inout ByteBuffer) {
        guard !findings.isEmpty else { return }
        var rows = CSVRows(layout: options.layout)
        for finding in findings { rows.append(finding, to: &out) }
    }

    func epilogue(listed: Bool, to out: inout ByteBuffer) {}
}

/// Writes a finding's rows, cell by cell straight into the file's bytes: this runs for
/// every finding. The cells before and after the profile columns are rendered once per
/// finding into buffers reused from finding to finding, and copied into each of its rows.
struct CSVRows: ~Copyable {
    let layout: CSVLayout
    private var lead = ByteBuffer()
    private var tail = ByteBuffer()
    private var scratch = ByteBuffer()

    init(layout: CSVLayout) {
        self.layout = layout
    }

    mutating func append(_ finding: Finding, to out: inout ByteBuffer) {
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
        tail.append(0x2C)
        CSVMessage.appendCell(finding, to: &tail, scratch: &scratch)
        tail.append(0x2C)
        if let baseline = finding.baseline { CSVCell.append(baseline.rawValue, to: &tail) }
        tail.append(0x2C)
        if let suppressed = finding.suppressed { CSVCell.append(suppressed, to: &tail) }
        tail.append(0x0D)
        tail.append(0x0A)

        switch layout {
        case .long: appendLong(finding, to: &out)
        case .wide: appendWide(finding, to: &out)
        }
    }

    /// A row per profile the finding fires on (one row with the three cells empty for a
    /// page finding, which no profile gave).
    private func appendLong(_ finding: Finding, to out: inout ByteBuffer) {
        guard !finding.profiles.isEmpty else {
            out.append(lead.written)
            out.append(0x2C)
            out.append(0x2C)
            out.append(tail.written)
            return
        }
        for profile in finding.profiles {
            // A handful of profiles: a scan, not a dictionary.
            let verdict = finding.outcomes.first { $0.profile == profile }
            out.append(lead.written)
            CSVCell.append(profile, to: &out)
            out.append(0x2C)
            if let verdict { CSVCell.append(verdict.outcome, to: &out) }
            out.append(0x2C)
            if let verdict { CSVCell.append(verdict.reason, to: &out) }
            out.append(tail.written)
        }
    }

    /// One row: the profiles space-separated, then every profile's outcome and reason as
    /// `profile=value` pairs, put together as bytes (interpolating each pair cost more
    /// than the rest of the row).
    private mutating func appendWide(_ finding: Finding, to out: inout ByteBuffer) {
        out.append(lead.written)
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
        out.append(tail.written)
    }
}
