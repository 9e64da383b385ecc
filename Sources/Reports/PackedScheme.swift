/// A scheme of at most 15 bytes as two words: its bytes and its length, so that two are
/// equal exactly when their bytes are. A page's deep links name a few dozen schemes and
/// change scheme on almost every link (the dense corpus: 26 a page, a run of one scheme
/// 1.07 links long); finding each in a table hashed its name twice (~1,300 instructions a
/// link, Benchmarks/README.md, issue 17), where comparing two words scans a page's list.
/// Compared by its bytes, as `String`'s `==` is not (canonical equivalence): a scheme
/// spelled two ways is two entries here, which `SchemeInventory.PageCounts.schemes` adds up
/// by `String` again.
struct PackedScheme: Equatable {
    let low: UInt64
    let high: UInt64

    /// nil for a longer scheme, or one whose bytes are not stored contiguously.
    @inline(__always)
    init?(_ scheme: String) {
        guard let words = scheme.utf8.withContiguousStorageIfAvailable({ bytes -> (UInt64, UInt64)? in
            guard bytes.count <= 15 else { return nil }
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { raw in
                raw.copyMemory(from: UnsafeRawBufferPointer(bytes))
                raw[15] = UInt8(truncatingIfNeeded: bytes.count)
            }
            return words
        }), let words else { return nil }
        low = words.0
        high = words.1
    }

    /// The scheme's bytes, read from the two words (a copy on the caller's stack).
    @inline(__always)
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeBytes(of: (low, high)) { raw in
            body(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: Int(raw[15])))
        }
    }

    /// Whether every byte is ASCII (the length byte is below 16).
    @inline(__always)
    var isASCII: Bool { (low | high) & 0x8080_8080_8080_8080 == 0 }
}
