import CZlib
import Foundation
import LinkAuditModel

/// A stream of bytes read in chunks: a plain file, or a gzip file inflated on the fly.
protocol ByteSource: AnyObject {
    /// Up to `max` next bytes; empty at the end. Throws on a read or inflate error.
    func read(max: Int) throws -> [UInt8]
}

final class FileByteSource: ByteSource {
    private let handle: FileHandle
    /// Bytes read from the file so far (compressed ones under a gzip stream): how far into
    /// the file reading is, for the progress line.
    private(set) var consumed = 0

    init(path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw LinkAuditError.io("\(path): cannot open")
        }
        self.handle = handle
    }

    deinit { try? handle.close() }

    func read(max: Int) throws -> [UInt8] {
        let bytes = [UInt8](try handle.read(upToCount: max) ?? Data())
        consumed += bytes.count
        return bytes
    }
}

/// Inflates gzip data as it is read. A WARC .gz is usually a gzip member per record
/// (so that records can be read from their offset): after each member ends, inflating
/// starts again on the bytes that follow.
final class GzipByteSource: ByteSource {
    enum Failure: Error, CustomStringConvertible {
        case corrupt(String)
        var description: String {
            if case .corrupt(let why) = self { return why }
            return ""
        }
    }

    private let input: ByteSource
    private var stream = z_stream()
    private var pending: [UInt8] = []
    private var pendingOffset = 0
    private var inputEnded = false
    private var memberEnded = false

    init(_ input: ByteSource) throws {
        self.input = input
        // 15 + 16: a gzip header, not a zlib one.
        guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure.corrupt("cannot start zlib")
        }
    }

    deinit { inflateEnd(&stream) }

    func read(max: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: max)
        var produced = 0
        while produced == 0 {
            if pendingOffset >= pending.count {
                if inputEnded { return [] }
                pending = try input.read(max: 1 << 16)
                pendingOffset = 0
                if pending.isEmpty {
                    inputEnded = true
                    if !memberEnded && stream.total_in > 0 {
                        throw Failure.corrupt("gzip data ends in the middle of a member")
                    }
                    return []
                }
            }
            if memberEnded {
                // Another member follows the one that ended: start over on it.
                inflateReset(&stream)
                memberEnded = false
            }
            let status: Int32 = pending.withUnsafeMutableBufferPointer { inBuf in
                out.withUnsafeMutableBufferPointer { outBuf in
                    stream.next_in = inBuf.baseAddress! + pendingOffset
                    stream.avail_in = UInt32(inBuf.count - pendingOffset)
                    stream.next_out = outBuf.baseAddress! + produced
                    stream.avail_out = UInt32(max - produced)
                    let result = inflate(&stream, Z_NO_FLUSH)
                    pendingOffset = inBuf.count - Int(stream.avail_in)
                    produced = max - Int(stream.avail_out)
                    return result
                }
            }
            switch status {
            case Z_OK, Z_BUF_ERROR: continue
            case Z_STREAM_END: memberEnded = true
            default:
                throw Failure.corrupt("gzip data is corrupt (zlib \(status))")
            }
        }
        return Array(out[0..<produced])
    }
}

/// Opens a file as plain or gzip by its first two bytes, whatever its name says.
enum ByteSources {
    /// The stream to read, and the file under it (which counts the bytes taken from disk).
    static func open(path: String) throws -> (stream: ByteSource, file: FileByteSource) {
        let head = try FileByteSource(path: path).read(max: 2)
        let file = try FileByteSource(path: path)
        return (head == [0x1F, 0x8B] ? try GzipByteSource(file) : file, file)
    }
}
