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
        for finding in report.rows {
            appendRow(finding, to: &out.bytes)
            out.flushIfFull()
        }
    }

    static func row(_ cells: [String]) -> String {
        cells.map { field(neutralised($0)) }.joined(separator: ",") + "\r\n"
    }

    /// A finding's row, cell by cell straight into the file's bytes (`row` does the same
    /// to strings): this runs for every finding.
    static func appendRow(_ finding: Finding, to out: inout [UInt8]) {
        appendCell(finding.page, to: &out)
        out.append(0x2C)
        if let line = finding.line { JSONText.appendInt(line, to: &out) }
        for cell in [finding.source, finding.trigger, finding.frame, finding.url, finding.code,
                     finding.severity.rawValue] {
            out.append(0x2C)
            appendCell(cell, to: &out)
        }
        out.append(0x2C)
        appendCell(finding.profiles.joined(separator: " "), to: &out)
        out.append(0x2C)
        appendCell(finding.outcomePairs.joined(separator: " "), to: &out)
        for cell in [finding.message, finding.baseline?.rawValue ?? "", finding.suppressed ?? ""] {
            out.append(0x2C)
            appendCell(cell, to: &out)
        }
        out.append(0x0D)
        out.append(0x0A)
    }

    /// `field(neutralised(cell))`, appended.
    private static func appendCell(_ cell: String, to out: inout [UInt8]) {
        var cell = cell
        cell.withUTF8 { bytes in
            let quoted = bytes.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
            if quoted { out.append(0x22) }
            if startsRisky(bytes) { out.append(0x27) }
            if quoted {
                for byte in bytes {
                    out.append(byte)
                    if byte == 0x22 { out.append(0x22) }
                }
                out.append(0x22)
            } else {
                out.append(contentsOf: bytes)
            }
        }
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
