/// A small JavaScript tokenizer: just enough structure to find navigations in inline
/// scripts (identifiers, string and template literals, numbers, punctuation), skipping
/// comments and regular expression literals so that their contents are not misread.
/// It never fails: unknown bytes become punctuation and unterminated literals end at
/// the end of the input, because pages are full of broken scripts.
struct JSToken {
    enum Kind: Equatable {
        case identifier
        /// A string literal, or a template literal without substitutions.
        case string
        /// A template literal with `${…}`: only the text before the first substitution is known.
        case templatePrefix
        case number
        case punct
    }

    var kind: Kind
    /// A line break comes between it and the token before (where a statement may end
    /// without a `;`). Beside `kind`, so a token stays 32 bytes.
    var newlineBefore = false
    /// A one-byte punctuator's byte (every punctuator is ASCII), 0 for any other token:
    /// what the scanner's look-arounds compare instead of `text` (a String comparison per
    /// look cost more than the rest of the look; `JSTokenizerTests` holds it to `text`).
    /// Beside `kind` too: the token stays 32 bytes.
    private(set) var byte: UInt8 = 0
    /// Identifier name, decoded literal value (or known prefix), number text, or punctuator.
    var text: String
    /// Byte offset of the token's start in the script.
    var offset: Int

    init(kind: Kind, text: String, offset: Int, newlineBefore: Bool = false) {
        self.kind = kind
        self.newlineBefore = newlineBefore
        self.text = text
        self.offset = offset
        if kind == .punct, text.utf8.count == 1, let first = text.utf8.first, first < 0x80 { byte = first }
    }

    /// The tokenizer's: a punctuator's byte known as it is read.
    fileprivate init(kind: Kind, text: String, offset: Int, newlineBefore: Bool, byte: UInt8) {
        self.kind = kind
        self.newlineBefore = newlineBefore
        self.text = text
        self.offset = offset
        self.byte = byte
    }

    /// Whether it is the punctuator `p`: a one-byte one by its byte, a longer one by text.
    @inline(__always)
    func isPunct(_ p: StaticString) -> Bool {
        guard kind == .punct else { return false }
        if p.utf8CodeUnitCount == 1 { return byte == p.utf8Start.pointee }
        return byte == 0 && text.utf8.elementsEqual(UnsafeBufferPointer(start: p.utf8Start, count: p.utf8CodeUnitCount))
    }

    /// `isPunct` as first written: the text compared as a String (`JSTokenizerTests`).
    func isPunctPlain(_ p: String) -> Bool { kind == .punct && text == p }
    func isIdentifier(_ name: String) -> Bool { kind == .identifier && text == name }
    var isLiteral: Bool { kind == .string || kind == .templatePrefix }
}

struct JSTokenizer {
    /// The script's UTF-8 bytes, borrowed for as long as `tokens` runs.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// The last token's kind, one-byte punctuator and where it lies (what `regexAllowed`
    /// reads of it), kept instead of the token: a copy of its text per token retained and
    /// released a String for nothing on most.
    private var last: (kind: JSToken.Kind, byte: UInt8, start: Int, end: Int)?
    /// Every quoted literal read a byte at a time (`readEscaped`), the reference the
    /// literal-without-escapes shortcut must equal (`JSTokenizerTests`).
    private let plain: Bool

    private init(bytes: UnsafeBufferPointer<UInt8>, plain: Bool) {
        self.bytes = bytes
        self.plain = plain
    }

    static func tokens(_ source: String, plain: Bool = false) -> [JSToken] {
        source.withUTF8Bytes { bytes in
            var tokenizer = JSTokenizer(bytes: bytes, plain: plain)
            var out: [JSToken] = []
            // Scripts run about six bytes a token (6.4 on the dense corpus; a quarter of the
            // bytes covers minified ones too): one allocation, not a doubling and a copy of
            // every token, for most (bounded by the script's length). A reserve of an eighth
            // grew on every page's script there (~1.5 M instructions of 100 pages, issue 17).
            out.reserveCapacity(bytes.count / 4 + 4)
            while let token = tokenizer.next() { out.append(token) }
            return out
        }
    }

    /// Line (0-based) of each byte offset, for placing navigations on page lines.
    static func lineStarts(_ source: String) -> [Int] {
        LineFeeds.starts(source)
    }

