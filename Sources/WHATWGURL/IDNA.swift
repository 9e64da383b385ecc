// A reduced "domain to ASCII" (UTS #46 ToASCII as the URL Standard calls it).
//
// What is done: ASCII lower-casing; Unicode lower-casing with Swift's `lowercased()`;
// the full-width ASCII forms and ideographic full stops browsers map; the code points
// UTS #46 ignores (soft hyphen, zero-width space, variation selectors, …); rejection of
// control, private-use, unassigned, separator and most format code points; the ZWJ/ZWNJ
// joiner check after a virama; rejection of labels starting with a combining mark;
// Punycode encoding of non-ASCII labels and validation of existing "xn--" labels.
//
// What is not done (it needs the UTS #46 mapping tables): NFKC/compatibility mappings
// (e.g. mathematical bold letters, ligatures), NFC checks, and the Bidi rule. Hosts that
// depend on those come out differently from a browser; see the WPT exclusion list.

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
                var labelStart = 0
                for index in 0...result.count where index == result.count || result[index] == Byte.dot {
                    if !isValidASCIILabel(result[labelStart..<index]) { return nil }
                    labelStart = index + 1
                }
            } else {
                guard let mapped = mapNonASCII(domain) else { return nil }
                result = mapped
            }
            if result.isEmpty { return nil }
            for byte in result where isForbiddenDomainByte(byte) { return nil }
            return result
        }

        /// Labels starting with "xn--" must be well-formed Punycode of a valid Unicode label.
        private static func isValidASCIILabel(_ label: ArraySlice<UInt8>) -> Bool {
            guard hasACEPrefix(label) else { return true }
            let digits = label.dropFirst(4)
            guard let decoded = Punycode.decode(digits) else { return false }
            if decoded.isEmpty { return true }  // WPT: "xn--" alone is accepted by browsers.
            if decoded.allSatisfy({ $0 < 0x80 }) { return false }
            var scalars: [Unicode.Scalar] = []
            for value in decoded {
                guard let scalar = Unicode.Scalar(value) else { return false }
                scalars.append(scalar)
            }
            if let first = scalars.first, isCombiningMark(first) { return false }
            for (index, scalar) in scalars.enumerated() {
                // A decoded label must already be in mapped form: nothing the mapping would change.
                if isIgnored(scalar) || isDisallowed(scalar) || scalar.properties.changesWhenLowercased {
                    return false
                }
                if isJoiner(scalar), !followsVirama(scalars, index) { return false }
            }
            return true
        }

        private static func mapNonASCII(_ domain: [UInt8]) -> [UInt8]? {
            // Invalid UTF-8 (from percent-decoding) becomes U+FFFD, which is disallowed.
            let lowered = String(decoding: domain, as: UTF8.self).lowercased()
            var output: [UInt8] = []
            output.reserveCapacity(domain.count * 2)
            var label: [Unicode.Scalar] = []
            func finishLabel() -> Bool {
                defer { label.removeAll(keepingCapacity: true) }
                if label.allSatisfy({ $0.isASCII }) {
                    let bytes = label.map { UInt8($0.value) }
                    guard isValidASCIILabel(bytes[...]) else { return false }
                    output.append(contentsOf: bytes)
                    return true
                }
                // A label already marked "xn--" must be all ASCII.
                if label.starts(with: ["x", "n", "-", "-"] as [Unicode.Scalar]) { return false }
                if isCombiningMark(label[0]) { return false }
                for (index, scalar) in label.enumerated()
                where isJoiner(scalar) && !followsVirama(label, index) {
                    return false
                }
                guard let encoded = Punycode.encode(label.map { $0.value }) else { return false }
                output.append(contentsOf: "xn--".utf8)
                output.append(contentsOf: encoded)
                return true
            }
            for scalar in lowered.unicodeScalars {
                switch map(scalar) {
                case .disallowed:
                    return nil
                case .ignored:
                    continue
                case .mapped(let mapped) where mapped == ".":
                    guard finishLabel() else { return nil }
                    output.append(UInt8(ascii: "."))
                case .mapped(let mapped):
                    label.append(mapped)
                }
            }
            guard finishLabel() else { return nil }
            return output
        }

        private enum Mapping {
            case mapped(Unicode.Scalar)
            case ignored
            case disallowed
        }

        /// One (already lower-cased) scalar's UTS #46 mapping, as far as we model it.
        private static func map(_ scalar: Unicode.Scalar) -> Mapping {
            switch scalar.value {
            case 0x3002, 0xFF0E, 0xFF61:
                return .mapped(".")
            case 0xFF01...0xFF5E:
                // Full-width ASCII: NFKC gives the ASCII character, then lower-case it.
                var value = scalar.value - 0xFEE0
                if value >= 0x41 && value <= 0x5A { value |= 0x20 }
                return .mapped(Unicode.Scalar(UInt8(value)))
            default:
                if isIgnored(scalar) { return .ignored }
                if isDisallowed(scalar) { return .disallowed }
                return .mapped(scalar)
            }
        }

        private static func isIgnored(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x00AD, 0x034F, 0x180B...0x180D, 0x180F, 0x200B, 0x2060, 0x2064, 0xFE00...0xFE0F, 0xFEFF,
                 0x1BCA0...0x1BCA3, 0xE0100...0xE01EF:
                return true
            default:
                return false
            }
        }

        private static func isDisallowed(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.isASCII { return false }
            if scalar.value == 0xFFFD || scalar.value == 0xFFFC { return true }
            switch scalar.properties.generalCategory {
            case .control, .surrogate, .privateUse, .unassigned,
                 .spaceSeparator, .lineSeparator, .paragraphSeparator:
                return true
            case .format:
                return !isJoiner(scalar)
            default:
                return false
            }
        }

        private static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value == 0x200C || scalar.value == 0x200D
        }

        /// CheckJoiners, reduced to its common rule: ZWJ/ZWNJ only right after a virama.
        private static func followsVirama(_ label: [Unicode.Scalar], _ index: Int) -> Bool {
            index > 0 && label[index - 1].properties.canonicalCombiningClass.rawValue == 9
        }

        private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return false
            }
        }

        private static func hasACEPrefix(_ label: ArraySlice<UInt8>) -> Bool {
            guard label.count >= 4 else { return false }
            let start = label.startIndex
            return label[start] | 0x20 == UInt8(ascii: "x") && label[start + 1] | 0x20 == UInt8(ascii: "n")
                && label[start + 2] == UInt8(ascii: "-") && label[start + 3] == UInt8(ascii: "-")
        }

        @inline(__always)
        private static func isUpper(_ byte: UInt8) -> Bool {
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
