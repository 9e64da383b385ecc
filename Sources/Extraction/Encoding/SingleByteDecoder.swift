import Glibc

/// The Encoding Standard's single-byte encodings (windows-125x, ISO-8859-x, KOI8, …).
/// Their decoders are a lookup table for bytes 0x80–0xFF; ours are built once from glibc's
/// tables through iconv and then corrected where the standard's indexes differ, so that
/// decoding is a table lookup and matches browsers byte for byte.
enum SingleByteDecoder {
    /// WHATWG name → glibc name, plus the bytes where the standard's index differs from
    /// glibc (checked against whatwg/encoding's index files).
    private static let sources: [String: (glibcName: String, fixes: [UInt8: UInt32])] = [
        "IBM866": ("IBM866", [:]),
        "ISO-8859-2": ("ISO-8859-2", [:]), "ISO-8859-3": ("ISO-8859-3", [:]),
        "ISO-8859-4": ("ISO-8859-4", [:]), "ISO-8859-5": ("ISO-8859-5", [:]),
        "ISO-8859-6": ("ISO-8859-6", [:]), "ISO-8859-7": ("ISO-8859-7", [:]),
        "ISO-8859-8": ("ISO-8859-8", [:]),
        // Same table; "-I" (logical order) only matters for display.
        "ISO-8859-8-I": ("ISO-8859-8", [:]),
        "ISO-8859-10": ("ISO-8859-10", [:]), "ISO-8859-13": ("ISO-8859-13", [:]),
        "ISO-8859-14": ("ISO-8859-14", [:]), "ISO-8859-15": ("ISO-8859-15", [:]),
        "ISO-8859-16": ("ISO-8859-16", [:]),
        "KOI8-R": ("KOI8-R", [:]),
        // The standard's KOI8-U also has Belarusian ў/Ў where KOI8-U has box drawing.
        "KOI8-U": ("KOI8-U", [0xAE: 0x045E, 0xBE: 0x040E]),
        "macintosh": ("MACINTOSH", [0xF0: 0xF8FF]),  // Apple logo at Apple's code point
        "x-mac-cyrillic": ("MAC-CYRILLIC", [0xFF: 0x20AC]),  // the euro of Mac OS 9
        "windows-874": ("CP874", [:]),
        "windows-1250": ("CP1250", [:]), "windows-1251": ("CP1251", [:]),
        "windows-1252": ("CP1252", [:]), "windows-1253": ("CP1253", [:]),
        "windows-1254": ("CP1254", [:]), "windows-1255": ("CP1255", [:]),
        "windows-1256": ("CP1256", [:]), "windows-1257": ("CP1257", [:]),
        "windows-1258": ("CP1258", [:]),
    ]

    /// Scalars for bytes 0x80–0xFF (index byte − 0x80); nil where the encoding has no
    /// character. Built on first use (Swift runs the initializer once, thread-safely).
    /// An encoding glibc cannot open is absent.
    private static let tables: [String: [Unicode.Scalar?]] = {
        var tables: [String: [Unicode.Scalar?]] = [:]
        for (name, source) in sources {
            guard let descriptor = Iconv.Descriptor(from: source.glibcName, to: "UTF-32LE") else { continue }
            var table = [Unicode.Scalar?](repeating: nil, count: 128)
            for byte in UInt8(0x80)...UInt8(0xFF) {
                if let fixed = source.fixes[byte] {
                    table[Int(byte - 0x80)] = Unicode.Scalar(fixed)
                } else if let scalar = convert(byte, descriptor) {
                    table[Int(byte - 0x80)] = scalar
                } else if name.hasPrefix("windows-"), byte <= 0x9F {
                    // Windows code pages leave some of 0x80–0x9F undefined; the
                    // standard (like Windows itself) maps those bytes to the C1 control
                    // of the same value instead of an error.
                    table[Int(byte - 0x80)] = Unicode.Scalar(byte)
                }
            }
            tables[name] = table
        }
        return tables
    }()

    private static func convert(_ byte: UInt8, _ descriptor: Iconv.Descriptor) -> Unicode.Scalar? {
        descriptor.reset()
        var input = byte
        var output: UInt32 = 0
        return withUnsafeMutableBytes(of: &input) { inBytes in
            withUnsafeMutableBytes(of: &output) { outBytes -> Unicode.Scalar? in
                var inPointer = inBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                var inLeft = 1
                var outPointer = outBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                var outLeft = 4
                // The flush matters for CP1255/CP1258, where glibc holds a base letter
                // back in case a combining mark follows.
                guard iconv(descriptor.handle, &inPointer, &inLeft, &outPointer, &outLeft) != -1,
                      iconv(descriptor.handle, nil, nil, &outPointer, &outLeft) != -1,
                      outLeft == 0 else { return nil }
                return Unicode.Scalar(UInt32(littleEndian: outBytes.load(as: UInt32.self)))
            }
        }
    }

    /// The decoding table of `name` (bytes 0x80–0xFF), for the encoder that inverts it.
    static func table(_ name: String) -> [Unicode.Scalar?]? { tables[name] }

    /// Whether `name` is a single-byte encoding this decoder handles.
    static func handles(_ name: String) -> Bool { sources[name] != nil }

    /// Nil only when glibc could not open the encoding.
    static func decode(_ input: ArraySlice<UInt8>, encoding name: String) -> (utf8: [UInt8], replacements: Int)? {
        guard let table = tables[name] else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count + input.count / 2)
        var replacements = 0
        for byte in input {
            if byte < 0x80 {
                output.append(byte)
            } else if let scalar = table[Int(byte - 0x80)] {
                UTF8.encode(scalar) { output.append($0) }
            } else {
                output.append(contentsOf: Iconv.replacementCharacter)
                replacements += 1
            }
        }
        return (output, replacements)
    }
}
