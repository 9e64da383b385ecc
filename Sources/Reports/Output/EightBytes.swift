/// Eight bytes tested at once (SWAR: the classic has-zero-byte test on a 64-bit word), for
/// the scans that decide whether text needs escaping or quoting. Nearly all text needs
/// neither, and a word at a time takes a fraction of the instructions of a byte at a time.
enum EightBytes {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Nonzero when some byte of `word` is below `limit` (at most 0x80). Exact for the
    /// word as a whole; which high bits are set past the first such byte is not.
    @inline(__always)
    static func below(_ limit: UInt8, in word: UInt64) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// Nonzero when some byte of `word` is `byte` (a zero byte once `byte` is XORed away).
    @inline(__always)
    static func equal(_ byte: UInt8, in word: UInt64) -> UInt64 {
        below(1, in: word ^ (ones &* UInt64(byte)))
    }

    /// The eight bytes at `p`, in memory order, whatever their alignment.
    @inline(__always)
    static func load(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
    }

    /// Whether any byte of `bytes` is one `word` flags (eight at a time) or `byte` flags
    /// (the last few, one by one); the two must agree on which bytes count.
    @inline(__always)
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, word: (UInt64) -> Bool, byte: (UInt8) -> Bool) -> Bool {
        guard let start = bytes.baseAddress else { return false }
        var i = 0
        while i + 8 <= bytes.count {
            if word(load(start + i)) { return true }
            i += 8
        }
        while i < bytes.count {
            if byte(start[i]) { return true }
            i += 1
        }
        return false
    }
}
