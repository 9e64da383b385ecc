import CZlib
import Foundation

/// WARC records and gzip members built in the test, so each damaged or hostile archive is
/// a few lines and a few KB (the big cases are in `Benchmarks/warc_hostile.py`).
enum WARCBytes {
    static let crlf = "\r\n"

    /// A page whose links say which page they are on: `gojek://pay?on=NAME` near the start
    /// and `dana://pay?tail=NAME` at the very end.
    static func html(_ name: String, filler: Int = 0) -> String {
        "<html><body><a href=\"gojek://pay?on=\(name)\">pay</a>\n"
            + String(repeating: "<p>text of \(name)</p>\n", count: filler)
            + "<a href=\"dana://pay?tail=\(name)\">tail</a></body></html>\n"
    }

    /// An HTTP response block.
    static func http(_ body: [UInt8], headers: [String] = ["Content-Type: text/html; charset=utf-8"],
                     status: String = "200 OK") -> [UInt8] {
        Array(("HTTP/1.1 \(status)\r\n" + headers.map { $0 + crlf }.joined() + crlf).utf8) + body
    }

    /// A whole record: version line, fields, blank line, block, CRLF CRLF. `length`
    /// overrides the Content-Length (to make it lie); `fields` go after the usual ones.
    static func record(type: String = "response", uri: String?, block: [UInt8], length: Int? = nil,
                       fields: [String] = [], contentType: String = "application/http; msgtype=response") -> [UInt8] {
        var header = "WARC/1.1\r\nWARC-Type: \(type)\r\nWARC-Record-ID: <urn:uuid:\(UUID().uuidString)>\r\n"
            + "WARC-Date: 2026-12-01T00:00:00Z\r\n"
        if let uri { header += "WARC-Target-URI: \(uri)\r\n" }
        header += "Content-Type: \(contentType)\r\n"
        header += fields.map { $0 + crlf }.joined()
        header += "Content-Length: \(length ?? block.count)\r\n\r\n"
        return Array(header.utf8) + block + Array("\r\n\r\n".utf8)
    }

    /// A `response` record of an HTML page at `https://shop.example/NAME`.
    static func page(_ name: String, filler: Int = 0, length: (Int) -> Int = { $0 }) -> [UInt8] {
        let block = http(Array(html(name, filler: filler).utf8))
        return record(uri: "https://shop.example/\(name)", block: block, length: length(block.count))
    }

    /// One gzip member of `bytes`.
    static func gzip(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        var stream = z_stream()
        precondition(deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
                                   Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { deflateEnd(&stream) }
        var input = bytes
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        input.withUnsafeMutableBufferPointer { inBuf in
            stream.next_in = inBuf.baseAddress
            stream.avail_in = UInt32(inBuf.count)
            var status = Z_OK
            while status != Z_STREAM_END {
                status = chunk.withUnsafeMutableBufferPointer { outBuf in
                    stream.next_out = outBuf.baseAddress
                    stream.avail_out = UInt32(outBuf.count)
                    return deflate(&stream, Z_FINISH)
                }
                out += chunk[0..<(chunk.count - Int(stream.avail_out))]
            }
        }
        return out
    }
}
