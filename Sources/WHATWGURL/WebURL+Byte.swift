// ASCII byte constants and classes used by the URL parser (nested in WebURL so they
// cannot clash with helpers elsewhere in the module).

extension WebURL {
    enum Byte {
        static let slash = UInt8(ascii: "/")
        static let backslash = UInt8(ascii: "\\")
        static let colon = UInt8(ascii: ":")
        static let question = UInt8(ascii: "?")
        static let hash = UInt8(ascii: "#")
        static let at = UInt8(ascii: "@")
        static let dot = UInt8(ascii: ".")
        static let plus = UInt8(ascii: "+")
        static let minus = UInt8(ascii: "-")
        static let space = UInt8(ascii: " ")
        static let percent = UInt8(ascii: "%")
        static let leftBracket = UInt8(ascii: "[")
        static let rightBracket = UInt8(ascii: "]")

        @inline(__always)
        static func isAlpha(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }

        @inline(__always)
        static func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        /// A Windows drive letter: an ASCII letter then ':' or '|' ("C:", "c|"); with
        /// `normalizedOnly`, only ':'.
        static func isWindowsDriveLetter<C: Collection>(_ bytes: C, normalizedOnly: Bool = false) -> Bool
        where C.Element == UInt8 {
            guard bytes.count == 2 else { return false }
            let second = bytes[bytes.index(after: bytes.startIndex)]
            return isAlpha(bytes.first!)
                && (second == UInt8(ascii: ":") || (!normalizedOnly && second == UInt8(ascii: "|")))
        }
    }
}

extension WebURL {
    /// A set of ASCII bytes as two 64-bit masks, so a class test is a shift and an AND
    /// instead of a chain of range comparisons. Bytes >= 0x80 are never members.
    struct ASCIISet: Sendable {
        /// Bit n set: byte n (0x00–0x3F) is in the set.
        let low: UInt64
        /// Bit n set: byte 0x40 + n (0x40–0x7F) is in the set.
        let high: UInt64

        @inline(__always)
        func contains(_ byte: UInt8) -> Bool {
            if byte < 0x40 { return low & (1 &<< UInt64(byte)) != 0 }
            if byte < 0x80 { return high & (1 &<< UInt64(byte &- 0x40)) != 0 }
            return false
        }

        /// The set of the given characters' ASCII bytes (tests check the constants with it).
        init(_ characters: String) {
            var low: UInt64 = 0
            var high: UInt64 = 0
            for byte in characters.utf8 where byte < 0x80 {
                if byte < 0x40 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 0x40) }
            }
            self.init(low: low, high: high)
        }

        init(low: UInt64, high: UInt64) {
            self.low = low
            self.high = high
        }
    }
}
