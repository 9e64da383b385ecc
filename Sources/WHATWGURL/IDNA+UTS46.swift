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
//   separate call; a label whose A-label exceeds its 63-byte buffers is mapped in pieces
//   and Punycoded here (`lookupInPieces`).
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
            for original in label {
                guard let scalar = newerUTS46Mapping(original) else { continue }
                switch scalar.value {
                case 0x25, 0xFF05, 0xFE6A: return nil  // '%' and what UTS #46 maps to it
                case 0x2D, 0xFE63, 0xFF0D: text.unicodeScalars.append("%")
                default: text.unicodeScalars.append(scalar)
                }
            }
            var result = lookupWithRetry(text, label)
            switch result {
            case .failure(IDN2_PUNYCODE_BIG_OUTPUT.rawValue), .failure(IDN2_TOO_BIG_LABEL.rawValue),
                 .failure(IDN2_TOO_BIG_DOMAIN.rawValue):
                result = lookupInPieces(text, label)
            default:
                break
            }
            guard case .success(var bytes) = result else { return nil }
            for index in bytes.indices where bytes[index] == UInt8(ascii: "%") { bytes[index] = UInt8(ascii: "-") }
            return bytes
        }

        private static func lookupWithRetry(_ text: String, _ label: [Unicode.Scalar]) -> Lookup {
            let nonTransitional = Int32(IDN2_NONTRANSITIONAL.rawValue | IDN2_NO_ALABEL_ROUNDTRIP.rawValue)
            let result = lookup(text, flags: nonTransitional)
            switch result {
            case .failure(IDN2_DISALLOWED.rawValue), .failure(IDN2_CONTEXTO.rawValue),
                 .failure(IDN2_CONTEXTO_NO_RULE.rawValue):
                if label.contains(where: isDeviationOrRightToLeft) { return result }
                return lookup(text, flags: Int32(IDN2_TRANSITIONAL.rawValue | IDN2_NO_ALABEL_ROUNDTRIP.rawValue))
            default:
                return result
            }
        }

        /// VerifyDnsLength = false for a label whose A-label exceeds libidn2's 63 bytes: map
        /// pieces of it (cut only before an ASCII letter or digit, which starts no combining
        /// sequence, composes with nothing and carries no joining context), decode each
        /// piece's result back to code points and Punycode the whole label here.
        private static func lookupInPieces(_ text: String, _ label: [Unicode.Scalar]) -> Lookup {
            var pieces: [String] = [""]
            var pieceLength = 0
            for scalar in text.unicodeScalars {
                let cuttable = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                if pieceLength >= 16 && cuttable {
                    pieces.append("")
                    pieceLength = 0
                }
                if pieceLength >= 48 { return .failure(IDN2_TOO_BIG_LABEL.rawValue) }
                pieces[pieces.count - 1].unicodeScalars.append(scalar)
                pieceLength += 1
            }
            var mapped: [UInt32] = []
            for piece in pieces {
                guard case .success(let bytes) = lookupWithRetry(piece, label) else {
                    return .failure(IDN2_TOO_BIG_LABEL.rawValue)
                }
                if bytes.contains(UInt8(ascii: ".")) { return .failure(IDN2_DOT_IN_LABEL.rawValue) }
                if hasACEPrefix(bytes[...]) {
                    guard let decoded = WebURL.Punycode.decode(bytes.dropFirst(4)) else {
                        return .failure(IDN2_PUNYCODE_BAD_INPUT.rawValue)
                    }
                    mapped.append(contentsOf: decoded)
                } else {
                    mapped.append(contentsOf: bytes.map(UInt32.init))
                }
            }
            if mapped.allSatisfy({ $0 < 0x80 }) { return .success(mapped.map { UInt8($0) }) }
            guard let encoded = WebURL.Punycode.encode(mapped) else { return .failure(IDN2_PUNYCODE_OVERFLOW.rawValue) }
            return .success(Array("xn--".utf8) + encoded)
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

        /// Where UTS #46 changed after the tables in libidn2 2.3.3, the newer mapping (nil:
        /// ignored) applied before the call. 15.1 dropped the IDNA2008 exceptions it used to
        /// copy: U+1E9E maps to ß (not "ss"), the Georgian capitals, U+04C0, U+2132, U+2183
        /// and five CJK compatibility ideographs map to their lower-case or canonical forms
        /// instead of being disallowed. 16.0 ignores default-ignorable code points it used to
        /// disallow: the Hangul fillers, U+17B4–U+17B5, U+180E, U+206A–U+206F and the musical
        /// formatting controls U+1D173–U+1D17A (WPT vectors show U+115F, U+1160, U+FFA0,
        /// U+17B4, U+180E, U+206B, U+1D175). A fixed list of code points, not a table.
        private static func newerUTS46Mapping(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
            let value: UInt32
            switch scalar.value {
            case 0x1E9E: value = 0xDF
            case 0x10A0...0x10C5: value = scalar.value - 0x10A0 + 0x2D00
            case 0x10C7: value = 0x2D27
            case 0x10CD: value = 0x2D2D
            case 0x04C0: value = 0x04CF
            case 0x2132: value = 0x214E
            case 0x2183: value = 0x2184
            case 0x2F868: value = 0x36FC
            case 0x2F874: value = 0x5F53
            case 0x2F91F: value = 0x243AB
            case 0x2F95F: value = 0x7AEE
            case 0x2F9BF: value = 0x45D7
            case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x17B4, 0x17B5, 0x180E, 0x206A...0x206F, 0x1D173...0x1D17A: return nil
            default: return scalar
            }
            return Unicode.Scalar(value)
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
