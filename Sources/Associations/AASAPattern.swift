/// One AASA URL pattern (a `/`, `?` or `#` value, a query item's value, or a legacy `paths`
/// entry), compiled for matching.
///
/// Grammar (Docs/PLATFORM.md §E.2): `*` matches any run of characters, `/` included (Apple says "any
/// characters" with no segment rule; UNCONFIRMED), `?` exactly one character, so `?*` is one
/// or more; `$(name)` stands for any one of the variable's strings; everything else is
/// literal. The whole text must match. Characters are Unicode scalars; with
/// `caseSensitive: false` pattern and text are both lower-cased first.
public struct AASAPattern: Sendable, Equatable, CustomStringConvertible {
    enum Token: Equatable, Sendable {
        case literal(Unicode.Scalar)
        case one
        case any
        case characterClass(AASACharacterClass)
        /// A substitution variable: any one of these token runs (which hold no choices).
        case choice([[Token]])
    }

    /// As written in the file.
    public let source: String
    public let caseSensitive: Bool
    let tokens: [Token]
    /// `$(name)` references that no variable defines: they are matched as literal text.
    let undefinedVariables: [String]

    public var description: String { source }

    /// Compiles `source`, expanding `$(name)` from `variables` (the file's own first, then
    /// Apple's predefined ones).
    public init(_ source: String, caseSensitive: Bool = true, variables: [String: [String]] = [:]) {
        self.source = source
        self.caseSensitive = caseSensitive
        var tokens: [Token] = []
        var undefined: [String] = []
        let scalars = Array(source.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "(",
               let close = scalars[(index + 2)...].firstIndex(of: ")") {
                let name = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
                if let alternatives = Self.alternatives(name, caseSensitive: caseSensitive, variables: variables) {
                    tokens.append(.choice(alternatives))
                } else {
                    undefined.append(name)
                    tokens += Self.literals("$(" + name + ")", caseSensitive: caseSensitive)
                }
                index = close + 1
                continue
            }
            tokens += Self.wildcards(String(scalar), caseSensitive: caseSensitive)
            index += 1
        }
        self.tokens = tokens
        self.undefinedVariables = undefined
    }

    /// True when the whole of `text` matches.
    public func matches(_ text: String) -> Bool {
        let scalars = Array((caseSensitive ? text : text.lowercased()).unicodeScalars)
        var start = [Bool](repeating: false, count: scalars.count + 1)
        start[0] = true
        return Self.run(tokens, over: scalars, from: start, caseSensitive: caseSensitive)[scalars.count]
    }

    /// Matches as sets of reachable text positions (an NFA walk): no backtracking, so a
    /// pattern of many `*` or a long variable list stays linear in the text per token.
    static func run(_ tokens: [Token], over text: [Unicode.Scalar], from start: [Bool], caseSensitive: Bool) -> [Bool] {
        var current = start
        for token in tokens {
            var next = [Bool](repeating: false, count: text.count + 1)
            switch token {
            case .literal(let scalar):
                for position in 0..<text.count where current[position] && text[position] == scalar { next[position + 1] = true }
            case .one:
                for position in 0..<text.count where current[position] { next[position + 1] = true }
            case .any:
                guard let first = current.firstIndex(of: true) else { return next }
                for position in first...text.count { next[position] = true }
            case .characterClass(let characterClass):
                for position in 0..<text.count
                where current[position] && characterClass.contains(text[position], caseSensitive: caseSensitive) {
                    next[position + 1] = true
                }
            case .choice(let alternatives):
                for alternative in alternatives {
                    let reached = run(alternative, over: text, from: current, caseSensitive: caseSensitive)
                    for position in reached.indices where reached[position] { next[position] = true }
                }
            }
            guard next.contains(true) else { return next }
            current = next
        }
        return current
    }

    private static func alternatives(_ name: String, caseSensitive: Bool, variables: [String: [String]]) -> [[Token]]? {
        if let values = variables[name] {
            // Values may hold `?` and `*` but no further variables: `$(` in a value is text.
            return values.map { wildcards($0, caseSensitive: caseSensitive) }
        }
        return AASAPredefinedVariables.alternatives(name, caseSensitive: caseSensitive)
    }

    /// `text` with `*` and `?` as wildcards and everything else literal.
    static func wildcards(_ text: String, caseSensitive: Bool) -> [Token] {
        text.unicodeScalars.flatMap { scalar -> [Token] in
            switch scalar {
            case "*": return [.any]
            case "?": return [.one]
            default: return literals(String(scalar), caseSensitive: caseSensitive)
            }
        }
    }

    /// `text` as literal tokens, lower-cased when matching ignores case.
    static func literals(_ text: String, caseSensitive: Bool) -> [Token] {
        (caseSensitive ? text : text.lowercased()).unicodeScalars.map { .literal($0) }
    }
}
