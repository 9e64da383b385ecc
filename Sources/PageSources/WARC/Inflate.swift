import CZlib

/// Undoes an HTTP body's gzip or deflate content coding in memory, up to a bound. `deflate`
/// is sent as zlib-wrapped by the standard and raw by some servers: both are accepted.
///
/// A small body can inflate to gigabytes (64 MB of zeros gzip to 64 KB): inflating stops
/// once the output passes `limit`, so memory never holds more than `limit` plus one chunk.
enum Inflate {
    /// What came out: at most `limit` bytes, whether there was more, and how many bytes
    /// the inflater produced in all (at most `limit + chunk`: the bound, checked by tests).
    struct Output {
        var bytes: [UInt8]
        var cut: Bool
        var produced: Int
        /// The gzip data ended inside a member (a body cut short).
        var unfinished = false
    }

    static let chunk = 1 << 16

    static func upTo(_ limit: Int, of bytes: [UInt8]) throws -> Output {
        if bytes.starts(with: [0x1F, 0x8B]) {
            let source = try GzipByteSource(MemoryByteSource(bytes))
            var out = buffer(limit)
            while out.count <= limit {
                let piece: [UInt8]
                do {
                    piece = try source.read(max: chunk)
                } catch GzipByteSource.Failure.unfinished {
                    return Output(bytes: out, cut: false, produced: out.count, unfinished: true)
                }
                if piece.isEmpty { return Output(bytes: out, cut: false, produced: out.count) }
                out += piece
            }
            return cut(&out, at: limit)
        }
        if let zlib = try? inflate(bytes, windowBits: 15, limit: limit) { return zlib }
        return try inflate(bytes, windowBits: -15, limit: limit)
    }

    /// Room for the whole output at once (up to the default page limit): growing by doubling
    /// would hold the old and the new copy together. Memory not written to costs nothing
    /// resident.
    private static func buffer(_ limit: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(min(limit, 64 << 20) + chunk)
        return out
    }

    /// Cuts in place: a copy of the prefix would hold the limit twice.
    private static func cut(_ out: inout [UInt8], at limit: Int) -> Output {
        let produced = out.count
        if produced > limit { out.removeSubrange(limit...) }
        return Output(bytes: out, cut: produced > limit, produced: produced)
    }

    private static func inflate(_ bytes: [UInt8], windowBits: Int32, limit: Int) throws -> Output {
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw GzipByteSource.Failure.corrupt("cannot start zlib")
        }
        defer { inflateEnd(&stream) }
        var input = bytes
        var out = buffer(limit)
        var piece = [UInt8](repeating: 0, count: chunk)
        return try input.withUnsafeMutableBufferPointer { inBuf in
            stream.next_in = inBuf.baseAddress
            stream.avail_in = UInt32(min(inBuf.count, Int(UInt32.max)))
            while out.count <= limit {
                let status: Int32 = piece.withUnsafeMutableBufferPointer { outBuf in
                    stream.next_out = outBuf.baseAddress
                    stream.avail_out = UInt32(outBuf.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                out += piece[0..<(piece.count - Int(stream.avail_out))]
                if status == Z_STREAM_END { return Output(bytes: out, cut: false, produced: out.count) }
                guard status == Z_OK else {
                    throw GzipByteSource.Failure.corrupt("deflate data is corrupt (zlib \(status))")
                }
                if stream.avail_in == 0 && stream.avail_out != 0 { return Output(bytes: out, cut: false, produced: out.count) }
            }
            return cut(&out, at: limit)
        }
    }
}
