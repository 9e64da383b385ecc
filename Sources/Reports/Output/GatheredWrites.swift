import Glibc

/// Bytes handed to a file (`AtomicFile`, `SpillFile`) kept, not copied, until there are
/// enough for one system call: a page's links.jsonl lines or CSV rows (40–240 KB on the
/// dense corpus) were each a `write`, and on this machine's ext4 the kernel's cost of a
/// buffered write falls as the call grows (the page cache takes a call's bytes in folios
/// sized by it): 49 MB in 44 KB writes took 16–17 ms of system time, in 512 KB writes or
/// the same 44 KB pieces gathered 12 to a `writev` 9 ms (Benchmarks/README.md, issue 17).
/// A copy into a bigger buffer would cost what it saves; the pieces are retained instead.
///
/// The plain version, each piece written as it comes, is `gathers` false;
/// `GatheredWritesTests` compares the files the two write.
struct GatheredWrites {
    /// Whether files opened now gather their writes (tests turn it off for the plain version).
    @TaskLocal static var gathers = true

    /// Bytes kept before they are written: the call size past which ext4's cost stopped falling.
    static let flushBytes = 1 << 19
    /// Pieces kept before they are written, so few small ones cannot pile up.
    static let flushPieces = 64

    private(set) var pieces: [OwnedBytes] = []
    /// The bytes of `pieces`.
    private(set) var bytes = 0

    init() {
        pieces.reserveCapacity(Self.flushPieces)
    }

    var isEmpty: Bool { pieces.isEmpty }

    /// Keeps `owned` (nothing for no bytes); whether it is time to write.
    mutating func add(_ owned: OwnedBytes) -> Bool {
        guard owned.count > 0 else { return false }
        pieces.append(owned)
        bytes += owned.count
        return bytes >= Self.flushBytes || pieces.count >= Self.flushPieces
    }

    /// Writes the kept pieces, then `last` (may be empty), to `descriptor` at its position
    /// (`offset` nil) or from `offset` on, and lets the pieces go whatever happened; the
    /// error number of a failure, 0 when all went out.
    mutating func write(to descriptor: Int32, at offset: Int?,
                        then last: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0)) -> Int32 {
        defer {
            pieces.removeAll(keepingCapacity: true)
            bytes = 0
        }
        let failure = withExtendedLifetime(pieces) { () -> Int32 in
            var vectors = [iovec]()
            vectors.reserveCapacity(pieces.count + 1)
            for piece in pieces {
                vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: piece.buffer.baseAddress), iov_len: piece.count))
            }
            if last.count > 0 {
                vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: last.baseAddress), iov_len: last.count))
            }
            return vectors.withUnsafeMutableBufferPointer { DescriptorWrite.all($0, to: descriptor, at: offset) }
        }
        return failure
    }
}
