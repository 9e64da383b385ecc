import Glibc

/// Decoding through glibc's iconv, turning each malformed sequence into U+FFFD as a
/// browser's decoder does, instead of stopping where iconv stops.
struct Iconv {
    /// How a WHATWG encoding is decoded with glibc. glibc's tables are the vendor
    /// supersets that browsers decode with (Microsoft's for Japanese and Korean, HKSCS for
    /// Big5, GB18030 for GBK); a few characters come out as the vendor's look-alike
    /// (CP932 gives U+FF5E for 0x8160 where the standard has U+301C), which does not
    /// matter for finding links.
    struct Recipe {
        var glibcName: String
        /// Bytes skipped after a malformed sequence: one code unit.
        var unitWidth: Int = 1
        /// Single bytes glibc rejects but the Encoding Standard's decoder maps.
        var extraBytes: [UInt8: Unicode.Scalar] = [:]
    }

    static let recipes: [String: Recipe] = [
        "Shift_JIS": Recipe(glibcName: "CP932", extraBytes: [0x80: "\u{80}"]),
        // EUC-JP-MS has the NEC/IBM rows (①, ㈱ …) the standard's index-jis0208 has.
        "EUC-JP": Recipe(glibcName: "EUC-JP-MS"),
        "ISO-2022-JP": Recipe(glibcName: "ISO-2022-JP"),
        "EUC-KR": Recipe(glibcName: "CP949"),
        "Big5": Recipe(glibcName: "BIG5-HKSCS"),
        // The standard's GBK decoder is its gb18030 decoder; both read 0x80 as the euro.
        "GBK": Recipe(glibcName: "GB18030", extraBytes: [0x80: "\u{20AC}"]),
        "gb18030": Recipe(glibcName: "GB18030", extraBytes: [0x80: "\u{20AC}"]),
        "UTF-16LE": Recipe(glibcName: "UTF-16LE", unitWidth: 2),
        "UTF-16BE": Recipe(glibcName: "UTF-16BE", unitWidth: 2),
    ]

    /// An open conversion descriptor; closed when released. One per decode call, as
    /// iconv descriptors carry state and must not be shared between threads.
    final class Descriptor {
        let handle: iconv_t

        init?(from source: String, to target: String) {
            guard let handle = iconv_open(target, source), Int(bitPattern: handle) != -1 else { return nil }
            self.handle = handle
        }

        deinit { iconv_close(handle) }

        /// Back to the initial shift state.
        func reset() { _ = iconv(handle, nil, nil, nil, nil) }
    }

    /// Decodes `input` to UTF-8. Nil only when glibc cannot open the encoding.
    static func decode(_ input: ArraySlice<UInt8>, recipe: Recipe) -> (utf8: [UInt8], replacements: Int)? {
        guard let descriptor = Descriptor(from: recipe.glibcName, to: "UTF-8") else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count + input.count / 2)
        var replacements = 0
        let chunkSize = 64 * 1024
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: chunkSize) { chunk in
            let chunkStart = chunk.baseAddress!
            /// Runs one iconv call into the chunk and keeps what it wrote.
            func convert(_ inPointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                         _ inLeft: UnsafeMutablePointer<Int>?) -> (ok: Bool, error: Int32) {
                var outPointer: UnsafeMutablePointer<CChar>? = chunkStart
                var outLeft = chunkSize
                let result = iconv(descriptor.handle, inPointer, inLeft, &outPointer, &outLeft)
                let error = errno
                UnsafeRawBufferPointer(start: chunkStart, count: chunkSize - outLeft).withMemoryRebound(to: UInt8.self) {
                    output.append(contentsOf: $0)
                }
                return (result != -1, error)
            }
            input.withUnsafeBufferPointer { source in
                guard let base = source.baseAddress else { return }
                var inPointer: UnsafeMutablePointer<CChar>? =
                    UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: CChar.self)
                var inLeft = source.count
                while inLeft > 0 {
                    let (ok, error) = convert(&inPointer, &inLeft)
                    if ok || error == E2BIG { continue }
                    if error == EINVAL {
                        // A sequence cut off by the end of the page: one U+FFFD, as at the
                        // end of a browser's stream.
                        output.append(contentsOf: replacementCharacter)
                        replacements += 1
                        break
                    }
                    // EILSEQ: a byte sequence the encoding does not define. Skip one code
                    // unit and go on (iconv's own state is left as it was).
                    let byte = UInt8(bitPattern: inPointer![0])
                    if recipe.unitWidth == 1, let scalar = recipe.extraBytes[byte] {
                        UTF8.encode(scalar) { output.append($0) }
                    } else {
                        output.append(contentsOf: replacementCharacter)
                        replacements += 1
                    }
                    let skip = min(recipe.unitWidth, inLeft)
                    inPointer! += skip
                    inLeft -= skip
                }
            }
            // Flush any output iconv still holds back (shift state, composed pairs).
            while true {
                let (ok, error) = convert(nil, nil)
                if ok || error != E2BIG { break }
            }
        }
        return (output, replacements)
    }

    /// U+FFFD REPLACEMENT CHARACTER in UTF-8.
    static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]
}
