import Checks
import LinkAuditModel
import Policies
import WHATWGURL

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
        var scratch: [UInt8] = []
        ByteStage.writing(to: out) { stage in
            if let fragments = report.fragments, fragments.formats.csv {
                // The rows were rendered page by page (`PageFragments`).
                for page in report.pages {
                    stage.put(fragments.bytes(.csv, page: page.page) ?? [])
                    stage.flush()
                }
                return
            }
            for finding in report.rows {
                appendRow(finding, to: &stage, scratch: &scratch)
                stage.flush()
            }
        }
    }

    static func row(_ cells: [String]) -> String {
        cells.map { field(neutralised($0)) }.joined(separator: ",") + "\r\n"
    }

    /// A finding's row, cell by cell straight into the file's bytes (`row` does the same
    /// to strings): this runs for every finding. `scratch` holds the joined cells
    /// (profiles, outcome pairs), reused from row to row.
    static func appendRow(_ finding: Finding, to out: inout ByteStage, scratch: inout [UInt8]) {
        appendCell(finding.page, to: &out)
        out.put(0x2C)
        if let line = finding.line { out.put(decimal: line) }
        out.put(0x2C)
        appendCell(finding.source, to: &out)
        out.put(0x2C)
        appendCell(finding.trigger, to: &out)
        out.put(0x2C)
        appendCell(finding.frame, to: &out)
        out.put(0x2C)
        appendCell(finding.url, to: &out)
        out.put(0x2C)
        appendCell(finding.code, to: &out)
        out.put(0x2C)
        out.put(severity: finding.severity)
        out.put(0x2C)
        // The profiles, then the `outcomePairs`, joined by spaces and put together as bytes
        // (interpolating each pair cost more than the rest of the row).
        scratch.removeAll(keepingCapacity: true)
        for (i, profile) in finding.profiles.enumerated() {
            if i > 0 { scratch.append(0x20) }
            scratch.append(contentsOf: profile.utf8)
        }
        scratch.withUnsafeBufferPointer { appendCell(bytes: $0, to: &out) }
        out.put(0x2C)
        scratch.removeAll(keepingCapacity: true)
        for (i, outcome) in finding.outcomes.enumerated() {
            if i > 0 { scratch.append(0x20) }
            scratch.append(contentsOf: outcome.profile.utf8)
            scratch.append(0x3D)
            scratch.append(contentsOf: outcome.outcome.utf8)
        }
        scratch.withUnsafeBufferPointer { appendCell(bytes: $0, to: &out) }
        out.put(0x2C)
        appendCell(finding.message, to: &out)
        out.put(0x2C)
        if let baseline = finding.baseline { appendCell(baseline.rawValue, to: &out) }
        out.put(0x2C)
        if let suppressed = finding.suppressed { appendCell(suppressed, to: &out) }
        out.put(0x0D)
        out.put(0x0A)
    }

    /// `field(neutralised(cell))`, appended.
    private static func appendCell(_ cell: String, to out: inout ByteStage) {
        var cell = cell
        cell.withUTF8 { appendCell(bytes: $0, to: &out) }
    }

    private static func appendCell(bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteStage) {
        let quoted = needsQuotes(bytes)
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

    /// Whether a cell holds a comma, a quote, CR or LF. Eight bytes at a time (the
    /// classic has-zero-byte test on each byte XORed with the one looked for).
    private static func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(start)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func has(_ word: UInt64, _ byte: UInt64) -> Bool {
            let x = word ^ (ones &* byte)
            return (x &- ones) & ~x & highs != 0
        }
        var i = 0
        while i + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if has(word, 0x2C) || has(word, 0x22) || has(word, 0x0A) || has(word, 0x0D) { return true }
            i += 8
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x2C || b == 0x22 || b == 0x0A || b == 0x0D { return true }
            i += 1
        }
        return false
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
