/// The legacy `applinks` `paths` syntax (iOS 9–12, POLICY.md E.1/E.2, rule 23): patterns
/// are tried in array order and the first match decides; a `NOT ` prefix makes that match
/// an exclusion. Kept apart from device resolution so the full matcher (`components`,
/// defaults, substitution variables) can replace it without touching its callers.
public enum LegacyAASAPaths {
    public enum Match: Equatable, Sendable {
        /// The first matching pattern grants the URL.
        case included
        /// The first matching pattern is a `NOT ` entry: the URL is not a universal link.
        case excluded
        /// No pattern matched.
        case noMatch
    }

    /// Evaluates `patterns` against a URL's serialised (percent-encoded) path and query.
    public static func evaluate(_ patterns: [String], path: String, query: String?) -> Match {
        for entry in patterns {
            let excludes = entry.hasPrefix("NOT ")
            let pattern = excludes ? String(entry.dropFirst(4)) : entry
            if matches(pattern, path: path, query: query) {
                return excludes ? .excluded : .included
            }
        }
        return .noMatch
    }

    /// A pattern that contains `?` may spell a query (`/buy?ref=*`), so it is matched
    /// against `path?query` when the URL has one; `?` matches any one character, the
    /// separator included, which keeps `/a?c` meaning "one character" on query-less URLs.
    static func matches(_ pattern: String, path: String, query: String?) -> Bool {
        if let query, pattern.contains("?") {
            return AASAWildcard.matches(pattern, path + "?" + query)
        }
        return AASAWildcard.matches(pattern, path)
    }
}

/// AASA wildcards (E.2): `*` is any run of characters, `/` included (UNCONFIRMED, treated
/// as crossing `/`), `?` exactly one character; everything else is literal and
/// case-sensitive. Compared on UTF-8 bytes: both sides are percent-encoded.
enum AASAWildcard {
    static func matches(_ pattern: String, _ subject: String) -> Bool {
        let pattern = Array(pattern.utf8)
        let subject = Array(subject.utf8)
        let star = UInt8(ascii: "*")
        let one = UInt8(ascii: "?")
        var p = 0
        var s = 0
        // The last `*` seen and the subject position it currently stands for: on a
        // mismatch the star swallows one more character and matching resumes after it.
        var lastStar: Int?
        var starSubject = 0
        while s < subject.count {
            if p < pattern.count, pattern[p] == one || (pattern[p] != star && pattern[p] == subject[s]) {
                p += 1
                s += 1
            } else if p < pattern.count, pattern[p] == star {
                lastStar = p
                starSubject = s
                p += 1
            } else if let starIndex = lastStar {
                p = starIndex + 1
                starSubject += 1
                s = starSubject
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == star { p += 1 }
        return p == pattern.count
    }
}
