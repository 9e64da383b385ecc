/// UTF-8 pages: validated where they lie, and copied only when something must change.
/// Malformed bytes become U+FFFD exactly as the Encoding Standard's UTF-8 decoder does:
/// one per "maximal subpart" (a lead byte and the continuation bytes that fit it), so
/// `F0 80 80` is three replacements and a sequence cut off by the end of the page is one.
enum UTF8Decoder {
    static func decode(_ bytes: [UInt8], from start: Int) -> (utf8: [UInt8], replacements: Int) {
        let firstBad = bytes.withUnsafeBufferPointer { firstInvalidOffset($0, from: start) }
        guard let firstBad else {
            // The common case: no copy at all, or one slice copy past a BOM.
            return (start == 0 ? bytes : Array(bytes[start...]), 0)
        }
        var output = Array(bytes[start..<firstBad])
        output.reserveCapacity(bytes.count - start + 16)
        var replacements = 0
        bytes.withUnsafeBufferPointer { buffer in
            var i = firstBad
            while i < buffer.count {
                let (length, valid) = sequence(in: buffer, at: i)
                if valid {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i..<(i + length)]))
                } else {
                    output.append(contentsOf: Iconv.replacementCharacter)
                    replacements += 1
                }
                i += length
            }
        }
        return (output, replacements)
    }

    /// Offset of the first malformed sequence at or after `start`, or nil when the rest is
    /// well-formed. Runs of ASCII are checked 32 bytes, then eight bytes, at a time.
    static func firstInvalidOffset(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        var i = start
        while i < buffer.count {
            if i + 32 <= buffer.count,
               (raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)) & 0x8080_8080_8080_8080 == 0 {
                i += 32
                continue
            }
            if i + 8 <= buffer.count,
               raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let (length, valid) = sequence(in: buffer, at: i)
            guard valid else { return i }
            i += length
        }
        return nil
    }

    /// The sequence starting at `i`: its length when well-formed (Unicode Table 3-7),
    /// otherwise the length of the maximal subpart to replace with one U+FFFD.
    @inline(__always)
    static func sequence(in buffer: UnsafeBufferPointer<UInt8>, at i: Int) -> (length: Int, valid: Bool) {
        let lead = buffer[i]
        if lead < 0x80 { return (1, true) }
        let continuations: Int
        // The first continuation byte's range is narrower after some leads: that is what
        // rules out overlong forms, surrogates and code points above U+10FFFF.
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: continuations = 1
        case 0xE0: continuations = 2; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: continuations = 2
        case 0xED: continuations = 2; upper = 0x9F
        case 0xF0: continuations = 3; lower = 0x90
        case 0xF1...0xF3: continuations = 3
        case 0xF4: continuations = 3; upper = 0x8F
        default: return (1, false)  // 80–C1, F5–FF never start a sequence
        }
        for j in 1...continuations {
            guard i + j < buffer.count else { return (j, false) }
            let byte = buffer[i + j]
            guard byte >= lower && byte <= upper else { return (j, false) }
            lower = 0x80
            upper = 0xBF
        }
        return (continuations + 1, true)
    }
}
