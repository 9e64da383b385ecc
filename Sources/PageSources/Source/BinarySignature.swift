/// The signatures of common binary formats, from the MIME Sniffing Standard's image, archive
/// and font type patterns (https://mimesniff.spec.whatwg.org/#matching-an-image-type-pattern,
/// #matching-an-archive-type-pattern) plus PDF: a file declared HTML that starts with one is
/// a renamed binary file, not a page (§F.7).
enum BinarySignature {
    private static let signatures: [(name: String, bytes: [UInt8])] = [
        ("PNG image", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
        ("GIF image", Array("GIF87a".utf8)),
        ("GIF image", Array("GIF89a".utf8)),
        ("JPEG image", [0xFF, 0xD8, 0xFF]),
        ("PDF document", Array("%PDF-".utf8)),
        ("ZIP archive", [0x50, 0x4B, 0x03, 0x04]),
        ("gzip archive", [0x1F, 0x8B, 0x08]),
        ("RAR archive", [0x52, 0x61, 0x72, 0x20, 0x1A, 0x07, 0x00]),
        ("WOFF font", Array("wOFF".utf8)),
        ("WOFF2 font", Array("wOF2".utf8)),
    ]

    /// The format whose signature starts `bytes`, if any; WebP is RIFF….WEBP.
    static func format(of bytes: UnsafeRawBufferPointer) -> String? {
        for (name, signature) in signatures where bytes.count >= signature.count {
            if zip(signature.indices, signature).allSatisfy({ bytes[$0] == $1 }) { return name }
        }
        if bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) {
            return "WebP image"
        }
        return nil
    }
}
