/// Turns a page's bytes into UTF-8 the way a browser's decoder reads them, so the HTML
/// extractor can give libxml2 UTF-8 and tell it to ignore in-page declarations
/// (HTML_PARSE_IGNORE_ENC).
public enum PageDecoder {
    /// - Parameters:
    ///   - bytes: the page as received. Taken as `[UInt8]` so that a valid UTF-8 page
    ///     comes back as the same array (no copy); other pages are decoded into a new one.
    ///   - encoding: usually `EncodingSniffer.sniff(bytes)`. A byte order mark at the
    ///     start wins over it, as in the Encoding Standard's "decode".
    /// - Returns: UTF-8 bytes **without** a byte order mark, and how many U+FFFD
    ///   replacements were made for malformed input (a page that is mostly replacements
    ///   was probably declared wrong). Nil only when `encoding.name` is not an Encoding
    ///   Standard name or glibc's iconv cannot open the encoding.
    public static func utf8(_ bytes: [UInt8], from encoding: PageEncoding) -> (utf8: [UInt8], replacements: Int)? {
        var name = encoding.name
        var start = 0
        if let bom = bytes.withUnsafeBytes({ EncodingSniffer.byteOrderMark($0) }) {
            name = bom.name
            start = bom.length
        }
        switch name {
        case "UTF-8":
            return UTF8Decoder.decode(bytes, from: start)
        case "replacement":
            // Encodings browsers refuse to decode (ISO-2022-KR, HZ, …): the whole page
            // becomes one U+FFFD, so nothing in it can be misread as markup.
            return start == bytes.count ? ([], 0) : (Iconv.replacementCharacter, 1)
        case "x-user-defined":
            return (xUserDefined(bytes[start...]), 0)
        default:
            if SingleByteDecoder.handles(name) {
                return SingleByteDecoder.decode(bytes[start...], encoding: name)
            }
            guard let recipe = Iconv.recipes[name] else { return nil }
            return Iconv.decode(bytes[start...], recipe: recipe)
        }
    }

    /// x-user-defined: ASCII as is, 0x80–0xFF to U+F780–U+F7FF (private use).
    private static func xUserDefined(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            if byte < 0x80 {
                output.append(byte)
            } else {
                UTF8.encode(Unicode.Scalar(0xF780 + UInt32(byte - 0x80))!) { output.append($0) }
            }
        }
        return output
    }
}
