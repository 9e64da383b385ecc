import Glibc

/// Where a script's lines start, and whether an attribute's value spans lines: found with
/// `memchr`, where a loop over every byte (`startsPlain`) and `String.UTF8View.contains`
/// (an iterator a byte) cost some 2.8 M instructions on the dense corpus's 100 pages
/// (Benchmarks/README.md, issue 17). `LineFeedTests` compares them.
enum LineFeeds {
    /// The byte offset each line of `text` starts at: 0, then one past each LF.
    static func starts(_ text: String) -> [Int] {
        text.withUTF8Bytes { bytes in
            var starts = [0]
            guard let base = bytes.baseAddress else { return starts }
            var offset = 0
            while offset < bytes.count, let hit = memchr(base + offset, 0x0A, bytes.count - offset) {
                offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(offset)
            }
            return starts
        }
    }

    /// `starts` a byte at a time, the reference.
    static func startsPlain(_ text: String) -> [Int] {
        text.withUTF8Bytes { bytes in
            var starts = [0]
            for i in bytes.indices where bytes[i] == 0x0A { starts.append(i + 1) }
            return starts
        }
    }

    /// Whether `text` holds a LF.
    static func any(in text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, 0x0A, bytes.count) != nil
        }
    }
}

extension String {
    /// The string's UTF-8 bytes lent to `body`: in place when it holds them contiguously (a
    /// native or small string, as every string here is), else those of a contiguous copy
    /// (`withUTF8`). A `var` copy made for `withUTF8` retained and released the string around
    /// each read, atomically for a script's text, some six times a script (issue 17).
    @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
