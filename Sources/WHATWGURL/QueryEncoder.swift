/// The document's character encoding, for the query of the URLs parsed in it: the URL
/// Standard's "encoding-parse a URL" hands the document's encoding to the query state,
/// which percent-encodes the query's code points after encoding them with it
/// (Docs/PLATFORM.md §F.12). UTF-8 needs no encoder (nil is UTF-8, the fast path); the
/// tables and converters for legacy encodings live with the page decoders in Extraction,
/// so this target stays free of them.
public protocol URLQueryEncoder: Sendable {
    /// Encodes one query (its code points from `?` to `#` or the end, never ASCII-only),
    /// in order: the bytes of what the encoding has, and each code point it has not.
    /// A stateful encoding (ISO-2022-JP) starts in its initial state and ends back in it.
    func encode(_ query: Substring) -> [URLQueryEncoderOutput]
}

/// One piece of an encoded query.
public enum URLQueryEncoderOutput: Equatable, Sendable {
    /// Bytes in the document's encoding; the parser percent-encodes them with the query set.
    case bytes([UInt8])
    /// A code point the encoding cannot represent; the query gets `%26%23NNNN%3B`
    /// (`&#NNNN;` in decimal, percent-encoded), as the URL Standard's "percent-encode after
    /// encoding" writes an encoder error.
    case unencodable(Unicode.Scalar)
}

extension WebURL.Parser {
    /// The query state's end with a document encoder: `input[bufferStart..<pointer]` is the
    /// whole query. An all-printable-ASCII query is encoded as UTF-8 would (every encoding
    /// an encoder stands for keeps printable ASCII as it is), so the encoder only sees
    /// queries with other bytes.
    mutating func appendQuery(encodedWith encoder: any URLQueryEncoder) {
        let raw = UnsafeBufferPointer(rebasing: input[bufferStart..<pointer])
        let set: WebURL.PercentEncodeSet = isSpecial ? .specialQuery : .query
        guard raw.contains(where: { $0 >= 0x80 || $0 < 0x20 }) else {
            WebURL.PercentEncoding.append(contentsOf: raw, set, to: &url.query!)
            return
        }
        // The input came from a Swift String and `?`/`#` are ASCII, so this is valid UTF-8.
        let text = Substring(decoding: raw, as: UTF8.self)
        for piece in encoder.encode(text) {
            switch piece {
            case .bytes(let bytes):
                WebURL.PercentEncoding.append(contentsOf: bytes, set, to: &url.query!)
            case .unencodable(let scalar):
                url.query!.append(contentsOf: "%26%23".utf8)
                url.query!.append(contentsOf: String(scalar.value).utf8)
                url.query!.append(contentsOf: "%3B".utf8)
            }
        }
    }
}
