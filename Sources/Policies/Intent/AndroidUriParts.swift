/// The parts `android.net.Uri` (its string-backed form) reads out of a data URI.
///
/// Android's `Uri` is deliberately loose: the scheme is whatever precedes the first `:`,
/// anywhere in the string, and nothing is validated. Matching that (rather than RFC 3986)
/// is what makes `getScheme()` agree with the device for odd data such as `:///x` or `///x`.
struct AndroidUriParts {
    private let s: JavaString
    private let ssi: Int   // scheme separator index, -1 if none

    init(_ uri: String) {
        s = JavaString(uri)
        ssi = s.indexOf(":")
    }

    var scheme: String? { ssi < 0 ? nil : try? s.substring(0, ssi) }

    /// `AndroidUriParts(uri).scheme` (the plain version), read in place: the text before the first
    /// `:`, found among the UTF-8 bytes (a `:` is one byte there and one unit in UTF-16, so the
    /// text before it is the same). The parts made a UTF-16 copy of the whole URI for it, some
    /// 1,500 instructions a time, once for each Chrome decision (Benchmarks/README.md, issue 17).
    /// `AndroidUriSchemeTests` compares the two.
    static func scheme(of uri: String) -> String? {
        guard let colon = uri.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        return String(uri[..<colon])
    }

    private var hasAuthority: Bool { s.startsWith("//", at: ssi + 1) }

    /// Encoded authority: after `//`, up to `/`, `\`, `?` or `#`.
    var authority: String? {
        guard hasAuthority else { return nil }
        let start = ssi + 3
        var end = start
        while end < s.count, !Self.endsAuthority(s.units[end]) { end += 1 }
        return try? s.substring(start, end)
    }

    /// Decoded host: the authority without user info (up to the last `@`) and port (`:digits`).
    var host: String? {
        guard let authority else { return nil }
        let a = JavaString(authority)
        let userInfoEnd = a.lastIndexOf("@")
        var portStart = -1
        var k = a.count - 1
        while k >= 0 {
            let u = a.units[k]
            if u == 0x3A { portStart = k; break }
            if u < 0x30 || u > 0x39 { break }
            k -= 1
        }
        let encoded = (try? a.substring(userInfoEnd + 1, portStart < 0 ? a.count : portStart)) ?? ""
        return AndroidUriCodec.decode(encoded)
    }

    /// `Uri.getPort()`: the digits after the authority's port colon, -1 when there are none.
    var port: Int {
        guard let authority else { return -1 }
        let a = JavaString(authority)
        var k = a.count - 1
        while k >= 0, a.units[k] >= 0x30, a.units[k] <= 0x39 { k -= 1 }
        guard k >= 0, k < a.count - 1, a.units[k] == 0x3A,
              let digits = try? a.substring(k + 1), let value = Int(digits), value <= Int(Int32.max) else { return -1 }
        return value
    }

    /// Decoded path; nil for opaque URIs (`scheme:` not followed by `/`).
    var path: String? {
        if ssi >= 0 {
            guard ssi + 1 < s.count, s.units[ssi + 1] == 0x2F else { return nil }
        }
        var start = ssi + 1
        if hasAuthority {
            start = ssi + 3
            while start < s.count {
                let u = s.units[start]
                if u == 0x3F || u == 0x23 { return "" }
                if u == 0x2F || u == 0x5C { break }
                start += 1
            }
        }
        var end = start
        while end < s.count, s.units[end] != 0x3F, s.units[end] != 0x23 { end += 1 }
        return (try? s.substring(start, end)).map(AndroidUriCodec.decode)
    }

    private static func endsAuthority(_ u: UInt16) -> Bool {
        u == 0x2F || u == 0x5C || u == 0x3F || u == 0x23   // / \ ? #
    }
}
