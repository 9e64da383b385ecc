/// XML 1.0 escaping for junit.xml, written straight into the file's bytes: markup
/// escaped, and characters XML forbids (most C0 controls, U+FFFE/U+FFFF) replaced by
/// U+FFFD, so no page content can make the file unparsable.
enum XMLEscape {
    /// Character data: `&`, `<`, `>` and CR become references; tabs and line breaks stay.
    static func appendText(_ value: String, to out: inout ByteBuffer) {
        append(value, mask: textMask, to: &out)
    }

    /// Attribute values also escape quotes and keep tabs and line breaks as character
    /// references (a parser would fold literal ones to spaces). `oneLine` writes them as
    /// spaces instead, for a value a CI shows on one line (a failure's message).
    static func appendAttribute(_ value: String, oneLine: Bool = false, to out: inout ByteBuffer) {
        append(value, mask: attributeMask, oneLine: oneLine, to: &out)
    }

    static func append(_ value: String, attribute: Bool, to out: inout ByteBuffer) {
        append(value, mask: attribute ? attributeMask : textMask, to: &out)
    }

    private static let textMask: UInt8 = 1
    private static let attributeMask: UInt8 = 2

    /// Per byte: bit 1 when character data needs work on it, bit 2 when an attribute
    /// does. 0xEF is marked for both: it may start U+FFFE or U+FFFF.
    private static let needsWork: [UInt8] = (0...255).map { (byte: Int) -> UInt8 in
        switch byte {
        case 0x26, 0x3C, 0x3E, 0x0D, 0xEF: return 3
        case 0x22, 0x09, 0x0A: return 2
        case 0..<0x20: return 3
        default: return 0
        }
    }

    /// Copies runs of clean bytes whole; the table keeps the scan to one load per byte.
    private static func append(_ value: String, mask: UInt8, oneLine: Bool = false, to out: inout ByteBuffer) {
        var value = value
        needsWork.withUnsafeBufferPointer { table in
            value.withUTF8 { bytes in
                let count = bytes.count
                var start = 0
                var i = 0
                while i < count {
                    let b = bytes[i]
                    if table[Int(b)] & mask == 0 {
                        i += 1
                        continue
                    }
                    // U+FFFE and U+FFFF are EF BF BE and EF BF BF; other EF sequences are kept.
                    if b == 0xEF, !(i + 2 < count && bytes[i + 1] == 0xBF && bytes[i + 2] >= 0xBE) {
                        i += 1
                        continue
                    }
                    out.append(UnsafeBufferPointer(rebasing: bytes[start..<i]))
                    i += 1
                    switch b {
                    case 0x26: out.append("&amp;")
                    case 0x3C: out.append("&lt;")
                    case 0x3E: out.append("&gt;")
                    case 0x22: out.append("&quot;")
                    case 0x09 where oneLine, 0x0A where oneLine, 0x0D where oneLine: out.append(0x20)
                    case 0x0D: out.append("&#13;")
                    case 0x09: out.append("&#9;")
                    case 0x0A: out.append("&#10;")
                    case 0xEF:
                        out.append("\u{FFFD}")
                        i += 2
                    default: out.append("\u{FFFD}")  // other C0 controls
                    }
                    start = i
                }
                out.append(UnsafeBufferPointer(rebasing: bytes[start..<count]))
            }
        }
    }
}
