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
