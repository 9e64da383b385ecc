/// Java `String` operations over UTF-16 code units.
///
/// Android's intent parsers are index arithmetic on Java strings; doing the same arithmetic on
/// UTF-16 units (not `Character`s) keeps every index, every `startsWith` and every
/// out-of-bounds failure where Android has them.
struct JavaString: Sendable {
    let units: [UInt16]

    init(_ string: String) {
        // ASCII (nearly every URL) widens byte by byte; the UTF-16 view is far slower.
        var string = string
        units = string.withUTF8 { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? bytes.map { UInt16($0) } : nil
        } ?? Array(string.utf16)
    }

    var count: Int { units.count }

    /// `String.startsWith(prefix, offset)`: false (never a crash) when the offset is out of range.
    func startsWith(_ prefix: String, at offset: Int) -> Bool {
        guard offset >= 0, offset <= count else { return false }
        // The parsers' prefixes are ASCII: their UTF-8 bytes are their UTF-16 units.
        var k = offset
        for byte in prefix.utf8 {
            guard byte < 0x80 else { return startsWithUTF16(prefix, at: offset) }
            guard k < count, units[k] == UInt16(byte) else { return false }
            k += 1
        }
        return true
    }

    private func startsWithUTF16(_ prefix: String, at offset: Int) -> Bool {
        let p = Array(prefix.utf16)
        guard offset >= 0, offset <= count - p.count else { return false }
        for (k, u) in p.enumerated() where units[offset + k] != u { return false }
        return true
    }

    /// `String.indexOf(ch, from)`: a negative start counts as 0, a start past the end finds nothing.
    /// `ch` is a character of the Basic Multilingual Plane (the parsers look for ASCII ones),
    /// one UTF-16 unit, compared unit by unit without bounds checks.
    func indexOf(_ ch: Unicode.Scalar, from start: Int = 0) -> Int {
        let u = Self.unit(ch)
        return units.withUnsafeBufferPointer { units in
            var k = max(start, 0)
            while k < units.count {
                if units[k] == u { return k }
                k += 1
            }
            return -1
        }
    }

    func lastIndexOf(_ ch: Unicode.Scalar) -> Int {
        let u = Self.unit(ch)
        return units.withUnsafeBufferPointer { units in
            var k = units.count - 1
            while k >= 0, units[k] != u { k -= 1 }
            return k
        }
    }

    private static func unit(_ ch: Unicode.Scalar) -> UInt16 {
        precondition(ch.value < 0x10000, "a character of the Basic Multilingual Plane")
        return UInt16(ch.value)
    }

    /// `String.substring(begin, end)`; throws where Java throws `StringIndexOutOfBoundsException`.
    func substring(_ begin: Int, _ end: Int) throws -> String {
        guard begin >= 0, end <= count, begin <= end else {
            throw JavaIndexOutOfBounds(index: begin < 0 || begin > count ? begin : end)
        }
        let slice = units[begin..<end]
        guard slice.allSatisfy({ $0 < 0x80 }) else { return String(decoding: slice, as: UTF16.self) }
        return String(unsafeUninitializedCapacity: slice.count) { buffer in
            for (k, unit) in slice.enumerated() { buffer[k] = UInt8(truncatingIfNeeded: unit) }
            return slice.count
        }
    }

    func substring(_ begin: Int) throws -> String { try substring(begin, count) }

    /// `String.charAt(index)`.
    func charAt(_ index: Int) throws -> UInt16 {
        guard index >= 0, index < count else { throw JavaIndexOutOfBounds(index: index) }
        return units[index]
    }
}

/// Java's `IndexOutOfBoundsException`; the parsers turn it into a syntax error, as Android does.
struct JavaIndexOutOfBounds: Error, Equatable {
    let index: Int
}
