/// Android's `android.os.PatternMatcher` for the `<data>` path attributes of an intent filter
/// (Docs/PLATFORM.md §C.1). Matching runs on UTF-16 code units, as Java's `charAt` does, so a path
/// with non-BMP characters counts the way the platform counts it.
public struct PatternMatcher: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// `android:path`: the whole path, exactly.
        case literal
        /// `android:pathPrefix`.
        case prefix
        /// `android:pathPattern`: `PATTERN_SIMPLE_GLOB`.
        case simpleGlob
        /// `android:pathSuffix` (API 31).
        case suffix
    }

    public let pattern: String
    public let kind: Kind

    public init(_ pattern: String, _ kind: Kind) {
        self.pattern = pattern
        self.kind = kind
    }

    /// `PatternMatcher.match(String)`; case-sensitive in every kind.
    public func matches(_ text: String) -> Bool {
        switch kind {
        case .literal: return text == pattern
        case .prefix: return text.utf16.starts(with: pattern.utf16)
        case .suffix: return text.utf16.reversed().starts(with: pattern.utf16.reversed())
        case .simpleGlob: return Self.matchGlob(pattern: Array(pattern.utf16), text: Array(text.utf16))
        }
    }

    private static let dot: UInt16 = 0x2E      // .
    private static let star: UInt16 = 0x2A     // *
    private static let backslash: UInt16 = 0x5C   // backslash

    /// AOSP `matchGlobPattern`, step for step. `x*` swallows a run of `x`; `.` is any char;
    /// `\` escapes; and `.*` does not backtrack: it skips to the *first* occurrence of the
    /// pattern's next char and carries on from there, so `/.*/end` fails on `/a/b/end`.
    static func matchGlob(pattern p: [UInt16], text m: [UInt16]) -> Bool {
        let np = p.count, nm = m.count
        if np == 0 { return nm == 0 }
        var ip = 0, im = 0
        var next = p[0]
        func charAt(_ i: Int) -> UInt16 { i < np ? p[i] : 0 }   // Java's `ip < NP ? … : 0`
        while ip < np, im < nm {
            var c = next
            ip += 1
            next = charAt(ip)
            let escaped = c == backslash
            if escaped {
                c = next
                ip += 1
                next = charAt(ip)
            }
            if next == star {
                if !escaped, c == dot {
                    if ip >= np - 1 { return true }   // a trailing `.*` takes the rest
                    ip += 1
                    next = p[ip]
                    if next == backslash {
                        ip += 1
                        next = charAt(ip)
                    }
                    // Consume everything up to the first occurrence of the next char.
                    while im < nm, m[im] != next { im += 1 }
                    if im == nm { return false }
                    ip += 1
                    next = charAt(ip)
                    im += 1
                } else {
                    // Consume only characters equal to the one before `*`.
                    while im < nm, m[im] == c { im += 1 }
                    ip += 1
                    next = charAt(ip)
                }
            } else {
                if c != dot, m[im] != c { return false }
                im += 1
            }
        }
        if ip >= np, im >= nm { return true }
        // The text ran out while the pattern still ends in `.*`: still a match.
        return ip == np - 2 && p[ip] == dot && p[ip + 1] == star
    }
}
