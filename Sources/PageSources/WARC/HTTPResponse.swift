/// An archived HTTP response: status, headers and the body as the browser would see it
/// (chunked transfer coding removed, gzip/deflate content coding undone), up to a size.
public struct HTTPResponse {
    public var status: Int
    public var headers: HeaderFields
    public var body: [UInt8]
    /// Why the body could not be recovered, if it could not.
    public var problem: String?
    /// The body was longer than the limit it was read with and holds only what came before.
    public var cut = false
    /// The header block was over `HeaderFields.sizeLimit`: not read, and no body either.
    public var headerTooLong = false

    public init(status: Int, headers: HeaderFields, body: [UInt8], problem: String?) {
        self.status = status
        self.headers = headers
        self.body = body
        self.problem = problem
    }

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
    /// The body is decoded up to `maxBody` bytes and cut there (`cut`), however far its
    /// content coding would inflate; `blockCut` says the block itself was cut short by the
    /// reader (its record was over the size kept), so the body was longer than what is here.
    /// A header block over `HeaderFields.sizeLimit` is not read: the response then has no
    /// body and says why in `problem`.
    public static func parse(_ block: [UInt8], maxBody: Int = .max, blockCut: Bool = false) -> HTTPResponse? {
        let reader = ByteReader(MemoryByteSource(block))
        guard let statusLine = try? reader.readLine(), statusLine.starts(with: Array("HTTP/".utf8)) else { return nil }
        let parts = String(decoding: statusLine, as: UTF8.self).split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
        var lines: [[UInt8]] = []
        var size = statusLine.count + 2
        while let line = try? reader.readLine(), !line.isEmpty {
            size += line.count + 2
            if size > HeaderFields.sizeLimit {
                var response = HTTPResponse(status: status, headers: HeaderFields.parse(lines: lines), body: [],
                                            problem: "its HTTP header is over \(HeaderFields.sizeLimit) bytes (the limit)")
                response.headerTooLong = true
                return response
            }
            lines.append(line)
        }
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
                let inflated = try Inflate.upTo(maxBody, of: response.body)
                response.body = inflated.bytes
                response.cut = inflated.cut
                // A body cut by the reader ends inside its gzip data, of course.
                if inflated.unfinished, !blockCut {
                    response.problem = "content-encoding: gzip data ends in the middle of a member"
                }
            } catch {
                response.problem = "content-encoding: \(error)"
            }
        case let other?:
            response.problem = "content-encoding \(other) is not supported"
        }
        if response.body.count > maxBody {
            response.body = Array(response.body.prefix(maxBody))
            response.cut = true
        }
        if blockCut { response.cut = true }
        return response
    }

    /// Removes chunked transfer coding; a damaged chunk stream keeps what came before.
    static func dechunk(_ body: [UInt8]) -> [UInt8] {
        let reader = ByteReader(MemoryByteSource(body))
        var out: [UInt8] = []
        while let line = try? reader.readLine() {
            let sizeText = String(decoding: line, as: UTF8.self).split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingASCIIWhitespace, radix: 16) else { break }
            if size <= 0 { break }
            out += (try? reader.read(size)) ?? []
            _ = try? reader.readLine()
        }
        return out
    }
}
