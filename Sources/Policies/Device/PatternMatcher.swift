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
        /// `android:pathAdvancedPattern` (API 31): `PATTERN_ADVANCED_GLOB`.
        case advancedGlob
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
        case .advancedGlob: return AdvancedGlob(pattern).map { $0.matches(Array(text.utf16)) } ?? false
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

/// AOSP `PatternMatcher.PATTERN_ADVANCED_GLOB`: tokens are a character, `.` (any), or a class
/// `[a-z…]` / `[^…]`; each may be followed by `*`, `+`, `{n}` or `{n,m}`; `\` escapes. Matching
/// is greedy and never backtracks (`matchAdvancedPattern`): each token takes as many
/// characters as it can, up to its maximum, and the match fails if that is below its minimum.
/// A pattern AOSP rejects (`parseAndVerifyAdvancedPattern` throws) matches nothing.
struct AdvancedGlob {
    enum Atom { case char(UInt16), any, set([ClosedRange<UInt16>], inverse: Bool) }
    struct Token { var atom: Atom; var min: Int; var max: Int }
    let tokens: [Token]

    init?(_ pattern: String) {
        let p = Array(pattern.utf16)
        var tokens: [Token] = []
        var i = 0
        while i < p.count {
            let atom: Atom
            switch p[i] {
            case 0x2E: atom = .any; i += 1                                       // .
            case 0x5B:                                                         // [
                i += 1
                var inverse = false
                if i < p.count, p[i] == 0x5E { inverse = true; i += 1 }         // ^
                var ranges: [ClosedRange<UInt16>] = []
                while i < p.count, p[i] != 0x5D {
                    var lo = p[i]
                    if lo == 0x5C { i += 1; guard i < p.count else { return nil }; lo = p[i] }
                    i += 1
                    var hi = lo
                    if i + 1 < p.count, p[i] == 0x2D, p[i + 1] != 0x5D {        // a-z
                        hi = p[i + 1]
                        if hi == 0x5C { guard i + 2 < p.count else { return nil }; hi = p[i + 2]; i += 1 }
                        i += 2
                        guard lo <= hi else { return nil }
                    }
                    ranges.append(lo...hi)
                }
                guard i < p.count, !ranges.isEmpty else { return nil }          // unclosed or empty class
                i += 1
                atom = .set(ranges, inverse: inverse)
            case 0x5C:                                                         // backslash
                guard i + 1 < p.count else { return nil }
                atom = .char(p[i + 1]); i += 2
            case 0x2A, 0x2B, 0x7B: return nil                                  // a modifier with nothing before it
            default: atom = .char(p[i]); i += 1
            }
            var (lo, hi) = (1, 1)
            if i < p.count {
                switch p[i] {
                case 0x2A: (lo, hi) = (0, Int.max); i += 1
                case 0x2B: (lo, hi) = (1, Int.max); i += 1
                case 0x7B:
                    guard let close = p[i...].firstIndex(of: 0x7D),
                          let body = String(utf16CodeUnits: Array(p[(i + 1)..<close]), count: close - i - 1) as String?
                    else { return nil }
                    let parts = body.split(separator: ",", omittingEmptySubsequences: false)
                    guard let first = Int(parts[0]) else { return nil }
                    lo = first
                    if parts.count == 1 { hi = first } else if parts.count == 2 {
                        hi = parts[1].isEmpty ? Int.max : (Int(parts[1]) ?? -1)
                    } else { return nil }
                    guard hi >= lo else { return nil }
                    i = close + 1
                default: break
                }
            }
            tokens.append(Token(atom: atom, min: lo, max: hi))
        }
        self.tokens = tokens
    }

    func matches(_ m: [UInt16]) -> Bool {
        var im = 0
        var it = 0
        while it < tokens.count, im < m.count {
            let token = tokens[it]
            var taken = 0
            while taken < token.max, im + taken < m.count, Self.accepts(token.atom, m[im + taken]) { taken += 1 }
            if taken < token.min { return false }
            im += taken
            it += 1
        }
        // The text ran out: tokens left that may take nothing (`*`, `{0,…}`) still match, as
        // CTS `testSchemeSpecificParts` asserts (`ssp.*` takes `ssp`, `.*` takes the empty text).
        while it < tokens.count, tokens[it].min == 0 { it += 1 }
        return it >= tokens.count && im >= m.count
    }

    private static func accepts(_ atom: Atom, _ u: UInt16) -> Bool {
        switch atom {
        case .any: return true
        case .char(let c): return c == u
        case .set(let ranges, let inverse): return ranges.contains { $0.contains(u) } != inverse
        }
    }
}
