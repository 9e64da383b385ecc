/// The text of every string literal in a Swift source file — plain, raw (`#"…"#`) and
/// multi-line — with comments and code left out and each interpolation (`\(…)`) read as
/// code, so the wording tests see what the tool can print and nothing else.
///
/// A small scanner, not a parser: it knows comments (nested block comments too), string
/// delimiters, escapes and interpolation, which is all that decides where a literal starts
/// and ends. One pass, a stack of contexts instead of recursion.
enum SwiftLiterals {
    private enum Frame {
        /// Code; `interpolation` when it is the inside of a `\(…)`, with its open parentheses.
        case code(depth: Int, interpolation: Bool)
        case literal(pounds: Int, multiline: Bool, text: [Unicode.Scalar])
    }

    static func texts(in source: String) -> [String] {
        let s = Array(source.unicodeScalars)
        var found: [String] = []
        var stack: [Frame] = [.code(depth: 0, interpolation: false)]
        var i = 0
        func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }
        func pounds(from k: Int) -> Int {
            var n = 0
            while at(k + n) == "#" { n += 1 }
            return n
        }
        while i < s.count {
            switch stack[stack.count - 1] {
            case .code(let depth, let interpolation):
                let c = s[i]
                if c == "/", at(i + 1) == "/" {
                    while i < s.count, s[i] != "\n" { i += 1 }
                } else if c == "/", at(i + 1) == "*" {
                    var nesting = 0
                    repeat {
                        if at(i) == "/", at(i + 1) == "*" { nesting += 1; i += 2 }
                        else if at(i) == "*", at(i + 1) == "/" { nesting -= 1; i += 2 }
                        else { i += 1 }
                    } while nesting > 0 && i < s.count
                } else if c == "#" || c == "\"" {
                    let n = c == "#" ? pounds(from: i) : 0
                    guard at(i + n) == "\"" else { i += max(n, 1); continue }
                    let multiline = at(i + n + 1) == "\"" && at(i + n + 2) == "\""
                    stack.append(.literal(pounds: n, multiline: multiline, text: []))
                    i += n + (multiline ? 3 : 1)
                } else if interpolation, c == "(" {
                    stack[stack.count - 1] = .code(depth: depth + 1, interpolation: true)
                    i += 1
                } else if interpolation, c == ")" {
                    if depth == 0 { stack.removeLast() } else { stack[stack.count - 1] = .code(depth: depth - 1, interpolation: true) }
                    i += 1
                } else {
                    i += 1
                }
            case .literal(let n, let multiline, var text):
                let c = s[i]
                if c == "\\", pounds(from: i + 1) >= n {
                    let next = at(i + 1 + n)
                    if next == "(" {
                        text.append(" ")  // the interpolated value stands here
                        stack[stack.count - 1] = .literal(pounds: n, multiline: multiline, text: text)
                        stack.append(.code(depth: 0, interpolation: true))
                        i += n + 2
                        continue
                    }
                    if let next { text += next == "n" ? ["\n"] : next == "t" ? ["\t"] : [next] }
                    i += n + 2
                } else if c == "\"", multiline ? (at(i + 1) == "\"" && at(i + 2) == "\"") : true,
                          pounds(from: i + (multiline ? 3 : 1)) >= n {
                    found.append(String(String.UnicodeScalarView(text)))
                    stack.removeLast()
                    i += (multiline ? 3 : 1) + n
                    continue
                } else {
                    text.append(c)
                    i += 1
                }
                stack[stack.count - 1] = .literal(pounds: n, multiline: multiline, text: text)
            }
        }
        return found
    }
}
