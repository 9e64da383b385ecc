// The URL Standard's "domain to ASCII" (beStrict = false): UTS #46 ToASCII with
// CheckHyphens = false, CheckBidi = true, CheckJoiners = true, UseSTD3ASCIIRules = false,
// Transitional_Processing = false, VerifyDnsLength = false (Docs/PLATFORM.md §F).
//
// ASCII input is only lower-cased, with no C call: the URL Standard and the WPT vectors
// (toascii.json: "xn--a" → "xn--a") take an all-ASCII domain as it is, so the common case
// costs what it always did. Non-ASCII input goes to Debian's libidn2 (IDNA+UTS46.swift).

extension WebURL {
    enum IDNA {
        /// Domain to ASCII with beStrict = false. Input is the percent-decoded host; output is
        /// the ASCII domain, or nil for failure.
        static func domainToASCII(_ domain: [UInt8]) -> [UInt8]? {
            var result: [UInt8]
            if domain.allSatisfy({ $0 < 0x80 }) {
                // ASCII fast path: lower-casing is the whole mapping for ASCII.
                result = domain
                for index in result.indices where isUpper(result[index]) { result[index] |= 0x20 }
            } else {
                guard let mapped = UTS46.toASCII(domain) else { return nil }
                result = mapped
            }
            if result.isEmpty { return nil }
            for byte in result where isForbiddenDomainByte(byte) { return nil }
            return result
        }

        static func hasACEPrefix(_ label: ArraySlice<UInt8>) -> Bool {
            guard label.count >= 4 else { return false }
            let start = label.startIndex
            return label[start] | 0x20 == UInt8(ascii: "x") && label[start + 1] | 0x20 == UInt8(ascii: "n")
                && label[start + 2] == UInt8(ascii: "-") && label[start + 3] == UInt8(ascii: "-")
        }

        @inline(__always)
        static func isUpper(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
        }

        /// Forbidden domain code points: forbidden host code points, C0 controls, '%', DEL.
        @inline(__always)
        static func isForbiddenDomainByte(_ byte: UInt8) -> Bool {
            byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "%") || isForbiddenHostByte(byte)
        }

        /// Forbidden host code points (for opaque hosts of non-special URLs).
        @inline(__always)
        static func isForbiddenHostByte(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x00, 0x09, 0x0A, 0x0D, 0x20, UInt8(ascii: "#"), UInt8(ascii: "/"), UInt8(ascii: ":"),
                 UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "["),
                 UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "|"):
                return true
            default:
                return false
            }
        }
    }
}