    mutating func next() -> JSToken? {
        let newline = skipSpaceAndComments()
        guard index < bytes.count else { return nil }
        let start = index
        let b = bytes[index]
        let kind: JSToken.Kind
        let text: String
        var punct: UInt8 = 0
        if isIdentifierStart(b) {
            while index < bytes.count, isIdentifierPart(bytes[index]) { index += 1 }
            // The names scripts are mostly made of as constants, made from the bytes only
            // otherwise (`plain`: always; `JSTokenizerTests` holds the two equal).
            let known = plain ? nil : Self.knownName(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            (kind, text) = (.identifier, known ?? self.text(start, index))
        } else if b == 0x22 || b == 0x27 {  // " '
            (kind, text) = (.string, readQuoted(quote: b))
        } else if b == 0x60 {  // `
            (kind, text) = readTemplate()
        } else if isDigit(b) || (b == 0x2E && index + 1 < bytes.count && isDigit(bytes[index + 1])) {
            while index < bytes.count, isIdentifierPart(bytes[index]) || bytes[index] == 0x2E { index += 1 }
            (kind, text) = (.number, self.text(start, index))
        } else if b == 0x2F, regexAllowed() {  // /
            skipRegex()
            (kind, text) = (.string, "")
        } else {
            (kind, text) = (.punct, readPunct())
            if index == start + 1, b < 0x80 { punct = b }
        }
        last = (kind, punct, start, index)
        return JSToken(kind: kind, text: text, offset: start, newlineBefore: newline, byte: punct)
    }

    // MARK: - Pieces

    /// Whether a line break was skipped.
    private mutating func skipSpaceAndComments() -> Bool {
        var newline = false
        while index < bytes.count {
            let b = bytes[index]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C {
                if b == 0x0A || b == 0x0D { newline = true }
                index += 1
            } else if b == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0xA0 {
                index += 2  // NBSP is whitespace to JavaScript
            } else if b == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2F {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else if b == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2A {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == 0x2A && bytes[index + 1] == 0x2F) {
                    if bytes[index] == 0x0A { newline = true }
                    index += 1
                }
                index = min(index + 2, bytes.count)
            } else if b == 0x3C, matches("<!--") {
                // HTML-like comments are single-line comments in classic scripts.
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else {
                return newline
            }
        }
        return newline
    }

    private func matches(_ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard index + n <= bytes.count else { return false }
        return s.withUTF8Buffer { buf in
            for i in 0..<n where bytes[index + i] != buf[i] { return false }
            return true
        }
    }

    /// A string literal's value. Most hold no escape: their bytes are the value, made into
    /// a String at once instead of gathered a byte at a time (the tokenizer's largest cost
    /// on a page of deep links in scripts, Benchmarks/README.md, issue 17); a literal with
    /// a backslash is read by `readEscaped` from its start.
    private mutating func readQuoted(quote: UInt8) -> String {
        index += 1
        guard !plain else { return readEscaped(quote: quote) }
        let start = index
        var end = start
        // Eight bytes at a time past those that are none of the quote, a line feed or a
        // backslash (a literal is mostly a URL of some fifty bytes: a byte at a time was half
        // the tokenizer's own time on the dense corpus, issue 17). A word that may hold one
        // is read a byte at a time below (the test's false positives only stop it early).
        if let base = bytes.baseAddress {
            while end + 8 <= bytes.count {
                let w = UInt64(littleEndian: UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self))
                if MarkupScanner.byte(w, quote) | MarkupScanner.byte(w, 0x0A) | MarkupScanner.byte(w, 0x5C) != 0 { break }
                end += 8
            }
        }
        while end < bytes.count {
            let b = bytes[end]
            if b == quote {
                index = end + 1
                return text(start, end)
            }
            if b == 0x0A { break }  // unterminated: a string cannot span lines
            if b == 0x5C { return readEscaped(quote: quote) }
            end += 1
        }
        index = end
        return text(start, end)
    }

    /// `readQuoted` a byte at a time, escapes decoded; `index` is just past the opening quote.
    private mutating func readEscaped(quote: UInt8) -> String {
        var value: [UInt8] = []
        while index < bytes.count {
            let b = bytes[index]
            if b == quote { index += 1; break }
            if b == 0x0A { break }  // unterminated: a string cannot span lines
            if b == 0x5C { readEscape(into: &value); continue }
            value.append(b)
            index += 1
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// A template literal, every `${…}` in it skipped however deeply literals and
    /// substitutions nest in each other (`` `a${ `b${ c }` }` ``). The nesting is kept on
    /// an explicit stack, not in recursion: a page can nest them as deep as it is long
    /// (60,000 `` `${ `` in 180 KB), and the stack holds one integer per level.
    /// Only the text before the first substitution is kept.
    private mutating func readTemplate() -> (JSToken.Kind, String) {
        index += 1
        var value: [UInt8] = []
        var sawSubstitution = false
        // What is open inside the literal, innermost last: a substitution, as its brace
        // depth (≥ 1), or a template literal nested in one (0).
        var nesting: [Int] = []
        while index < bytes.count {
            let b = bytes[index]
            if let depth = nesting.last, depth > 0 {
                // Inside `${…}`: braces, strings and nested literals.
                if b == 0x22 || b == 0x27 { _ = readQuoted(quote: b); continue }
                index += 1
                if b == 0x7B {
                    nesting[nesting.count - 1] = depth + 1
                } else if b == 0x7D {
                    if depth == 1 { nesting.removeLast() } else { nesting[nesting.count - 1] = depth - 1 }
                } else if b == 0x60 {
                    nesting.append(0)
                }
                continue
            }
            // In a literal's text: the token's own (nothing open) or a nested one.
            let own = nesting.isEmpty
            if b == 0x60 {
                index += 1
                if own { break }
                nesting.removeLast()
                continue
            }
            if b == 0x5C {
                if own && !sawSubstitution { readEscape(into: &value) } else { index = min(index + 2, bytes.count) }
                continue
            }
            if b == 0x24, index + 1 < bytes.count, bytes[index + 1] == 0x7B {  // ${
                if own { sawSubstitution = true }
                index += 2
                nesting.append(1)
                continue
            }
            if own && !sawSubstitution { value.append(b) }
            index += 1
        }
        return (sawSubstitution ? .templatePrefix : .string, String(decoding: value, as: UTF8.self))
    }

    private mutating func readEscape(into value: inout [UInt8]) {
        index += 1
        guard index < bytes.count else { return }
        let e = bytes[index]
        index += 1
        switch e {
        case 0x6E: value.append(0x0A)  // \n
        case 0x74: value.append(0x09)  // \t
        case 0x72: value.append(0x0D)  // \r
        case 0x0A: break               // line continuation
        case 0x78:                     // \xHH
            if let scalar = hexScalar(digits: 2) { append(scalar, to: &value) }
        case 0x75:                     // \uHHHH or \u{…}
            if index < bytes.count, bytes[index] == 0x7B {
                index += 1
                var n: UInt32 = 0
                while index < bytes.count, bytes[index] != 0x7D, let d = hexValue(bytes[index]) {
                    n = n &* 16 &+ d
                    index += 1
                }
                if index < bytes.count, bytes[index] == 0x7D { index += 1 }
                if let scalar = Unicode.Scalar(n) { append(scalar, to: &value) }
            } else if let scalar = hexScalar(digits: 4) {
                append(scalar, to: &value)
            }
        default: value.append(e)
        }
    }

    private mutating func hexScalar(digits: Int) -> Unicode.Scalar? {
        guard index + digits <= bytes.count else { return nil }
        var n: UInt32 = 0
        for i in 0..<digits {
            guard let d = hexValue(bytes[index + i]) else { return nil }
            n = n * 16 + d
        }
        index += digits
        return Unicode.Scalar(n)
    }

    private func append(_ scalar: Unicode.Scalar, to value: inout [UInt8]) {
        value.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    /// A `/` starts a regular expression where an expression may begin.
    private func regexAllowed() -> Bool {
        guard let last else { return true }
        switch last.kind {
        case .number, .string, .templatePrefix: return false
        case .identifier:
            // An identifier's text is its bytes (no escapes), made only here.
            switch text(last.start, last.end) {
            case "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void",
                 "throw", "instanceof", "yield", "await": return true
            default: return false
            }
        case .punct:
            // `)`, `]`, `}` (multi-byte punctuators have no byte: none of these).
            switch last.byte {
            case 0x29, 0x5D, 0x7D: return false
            default: return true
            }
        }
    }

    private mutating func skipRegex() {
        index += 1
        var inClass = false
        while index < bytes.count {
            let b = bytes[index]
            if b == 0x0A { return }
            if b == 0x5C { index += 2; continue }
            if b == 0x5B { inClass = true } else if b == 0x5D { inClass = false }
            index += 1
            if b == 0x2F, !inClass { break }
        }
        while index < bytes.count, isIdentifierPart(bytes[index]) { index += 1 }  // flags
    }

    /// The few multi-byte punctuators the scanner cares about; the rest are single bytes.
    /// Longest match first, decided on the bytes (this runs for every punctuator).
    private mutating func readPunct() -> String {
        let b = bytes[index]
        // Most punctuators (`(`, `)`, `;`, `,`, braces, brackets) start no longer one: decided
        // on their first byte alone, before the two bytes after are read (issue 17).
        switch b {
        case 0x3D, 0x21, 0x2B, 0x26, 0x7C, 0x3F, 0x2E: break  // = ! + & | ? .
        default:
            index += 1
            return b < 0x80 ? Self.punct(b) : String(UnicodeScalar(b))
        }
        let next: UInt8 = index + 1 < bytes.count ? bytes[index + 1] : 0
        let third: UInt8 = index + 2 < bytes.count ? bytes[index + 2] : 0
        let punct: String
        switch (b, next) {
        case (0x3D, 0x3D): punct = third == 0x3D ? "===" : "=="  // = =
        case (0x3D, 0x3E): punct = "=>"
        case (0x21, 0x3D): punct = third == 0x3D ? "!==" : "!="  // ! =
        case (0x2B, 0x3D): punct = "+="
        case (0x26, 0x26): punct = "&&"
        case (0x7C, 0x7C): punct = "||"
        case (0x3F, 0x2E): punct = "?."
        case (0x2E, 0x2E) where third == 0x2E: punct = "..."
        default:
            index += 1
            return b < 0x80 ? Self.punct(b) : String(UnicodeScalar(b))
        }
        index += punct.utf8.count
        return punct
    }

    private func text(_ from: Int, _ to: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
    }
}

private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

/// The bytes a name is made of, as bits: one shift and test a byte where the ranges were
/// up to five comparisons and as many branches (a name's bytes were a tenth of the
/// tokenizer's instructions on the dense corpus, issue 17). `JSTokenizerTests` holds each
/// equal to its plain twin below on all 256 bytes.
/// ASCII 0x00–0x3F: `$`, and for a part the digits.
private let identifierStartLow: UInt64 = 1 << 0x24
private let identifierPartLow: UInt64 = identifierStartLow | (0x3FF << 0x30)
/// ASCII 0x40–0x7F: `A`–`Z`, `_`, `a`–`z`.
private let identifierHigh: UInt64 = (0x3FF_FFFF << 1) | (1 << 0x1F) | (0x3FF_FFFF << 0x21)

@inline(__always) func isIdentifierStart(_ b: UInt8) -> Bool {
    b >= 0x80 || ((b < 0x40 ? identifierStartLow : identifierHigh) >> UInt64(b & 0x3F)) & 1 != 0
}
@inline(__always) func isIdentifierPart(_ b: UInt8) -> Bool {
    b >= 0x80 || ((b < 0x40 ? identifierPartLow : identifierHigh) >> UInt64(b & 0x3F)) & 1 != 0
}
/// The plain twins, as first written.
func isIdentifierStartPlain(_ b: UInt8) -> Bool {
    (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || b == 0x24 || b >= 0x80
}
func isIdentifierPartPlain(_ b: UInt8) -> Bool { isIdentifierStartPlain(b) || isDigit(b) }
private func hexValue(_ b: UInt8) -> UInt32? {
    switch b {
    case 0x30...0x39: return UInt32(b - 0x30)
    case 0x61...0x66: return UInt32(b - 0x61 + 10)
    case 0x41...0x46: return UInt32(b - 0x41 + 10)
    default: return nil
    }
}
