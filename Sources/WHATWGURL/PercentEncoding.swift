// Percent-encode sets and percent-decoding from the WHATWG URL Standard, on UTF-8 bytes.
//
// Every set contains all non-ASCII bytes, so encoding a string's UTF-8 bytes one at a time
// is the same as the spec's "UTF-8 percent-encode" of each code point.

/// A set of ASCII bytes that must be percent-encoded; bytes >= 0x80 always are.
extension WebURL {
    struct PercentEncodeSet: Sendable {
        /// Bit n set: byte n (0x00–0x3F) is in the set.
        let low: UInt64
        /// Bit n set: byte 0x40 + n (0x40–0x7F) is in the set.
        let high: UInt64

        @inline(__always)
        func contains(_ byte: UInt8) -> Bool {
            if byte < 0x40 { return low & (1 &<< UInt64(byte)) != 0 }
            if byte < 0x80 { return high & (1 &<< UInt64(byte &- 0x40)) != 0 }
            return true
        }

        /// This set plus the given ASCII characters. The sets below are written as constants
        /// so hot loops need no lazy-initialisation check; tests rebuild them with this.
        func adding(_ characters: String) -> PercentEncodeSet {
            var low = self.low
            var high = self.high
            for byte in characters.utf8 {
                if byte < 0x40 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 0x40) }
            }
            return PercentEncodeSet(low: low, high: high)
        }

        /// C0 controls (0x00–0x1F) and everything above U+007E (here: 0x7F; non-ASCII is implicit).
        static var c0Control: PercentEncodeSet {
            PercentEncodeSet(low: 0x0000_0000_FFFF_FFFF, high: 0x8000_0000_0000_0000)
        }
        /// C0 control set plus space " < > `.
        static var fragment: PercentEncodeSet {
            PercentEncodeSet(low: 0x5000_0005_FFFF_FFFF, high: 0x8000_0001_0000_0000)
        }
        /// C0 control set plus space " # < >.
        static var query: PercentEncodeSet {
            PercentEncodeSet(low: 0x5000_000D_FFFF_FFFF, high: 0x8000_0000_0000_0000)
        }
        /// Query set plus '.
        static var specialQuery: PercentEncodeSet {
            PercentEncodeSet(low: 0x5000_008D_FFFF_FFFF, high: 0x8000_0000_0000_0000)
        }
        /// Query set plus ? ^ ` { }.
        static var path: PercentEncodeSet {
            PercentEncodeSet(low: 0xD000_000D_FFFF_FFFF, high: 0xA800_0001_4000_0000)
        }
        /// Path set plus / : ; = @ [ \ ] ^ |.
        static var userinfo: PercentEncodeSet {
            PercentEncodeSet(low: 0xFC00_800D_FFFF_FFFF, high: 0xB800_0001_7800_0001)
        }
    }

    package enum PercentEncoding {
        /// Appends `byte`, percent-encoded when it is in `set`.
        @inline(__always)
        static func append(_ byte: UInt8, _ set: PercentEncodeSet, to output: inout [UInt8]) {
            if set.contains(byte) {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0x0F))
            } else {
                output.append(byte)
            }
        }

        /// Upper-case hex digit for a value 0–15.
        @inline(__always)
        package static func hexDigit(_ value: UInt8) -> UInt8 {
            value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
        }

        /// Appends every byte of `bytes`, percent-encoding those in `set`.
        static func append<C: Collection>(
            contentsOf bytes: C, _ set: PercentEncodeSet, to output: inout [UInt8]
        ) where C.Element == UInt8 {
            for byte in bytes { append(byte, set, to: &output) }
        }

        /// Value of an ASCII hex digit, or nil.
        @inline(__always)
        package static func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }

        /// The spec's percent-decode: "%XX" with two hex digits becomes one byte; a '%' not
        /// followed by two hex digits stays as it is.
        static func decode<C: RandomAccessCollection>(_ bytes: C) -> [UInt8]
        where C.Element == UInt8, C.Index == Int {
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var index = bytes.startIndex
            while index < bytes.endIndex {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
                   let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                    output.append(high << 4 | low)
                    index += 3
                } else {
                    output.append(byte)
                    index += 1
                }
            }
            return output
        }
    }
}
