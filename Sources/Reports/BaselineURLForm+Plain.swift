/// Deep links as pages write them (`gopay://pay?order=123`, `mailto:a@b.example`) are
/// already in the URL Standard's serialised form, save the scheme's case: for a
/// non-special scheme the parser keeps an opaque host, path, query and fragment made of
/// the bytes below exactly as written. Reading the parts in place skips the full state
/// machine (non-special schemes never take the parser's fast path) and its allocations.
/// Anything the scan is not sure of returns nil and goes to the parser; tests compare
/// both ways on varied input.
enum PlainURL {
    /// The parts of `scheme://host[/path][?query][#fragment]` or `scheme:opaque[?query]
    /// [#fragment]` for a non-special scheme, when the parser would serialise the text
    /// unchanged (but for lower-casing the scheme); else nil.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> BaselineURLForm.Parts? {
        let count = bytes.count
        guard count > 0, isAlpha(bytes[0]) else { return nil }
        var i = 1
        var lowerCase = bytes[0] >= 0x61
        while i < count, isSchemeByte(bytes[i]) {
            if bytes[i] >= 0x41 && bytes[i] <= 0x5A { lowerCase = false }
            i += 1
        }
        guard i < count, bytes[i] == 0x3A, !isSpecial(bytes[0..<i]) else { return nil }
        let schemeEnd = i
        i += 1
        var host: Range<Int>?
        if i + 1 < count, bytes[i] == 0x2F, bytes[i + 1] == 0x2F {
            // An opaque host: no credentials, port, brackets or percent signs here.
            let start = i + 2
            i = start
            while i < count, isHostByte(bytes[i]) {
                if bytes[i] >= 0x41 && bytes[i] <= 0x5A { lowerCase = false }
                i += 1
            }
            guard i > start, i == count || bytes[i] == 0x2F || bytes[i] == 0x3F || bytes[i] == 0x23 else {
                return nil
            }
            host = start..<i
        } else if i < count, bytes[i] == 0x2F {
            return nil  // a path without a host ("app:/x"): leave it to the parser
        }
        let pathStart = i
        var segmentStart = true
        while i < count, bytes[i] != 0x3F, bytes[i] != 0x23 {
            let byte = bytes[i]
            guard isPlainByte(byte) else { return nil }
            // "." and ".." (or "%2e") segments are resolved by the parser; an opaque path
            // keeps them, but it is simplest to send every such segment there.
            if host != nil, segmentStart, byte == 0x2E || byte == 0x25 { return nil }
            segmentStart = byte == 0x2F
            i += 1
        }
        let path = pathStart..<i
        var query: Range<Int>?
        if i < count, bytes[i] == 0x3F {
            let start = i + 1
            i = start
            while i < count, bytes[i] != 0x23 {
                guard isPlainByte(bytes[i]) || bytes[i] == 0x3F else { return nil }
                i += 1
            }
            query = start..<i
        }
        var fragment: Range<Int>?
        if i < count {  // at '#'
            let start = i + 1
            i = start
            while i < count {
                guard isPlainByte(bytes[i]) || bytes[i] == 0x3F else { return nil }
                i += 1
            }
            fragment = start..<i
        }
        var parts = BaselineURLForm.Parts(schemeEnd: schemeEnd, host: host, path: path, query: query, fragment: fragment)
        parts.isLowerCase = lowerCase
        return parts
    }

    @inline(__always)
    private static func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// ALPHA / DIGIT / "+" / "-" / ".".
    @inline(__always)
    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E
    }

    /// ALPHA / DIGIT / "-" / "." / "_" / "~": kept by the opaque-host parser as they are.
    @inline(__always)
    private static func isHostByte(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
    }

    /// RFC 3986's unreserved and sub-delims, ':', '@', '/' and '%': no percent-encode set
    /// the parser uses for a non-special URL's path, query or fragment holds them.
    @inline(__always)
    private static func isPlainByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x61...0x7A, 0x41...0x5A, 0x30...0x39: return true
        case 0x2D, 0x2E, 0x5F, 0x7E: return true                      // - . _ ~
        case 0x21, 0x24, 0x26...0x2C, 0x3B, 0x3D: return true         // ! $ & ' ( ) * + , ; =
        case 0x3A, 0x40, 0x2F, 0x25: return true                      // : @ / %
        default: return false
        }
    }

    /// http, https, ws, wss, ftp and file, in any case: their hosts and paths are
    /// normalised by the parser.
    private static func isSpecial(_ scheme: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard scheme.count >= 2, scheme.count <= 5 else { return false }
        var lower: UInt64 = 0
        for byte in scheme { lower = lower << 8 | UInt64(byte | 0x20) }
        // "ws" and "wss" fold '.', '+', '-' and digits harmlessly: none of them match.
        switch lower {
        case 0x6874_7470, 0x68_7474_7073, 0x7773, 0x77_7373, 0x66_7470, 0x6669_6C65: return true
        default: return false
        }
    }
}
