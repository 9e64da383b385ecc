import CIDN2

// UTS #46 ToASCII for non-ASCII domains through Debian's libidn2 (2.3.3), label by label.
//
// libidn2 is an IDNA2008 library with UTS #46 preprocessing. `idn2_lookup_u8` with
// IDN2_NONTRANSITIONAL does the UTS #46 mapping (NFC included) and validation, with STD3
// rules off by default (IDN2_USE_STD3_ASCII_RULES not set) and IDN2_NO_ALABEL_ROUNDTRIP so
// "xn--" labels are checked as UTS #46 says, not re-checked under IDNA2008. What it cannot
// be told, and what is done around the call instead:
// - CheckHyphens = false: libidn2 always rejects "--" in positions 3–4 and a leading or
//   trailing hyphen. Hyphens (U+002D and what UTS #46 maps to it, U+FE63 and U+FF0D) are
//   swapped for '%' before the call and back after. Punycode copies ASCII code points in
//   place and never uses their values, so the A-label is the same apart from that byte;
//   both are Bidi class ES/ET, which the Bidi rule treats alike. A label holding a real '%'
//   fails up front: the result would carry that forbidden domain code point anyway.
// - VerifyDnsLength = false: libidn2 rejects domains over 255 bytes, so each label is a
//   separate call. A single label whose A-label exceeds 63 bytes still fails (libidn2's
//   fixed buffers); the conformance tests list those vectors.
// - IDNA2008's own code point rules (symbols such as U+2665 or U+2615 are DISALLOWED,
//   CONTEXTO rules) are not UTS #46: on those errors the label is retried with
//   IDN2_TRANSITIONAL, which skips them. Transitional mapping differs from
//   non-transitional only on the deviation characters (ß, ς, ZWNJ, ZWJ) and transitional
//   processing skips the Bidi and joiner checks, so labels holding a deviation character or
//   a right-to-left code point are not retried (they stay failures, never wrong output).
extension WebURL.IDNA {
    enum UTS46 {
        static func toASCII(_ domain: [UInt8]) -> [UInt8]? {
            // Invalid UTF-8 (from percent-decoding) becomes U+FFFD, which UTS #46 disallows;
            // NUL would end the C string early and is a forbidden domain code point anyway.
            if domain.contains(0) { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(domain.count * 2)
            var label: [Unicode.Scalar] = []
            var first = true
            func finishLabel() -> Bool {
                defer { label.removeAll(keepingCapacity: true) }
                if !first { output.append(UInt8(ascii: ".")) }
                first = false
                guard let ascii = labelToASCII(label) else { return false }
                output.append(contentsOf: ascii)
                return true
            }
            for scalar in String(decoding: domain, as: UTF8.self).unicodeScalars {
                if isLabelSeparator(scalar) {
                    guard finishLabel() else { return nil }
                } else {
                    label.append(scalar)
                }
            }
            guard finishLabel() else { return nil }
            return output
        }

        /// The four code points UTS #46 maps to FULL STOP, split on before mapping.
        private static func isLabelSeparator(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x2E, 0x3002, 0xFF0E, 0xFF61: return true
            default: return false
            }
        }

        private static func labelToASCII(_ label: [Unicode.Scalar]) -> [UInt8]? {
            guard label.allSatisfy(\.isASCII) else {
                // An "xn--" label must be ASCII (UTS #46 §4.1 step 4.1).
                if label.count >= 4, label.prefix(4).allSatisfy(\.isASCII),
                   hasACEPrefix(ArraySlice(label.prefix(4).map { UInt8($0.value) })) { return nil }
                return mapAndValidate(label)
            }
            var bytes = label.map { UInt8($0.value) }
            for index in bytes.indices where isUpper(bytes[index]) { bytes[index] |= 0x20 }
            guard hasACEPrefix(bytes[...]) else { return bytes }
            // An A-label must decode to a non-ASCII label that is already valid and mapped.
            guard let decoded = WebURL.Punycode.decode(bytes.dropFirst(4)), !decoded.isEmpty,
                  !decoded.allSatisfy({ $0 < 0x80 }) else { return nil }
            var scalars: [Unicode.Scalar] = []
            for value in decoded {
                guard let scalar = Unicode.Scalar(value), !isLabelSeparator(scalar) else { return nil }
                scalars.append(scalar)
            }
            return mapAndValidate(scalars) == bytes ? bytes : nil
        }

        /// One non-ASCII label through libidn2, hyphens masked (see above).
        private static func mapAndValidate(_ label: [Unicode.Scalar]) -> [UInt8]? {
            var text = ""
            text.unicodeScalars.reserveCapacity(label.count)
            for scalar in label {
                switch scalar.value {
                case 0x25, 0xFF05, 0xFE6A: return nil  // '%' and what UTS #46 maps to it
                case 0x2D, 0xFE63, 0xFF0D: text.unicodeScalars.append("%")
                default: text.unicodeScalars.append(scalar)
                }
            }
            let nonTransitional = Int32(IDN2_NONTRANSITIONAL.rawValue | IDN2_NO_ALABEL_ROUNDTRIP.rawValue)
            var result = lookup(text, flags: nonTransitional)
            switch result {
            case .failure(IDN2_DISALLOWED.rawValue), .failure(IDN2_CONTEXTO.rawValue),
                 .failure(IDN2_CONTEXTO_NO_RULE.rawValue):
                if label.contains(where: isDeviationOrRightToLeft) { break }
                result = lookup(text, flags: Int32(IDN2_TRANSITIONAL.rawValue | IDN2_NO_ALABEL_ROUNDTRIP.rawValue))
            default:
                break
            }
            guard case .success(var bytes) = result else { return nil }
            for index in bytes.indices where bytes[index] == UInt8(ascii: "%") { bytes[index] = UInt8(ascii: "-") }
            return bytes
        }

        private enum Lookup {
            case success([UInt8])
            case failure(Int32)
        }

        private static func lookup(_ text: String, flags: Int32) -> Lookup {
            var output: UnsafeMutablePointer<UInt8>?
            let code = text.withCString { input in
                input.withMemoryRebound(to: UInt8.self, capacity: text.utf8.count + 1) {
                    idn2_lookup_u8($0, &output, flags)
                }
            }
            defer { idn2_free(output) }
            guard code == IDN2_OK.rawValue, let output else { return .failure(code) }
            return .success(Array(UnsafeBufferPointer(start: output, count: strlen(output))))
        }

        /// Deviation characters (mapped differently by transitional processing; U+1E9E maps
        /// to ß) and right-to-left code points (Hebrew, Arabic, Syriac, Thaana, N'Ko, …, whose
        /// labels need the Bidi rule that only non-transitional processing applies).
        private static func isDeviationOrRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0xDF, 0x3C2, 0x200C, 0x200D, 0x1E9E: return true
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
            default: return false
            }
        }
    }
}
