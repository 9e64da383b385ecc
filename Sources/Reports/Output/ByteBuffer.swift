/// Growable bytes that every report writer appends to: links.jsonl lines, the listing
/// formats, page fragments, summary.md. A struct the writers take `inout`, so an append
/// is a capacity check and a store through the caller's pointer: appending to `[UInt8]`
/// checks uniqueness and goes through generic code on every call, and a class's
/// properties are checked for exclusivity at run time — a few hundred instructions per
/// JSON key or string, on the hottest path of every run.
///
/// With a `drain` (a report file, standard output), `drainIfFull` hands the bytes on once
/// they pass 64 KB: call it between items, and a file of any size needs only that much.
struct ByteBuffer: ~Copyable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private(set) var capacity: Int
    private let drain: ByteDrain?

    /// What `drainIfFull` lets pile up before handing it on.
    static let drainSize = 1 << 16

    init(capacity: Int = 256, drain: ByteDrain? = nil) {
        self.capacity = max(capacity, 64)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
        self.drain = drain
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(to: count + extra) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Reserves `maxBytes`, lets `body` store up to that many at the end and counts what
    /// it says it wrote: the stores go through a local pointer, one capacity check for
    /// a whole key, number or string.
    @inline(__always)
    mutating func write(maxBytes: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maxBytes)
        count += body(base + count)
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        // memcpy: most pieces are tens of bytes, where it beats an element loop.
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// `append(_:)` into room made already (`reserve(_:)`): no call on the way, so bytes read
    /// out of an array in place need not be retained around it (`JSONText.fields(inRoom:)`).
    @inline(__always)
    mutating func appendInRoom(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        precondition(capacity - count >= bytes.count, "room made for the bytes")
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func appendInRoom(_ byte: UInt8) {
        precondition(capacity > count, "room made for the byte")
        base[count] = byte
        count += 1
    }

    /// Bytes written already (`range`, not drained), written again at the end.
    mutating func appendAgain(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "repeating past what was written")
        reserve(range.count)
        (base + count).update(from: base + range.lowerBound, count: range.count)
        count += range.count
    }

    /// A literal's UTF-8 bytes.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// A string's UTF-8 bytes as they are.
    @inline(__always)
    mutating func append(utf8 text: String) {
        text.withBorrowedUTF8 { append($0) }
    }

    /// Bytes that `append(passing:)` hands to a drain rather than copying: half a drain's
    /// worth (one system call a page where a copy of the page's bytes would save half of one).
    static let passSize = drainSize / 2

    /// Appends `bytes`; with a drain, bytes of `passSize` or more go to it straight after
    /// what is buffered, in one write (`ByteDrain.write(_:_:)`), rather than through the
    /// buffer: a dense page's links.jsonl lines (~60 KB) were copied into the writer's buffer,
    /// 3 M instructions of `memcpy` on the dense corpus's 100 pages (Benchmarks/README.md,
    /// issue 17), and a huge page's would have kept the buffer that size to the end of the run.
    mutating func append(passing bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count >= Self.passSize, let drain {
            drain.write(UnsafeRawBufferPointer(start: base, count: count), UnsafeRawBufferPointer(bytes))
            count = 0
        } else {
            append(bytes)
            drainIfFull()
        }
    }

    /// `append(passing:)` for bytes a drain that gathers (`ByteDrain.gathers`) may keep:
    /// what is buffered is handed to it (`handOver`), then `owned`, and neither is copied.
    mutating func append(passing owned: OwnedBytes) {
        guard let drain, drain.gathers, owned.count >= Self.passSize else {
            withExtendedLifetime(owned) { append(passing: owned.buffer) }
            return
        }
        if count > 0 { drain.write(owned: handOver()) }
        drain.write(owned: owned)
    }

    /// Bytes below which `handOver` copies rather than gives its memory away: a piece kept
    /// by a drain holds at least this much of the memory it keeps.
    static let handOverSize = 1 << 12

    /// The bytes written (and not drained), for a drain to keep: the buffer's own memory,
    /// replaced by new memory (no bigger than a drain's buffer), or a copy when they are few.
    private mutating func handOver() -> OwnedBytes {
        defer { count = 0 }
        guard count >= Self.handOverSize else {
            let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
            copy.update(from: base, count: count)
            return OwnedBytes(taking: copy, count: count)
        }
        let owned = OwnedBytes(taking: base, count: count)
        capacity = min(capacity, Self.drainSize * 2)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        return owned
    }

    /// Hands the bytes written (and not drained) over, without a copy, and starts again
    /// empty.
    mutating func detach() -> OwnedBytes {
        let owned = OwnedBytes(taking: base, count: count)
        capacity = 64
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        count = 0
        return owned
    }

    /// Takes back what was written after the first `count` bytes (not drained yet).
    mutating func truncate(to count: Int) {
        precondition(count >= 0 && count <= self.count, "truncating past what was written")
        self.count = count
    }

    /// Empties the buffer, keeping its memory.
    mutating func removeAll() {
        count = 0
    }

    /// The bytes written (and not drained), valid until the buffer next changes.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The bytes written (and not drained), as an array.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes written (and not drained), as text.
    var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Hands the bytes to the drain once they pass `drainSize` (nothing without a drain).
    @inline(__always)
    mutating func drainIfFull() {
        if count >= Self.drainSize, drain != nil { drainAll() }
    }

    /// Hands every byte written so far to the drain (nothing without a drain).
    mutating func drainAll() {
        guard let drain, count > 0 else { return }
        if drain.gathers {
            drain.write(owned: handOver())
        } else {
            drain.write(UnsafeRawBufferPointer(start: base, count: count))
            count = 0
        }
    }
}
