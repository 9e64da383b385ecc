import Glibc

/// The page as the HTML Standard's tokenizer reads it, where libxml2 reads it otherwise:
/// - "preprocessing the input stream": each CR LF pair and each lone CR becomes one LF.
///   libxml2 kept the CR in an attribute's value or a script, and counted no line at a lone
///   CR, so a page with CR line ends had all its records on line 1;
/// - a NUL is U+FFFD in a tag name, an attribute's name or value, script and RCDATA text
///   and comments (in body text it is dropped, and carries no link either way). libxml2
///   ends a C string at it, which cut a value short (`href="a\0b"` read as `a`).
/// Both found by the refresh fuzzing harness (`Fuzz/MetaRefresh`): a refresh whose content
/// held them went elsewhere than its content says.
enum InputStream {
    static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// The page preprocessed, or nil when it holds no CR and no NUL.
    static func preprocessed(_ html: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let base = html.baseAddress,
              memchr(base, 0x0D, html.count) != nil || memchr(base, 0, html.count) != nil else { return nil }
        let p = base.assumingMemoryBound(to: UInt8.self)
        var out: [UInt8] = []
        out.reserveCapacity(html.count + 16)
        var copied = 0  // bytes before this are in `out`
        var i = 0
        while i < html.count {
            let byte = p[i]
            guard byte == 0x0D || byte == 0 else {
                i += 1
                continue
            }
            out.append(contentsOf: UnsafeBufferPointer(start: p + copied, count: i - copied))
            if byte == 0 {
                out += replacement
            } else {
                out.append(0x0A)
                if i + 1 < html.count, p[i + 1] == 0x0A { i += 1 }
            }
            i += 1
            copied = i
        }
        out.append(contentsOf: UnsafeBufferPointer(start: p + copied, count: html.count - copied))
        return out
    }
}
