import Foundation
import Glibc

/// A small HTTP/1.1 server on 127.0.0.1 for the fetch tests: an ephemeral port, one
/// connection per request (`Connection: close`), responses from a handler. It stops when
/// told, when the test object goes away, after `lifetime` seconds, or after `maxRequests`,
/// whichever comes first, so a failing test cannot leave it running.
final class TestHTTPServer: @unchecked Sendable {
    struct Request: Sendable {
        var path: String
        var headers: [String: String]
        /// When the request had arrived (its headers read).
        var time = Date()
    }

    struct Response: Sendable {
        var status: Int
        var headers: [(String, String)] = []
        var body: [UInt8] = []
        /// Wait this long before sending anything (a slow server).
        var delay: TimeInterval = 0
        /// Sent after `body`: `chunk`, `times` times (a body too large to build), with
        /// `pause` before each (a server that trickles).
        var repeated: (chunk: [UInt8], times: Int)?
        var pause: TimeInterval = 0
        /// `Content-Length` to declare instead of the bytes sent (a body cut short).
        var declaredLength: Int?
        /// Close the connection without a byte of response.
        var silent = false
        /// A small send buffer, so bytes sent are bytes the client took.
        var smallSendBuffer = false

        static func html(_ text: String, status: Int = 200) -> Response {
            Response(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(text.utf8))
        }

        static func redirect(_ status: Int, to location: String) -> Response {
            Response(status: status, headers: [("Location", location)])
        }
    }

    let port: Int
    private let listener: Int32
    private let handler: @Sendable (Request) -> Response
    private let lock = NSLock()
    private var stopped = false
    private var log: [Request] = []
    private var sent: [String: Int] = [:]
    private let maxRequests: Int

    init(lifetime: TimeInterval = 60, maxRequests: Int = 500,
         handler: @escaping @Sendable (Request) -> Response) throws {
        self.handler = handler
        self.maxRequests = maxRequests
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError.socket("socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw ServerError.socket("bind/listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let deadline = Date().addingTimeInterval(lifetime)
        Thread.detachNewThread { [self] in acceptLoop(until: deadline) }
    }

    deinit { stop() }

    enum ServerError: Error { case socket(String) }

    var base: String { "http://127.0.0.1:\(port)" }

    /// The paths requested so far, in order.
    var paths: [String] { lock.withLock { log.map(\.path) } }
    var requests: [Request] { lock.withLock { log } }
    /// Body bytes the client accepted, per path, summed over its requests.
    func bodyBytesSent(_ path: String) -> Int { lock.withLock { sent[path] ?? 0 } }

    func stop() {
        let first: Bool = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        if first { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop(until deadline: Date) {
        defer { close(listener) }
        var served = 0
        while !isStopped, Date() < deadline, served < maxRequests {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            served += 1
            Thread.detachNewThread { [self] in serve(client) }
        }
        stop()
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = readRequest(client) else { return }
        lock.withLock { log.append(request) }
        let response = handler(request)
        guard wait(response.delay), !response.silent else { return }
        if response.smallSendBuffer {
            var size: Int32 = 16 << 10
            setsockopt(client, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        let length = response.declaredLength
            ?? response.body.count + (response.repeated.map { $0.chunk.count * $0.times } ?? 0)
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(length)\r\nConnection: close\r\n\r\n"
        guard send(client, Array(head.utf8)), sendBody(client, response.body, path: request.path) else { return }
        guard let (chunk, times) = response.repeated else { return }
        for _ in 0..<times {
            guard wait(response.pause), sendBody(client, chunk, path: request.path) else { return }
        }
    }

    /// Sleeps `seconds` in short steps; false once the server is stopped.
    private func wait(_ seconds: TimeInterval) -> Bool {
        var waited: TimeInterval = 0
        while waited < seconds, !isStopped {
            usleep(10_000)
            waited += 0.01
        }
        return !isStopped
    }

    private func sendBody(_ client: Int32, _ bytes: [UInt8], path: String) -> Bool {
        let ok = send(client, bytes)
        if ok { lock.withLock { sent[path, default: 0] += bytes.count } }
        return ok
    }

    /// The request line and headers; nil when the client sent nothing usable.
    private func readRequest(_ client: Int32) -> Request? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.count < 65536 {
            let n = recv(client, &buffer, buffer.count, 0)
            guard n > 0 else { return nil }
            data += buffer[0..<n]
            if let end = String(decoding: data, as: UTF8.self).range(of: "\r\n\r\n") {
                let lines = String(decoding: data, as: UTF8.self)[..<end.lowerBound].components(separatedBy: "\r\n")
                let parts = lines[0].split(separator: " ")
                guard parts.count >= 2 else { return nil }
                var headers: [String: String] = [:]
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                return Request(path: String(parts[1]), headers: headers)
            }
        }
        return nil
    }

    /// Writes all of `bytes`; false once the client has gone (no SIGPIPE: MSG_NOSIGNAL).
    private func send(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    private static func reason(_ status: Int) -> String {
        [200: "OK", 301: "Moved Permanently", 302: "Found", 303: "See Other", 307: "Temporary Redirect",
         308: "Permanent Redirect", 404: "Not Found", 429: "Too Many Requests", 503: "Service Unavailable"][status] ?? "Status"
    }
}

/// A gzip member with one stored (uncompressed) deflate block: enough to see that a
/// `Content-Encoding: gzip` body is decoded, without a compressor in the tests.
enum StoredGzip {
    static func wrap(_ data: [UInt8]) -> [UInt8] {
        precondition(data.count <= 0xFFFF)
        let length = UInt16(data.count)
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        out += [0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
        out += data
        out += le32(crc32(data)) + le32(UInt32(data.count))
        return out
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func le32(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }
}
