/// `findings.csv`: one row per finding for testers who filter and sort in a spreadsheet.
/// RFC 4180 (CRLF line ends, every field quoted when it holds a comma, a quote, CR or
/// LF), UTF-8, a header row, rows in report order. Fixed findings (with a baseline) are
/// rows too, marked `fixed` in the `baseline` column.
public enum FindingsCSV {
    public static let header = ["page", "line", "source", "trigger", "frame", "url", "code", "severity",
                                "profiles", "outcomes", "message", "baseline", "suppressed"]

    public static func render(_ report: Report) -> String {
        let sink = ReportSink()
        write(report, to: sink)
        return sink.text
    }

    static func write(_ report: Report, to out: ReportSink) {
        out.append(row(header))
        ByteStage.writing(to: out) { stage in
            for finding in report.rows {
                appendRow(finding, to: &stage)
                stage.flush()
            }
        }
    }

    static func row(_ cells: [String]) -> String {
        cells.map { field(neutralised($0)) }.joined(separator: ",") + "\r\n"
    }

    /// A finding's row, cell by cell straight into the file's bytes (`row` does the same
    /// to strings): this runs for every finding.
    static func appendRow(_ finding: Finding, to out: inout ByteStage) {
        appendCell(finding.page, to: &out)
        out.put(0x2C)
        if let line = finding.line { out.put(decimal: line) }
        for cell in [finding.source, finding.trigger, finding.frame, finding.url, finding.code] {
            out.put(0x2C)
            appendCell(cell, to: &out)
        }
        out.put(0x2C)
        out.put(severity: finding.severity)
        out.put(0x2C)
        appendCell(finding.profiles.joined(separator: " "), to: &out)
        out.put(0x2C)
        // `outcomePairs` joined by spaces, put together as bytes (interpolating each pair
        // cost more than the rest of the row).
        var pairs: [UInt8] = []
        pairs.reserveCapacity(finding.outcomes.count * 28)
        for (i, outcome) in finding.outcomes.enumerated() {
            if i > 0 { pairs.append(0x20) }
            pairs.append(contentsOf: outcome.profile.utf8)
            pairs.append(0x3D)
            pairs.append(contentsOf: outcome.outcome.utf8)
        }
        pairs.withUnsafeBufferPointer { appendCell(bytes: $0, to: &out) }
        for cell in [finding.message, finding.baseline?.rawValue ?? "", finding.suppressed ?? ""] {
            out.put(0x2C)
            appendCell(cell, to: &out)
        }
        out.put(0x0D)
        out.put(0x0A)
    }

    /// `field(neutralised(cell))`, appended.
    private static func appendCell(_ cell: String, to out: inout ByteStage) {
        var cell = cell
        cell.withUTF8 { appendCell(bytes: $0, to: &out) }
    }

    private static func appendCell(bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteStage) {
        let quoted = bytes.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
        if quoted { out.put(0x22) }
        if startsRisky(bytes) { out.put(0x27) }
        guard quoted else {
            out.put(bytes)
            return
        }
        var start = 0
        for (i, byte) in bytes.enumerated() where byte == 0x22 {
            out.put(UnsafeBufferPointer(rebasing: bytes[start...i]))
            out.put(0x22)  // a quote inside a quoted cell is doubled
            start = i + 1
        }
        out.put(UnsafeBufferPointer(rebasing: bytes[start...]))
        out.put(0x22)
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
        guard utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return cell }
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
