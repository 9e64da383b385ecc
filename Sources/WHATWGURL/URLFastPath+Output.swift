import Glibc

// Output writing and byte classes for the one-pass parser (`FastPath`).

extension WebURL.Layout {
    /// A layout with no components yet: no port, query, fragment or host.
    static var blank: WebURL.Layout {
        WebURL.Layout(
            schemeEnd: 0, usernameStart: 0, usernameEnd: 0, passwordEnd: 0, hostStart: 0, hostEnd: 0,
            pathStart: 0, pathEnd: 0, queryStart: absent, fragmentStart: absent, end: 0, portValue: -1,
            kind: .other, hasHost: false, hasOpaquePath: false)
    }
}

extension WebURL.FastPath {
    private typealias Byte = WebURL.Byte
    typealias Layout = WebURL.Layout

    // MARK: - Writing

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        output[count] = byte
        count &+= 1  // bounded by the scratch capacity, so no overflow check
    }

    /// Copies input bytes from `start` while they are in `plain` (bytes that pass through
    /// unchanged and end nothing); returns the index of the first byte not copied. A tight
    /// loop over locals: most of a URL is such runs.
    @inline(__always)
    mutating func copyRun(from start: Int, while plain: WebURL.ASCIISet) -> Int {
        let source = input.baseAddress!
        let end = input.count
        var index = start
        var written = count
        while index < end {
            let byte = source[index]
            guard plain.contains(byte) else { break }
            output[written] = byte
            index &+= 1
            written &+= 1
        }
        count = written
        return index
    }

    /// Writes `byte`, percent-encoded if `set` holds it; false (nothing written) for a tab or
    /// newline, which the URL Standard removes before parsing: the fast path refuses input
    /// holding one, so the parser need not scan every input for them first (`URLParser.swift`).
    @inline(__always)
    mutating func putEncoded(_ byte: UInt8, _ set: WebURL.PercentEncodeSet) -> Bool {
        if byte == 0x09 || byte == 0x0A || byte == 0x0D { return false }
        if set.contains(byte) {
            put(UInt8(ascii: "%"))
            put(WebURL.PercentEncoding.hexDigit(byte >> 4))
            put(WebURL.PercentEncoding.hexDigit(byte & 0x0F))
        } else {
            put(byte)
        }
        return true
    }

    /// A port number (1–65535; the caller has range-checked it) in decimal.
    mutating func putDecimal(_ value: Int) {
        var divisor = 10_000
        while divisor > 1, value < divisor { divisor /= 10 }
        while divisor > 0 {
            put(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends the first `length` bytes of `bytes`.
    mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>, count length: Int) {
        guard length > 0 else { return }
        (output + count).update(from: bytes.baseAddress!, count: length)
        count += length
    }

    /// Copies the base's href up to `end`, which is at or after its path start (scheme,
    /// userinfo, host and port are serialised already, so their offsets carry over).
    mutating func copyAuthority(of base: Layout, _ baseBytes: UnsafeBufferPointer<UInt8>, upTo end: Int) {
        copy(baseBytes, count: end)
        layout.schemeEnd = base.schemeEnd
        layout.usernameStart = base.usernameStart
        layout.usernameEnd = base.usernameEnd
        layout.passwordEnd = base.passwordEnd
        layout.hostStart = base.hostStart
        layout.hostEnd = base.hostEnd
        layout.portValue = base.portValue
        layout.hasHost = base.hasHost
        layout.pathStart = base.pathStart
    }

    /// Whether `count` bytes at `a` and `b` are equal: libc's vectorised `memcmp` (a loop of
    /// eight-byte words cost ~80 instructions a link, issue 17).
    static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        memcmp(a, b, count) == 0
    }

    // MARK: - Dot segments

    /// The segment written from `start` (its '/') to the end of the output has ended:
    /// "." is dropped, ".." drops the previous segment too. When the path ends there (not
    /// at a slash) the spec still leaves an empty last segment, hence the '/'.
    mutating func endSegment(at start: Int, slashLike: Bool) {
        let length = count - start - 1
        guard length >= 1, length <= 6 else { return }
        let first = output[start + 1]
        guard first == Byte.dot || first == Byte.percent else { return }
        if isDoubleDot(from: start + 1, length: length) {
            count = start
            // Shorten the path: drop everything from its last '/'.
            var index = count
            while index > Int(layout.pathStart) {
                index -= 1
                if output[index] == Byte.slash {
                    count = index
                    break
                }
            }
        } else if isSingleDot(from: start + 1, length: length) {
            count = start
        } else {
            return
        }
        if !slashLike { put(Byte.slash) }
    }

    /// "." or "%2e", ASCII case-insensitive.
    private func isSingleDot(from start: Int, length: Int) -> Bool {
        length == 1 ? output[start] == Byte.dot : length == 3 && isEncodedDot(at: start)
    }

    /// "..", ".%2e", "%2e." or "%2e%2e", ASCII case-insensitive.
    private func isDoubleDot(from start: Int, length: Int) -> Bool {
        switch length {
        case 2: return output[start] == Byte.dot && output[start + 1] == Byte.dot
        case 4:
            return (output[start] == Byte.dot && isEncodedDot(at: start + 1))
                || (isEncodedDot(at: start) && output[start + 3] == Byte.dot)
        case 6: return isEncodedDot(at: start) && isEncodedDot(at: start + 3)
        default: return false
        }
    }

    private func isEncodedDot(at index: Int) -> Bool {
        output[index] == Byte.percent && output[index + 1] == UInt8(ascii: "2")
            && output[index + 2] | 0x20 == UInt8(ascii: "e")
    }

    // MARK: - Byte classes

    @inline(__always)
    static func isSlash(_ byte: UInt8) -> Bool { byte == Byte.slash || byte == Byte.backslash }

    /// Scheme code points after the first: ASCII alphanumerics, '+', '-', '.'.
    static var schemeBytes: WebURL.ASCIISet {
        WebURL.ASCIISet(low: 0x03FF_6800_0000_0000, high: 0x07FF_FFFE_07FF_FFFE)
    }

    /// Runs the path state copies as they are: not percent-encoded, not '/', '\', '?', '#'.
    static var plainPathBytes: WebURL.ASCIISet {
        let path = WebURL.PercentEncodeSet.path
        // Literal bits so this folds to a constant: '#' 0x23, '/' 0x2F, '?' 0x3F; '\' 0x5C.
        let stopsLow: UInt64 = 1 << 0x23 | 1 << 0x2F | 1 << 0x3F
        let stopsHigh: UInt64 = 1 << (0x5C - 0x40)
        return WebURL.ASCIISet(low: ~path.low & ~stopsLow, high: ~path.high & ~stopsHigh)
    }

    /// Query bytes of special URLs copied as they are (everything but the set and '#').
    static var plainSpecialQueryBytes: WebURL.ASCIISet {
        let query = WebURL.PercentEncodeSet.specialQuery
        return WebURL.ASCIISet(low: ~query.low & ~(1 << 0x23), high: ~query.high)  // '#' is 0x23
    }

    /// Query bytes of non-special URLs copied as they are (everything but the set and '#').
    static var plainQueryBytes: WebURL.ASCIISet {
        let query = WebURL.PercentEncodeSet.query
        return WebURL.ASCIISet(low: ~query.low & ~(1 << 0x23), high: ~query.high)  // '#' is 0x23
    }

    /// An opaque host's bytes the fast path takes (copied as written, never lower-cased): ASCII
    /// letters, digits and `-._~!$&'()*+,;=` — no forbidden host code point, no '%'.
    static var plainOpaqueHostBytes: WebURL.ASCIISet {
        WebURL.ASCIISet(low: 0x2BFF_7FD2_0000_0000, high: 0x47FF_FFFE_87FF_FFFE)
    }

    /// An opaque path's bytes copied as they are: printable ASCII but for '?' and '#' (the
    /// C0-control set leaves them; a space is left to the full parser, which encodes it
    /// before '?' and '#').
    static var plainOpaquePathBytes: WebURL.ASCIISet {
        let printable = WebURL.ASCIISet(low: ~UInt64(0) << 0x21, high: ~UInt64(0) >> 1)  // 0x21...0x7E
        return WebURL.ASCIISet(low: printable.low & ~(1 << 0x23 | 1 << 0x3F), high: printable.high)
    }

    static var plainFragmentBytes: WebURL.ASCIISet {
        let fragment = WebURL.PercentEncodeSet.fragment
        return WebURL.ASCIISet(low: ~fragment.low, high: ~fragment.high)
    }

    /// Domain bytes the host copy passes through: lower-case letters, digits, '-', '_'
    /// ('.' ends a label and upper-case letters are lowered, so both stop a run).
    static var plainHostBytes: WebURL.ASCIISet {
        WebURL.ASCIISet(low: 0x03FF_2000_0000_0000, high: 0x07FF_FFFE_8000_0000)
    }

    /// ASCII upper-case letters to lower case; every other byte unchanged.
    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// What ends a special URL's host: a port, path, query or fragment.
    @inline(__always)
    static func endsHost(_ byte: UInt8) -> Bool { byte == Byte.colon || endsAuthority(byte) }

    @inline(__always)
    static func endsAuthority(_ byte: UInt8) -> Bool {
        isSlash(byte) || byte == Byte.question || byte == Byte.hash
    }

    /// The scheme kind of `input[0..<end]`, ASCII case-insensitive, without copying it.
    static func specialKind(_ input: UnsafeBufferPointer<UInt8>, end: Int) -> WebURL.SchemeKind {
        func matches(_ name: StaticString) -> Bool {
            guard name.utf8CodeUnitCount == end else { return false }
            let bytes = name.utf8Start
            for index in 0..<end where input[index] | 0x20 != bytes[index] { return false }
            return true
        }
        switch end {
        case 2: return matches("ws") ? .ws : .other
        case 3: return matches("wss") ? .wss : matches("ftp") ? .ftp : .other
        case 4: return matches("http") ? .http : matches("file") ? .file : .other
        case 5: return matches("https") ? .https : .other
        default: return .other
        }
    }
}
