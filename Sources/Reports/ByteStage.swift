import Checks
import LinkAuditModel
import Policies
import WHATWGURL

/// A small write buffer in front of a report's bytes, for the writers that print a few
/// lines per finding (JUnit, findings.json). Appending to `ReportSink.bytes` costs an
/// Array call per piece (uniqueness and capacity checks, a generic copy), which for
/// dozens of short pieces per finding cost more than the bytes; here a piece is a bounds
/// check and a copy, and the sink gets one append per item (`flush`).
struct ByteStage {
    private let sink: ReportSink
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var count = 0

    /// Runs `body` with a stage in front of `sink`; whatever is staged at the end goes to
    /// the sink. Everything written to the sink inside `body` must go through the stage,
    /// or it would land before bytes still staged.
    static func writing(to sink: ReportSink, _ body: (inout ByteStage) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8192) { buffer in
            var stage = ByteStage(sink: sink, base: buffer.baseAddress!, capacity: buffer.count)
            body(&stage)
            stage.flush()
        }
    }

    private init(sink: ReportSink, base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.sink = sink
        self.base = base
        self.capacity = capacity
    }

    /// Moves the staged bytes to the sink, which writes to disk when it is full: call
    /// between items, as writers call `flushIfFull`.
    mutating func flush() {
        guard count > 0 else { return }
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        count = 0
        sink.flushIfFull()
    }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        if count == capacity { flush() }
        base[count] = byte
        count += 1
    }

    /// A literal's UTF-8 bytes.
    @inline(__always)
    mutating func put(_ text: StaticString) {
        put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        if bytes.count > capacity - count {
            flush()
            // Longer than the whole stage (a huge URL): straight to the sink, in order.
            if bytes.count > capacity {
                sink.bytes.append(contentsOf: bytes)
                return
            }
        }
        // memcpy: most pieces are tens of bytes, where it beats an element loop.
        UnsafeMutableRawPointer(base + count).copyMemory(from: start, byteCount: bytes.count)
        count += bytes.count
    }

    mutating func put(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { put($0) }
    }

    /// A string's UTF-8 bytes as they are.
    mutating func put(utf8 text: String) {
        var text = text
        text.withUTF8 { put($0) }
    }

    /// Decimal digits, as `JSONText.appendInt` and string interpolation write them.
    mutating func put(decimal value: Int) {
        guard value >= 0 else {
            var digits: [UInt8] = []
            JSONText.appendInt(value, to: &digits)
            put(digits)
            return
        }
        var length = 1
        var rest = value / 10
        while rest > 0 {
            length += 1
            rest /= 10
        }
        if length > capacity - count { flush() }
        var next = count + length
        rest = value
        repeat {
            next -= 1
            base[next] = 0x30 + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
        count += length
    }

    /// A JSON string, quoted and escaped exactly as `JSONText.appendString` does: a
    /// string with nothing to escape (nearly all) is copied between quotes; any other
    /// goes through `JSONText` itself.
    mutating func put(jsonString value: String) {
        var value = value
        let copied = value.withUTF8 { bytes -> Bool in
            guard !Self.needsJSONEscape(bytes) else { return false }
            put(0x22)
            put(bytes)
            put(0x22)
            return true
        }
        if !copied { put(JSONText.string(value)) }
    }

    /// `error`, `warning` or `info`, without going through the raw value's String.
    mutating func put(severity: Severity) {
        switch severity {
        case .error: put("error")
        case .warning: put("warning")
        case .info: put("info")
        }
    }

    /// Whether `JSONText` would escape any byte: a quote, a backslash or a control
    /// character. Eight bytes at a time (the classic has-zero-byte tests).
    private static func needsJSONEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(start)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while i + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            // A byte below 0x20, or a zero byte once quotes / backslashes are XORed away.
            let control = (word &- ones &* 0x20) & ~word & highs
            let quotes = word ^ (ones &* 0x22), backslashes = word ^ (ones &* 0x5C)
            let quote = (quotes &- ones) & ~quotes & highs
            let backslash = (backslashes &- ones) & ~backslashes & highs
            if control | quote | backslash != 0 { return true }
            i += 8
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x22 || b == 0x5C || b < 0x20 { return true }
            i += 1
        }
        return false
    }
}
