/// `android.net.Uri.decode` / `Uri.encode`, with Android's exact quirks.
///
/// `decode` is `UriCodec.decode(s, convertPlus: false, UTF-8, throwOnFailure: false)`:
/// `+` stays `+`, `%XX` runs are decoded as UTF-8 (ill-formed bytes become U+FFFD), and a bad
/// escape never throws. Two quirks are kept on purpose because pages hit them:
/// a non-hex digit after `%` emits U+FFFD *and* still pushes the partial byte (0x00 for `%zz`,
/// 0x03 for `%3z`) into the byte run, and the bad digit itself is consumed; a `%` cut short by
/// the end of the string emits U+FFFD and ends decoding.
public enum AndroidUriCodec {
    public static func decode(_ s: String) -> String {
        var s = s
        switch s.withUTF8({ bytes -> Int in
            bytes.contains(0x25) ? (bytes.allSatisfy { $0 < 0x80 } ? 1 : 2) : 0
        }) {
        case 0: return s                   // nothing escaped: decoding changes nothing
        case 1: return decodeASCII(s)      // an ASCII string's bytes are its UTF-16 units
        default: return decodeUTF16(s)
        }
    }

    /// `decode` over an ASCII string's bytes: the same steps as `decodeUTF16`, whose units
    /// these bytes are, and the decoded runs appended as UTF-8.
    static func decodeASCII(_ s: String) -> String {
        let input = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var bytes: [UInt8] = []
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

        func flush() {
            guard !bytes.isEmpty else { return }
            out.append(contentsOf: String(decoding: bytes, as: UTF8.self).utf8)
            bytes.removeAll(keepingCapacity: true)
        }

        var i = 0
        scan: while i < input.count {
            let c = input[i]
            i += 1
            if c == 0x25 /* % */ {
                var value: UInt8 = 0
                for _ in 0..<2 {
                    guard i < input.count else {
                        flush()
                        out.append(contentsOf: replacement)
                        break scan
                    }
                    let digit = hexValue(UInt16(input[i]))
                    i += 1
                    guard let digit else {
                        flush()
                        out.append(contentsOf: replacement)
                        break
                    }
                    value = value &* 16 &+ digit
                }
                bytes.append(value)
            } else {
                flush()
                out.append(c)
            }
        }
        flush()
        return String(decoding: out, as: UTF8.self)
    }

    /// `decode` as Android runs it, over UTF-16 units: the reference `decodeASCII` is tested against.
    static func decodeUTF16(_ s: String) -> String {
        let input = Array(s.utf16)
        var out: [UInt16] = []
        out.reserveCapacity(input.count)
        var bytes: [UInt8] = []

        func flush() {
            guard !bytes.isEmpty else { return }
            // Java's REPLACE decoder and Swift both substitute U+FFFD per maximal ill-formed subpart.
            out.append(contentsOf: String(decoding: bytes, as: UTF8.self).utf16)
            bytes.removeAll(keepingCapacity: true)
        }

        var i = 0
        scan: while i < input.count {
            let c = input[i]
            i += 1
            if c == 0x25 /* % */ {
                var value: UInt8 = 0
                for _ in 0..<2 {
                    guard i < input.count else {
                        flush()
                        out.append(0xFFFD)
                        break scan
                    }
                    let digit = hexValue(input[i])
                    i += 1
                    guard let digit else {
                        flush()
                        out.append(0xFFFD)
                        break
                    }
                    value = value &* 16 &+ digit
                }
                bytes.append(value)
            } else {
                flush()
                out.append(c)
            }
        }
        flush()
        return String(decoding: out, as: UTF16.self)
    }

    /// `Uri.encode(s)`: keeps letters, digits and `_-!.~'()*`, escapes the rest as
    /// upper-case `%XX` of its UTF-8 bytes.
    public static func encode(_ s: String) -> String {
        var out = ""
        for byte in s.utf8 {
            let ch = Character(Unicode.Scalar(byte))
            if byte < 0x80, ch.isLetter || ch.isNumber || "_-!.~'()*".contains(ch) {
                out.append(ch)
            } else {
                out += "%" + String(byte >> 4, radix: 16, uppercase: true)
                    + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }

    private static func hexValue(_ u: UInt16) -> UInt8? {
        switch u {
        case 0x30...0x39: return UInt8(u - 0x30)
        case 0x41...0x46: return UInt8(u - 0x41 + 10)
        case 0x61...0x66: return UInt8(u - 0x61 + 10)
        default: return nil
        }
    }
}
