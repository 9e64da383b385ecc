/// A shell-style pattern for suppressions: `*` matches any run of characters (slashes
/// included, so `https://shop.example/legacy/*` covers a whole subtree) and `?` one
/// character; everything else matches itself. No character classes: URLs are full of `[`.
public struct Glob: Sendable, Equatable {
    public let pattern: String
    private let scalars: [Unicode.Scalar]

    public init(_ pattern: String) {
        self.pattern = pattern
        scalars = Array(pattern.unicodeScalars)
    }

    /// Greedy match with one backtrack point (the last `*`): linear for the patterns
    /// people write, and never exponential.
    public func matches(_ text: String) -> Bool {
        let input = Array(text.unicodeScalars)
        var p = 0, t = 0
        var star: Int?, starText = 0
        while t < input.count {
            if p < scalars.count, scalars[p] == "*" {
                star = p
                starText = t
                p += 1
            } else if p < scalars.count, scalars[p] == "?" || scalars[p] == input[t] {
                p += 1
                t += 1
            } else if let s = star {
                p = s + 1
                starText += 1
                t = starText
            } else {
                return false
            }
        }
        while p < scalars.count, scalars[p] == "*" { p += 1 }
        return p == scalars.count
    }
}
