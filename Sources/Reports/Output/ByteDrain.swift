import Glibc

/// Where a `ByteBuffer`'s bytes go when it drains: a report file (`AtomicFile`) or a
/// stream (`StreamOutput`). A write that fails is remembered, not thrown or trapped on:
/// the owner reports it when it closes the output.
protocol ByteDrain: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer)
    /// `first`, then `second`, in one call to the system where the drain can.
    func write(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer)
}

extension ByteDrain {
    func write(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) {
        write(first)
        write(second)
    }
}

/// The write loop both drains share.
enum DescriptorWrite {
    /// Writes every byte to `descriptor`, retrying short and interrupted writes; returns
    /// the error number of a failure, 0 when all went out.
    static func all(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        var done = 0
        while done < bytes.count {
            let n = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if n > 0 {
                done += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                return n < 0 ? errno : EIO
            }
        }
        return 0
    }

    /// Writes `first` then `second` to `descriptor` with `writev` (one call for both, neither
    /// copied), then what a short write left with `all`; the error number of a failure, 0
    /// when all went out.
    static func all(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        guard first.count > 0, second.count > 0 else { return all(first.count > 0 ? first : second, to: descriptor) }
        var pieces = (iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress), iov_len: first.count),
                      iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress), iov_len: second.count))
        var n: Int
        repeat {
            n = withUnsafeMutablePointer(to: &pieces) {
                $0.withMemoryRebound(to: iovec.self, capacity: 2) { writev(descriptor, $0, 2) }
            }
        } while n < 0 && errno == EINTR
        guard n > 0 else { return n < 0 ? errno : EIO }
        if n < first.count {
            let failure = all(UnsafeRawBufferPointer(rebasing: first[n...]), to: descriptor)
            return failure != 0 ? failure : all(second, to: descriptor)
        }
        return all(UnsafeRawBufferPointer(rebasing: second[(n - first.count)...]), to: descriptor)
    }
}

/// A descriptor written as a stream and never renamed or closed here: standard output in
/// the streaming mode (`--jsonl-out -`), where records go out as pages are done.
final class StreamOutput: ByteDrain {
    let descriptor: Int32
    /// The error number of the first failed write (0: none); later writes are skipped.
    private(set) var failure: Int32 = 0

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == 0 else { return }
        failure = DescriptorWrite.all(bytes, to: descriptor)
    }

    func write(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) {
        guard failure == 0 else { return }
        failure = DescriptorWrite.all(first, second, to: descriptor)
    }
}
