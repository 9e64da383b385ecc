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

    /// `preprocessed`, for a page the caller owns: each CR LF and lone CR become one LF in
    /// `html` itself, which only shrinks, so a huge page is not held twice (README Limits).
    /// A page with a NUL, which grows, gets `preprocessed`'s copy.
    static func preprocessInPlace(_ html: inout [UInt8]) {
        let (cr, nul) = html.withUnsafeBytes { bytes -> (Bool, Bool) in
            guard let base = bytes.baseAddress else { return (false, false) }
            return (memchr(base, 0x0D, bytes.count) != nil, memchr(base, 0, bytes.count) != nil)
        }
        if nul {
            if let copy = html.withUnsafeBytes({ preprocessed($0) }) { html = copy }
            return
        }
        guard cr else { return }
        let kept = html.withUnsafeMutableBytes { bytes -> Int in
            let p = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let n = bytes.count
            var written = 0
            var i = 0
            while i < n {
                let next = memchr(p + i, 0x0D, n - i).map { UnsafeRawPointer($0) - UnsafeRawPointer(p) } ?? n
                if written != i { memmove(p + written, p + i, next - i) }
                written += next - i
                i = next
                guard i < n else { break }
                p[written] = 0x0A
                written += 1
                i += i + 1 < n && p[i + 1] == 0x0A ? 2 : 1
            }
            return written
        }
        html.removeLast(html.count - kept)
    }
}
