/// Java's number and boolean parsers as `Intent.parseUri` calls them.
///
/// Exactness matters: `i.x=1.0` or `i.x= 5` is a parse *failure* on Android (the whole link
/// breaks), so a lenient Swift parser would hide real defects.
enum JavaNumbers {
    /// Java's `NumberFormatException`; `message` follows the JDK's wording.
    struct FormatError: Error, Equatable {
        let message: String
        static func input(_ s: String) -> FormatError { FormatError(message: "For input string: \"\(s)\"") }
    }

    /// `Character.digit(ch, radix)`: ASCII and other Unicode decimal digits, Latin letters
    /// (also full-width) for radices above 10; -1 when not a digit.
    static func digit(_ u: UInt16, radix: Int) -> Int {
        var value = -1
        switch u {
        case 0x41...0x5A: value = Int(u) - 0x41 + 10
        case 0x61...0x7A: value = Int(u) - 0x61 + 10
        case 0xFF21...0xFF3A: value = Int(u) - 0xFF21 + 10
        case 0xFF41...0xFF5A: value = Int(u) - 0xFF41 + 10
        default:
            if let scalar = Unicode.Scalar(u), scalar.properties.generalCategory == .decimalNumber,
               let n = scalar.properties.numericValue {
                value = Int(n)
            }
        }
        return value < radix ? value : -1
    }

    /// `Long.parseLong(s, radix)` restricted to `range` (`Integer.parseInt`, `Short.parseShort`…).
    static func parse(_ s: String, radix: Int = 10, range: ClosedRange<Int64>) throws -> Int64 {
        let u = Array(s.utf16)
        guard let first = u.first else { throw FormatError.input(s) }
        var negative = false
        var k = 0
        if first < 0x30 {   // below '0': only a sign may come first
            guard first == 0x2D || first == 0x2B, u.count > 1 else { throw FormatError.input(s) }
            negative = first == 0x2D
            k = 1
        }
        // Accumulate negatively, like the JDK, so the minimum value parses.
        let limit = negative ? range.lowerBound : -range.upperBound
        var result: Int64 = 0
        while k < u.count {
            let d = digit(u[k], radix: radix)
            k += 1
            guard d >= 0 else { throw FormatError.input(s) }
            let (times, o1) = result.multipliedReportingOverflow(by: Int64(radix))
            let (next, o2) = times.subtractingReportingOverflow(Int64(d))
            guard !o1, !o2, next >= limit else { throw FormatError.input(s) }
            result = next
        }
        return negative ? result : -result
    }

    static func parseInt(_ s: String) throws -> Int32 { Int32(try parse(s, range: Int64(Int32.min)...Int64(Int32.max))) }
    static func parseLong(_ s: String) throws -> Int64 { try parse(s, range: Int64.min...Int64.max) }
    static func parseShort(_ s: String) throws -> Int16 { Int16(try parse(s, range: Int64(Int16.min)...Int64(Int16.max))) }
    static func parseByte(_ s: String) throws -> Int8 { Int8(try parse(s, range: Int64(Int8.min)...Int64(Int8.max))) }

    /// `Integer.decode`: optional sign, then `0x`/`0X`/`#` hex, a leading `0` octal, or decimal.
    static func decodeInt(_ s: String) throws -> Int32 {
        let u = JavaString(s)
        guard u.count > 0 else { throw FormatError(message: "Zero length string") }
        var index = 0
        var negative = false
        if u.units[0] == 0x2D { negative = true; index = 1 } else if u.units[0] == 0x2B { index = 1 }
        var radix = 10
        if u.startsWith("0x", at: index) || u.startsWith("0X", at: index) {
            index += 2; radix = 16
        } else if u.startsWith("#", at: index) {
            index += 1; radix = 16
        } else if u.startsWith("0", at: index), u.count > index + 1 {
            index += 1; radix = 8
        }
        if u.startsWith("-", at: index) || u.startsWith("+", at: index) {
            throw FormatError(message: "Sign character in wrong position")
        }
        let body = try! u.substring(index)
        let value = try parse((negative ? "-" : "") + body, radix: radix,
                              range: Int64(Int32.min)...Int64(Int32.max))
        return Int32(value)
    }

    /// How `launchFlags=` is read. Recent platform builds (the same ones with the CTS-asserted
    /// "uri end not found" check) fall back to an unsigned parse for `0x…`, so the form `toUri`
    /// writes for high-bit flags (`0x80000000`…) reads back; older builds reject it.
    static func decodeLaunchFlags(_ s: String) throws -> Int32 {
        do {
            return try decodeInt(s)
        } catch let error as FormatError {
            let u = JavaString(s)
            guard u.startsWith("0x", at: 0), let rest = try? u.substring(2),
                  !rest.hasPrefix("-"),
                  let value = try? parse(rest, radix: 16, range: 0...0xFFFF_FFFF) else { throw error }
            return Int32(bitPattern: UInt32(value))
        }
    }

    /// `Boolean.parseBoolean`: true only for "true", ignoring case; never fails.
    static func parseBoolean(_ s: String) -> Bool { s.utf16.count == 4 && s.lowercased() == "true" }

    static func parseDouble(_ s: String) throws -> Double {
        let text = try javaFloatingText(s)
        if text.isNaN { return .nan }
        guard let value = Double(text.swiftText) else { throw FormatError.input(s) }
        return value
    }

    static func parseFloat(_ s: String) throws -> Float {
        let text = try javaFloatingText(s)
        if text.isNaN { return .nan }
        guard let value = Float(text.swiftText) else { throw FormatError.input(s) }
        return value
    }
}
