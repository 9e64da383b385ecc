/// JSON string literals, the one escaper of every JSON the reports write (links.jsonl,
/// pages.jsonl, findings.json, SARIF, `explain`): quoted, with `"`, `\` and control
/// characters escaped (`\n`, `\r`, `\t`, else `\u00XX`), everything else — UTF-8
/// included — copied as it is.
package enum JSONString {
    /// `value` quoted and escaped. Room for the worst case (every byte a six-byte escape)
    /// is reserved once; then eight bytes are copied at a time while none needs escaping
    /// (nearly all text), and the rest byte by byte.
    @inline(__always)
    static func append(_ value: String, to out: inout ByteBuffer) {
        value.withBorrowedUTF8 { append(bytes: $0, to: &out) }
    }

    static func append(bytes utf8: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer) {
        out.write(maxBytes: utf8.count * 6 + 2) { start in
            var p = start
            p.pointee = 0x22
            p += 1
            guard let source = utf8.baseAddress else {
                p.pointee = 0x22
                return 2
            }
            var i = 0
            let count = utf8.count
            while i < count {
                // Sixteen bytes a step while none needs escaping: one test and one branch for
                // two words (a links.jsonl line's raw link and URL are most of its bytes).
                while i + 16 <= count {
                    let first = EightBytes.load(source + i), second = EightBytes.load(source + i + 8)
                    if needsEscape(first, second) { break }
                    UnsafeMutableRawPointer(p).storeBytes(of: first, as: UInt64.self)
                    UnsafeMutableRawPointer(p + 8).storeBytes(of: second, as: UInt64.self)
                    p += 16
                    i += 16
                }
                guard i < count else { break }
                if i + 8 <= count {
                    let word = EightBytes.load(source + i)
                    if !needsEscape(word) {
                        UnsafeMutableRawPointer(p).storeBytes(of: word, as: UInt64.self)
                        p += 8
                        i += 8
                        continue
                    }
                }
                let b = source[i]
                i += 1
                if b != 0x22, b != 0x5C, b >= 0x20 {
                    p.pointee = b
                    p += 1
                    continue
                }
                p += escape(b, at: p)
            }
            p.pointee = 0x22
            return p + 1 - start
        }
    }

    /// The plain version of `append`: a byte at a time. The reference the tests hold the
    /// word-at-a-time version to.
    static func appendPlain(_ value: String, to out: inout ByteBuffer) {
        out.write(maxBytes: value.utf8.count * 6 + 2) { start in
            var p = start
            p.pointee = 0x22
            p += 1
            for b in value.utf8 {
                if b != 0x22, b != 0x5C, b >= 0x20 {
                    p.pointee = b
                    p += 1
                } else {
                    p += escape(b, at: p)
                }
            }
            p.pointee = 0x22
            return p + 1 - start
        }
    }

    /// `value` as a JSON string literal, in bytes.
    package static func bytes(_ value: String) -> [UInt8] {
        var out = ByteBuffer(capacity: value.utf8.count + 16)
        append(value, to: &out)
        return out.bytes
    }

    /// Whether any of eight bytes is a quote, a backslash or a control character.
    @inline(__always)
    static func needsEscape(_ word: UInt64) -> Bool {
        EightBytes.below(0x20, in: word) | EightBytes.equal(0x22, in: word) | EightBytes.equal(0x5C, in: word) != 0
    }

    /// Whether any of sixteen bytes, two words, needs escaping (`needsEscape` of either).
    @inline(__always)
    static func needsEscape(_ first: UInt64, _ second: UInt64) -> Bool {
        EightBytes.below(0x20, in: first) | EightBytes.equal(0x22, in: first) | EightBytes.equal(0x5C, in: first)
            | EightBytes.below(0x20, in: second) | EightBytes.equal(0x22, in: second)
            | EightBytes.equal(0x5C, in: second) != 0
    }

    /// Writes the escape of `b` (a quote, a backslash or a control character) at `p`;
    /// returns its length.
    @inline(__always)
    private static func escape(_ b: UInt8, at p: UnsafeMutablePointer<UInt8>) -> Int {
        p[0] = 0x5C
        switch b {
        case 0x22: p[1] = 0x22
        case 0x5C: p[1] = 0x5C
        case 0x0A: p[1] = 0x6E
        case 0x0D: p[1] = 0x72
        case 0x09: p[1] = 0x74
        default:
            let hex: StaticString = "0123456789abcdef"
            p[1] = 0x75
            p[2] = 0x30
            p[3] = 0x30
            p[4] = hex.utf8Start[Int(b >> 4)]
            p[5] = hex.utf8Start[Int(b & 0xF)]
            return 6
        }
        return 2
    }
}

extension ByteBuffer {
    /// `value` as a JSON string literal (`JSONString`).
    @inline(__always)
    mutating func append(jsonString value: String) {
        JSONString.append(value, to: &self)
    }
}
