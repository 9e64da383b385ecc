import Glibc
import WHATWGURL

/// The encoders for the query of a URL found in a page (URL Standard, "encoding-parse a URL";
/// Docs/PLATFORM.md §F.12): the page's encoding, from the same tables and iconv recipes the
/// page was decoded with.
public enum QueryEncoders {
    /// The encoder for a page decoded as `encoding` (an Encoding Standard name), or nil for
    /// UTF-8. The Standard's "get an output encoding" turns UTF-16BE/LE (and replacement)
    /// into UTF-8, so those pages need none either.
    public static func encoder(for encoding: String) -> (any URLQueryEncoder)? {
        switch encoding {
        case "UTF-8", "UTF-16LE", "UTF-16BE", "replacement": return nil
        case "x-user-defined": return XUserDefinedQueryEncoder()
        default:
            if let table = SingleByteDecoder.table(encoding) { return SingleByteQueryEncoder(table: table) }
            guard let recipe = Iconv.recipes[encoding] else { return nil }
            return IconvQueryEncoder(encoding: encoding, glibcName: recipe.glibcName)
        }
    }
}

/// A single-byte encoding: the decoding table inverted (the Encoding Standard's single-byte
/// encoder looks the code point up in the same index).
struct SingleByteQueryEncoder: URLQueryEncoder {
    let bytes: [Unicode.Scalar: UInt8]

    init(table: [Unicode.Scalar?]) {
        var bytes: [Unicode.Scalar: UInt8] = [:]
        for (offset, scalar) in table.enumerated() {
            guard let scalar, bytes[scalar] == nil else { continue }
            bytes[scalar] = UInt8(0x80 + offset)
        }
        self.bytes = bytes
    }

    func encode(_ query: Substring) -> [URLQueryEncoderOutput] {
        var out: [URLQueryEncoderOutput] = []
        var run: [UInt8] = []
        for scalar in query.unicodeScalars {
            if scalar.isASCII {
                run.append(UInt8(scalar.value))
            } else if let byte = bytes[scalar] {
                run.append(byte)
            } else {
                if !run.isEmpty { out.append(.bytes(run)); run = [] }
                out.append(.unencodable(scalar))
            }
        }
        if !run.isEmpty { out.append(.bytes(run)) }
        return out
    }
}

/// x-user-defined: ASCII as is, U+F780–U+F7FF back to 0x80–0xFF.
struct XUserDefinedQueryEncoder: URLQueryEncoder {
    func encode(_ query: Substring) -> [URLQueryEncoderOutput] {
        query.unicodeScalars.map { scalar in
            if scalar.isASCII { return .bytes([UInt8(scalar.value)]) }
            if (0xF780...0xF7FF).contains(scalar.value) { return .bytes([UInt8(scalar.value - 0xF780 + 0x80)]) }
            return .unencodable(scalar)
        }
    }
}

/// The multi-byte encodings, through glibc's iconv (the vendor tables the page decoder uses,
/// which encode as the Encoding Standard's encoders do, e.g. CP932 U+2212 → 0x81 0x7C), with
/// the Standard's own exceptions applied around it. One descriptor per query: iconv keeps
/// shift state (ISO-2022-JP) and must not be shared between threads.
struct IconvQueryEncoder: URLQueryEncoder {
    let encoding: String
    let glibcName: String

    func encode(_ query: Substring) -> [URLQueryEncoderOutput] {
        guard let descriptor = Iconv.Descriptor(from: "UTF-8", to: glibcName) else {
            return query.unicodeScalars.map { .unencodable($0) }
        }
        var out: [URLQueryEncoderOutput] = []
        var run: [UInt8] = []
        for scalar in query.unicodeScalars {
            if let error = standardError(scalar) {
                if !run.isEmpty { out.append(.bytes(run)); run = [] }
                out.append(.unencodable(error))
            } else if let fixed = standardBytes(scalar) {
                run += fixed
            } else if let bytes = convert(scalar, descriptor), accepts(bytes) {
                run += bytes
            } else {
                if !run.isEmpty { out.append(.bytes(run)); run = [] }
                out.append(.unencodable(scalar))
            }
        }
        run += flush(descriptor)
        if !run.isEmpty { out.append(.bytes(run)) }
        return out
    }

    /// Code points the Encoding Standard's encoder refuses though glibc encodes them: the
    /// ISO-2022-JP encoder's SO, SI and ESC (reported as U+FFFD), gb18030's U+E5E5.
    private func standardError(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch (encoding, scalar.value) {
        case ("ISO-2022-JP", 0x0E), ("ISO-2022-JP", 0x0F), ("ISO-2022-JP", 0x1B): return "\u{FFFD}"
        case ("gb18030", 0xE5E5), ("GBK", 0xE5E5): return scalar
        default: return nil
        }
    }

    /// The Standard's GBK encoder writes the euro as 0x80; its Big5 index has it at 0xA3E1.
    private func standardBytes(_ scalar: Unicode.Scalar) -> [UInt8]? {
        switch (encoding, scalar.value) {
        case ("GBK", 0x20AC): return [0x80]
        case ("Big5", 0x20AC): return [0xA3, 0xE1]
        default: return nil
        }
    }

    /// GBK has no four-byte sequences; the Standard's Big5 encoder leaves out the HKSCS
    /// rows (lead bytes below 0xA1) that glibc's BIG5-HKSCS has.
    private func accepts(_ bytes: [UInt8]) -> Bool {
        switch encoding {
        case "GBK": return bytes.count < 4
        case "Big5": return bytes.count != 2 || bytes[0] >= 0xA1
        default: return true
        }
    }

    /// One code point through iconv; nil when the encoding has no such character.
    private func convert(_ scalar: Unicode.Scalar, _ descriptor: Iconv.Descriptor) -> [UInt8]? {
        var input: [UInt8] = []
        UTF8.encode(scalar) { input.append($0) }
        return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: 16) { chunk -> [UInt8]? in
                var inPointer: UnsafeMutablePointer<CChar>? =
                    UnsafeMutableRawPointer(source.baseAddress!).assumingMemoryBound(to: CChar.self)
                var inLeft = source.count
                var outPointer: UnsafeMutablePointer<CChar>? = chunk.baseAddress
                var outLeft = chunk.count
                guard iconv(descriptor.handle, &inPointer, &inLeft, &outPointer, &outLeft) != -1, inLeft == 0 else {
                    return nil
                }
                return UnsafeRawBufferPointer(start: chunk.baseAddress, count: chunk.count - outLeft).map { $0 }
            }
        }
    }

    /// The bytes that return a stateful encoding to its initial state (ISO-2022-JP's ESC ( B).
    private func flush(_ descriptor: Iconv.Descriptor) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 16) { chunk -> [UInt8] in
            var outPointer: UnsafeMutablePointer<CChar>? = chunk.baseAddress
            var outLeft = chunk.count
            _ = iconv(descriptor.handle, nil, nil, &outPointer, &outLeft)
            return UnsafeRawBufferPointer(start: chunk.baseAddress, count: chunk.count - outLeft).map { $0 }
        }
    }
}
