/// The character encoding a page is decoded with, and what decided it.
public struct PageEncoding: Equatable, Sendable {
    /// What the decision rests on, in the order the HTML Standard's encoding sniffing
    /// algorithm tries them.
    public enum Source: String, Sendable {
        /// A byte order mark at the start of the bytes; it always wins.
        case bom
        /// The charset the caller got from the HTTP `Content-Type` header.
        case transport
        /// `<meta charset>` or `<meta http-equiv=content-type content=…>` in the first
        /// 1024 bytes.
        case meta
        /// Found by the same prescan, but from XML syntax: a UTF-16 `<?x` start, or the
        /// `encoding` of an `<?xml …?>` declaration when no usable meta was seen.
        case xmlDeclaration
        /// Nothing declared: UTF-8 (see `EncodingSniffer`).
        case `default`
    }

    /// The Encoding Standard's name for the encoding, e.g. "UTF-8", "Shift_JIS",
    /// "windows-1252" (as returned by `EncodingSniffer.encoding(forLabel:)`).
    public var name: String
    public var source: Source

    public init(name: String, source: Source) {
        self.name = name
        self.source = source
    }
}
