import Checks
import LinkAuditModel
import Policies
import WHATWGURL

/// Hand-written JSON output with a fixed key order, so `links.jsonl` reads the same on
/// every run and diffs well. It writes UTF-8 bytes straight into one buffer — a whole
/// page's lines go into the same one — with no intermediate arrays: this is the hot path
/// of every run (Foundation's encoder sorts or shuffles keys, and is slow).
package struct JSONText {
    private let out: ByteBuffer
    private var first = true

    /// A buffer holding one open object (`closed()` ends it).
    init() {
        out = ByteBuffer(capacity: 256)
        out.append(0x7B)
    }

    /// An empty buffer for many objects, each written between `open()` and `close()`.
    init(capacity: Int) {
        out = ByteBuffer(capacity: capacity)
    }

    /// What has been written so far.
    var bytes: [UInt8] { out.array }

    mutating func open() {
        out.append(0x7B)
        first = true
    }

    /// Ends the innermost open object; a key written next belongs to the enclosing one.
    mutating func close() {
        out.append(0x7D)
        first = false
    }

    mutating func newline() {
        out.append(0x0A)
    }

    /// An array of objects under `name`; `element` writes each one's fields.
    mutating func objects<Item>(_ name: StaticString, _ items: [Item], _ element: (inout JSONText, Item) -> Void) {
        key(name)
        out.append(0x5B)
        for (i, item) in items.enumerated() {
            if i > 0 { out.append(0x2C) }
            open()
            element(&self, item)
            close()
        }
        out.append(0x5D)
    }

    /// An array of strings under `name`.
    mutating func strings(_ name: StaticString, _ items: [String]) {
        key(name)
        out.append(0x5B)
        for (i, item) in items.enumerated() {
            if i > 0 { out.append(0x2C) }
            JSONText.appendString(item, to: out)
        }
        out.append(0x5D)
    }

    mutating func key(_ name: StaticString) {
        let comma = !first
        first = false
        out.write(maxBytes: name.utf8CodeUnitCount + 4) { start in
            var p = start
            if comma {
                p.pointee = 0x2C
                p += 1
            }
            p.pointee = 0x22
            (p + 1).update(from: name.utf8Start, count: name.utf8CodeUnitCount)
            p += 1 + name.utf8CodeUnitCount
            p[0] = 0x22
            p[1] = 0x3A
            return p + 2 - start
        }
    }

    /// A key already written as `"name":`.
    mutating func key(rendered: [UInt8]) {
        if !first { out.append(0x2C) }
        first = false
        out.append(rendered)
    }

    mutating func key(_ name: String) {
        if !first { out.append(0x2C) }
        first = false
        JSONText.appendString(name, to: out)
        out.append(0x3A)
    }

    mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        JSONText.appendString(value, to: out)
    }

    mutating func field(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        field(name, value)
    }

    mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        JSONText.appendInt(value, to: out)
    }

    mutating func field(_ name: StaticString, _ value: Int?) {
        guard let value else { return }
        field(name, value)
    }

    mutating func field(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        key(name)
        out.append(value ? "true" : "false")
    }

    /// A string-keyed field (keys that are data, such as profile names).
    mutating func field(dynamic name: String, _ value: String) {
        key(name)
        JSONText.appendString(value, to: out)
    }

    /// A value already serialised as JSON.
    mutating func raw(_ name: StaticString, _ json: [UInt8]) {
        key(name)
        out.append(json)
    }

    mutating func raw(dynamic name: String, _ json: [UInt8]) {
        key(name)
        out.append(json)
    }

    func closed() -> [UInt8] {
        var bytes = out.array
        bytes.append(0x7D)
        return bytes
    }

    var closedString: String { String(decoding: closed(), as: UTF8.self) }

    static func array(_ items: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = [0x5B]
        for (i, item) in items.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(contentsOf: item)
        }
        out.append(0x5D)
        return out
    }

    package static func string(_ value: String) -> [UInt8] {
        var out: [UInt8] = []
        appendString(value, to: &out)
        return out
    }


    /// `appendString(_:to:)` into a `ByteBuffer`: room for the worst case (every byte a
    /// six-byte escape) is reserved once, then bytes are stored through a local pointer.
    static func appendString(_ value: String, to out: ByteBuffer) {
        var value = value
        value.withUTF8 { utf8 in
            out.write(maxBytes: utf8.count * 6 + 2) { start in
                var p = start
                p.pointee = 0x22
                p += 1
                let source = utf8.baseAddress!
                var i = 0
                let count = utf8.count
                while i < count {
                    if i + 8 <= count, !needsEscape(UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)) {
                        UnsafeMutableRawPointer(p).storeBytes(of: UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self),
                                                              as: UInt64.self)
                        p += 8
                        i += 8
                        continue
                    }
                    let b = source[i]
                    i += 1
                    if b != 0x22, b != 0x5C, b >= 0x20 {
                        p.pointee = b
                        p += 1
                        continue
                    }
                    p.pointee = 0x5C
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
                        p += 4
                    }
                    p += 2
                }
                p.pointee = 0x22
                return p + 1 - start
            }
        }
    }

    static func appendInt(_ value: Int, to out: ByteBuffer) {
        guard value >= 0 else {
            var digits: [UInt8] = []
            appendInt(value, to: &digits)
            out.append(digits)
            return
        }
        out.write(maxBytes: 20) { start in
            var digits = 1
            var rest = value / 10
            while rest > 0 { digits += 1; rest /= 10 }
            var n = value
            for k in stride(from: digits - 1, through: 0, by: -1) {
                start[k] = UInt8(truncatingIfNeeded: 0x30 + n % 10)
                n /= 10
            }
            return digits
        }
    }

    static func appendInt(_ value: Int, to out: inout [UInt8]) {
        if value < 0 {
            out.append(0x2D)
            if value == Int.min { out.append(contentsOf: Array(String(value).utf8.dropFirst())); return }
            appendInt(-value, to: &out)
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = value
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(0x30 + n % 10)
                n /= 10
                count += 1
            } while n > 0
            for i in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[i]) }
        }
    }

    static func appendString(_ value: String, to out: inout [UInt8]) {
        out.append(0x22)
        var value = value
        value.withUTF8 { utf8 in
            var plainStart = 0
            var i = 0
            let count = utf8.count
            while i < count {
                // Eight bytes at a time while none needs escaping (the common case).
                if i + 8 <= count, !needsEscape(UnsafeRawPointer(utf8.baseAddress! + i).loadUnaligned(as: UInt64.self)) {
                    i += 8
                    continue
                }
                let b = utf8[i]
                guard b == 0x22 || b == 0x5C || b < 0x20 else {
                    i += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<i]))
                switch b {
                case 0x22: out.append(contentsOf: [0x5C, 0x22])
                case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: out.append(contentsOf: [0x5C, 0x72])
                case 0x09: out.append(contentsOf: [0x5C, 0x74])
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
                }
                i += 1
                plainStart = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<count]))
        }
        out.append(0x22)
    }

    /// Whether any of eight bytes is a quote, a backslash or a control character (may
    /// say yes for a word that needs none; never no for one that does).
    @inline(__always)
    static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        let control = (word &- ones &* 0x20) & ~word & highs != 0
        return control || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
    }
}
