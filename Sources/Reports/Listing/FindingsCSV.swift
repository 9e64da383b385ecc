/// `findings.csv`: one row per finding for testers who filter and sort in a spreadsheet.
/// RFC 4180 (CRLF line ends, every field quoted when it holds a comma, a quote, CR or
/// LF), UTF-8, a header row, rows in report order. Fixed findings (with a baseline) are
/// rows too, marked `fixed` in the `baseline` column.
public struct FindingsCSV: ListingFormat {
    public static let header = ["page", "line", "source", "trigger", "frame", "url", "code", "severity",
                                "profiles", "outcomes", "message", "baseline", "suppressed"]

    public static func render(_ report: Report) -> String {
        ReportFiles.render(.csv, report)
    }

    static let fragment = FragmentFormat.csv
    static let listsFixed = true

    init() {}

    init(_ report: Report) {}

    func prologue(to out: inout ByteBuffer) {
        out.append(utf8: Self.row(Self.header))
    }

    /// The page's rows.
    func page(_ page: PageStats?, _ findings: [Finding], to out: inout ByteBuffer) {
        guard !findings.isEmpty else { return }
        var scratch = ByteBuffer()
        for finding in findings { Self.appendRow(finding, to: &out, scratch: &scratch) }
    }

    func epilogue(listed: Bool, to out: inout ByteBuffer) {}

    static func row(_ cells: [String]) -> String {
        cells.map { field(neutralised($0)) }.joined(separator: ",") + "\r\n"
    }

    /// A finding's row, cell by cell straight into the file's bytes (`row` does the same
    /// to strings): this runs for every finding. `scratch` holds the joined cells
    /// (profiles, outcome pairs), reused from row to row.
    static func appendRow(_ finding: Finding, to out: inout ByteBuffer, scratch: inout ByteBuffer) {
        appendCell(finding.page, to: &out)
        out.append(0x2C)
        if let line = finding.line { out.append(decimal: line) }
        out.append(0x2C)
        appendCell(finding.source, to: &out)
        out.append(0x2C)
        appendCell(finding.trigger, to: &out)
        out.append(0x2C)
        appendCell(finding.frame, to: &out)
        out.append(0x2C)
        appendCell(finding.url, to: &out)
        out.append(0x2C)
        appendCell(finding.code, to: &out)
        out.append(0x2C)
        out.append(severity: finding.severity)
        out.append(0x2C)
        // The profiles, then the `outcomePairs`, joined by spaces and put together as bytes
        // (interpolating each pair cost more than the rest of the row).
        scratch.removeAll()
        for (i, profile) in finding.profiles.enumerated() {
            if i > 0 { scratch.append(0x20) }
            scratch.append(utf8: profile)
        }
        appendCell(bytes: scratch.written, to: &out)
        out.append(0x2C)
        scratch.removeAll()
        for (i, outcome) in finding.outcomes.enumerated() {
            if i > 0 { scratch.append(0x20) }
            scratch.append(utf8: outcome.profile)
            scratch.append(0x3D)
            scratch.append(utf8: outcome.outcome)
        }
        appendCell(bytes: scratch.written, to: &out)
        out.append(0x2C)
        appendCell(finding.message, to: &out)
        out.append(0x2C)
        if let baseline = finding.baseline { appendCell(baseline.rawValue, to: &out) }
        out.append(0x2C)
        if let suppressed = finding.suppressed { appendCell(suppressed, to: &out) }
        out.append(0x0D)
        out.append(0x0A)
    }

    /// `field(neutralised(cell))`, appended.
    static func appendCell(_ cell: String, to out: inout ByteBuffer) {
        var cell = cell
        cell.withUTF8 { appendCell(bytes: $0, to: &out) }
    }

    private static func appendCell(bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer) {
        let quoted = needsQuotes(bytes)
        if quoted { out.append(0x22) }
        if startsRisky(bytes) { out.append(0x27) }
        guard quoted else {
            out.append(bytes)
            return
        }
        var start = 0
        for (i, byte) in bytes.enumerated() where byte == 0x22 {
            out.append(UnsafeBufferPointer(rebasing: bytes[start...i]))
            out.append(0x22)  // a quote inside a quoted cell is doubled
            start = i + 1
        }
        out.append(UnsafeBufferPointer(rebasing: bytes[start...]))
        out.append(0x22)
    }

    /// Whether a cell holds a comma, a quote, CR or LF: eight bytes at a time.
    static func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        EightBytes.contains(bytes, word: { word in
            EightBytes.equal(0x2C, in: word) | EightBytes.equal(0x22, in: word)
                | EightBytes.equal(0x0A, in: word) | EightBytes.equal(0x0D, in: word) != 0
        }, byte: quoted)
    }

    /// Whether one byte makes a cell quoted: a comma, a quote, CR or LF.
    @inline(__always)
    private static func quoted(_ byte: UInt8) -> Bool {
        byte == 0x2C || byte == 0x22 || byte == 0x0A || byte == 0x0D
    }

    /// Whether the first character is one `neutralised` guards (ASCII, or the full-width
    /// forms, EF BC 9D / 8B / 8D / A0 in UTF-8).
    private static func startsRisky(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        switch first {
        case 0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D: return true
        case 0xEF:
            return bytes.count >= 3 && bytes[1] == 0xBC && [0x9D, 0x8B, 0x8D, 0xA0].contains(bytes[2])
        default: return false
        }
    }

    /// The URLs come from untrusted pages: a cell a spreadsheet would read as a formula
    /// (`=cmd|' /C calc'!A0`, `+`, `-`, `@`, or a leading TAB or CR that some programs
    /// skip before looking) gets a leading apostrophe, which shows the text as text.
    /// Full-width `＝＋－＠` are included: some spreadsheets fold them to ASCII.
    static func neutralised(_ cell: String) -> String {
        guard let first = cell.unicodeScalars.first, risky.contains(first) else { return cell }
        return "'" + cell
    }

    private static let risky: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "\u{FF1D}", "\u{FF0B}", "\u{FF0D}", "\u{FF20}"]

    /// Quotes a cell that needs it, doubling its quotes; works on the UTF-8 bytes (this
    /// runs for every cell of every finding).
    static func field(_ cell: String) -> String {
        let utf8 = cell.utf8
        guard utf8.contains(where: quoted) else { return cell }
        var out: [UInt8] = [0x22]
        out.reserveCapacity(utf8.count + 8)
        for byte in utf8 {
            out.append(byte)
            if byte == 0x22 { out.append(0x22) }
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }
}
