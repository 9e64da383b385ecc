/// One cell of `findings.csv`: RFC 4180 quoting (a cell holding a comma, a quote, CR or
/// LF is quoted, its quotes doubled) and the spreadsheet-formula guard, written straight
/// into the file's bytes. The text itself is never changed beyond the guard's apostrophe.
enum CSVCell {
    /// `field(neutralised(cell))`, appended.
    static func append(_ cell: String, to out: inout ByteBuffer) {
        cell.withBorrowedUTF8 { append(bytes: $0, to: &out) }
    }

    static func append(bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer) {
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

    /// URLs and raw link text come from untrusted pages: a cell a spreadsheet would read
    /// as a formula (`=cmd|' /C calc'!A0`, `+`, `-`, `@`, or a leading TAB or CR that some
    /// programs skip before looking) gets a leading apostrophe, which shows the text as
    /// text — OWASP's advice against CSV injection. Full-width `＝＋－＠` are included:
    /// some spreadsheets fold them to ASCII.
    static func neutralised(_ cell: String) -> String {
        guard let first = cell.unicodeScalars.first, risky.contains(first) else { return cell }
        return "'" + cell
    }

    private static let risky: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "\u{FF1D}", "\u{FF0B}", "\u{FF0D}", "\u{FF20}"]

    /// Quotes a cell that needs it, doubling its quotes; works on the UTF-8 bytes.
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

    /// A whole row of plain cells (the header), CRLF-terminated.
    static func row(_ cells: [String]) -> String {
        cells.map { field(neutralised($0)) }.joined(separator: ",") + "\r\n"
    }
}
