import Checks
import Glibc
import LinkAuditModel
import Policies
import WHATWGURL

#if canImport(Glibc)
#endif

/// Growable raw bytes for the writers on the hot path (`links.jsonl` lines). Appending to
/// a Swift array checks uniqueness and capacity and goes through generic code on every
/// call — a few hundred instructions per JSON key or string; here an append is a bounds
/// check and a copy. Owned by one writer at a time (not shared across threads).
final class ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends without a capacity check: the caller reserved room.
    @inline(__always)
    func appendReserved(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    /// Reserves `maxBytes`, lets `body` store up to that many at the end and counts what
    /// it says it wrote: the stores go through a local pointer, not this object's
    /// properties (each property access is checked for exclusivity at run time).
    @inline(__always)
    func write(maxBytes: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maxBytes)
        count += body(base + count)
    }

    /// Counts `n` bytes the caller stored at `base + count` after reserving room.
    @inline(__always)
    func skip(_ n: Int) {
        count += n
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Empties the buffer, keeping its memory.
    func removeAll() {
        count = 0
    }

    /// The bytes written, as an array.
    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }
}
