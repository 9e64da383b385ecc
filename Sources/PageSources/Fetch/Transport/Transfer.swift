import CCurl
import Dispatch
import WHATWGURL

/// One request in the transport: its libcurl easy handle, what has come back so far, and
/// the clock its timeouts run on. Only the transport's loop thread touches it; libcurl
/// calls back into it from there (`TransferCallbacks`). A class, so the body grows in place:
/// appending a chunk never copies what came before it.
final class Transfer {
    /// Response headers past this are refused (libcurl's own cap per line is 100 KB).
    static let maxHeaderBytes = 256 << 10

    let request: FetchRequest
    let completion: @Sendable (HTTPTransport.Outcome) -> Void
    /// The URL's host and port, as the schedule and the address guard know them.
    let host: String
    let port: Int
    let addressGuard: AddressGuard

    var status = 0
    var headerLines: [[UInt8]] = []
    var headerBytes = 0
    var headers = HeaderFields()
    var body: [UInt8] = []
    var cut = false
    var skipped = false
    /// Why the transfer was stopped by this side (headers too long, a timeout): reported
    /// instead of libcurl's code.
    var stopped: FetchFailure?
    /// The guard refused an address libcurl was about to connect to.
    var refusal: String?
    /// When the request went on the wire (libcurl's pre-request callback), and whether
    /// the schedule has been told.
    var wiredAt: UInt64?
    var wireReported = false
    var started: UInt64 = 0
    var lastActivity: UInt64 = 0
    /// Set once the transport hands the transfer to libcurl.
    var handle: UnsafeMutableRawPointer?
    var requestHeaders: UnsafeMutablePointer<curl_slist>?
    var connectTo: UnsafeMutablePointer<curl_slist>?
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    init(request: FetchRequest, addressGuard: AddressGuard, completion: @escaping @Sendable (HTTPTransport.Outcome) -> Void) {
        self.request = request
        self.completion = completion
        self.addressGuard = addressGuard
        host = request.url.hostname ?? ""
        port = request.url.port ?? (request.url.scheme == "https" ? 443 : 80)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        if let handle { linkaudit_easy_cleanup(handle) }
        linkaudit_slist_free_all(requestHeaders)
        linkaudit_slist_free_all(connectTo)
        errorBuffer.deallocate()
    }

    /// Room left under the size limit.
    var room: Int { max(0, request.maxBytes - body.count) }

    /// The header block ended: the final response's fields are read, and a 2xx of a type
    /// not asked for is skipped. Returns false when the rest of the body is not wanted.
    func headersEnded() -> Bool {
        headers = HeaderFields.parse(lines: headerLines)
        headerLines = []
        if let declared = headers["Content-Length"].flatMap({ Int($0.trimmingASCIIWhitespace) }), declared > 0 {
            body.reserveCapacity(min(declared, request.maxBytes, 64 << 20))
        }
        guard let accepted = request.acceptedTypes, (200...299).contains(status) else { return true }
        let mime = headers["Content-Type"]?.split(separator: ";").first.map { String($0).trimmingASCIIWhitespace.lowercased() }
        if let mime, !mime.isEmpty, !accepted.contains(mime) {
            skipped = true
            return false
        }
        return true
    }

    /// What the transfer came to, given libcurl's result code.
    func outcome(_ code: CURLcode, osErrno: Int32, totalTimeout: Double) -> HTTPTransport.Outcome {
        if let stopped { return .failure(stopped) }
        if let refusal, code == CURLE_COULDNT_CONNECT { return .failure(.refused(refusal)) }
        if code == CURLE_OK || code == CURLE_WRITE_ERROR && (cut || skipped) {
            return .response(status: status, headers: headers, body: body, cut: cut, skipped: skipped)
        }
        let message = CurlFailure.message(code, buffer: errorBuffer)
        return .failure(CurlFailure.failure(code, message: message, osErrno: osErrno, host: host, totalTimeout: totalTimeout))
    }
}
