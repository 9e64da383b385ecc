/// Hand-written JSON output with a fixed key order, so `links.jsonl` reads the same on
/// every run and diffs well. It writes UTF-8 bytes straight into one buffer — a whole
/// page's lines go into the same one — with no intermediate arrays: this is the hot path
/// of every run (Foundation's encoder sorts or shuffles keys, and is slow).
struct JSONText {
    var bytes: [UInt8]
    private var first = true

    /// A buffer holding one open object (`closed()` ends it).
    init() {
        bytes = [0x7B]
        bytes.reserveCapacity(256)
    }

    /// An empty buffer for many objects, each written between `open()` and `close()`.
    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    mutating func open() {
        bytes.append(0x7B)
        first = true
    }

    /// Ends the innermost open object; a key written next belongs to the enclosing one.
    mutating func close() {
        bytes.append(0x7D)
        first = false
    }

    mutating func newline() {
        bytes.append(0x0A)
    }

    /// An array of objects under `name`; `element` writes each one's fields.
    mutating func objects<Item>(_ name: StaticString, _ items: [Item], _ element: (inout JSONText, Item) -> Void) {
        key(name)
        bytes.append(0x5B)
        for (i, item) in items.enumerated() {
            if i > 0 { bytes.append(0x2C) }
            open()
            element(&self, item)
            close()
        }
        bytes.append(0x5D)
    }

    /// An array of strings under `name`.
    mutating func strings(_ name: StaticString, _ items: [String]) {
        key(name)
        bytes.append(0x5B)
        for (i, item) in items.enumerated() {
            if i > 0 { bytes.append(0x2C) }
            JSONText.appendString(item, to: &bytes)
        }
        bytes.append(0x5D)
    }

    mutating func key(_ name: StaticString) {
        if !first { bytes.append(0x2C) }
        first = false
        bytes.append(0x22)
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(0x22)
        bytes.append(0x3A)
    }

    mutating func key(_ name: String) {
        if !first { bytes.append(0x2C) }
        first = false
        JSONText.appendString(name, to: &bytes)
        bytes.append(0x3A)
    }

    mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        JSONText.appendString(value, to: &bytes)
    }

    mutating func field(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        field(name, value)
    }

    mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        JSONText.appendInt(value, to: &bytes)
    }

    mutating func field(_ name: StaticString, _ value: Int?) {
        guard let value else { return }
        field(name, value)
    }

    mutating func field(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        key(name)
        bytes.append(contentsOf: value ? [0x74, 0x72, 0x75, 0x65] : [0x66, 0x61, 0x6C, 0x73, 0x65])
    }

    /// A string-keyed field (keys that are data, such as profile names).
    mutating func field(dynamic name: String, _ value: String) {
        key(name)
        JSONText.appendString(value, to: &bytes)
    }

    /// A value already serialised as JSON.
    mutating func raw(_ name: StaticString, _ json: [UInt8]) {
        key(name)
        bytes.append(contentsOf: json)
    }

    mutating func raw(dynamic name: String, _ json: [UInt8]) {
        key(name)
        bytes.append(contentsOf: json)
    }

    func closed() -> [UInt8] {
        var out = bytes
        out.append(0x7D)
        return out
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

    static func string(_ value: String) -> [UInt8] {
        var out: [UInt8] = []
        appendString(value, to: &out)
        return out
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
    private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        let control = (word &- ones &* 0x20) & ~word & highs != 0
        return control || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
    }
}
