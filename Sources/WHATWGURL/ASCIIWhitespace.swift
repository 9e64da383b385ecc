// ASCII whitespace as the Infra standard defines it, which URL and HTML parsing share.

extension String {
    /// Strips ASCII whitespace (TAB, LF, FF, CR, SPACE), as HTML attribute parsing does.
    /// Returns the string itself, uncopied, when there is nothing to strip.
    package var trimmingASCIIWhitespace: String {
        let bytes = utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start].isASCIIWhitespace { start = bytes.index(after: start) }
        while end > start, bytes[bytes.index(before: end)].isASCIIWhitespace { end = bytes.index(before: end) }
        if start == bytes.startIndex, end == bytes.endIndex { return self }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

extension UInt8 {
    /// TAB, LF, FF, CR or SPACE: the Infra standard's ASCII whitespace.
    package var isASCIIWhitespace: Bool {
        self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D
    }
}
