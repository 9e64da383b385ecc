import Glibc

/// Where a `ByteBuffer`'s bytes go when it drains: a report file (`AtomicFile`) or a
/// stream (`StreamOutput`). A write that fails is remembered, not thrown or trapped on:
/// the owner reports it when it closes the output.
protocol ByteDrain: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer)
    /// `first`, then `second`, in one call to the system where the drain can.
    func write(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer)
    /// Whether the drain keeps bytes handed to `write(owned:)` to write them later with
    /// others in one call (`GatheredWrites`): a writer then hands its bytes over rather than
    /// writing them from a buffer it reuses.
    var gathers: Bool { get }
    /// Bytes the drain may keep until it writes them (written at once when it does not gather).
    func write(owned: OwnedBytes)
}

extension ByteDrain {
    func write(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) {
        write(first)
        write(second)
    }

    var gathers: Bool { false }

    func write(owned: OwnedBytes) {
        withExtendedLifetime(owned) { write(UnsafeRawBufferPointer(owned.buffer)) }
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
    /// copied); the error number of a failure, 0 when all went out.
    static func all(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        guard first.count > 0, second.count > 0 else { return all(first.count > 0 ? first : second, to: descriptor) }
        var pieces = (iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress), iov_len: first.count),
                      iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress), iov_len: second.count))
        return withUnsafeMutablePointer(to: &pieces) {
            $0.withMemoryRebound(to: iovec.self, capacity: 2) {
                all(UnsafeMutableBufferPointer(start: $0, count: 2), to: descriptor, at: nil)
            }
        }
    }

    /// The most pieces one `writev` takes (Linux's `IOV_MAX`).
    static let piecesPerCall = 1024

    /// Writes `pieces` in order to `descriptor` — at its position (`offset` nil, `writev`) or
    /// from `offset` on (`pwritev`) — in as few calls as the system takes, retrying short and
    /// interrupted writes; the error number of a failure, 0 when all went out. `pieces` is
    /// used up: the entries a call wrote are advanced past.
    static func all(_ pieces: UnsafeMutableBufferPointer<iovec>, to descriptor: Int32, at offset: Int?) -> Int32 {
        all(pieces, at: offset) { start, count, position in
            position.map { pwritev(descriptor, start, count, off_t($0)) } ?? writev(descriptor, start, count)
        }
    }

    /// `all(_:to:at:)` with the system call given (`call(pieces, count, offset)`, the same
    /// result as `writev`'s): tests hand in calls that write short.
    static func all(_ pieces: UnsafeMutableBufferPointer<iovec>, at offset: Int?,
                    call: (UnsafePointer<iovec>, Int32, Int?) -> Int) -> Int32 {
        guard let base = pieces.baseAddress else { return 0 }
        var first = 0
        var position = offset
        while first < pieces.count, pieces[first].iov_len == 0 { first += 1 }
        while first < pieces.count {
            let count = min(pieces.count - first, piecesPerCall)
            let n = call(base + first, Int32(count), position)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            guard n > 0 else { return EIO }
            position = position.map { $0 + n }
            var left = n
            while first < pieces.count, left >= pieces[first].iov_len {
                left -= pieces[first].iov_len
                first += 1
            }
            if left > 0 {
                // A call cannot write more than it was given.
                guard first < pieces.count else { return EIO }
                pieces[first].iov_base = pieces[first].iov_base.map { $0 + left }
                pieces[first].iov_len -= left
            }
            while first < pieces.count, pieces[first].iov_len == 0 { first += 1 }
        }
        return 0
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
