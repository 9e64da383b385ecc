/// The grammar `Double.parseDouble` / `Float.parseFloat` accept (JDK `FloatingDecimal`), checked
/// here so Swift's more lenient parser (which takes `inf`, `nan`, `0x1.8` without exponent…)
/// only ever sees strings Java would take.
extension JavaNumbers {
    struct FloatingText {
        var isNaN = false
        /// The Java literal rewritten for Swift's parser (sign, body, no `f`/`d` suffix).
        var swiftText = ""
    }

    static func javaFloatingText(_ raw: String) throws -> FloatingText {
        // `String.trim()`: drop chars <= U+0020 at both ends.
        let u16 = Array(raw.utf16)
        guard let start = u16.firstIndex(where: { $0 > 0x20 }),
              let end = u16.lastIndex(where: { $0 > 0x20 }) else {
            throw FormatError(message: "empty String")   // also for all-blank input, after trim()
        }
        let s = Array(u16[start...end]).map { $0 < 0x80 ? Character(Unicode.Scalar(UInt8($0))) : "\u{FFFD}" }
        let bad = FormatError.input(raw)
        var i = 0
        var sign = ""
        if s[i] == "+" || s[i] == "-" { sign = s[i] == "-" ? "-" : ""; i += 1 }
        let rest = String(s[i...])
        if rest == "NaN" { return FloatingText(isNaN: true) }
        if rest == "Infinity" { return FloatingText(swiftText: sign + "inf") }

        var body = Array(rest)
        if let last = body.last, "fFdD".contains(last) { body.removeLast() }
        let isHex = body.count >= 2 && body[0] == "0" && (body[1] == "x" || body[1] == "X")
        guard isHex ? validHex(body) : validDecimal(body) else { throw bad }
        return FloatingText(swiftText: sign + String(body))
    }

    /// Digits [. Digits] | . Digits, then optional e[sign]Digits.
    private static func validDecimal(_ b: [Character]) -> Bool {
        var i = 0
        var mantissaDigits = 0
        while i < b.count, b[i].isASCII, b[i].isNumber { i += 1; mantissaDigits += 1 }
        if i < b.count, b[i] == "." {
            i += 1
            while i < b.count, b[i].isASCII, b[i].isNumber { i += 1; mantissaDigits += 1 }
        }
        guard mantissaDigits > 0 else { return false }
        if i < b.count, b[i] == "e" || b[i] == "E" {
            i += 1
            if i < b.count, b[i] == "+" || b[i] == "-" { i += 1 }
            let expStart = i
            while i < b.count, b[i].isASCII, b[i].isNumber { i += 1 }
            guard i > expStart else { return false }
        }
        return i == b.count
    }

    /// 0x HexDigits [.] | 0x [HexDigits] . HexDigits, then a required p[sign]Digits.
    private static func validHex(_ b: [Character]) -> Bool {
        var i = 2
        var digits = 0
        while i < b.count, b[i].isHexDigit { i += 1; digits += 1 }
        if i < b.count, b[i] == "." {
            i += 1
            while i < b.count, b[i].isHexDigit { i += 1; digits += 1 }
        }
        guard digits > 0, i < b.count, b[i] == "p" || b[i] == "P" else { return false }
        i += 1
        if i < b.count, b[i] == "+" || b[i] == "-" { i += 1 }
        let expStart = i
        while i < b.count, b[i].isASCII, b[i].isNumber { i += 1 }
        return i > expStart && i == b.count
    }
}
