/// An archived HTTP response: status, headers and the body as the browser would see it
/// (chunked transfer coding removed, gzip/deflate content coding undone).
public struct HTTPResponse {
    public var status: Int
    public var headers: HeaderFields
    public var body: [UInt8]
    /// Why the body could not be recovered, if it could not.
    public var problem: String?

    /// `Content-Type` without parameters, lower case.
    public var mimeType: String? {
        headers["Content-Type"]?.split(separator: ";").first.map { String($0).trimmingASCIIWhitespace.lowercased() }
    }

    /// The `charset` parameter of `Content-Type`.
    public var charset: String? {
        guard let type = headers["Content-Type"] else { return nil }
        for part in type.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0).trimmingASCIIWhitespace }
            if pair.count == 2, pair[0].lowercased() == "charset" {
                return pair[1].trimmingCharacters(in: ["\"", "'"])
            }
        }
        return nil
    }

    public var isHTML: Bool {
        guard mimeType != nil else { return body.withUnsafeBytes { HTMLSniffer.looksLikeHTML($0) } }
        return declaresHTML
    }

    /// `Content-Type` says HTML: the browser parses the body as HTML without sniffing it (§F.7).
    public var declaresHTML: Bool {
        mimeType == "text/html" || mimeType == "application/xhtml+xml"
    }

    /// Parses a WARC `response` block. Nil when it does not start with an HTTP status line.
    public static func parse(_ block: [UInt8]) -> HTTPResponse? {
        let reader = ByteReader(MemoryByteSource(block))
        guard let statusLine = try? reader.readLine(), statusLine.starts(with: Array("HTTP/".utf8)) else { return nil }
        let parts = String(decoding: statusLine, as: UTF8.self).split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
        var lines: [[UInt8]] = []
        while let line = try? reader.readLine(), !line.isEmpty { lines.append(line) }
        let headers = HeaderFields.parse(lines: lines)
        var response = HTTPResponse(status: status, headers: headers,
                                    body: (try? reader.read(block.count)) ?? [], problem: nil)
        if headers["Transfer-Encoding"]?.lowercased().contains("chunked") == true {
            response.body = dechunk(response.body)
        }
        switch headers["Content-Encoding"]?.lowercased().trimmingASCIIWhitespace {
        case nil, "", "identity": break
        case "gzip", "x-gzip", "deflate":
            do {
                response.body = try Inflate.all(response.body)
            } catch {
                response.problem = "content-encoding: \(error)"
            }
        case let other?:
            response.problem = "content-encoding \(other) is not supported"
        }
        return response
    }

    /// Removes chunked transfer coding; a damaged chunk stream keeps what came before.
    static func dechunk(_ body: [UInt8]) -> [UInt8] {
        let reader = ByteReader(MemoryByteSource(body))
        var out: [UInt8] = []
        while let line = try? reader.readLine() {
            let sizeText = String(decoding: line, as: UTF8.self).split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingASCIIWhitespace, radix: 16) else { break }
            if size == 0 { break }
            out += (try? reader.read(size)) ?? []
            _ = try? reader.readLine()
        }
        return out
    }
}

/// Bytes already in memory, as a source.
final class MemoryByteSource: ByteSource {
    private var bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func read(max: Int) throws -> [UInt8] {
        let n = min(max, bytes.count - position)
        defer { position += n }
        return Array(bytes[position..<position + n])
    }
}
