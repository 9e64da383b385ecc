/// Bytes handed from one thread to another without a copy: a page's `links.jsonl` lines
/// go from the worker that wrote them (`ByteBuffer.detach`) to the run's writer, which
/// passes them to the file as they are. Immutable once made.
package final class OwnedBytes: @unchecked Sendable {
    private let base: UnsafeMutablePointer<UInt8>
    let count: Int

    /// Takes over `base` (allocated with `UnsafeMutablePointer.allocate`) and frees it.
    init(taking base: UnsafeMutablePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    deinit { base.deallocate() }

    /// Valid while this object is alive.
    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    var array: [UInt8] { withExtendedLifetime(self) { Array(buffer) } }
}
