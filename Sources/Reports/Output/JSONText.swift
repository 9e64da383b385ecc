import Foundation
import LinkAuditModel

/// Compact JSON with a fixed key order, so `links.jsonl` reads the same on every run and
/// diffs well: the JSON writer of the JSON Lines files (`PrettyJSON` is the indented one
/// of findings.json and SARIF; both escape with `JSONString`). It writes UTF-8 bytes
/// straight into one `ByteBuffer` — a whole page's lines go into the same one — with no
/// intermediate arrays: this is the hot path of every run (Foundation's encoder sorts or
/// shuffles keys, and is slow).
struct JSONText: ~Copyable {
    private var out: ByteBuffer
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
    var bytes: [UInt8] { out.bytes }

    /// What has been written so far, where it lies: valid until the text next changes.
    var written: UnsafeBufferPointer<UInt8> { out.written }

    /// Its length in bytes.
    var count: Int { out.count }

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
            out.append(jsonString: item)
        }
        out.append(0x5D)
    }

    mutating func key(_ name: StaticString) {
        let comma = !first
        first = false
        let count = name.utf8CodeUnitCount
        out.write(maxBytes: count + 4) { start in
            var p = start
            if comma {
                p.pointee = 0x2C
                p += 1
            }
            p.pointee = 0x22
            Self.copy(name.utf8Start, count, to: p + 1)
            p += 1 + count
            p[0] = 0x22
            p[1] = 0x3A
            return p + 2 - start
        }
    }

    /// A key's few bytes copied without a call to `memcpy`, whose call and dispatch on size
    /// cost more than the copy (a dozen keys a links.jsonl line: ~1 M instructions of
    /// `memcpy` on the dense corpus, issue 17): from eight bytes to sixteen as two words
    /// that may overlap, fewer a byte at a time, more by `memcpy`.
    @inline(__always)
    static func copy(_ from: UnsafePointer<UInt8>, _ count: Int, to: UnsafeMutablePointer<UInt8>) {
        if count >= 8, count <= 16 {
            let first = UnsafeRawPointer(from).loadUnaligned(as: UInt64.self)
            let last = UnsafeRawPointer(from + count - 8).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(to).storeBytes(of: first, as: UInt64.self)
            UnsafeMutableRawPointer(to + count - 8).storeBytes(of: last, as: UInt64.self)
        } else if count < 8 {
            for i in 0..<count { to[i] = from[i] }
        } else {
            to.update(from: from, count: count)
        }
    }

    mutating func key(_ name: String) {
        if !first { out.append(0x2C) }
        first = false
        out.append(jsonString: name)
        out.append(0x3A)
    }

    @inline(__always)
    mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        out.append(jsonString: value)
    }

    /// A string field whose value's bytes are in hand, as `field(_:_:)` writes it.
    @inline(__always)
    mutating func field(_ name: StaticString, utf8 value: UnsafeBufferPointer<UInt8>) {
        key(name)
        JSONString.append(bytes: value, to: &out)
    }

    @inline(__always)
    mutating func field(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        field(name, value)
    }

    mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        out.append(decimal: value)
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

    /// Two string fields in a row (`raw`, `url`): when the values are equal, the second's
    /// value is the first's escaped bytes copied.
    @inline(__always)
    mutating func stringFields(_ name: StaticString, _ value: String, _ next: StaticString, _ nextValue: String) {
        key(name)
        let start = out.count
        out.append(jsonString: value)
        let end = out.count
        key(next)
        // The same bytes, not `==`: canonically equal strings in other bytes are written as
        // their own, as `Navigation.writeJSON` writes them (`HeldTargetTests`).
        if TextBytes.same(value, nextValue) {
            out.appendAgain(start..<end)
        } else {
            out.append(jsonString: nextValue)
        }
    }

    /// Two string fields in a row whose values' bytes are in hand (`LinkLineCells`), as
    /// `stringFields` writes them: the second as the first's bytes again when they are the same.
    @inline(__always)
    mutating func stringFields(_ name: StaticString, utf8 value: UnsafeBufferPointer<UInt8>, _ next: StaticString,
                               utf8 nextValue: UnsafeBufferPointer<UInt8>) {
        key(name)
        let start = out.count
        JSONString.append(bytes: value, to: &out)
        let end = out.count
        key(next)
        if value.sameBytes(nextValue) {
            out.appendAgain(start..<end)
        } else {
            JSONString.append(bytes: nextValue, to: &out)
        }
    }

    /// A string-keyed field (keys that are data, such as profile names).
    mutating func field(dynamic name: String, _ value: String) {
        key(name)
        out.append(jsonString: value)
    }

    /// A value already serialised as JSON.
    mutating func raw(_ name: StaticString, _ json: [UInt8]) {
        key(name)
        out.append(json)
    }

    /// Fields of the open object written already (`"key":value,…`, no comma before the
    /// first): a comma first unless they open the object (`LinkLineCells`).
    mutating func fields(_ bytes: UnsafeBufferPointer<UInt8>) {
        if !first { out.append(0x2C) }
        first = false
        out.append(bytes)
    }

    /// Room for `fields(inRoom:)` of `count` bytes.
    @inline(__always)
    mutating func roomForFields(_ count: Int) {
        out.reserve(count + 1)
    }

    /// `fields(_:)` into the room `roomForFields(_:)` made: nothing called on the way, so
    /// fields read out of an array in place (`LinkLineCells.tail`) are not retained and
    /// released around it (~2 calls a line: issue 17).
    @inline(__always)
    mutating func fields(inRoom bytes: UnsafeBufferPointer<UInt8>) {
        if !first { out.appendInRoom(0x2C) }
        first = false
        out.appendInRoom(bytes)
    }

    /// Bytes already written as JSON (a record copied as it was read).
    mutating func append(_ bytes: Data) {
        bytes.withUnsafeBytes { out.append($0.bindMemory(to: UInt8.self)) }
    }

    /// Hands what was written over without a copy (`ByteBuffer.detach`).
    mutating func detach() -> OwnedBytes {
        out.detach()
    }

    /// The bytes with the object opened by `init()` closed.
    mutating func closed() -> [UInt8] {
        out.append(0x7D)
        return out.bytes
    }
}
