import Glibc

/// A NUL in a page, as the HTML Standard's tokenizer reads it: U+FFFD in a tag name, an
/// attribute's name or value, script and RCDATA text and comments (in body text it is
/// dropped, and carries no link either way). libxml2 ends a C string at it instead, which
/// cut an attribute's value short (`href="a\0b"` read as `a`) and put a space in a script's
/// string; found by the refresh fuzzing harness (`Fuzz/MetaRefresh`).
enum NullCharacters {
    static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// The page with each NUL replaced by U+FFFD, or nil when it holds none. Line breaks
    /// stay where they were.
    static func replaced(_ html: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let base = html.baseAddress, memchr(base, 0, html.count) != nil else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(html.count + 16)
        for byte in html {
            if byte == 0 { out += replacement } else { out.append(byte) }
        }
        return out
    }
}
