import CZlib

/// Undoes an HTTP body's gzip or deflate content coding in memory. `deflate` is sent as
/// zlib-wrapped by the standard and raw by some servers: both are accepted.
enum Inflate {
    static func all(_ bytes: [UInt8]) throws -> [UInt8] {
        if bytes.starts(with: [0x1F, 0x8B]) {
            let source = try GzipByteSource(MemoryByteSource(bytes))
            var out: [UInt8] = []
            while true {
                let chunk = try source.read(max: 1 << 16)
                if chunk.isEmpty { return out }
                out += chunk
            }
        }
        if let zlib = try? inflate(bytes, windowBits: 15) { return zlib }
        return try inflate(bytes, windowBits: -15)
    }

    private static func inflate(_ bytes: [UInt8], windowBits: Int32) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw GzipByteSource.Failure.corrupt("cannot start zlib")
        }
        defer { inflateEnd(&stream) }
        var input = bytes
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        return try input.withUnsafeMutableBufferPointer { inBuf in
            stream.next_in = inBuf.baseAddress
            stream.avail_in = UInt32(inBuf.count)
            while true {
                let status: Int32 = chunk.withUnsafeMutableBufferPointer { outBuf in
                    stream.next_out = outBuf.baseAddress
                    stream.avail_out = UInt32(outBuf.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                out += chunk[0..<(chunk.count - Int(stream.avail_out))]
                if status == Z_STREAM_END { return out }
                guard status == Z_OK else { throw GzipByteSource.Failure.corrupt("deflate data is corrupt (zlib \(status))") }
                if stream.avail_in == 0 && stream.avail_out != 0 { return out }
            }
        }
    }
}
