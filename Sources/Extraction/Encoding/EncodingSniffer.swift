/// Decides a page's encoding the way browsers do before parsing: the HTML Standard's
/// encoding sniffing algorithm
/// (https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm).
///
/// Order: byte order mark; the transport (HTTP `Content-Type`) charset, when the caller has
/// one and it is a known label; the meta prescan of the first 1024 bytes; then UTF-8.
/// Browsers may go on to guess from the bytes or the user's locale (Shift_JIS for a
/// Japanese user, windows-1252 for most others); this tool does not guess, so an
/// undeclared legacy page decodes as UTF-8 and its replacement count shows it.
public enum EncodingSniffer {
    /// - Parameters:
    ///   - bytes: the page as received (only the first 1024 bytes are read).
    ///   - transportCharset: the `charset` parameter of the HTTP `Content-Type`, unquoted;
    ///     nil when there was none. An unknown label is ignored, as browsers do.
    public static func sniff(_ bytes: UnsafeRawBufferPointer, transportCharset: String? = nil) -> PageEncoding {
        if let bom = byteOrderMark(bytes) {
            return PageEncoding(name: bom.name, source: .bom)
        }
        if let transportCharset, let name = encoding(forLabel: transportCharset) {
            return PageEncoding(name: name, source: .transport)
        }
        if let declared = MetaPrescan.encoding(in: bytes) {
            return declared
        }
        return PageEncoding(name: "UTF-8", source: .default)
    }

    /// Convenience for `[UInt8]` (and, through `withUnsafeBytes`, `Data`); no copy.
    public static func sniff(_ bytes: [UInt8], transportCharset: String? = nil) -> PageEncoding {
        bytes.withUnsafeBytes { sniff($0, transportCharset: transportCharset) }
    }

    /// The Encoding Standard's "get an encoding": the name for a label such as
    /// " SJIS " or "latin1" ("Shift_JIS", "windows-1252"), or nil for an unknown label.
    public static func encoding(forLabel label: String) -> String? {
        EncodingLabels.name(forLabel: label.utf8)
    }

    /// "BOM sniff": UTF-8 EF BB BF, UTF-16BE FE FF, UTF-16LE FF FE.
    static func byteOrderMark(_ bytes: UnsafeRawBufferPointer) -> (name: String, length: Int)? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF] as [UInt8]) { return ("UTF-8", 3) }
        if bytes.starts(with: [0xFE, 0xFF] as [UInt8]) { return ("UTF-16BE", 2) }
        if bytes.starts(with: [0xFF, 0xFE] as [UInt8]) { return ("UTF-16LE", 2) }
        return nil
    }
}
