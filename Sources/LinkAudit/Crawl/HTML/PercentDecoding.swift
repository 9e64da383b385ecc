/// Percent-decoding as the URL Standard defines it: `%XX` becomes the byte, anything
/// else (a lone `%`, a bad hex digit) stays as written; the result is read as UTF-8.
/// Browsers decode a `javascript:` URL's body this way before running it.
enum PercentDecoding {
    static func decode(_ input: String) -> String {
        guard input.utf8.contains(0x25) else { return input }
        let bytes = Array(input.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x25, i + 2 < bytes.count, let high = hex(bytes[i + 1]), let low = hex(bytes[i + 2]) {
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }
}
