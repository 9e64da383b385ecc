import Foundation
import FoundationNetworking
import LinkAuditModel

#if canImport(FoundationNetworking)
#endif

/// The one place URLSession is used: one GET, redirects not followed (the delegate answers
/// `willPerformHTTPRedirection` with nil, so the 3xx itself comes back), the body streamed
/// and cut at the limit, no cookies unless asked, no cache. On Linux URLSession is libcurl:
/// it sends `Accept-Encoding: deflate, gzip, br, zstd` and undoes those codings itself
/// (Content-Encoding and Content-Length headers still describe the coded body). Its
/// timeouts are whole seconds there (0.5 becomes 0: an instant failure), so the timeouts
/// are kept here and URLSession's only back them up.
final class HTTPTransport: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    enum Outcome: Sendable {
        case response(status: Int, headers: HeaderFields, body: [UInt8], cut: Bool, skipped: Bool)
        case failure(FetchFailure)
    }

    private struct Exchange {
        var request: FetchRequest
        var completion: @Sendable (Outcome) -> Void
        var status = 0
        var headers = HeaderFields()
        var body: [UInt8] = []
        var cut = false
        var skipped = false
        var started = DispatchTime.now()
        var lastActivity = DispatchTime.now()
        /// Set by the watchdog: the failure to report once the cancelled task completes.
        var timedOut: FetchFailure?
    }

    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]
    private var session: URLSession!
    private let timeout: TimeInterval
    private let userAgent: String
    private let cookies: Bool
    /// The delegate's queue, held here: OperationQueue keeps its underlying queue unowned.
    private let sessionQueue = DispatchQueue(label: "linkaudit.fetch.session")  // see FetchQueue

    /// `timeout`: the longest wait for the next bytes; a whole response gets three times it.
    init(userAgent: String, timeout: TimeInterval, cookies: Bool, connectionsPerHost: Int) {
        self.timeout = timeout
        self.userAgent = userAgent
        self.cookies = cookies
        super.init()
        let configuration = URLSessionConfiguration.ephemeral  // in-memory cookie jar, no disk cache
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = cookies
        configuration.httpCookieAcceptPolicy = cookies ? .always : .never
        if !cookies { configuration.httpCookieStorage = nil }
        configuration.timeoutIntervalForRequest = (timeout + 1).rounded(.up)
        configuration.timeoutIntervalForResource = (timeout * 3 + 1).rounded(.up)
        configuration.httpMaximumConnectionsPerHost = max(1, connectionsPerHost)
        let delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        delegateQueue.underlyingQueue = sessionQueue
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: delegateQueue)
    }

    /// Ends the session (it holds its delegate, this object, until then).
    func close() {
        session.invalidateAndCancel()
    }

    func send(_ request: FetchRequest, completion: @escaping @Sendable (Outcome) -> Void) {
        guard let url = URL(string: request.url.href) else {
            FetchQueue.callbacks.async { completion(.failure(.unsupported("cannot be sent: \(request.url.href)"))) }
            return
        }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData,
                                    timeoutInterval: (timeout + 1).rounded(.up))
        urlRequest.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        urlRequest.setValue("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", forHTTPHeaderField: "Accept")
        urlRequest.setValue("en-US,en;q=0.9", forHTTPHeaderField: "Accept-Language")
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpShouldHandleCookies = cookies
        let task = session.dataTask(with: urlRequest)
        lock.withLock { exchanges[task.taskIdentifier] = Exchange(request: request, completion: completion) }
        task.resume()
        watch(task, at: .now() + timeout)
    }

    /// The watchdog: `timeout` without a byte, or three times it for the whole response (a
    /// server that trickles bytes never goes quiet), cancels the task as timed out.
    private func watch(_ task: URLSessionTask, at time: DispatchTime) {
        FetchQueue.callbacks.asyncAfter(deadline: time) { [weak self, weak task] in
            guard let self, let task else { return }
            var next: DispatchTime?
            var expired = false
            self.update(task) { exchange in
                let now = DispatchTime.now()
                let idleEnd = exchange.lastActivity + self.timeout
                let totalEnd = exchange.started + self.timeout * 3
                if now >= totalEnd {
                    exchange.timedOut = .timeout(seconds: self.timeout * 3, attempts: 1)
                } else if now >= idleEnd {
                    exchange.timedOut = .timeout(seconds: self.timeout, attempts: 1)
                } else {
                    next = min(idleEnd, totalEnd)
                    return
                }
                expired = true
            }
            if expired { task.cancel() } else if let next { self.watch(task, at: next) }
        }
    }

    private func update(_ task: URLSessionTask, _ change: (inout Exchange) -> Void) {
        lock.withLock {
            if var exchange = exchanges[task.taskIdentifier] {
                change(&exchange)
                exchanges[task.taskIdentifier] = exchange
            }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        var keep = true
        update(dataTask) { exchange in
            exchange.lastActivity = .now()
            guard let http = response as? HTTPURLResponse else { return }
            exchange.status = http.statusCode
            for (name, value) in http.allHeaderFields {
                exchange.headers.append(String(describing: name), String(describing: value))
            }
            let mime = exchange.headers["Content-Type"]?.split(separator: ";").first
                .map { String($0).trimmingASCIIWhitespace.lowercased() }
            if let accepted = exchange.request.acceptedTypes, (200...299).contains(http.statusCode),
               let mime, !mime.isEmpty, !accepted.contains(mime) {
                exchange.skipped = true
                keep = false
            }
        }
        completionHandler(keep ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var over = false
        update(dataTask) { exchange in
            exchange.lastActivity = .now()
            guard !exchange.cut, !exchange.skipped else { return }
            let room = exchange.request.maxBytes - exchange.body.count
            if data.count > room {
                exchange.body.append(contentsOf: data.prefix(max(0, room)))
                exchange.cut = true
                over = true
            } else {
                exchange.body.append(contentsOf: data)
            }
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let exchange = lock.withLock({ exchanges.removeValue(forKey: task.taskIdentifier) }) else { return }
        let outcome: Outcome
        if let timedOut = exchange.timedOut {
            outcome = .failure(timedOut)
        } else if let error, !(exchange.cut || exchange.skipped) || exchange.status == 0 {
            outcome = .failure(Self.failure(error, timeout: timeout))
        } else {
            outcome = .response(status: exchange.status, headers: exchange.headers, body: exchange.body,
                                cut: exchange.cut, skipped: exchange.skipped)
        }
        FetchQueue.callbacks.async { exchange.completion(outcome) }
    }

    /// URLSession's errors in the words of a page status (on Linux their descriptions are empty).
    static func failure(_ error: Error, timeout: TimeInterval) -> FetchFailure {
        let code = (error as NSError).code
        func is_(_ codes: URLError.Code...) -> Bool { codes.contains { $0.rawValue == code } }
        if is_(.timedOut) { return .timeout(seconds: timeout, attempts: 1) }
        if is_(.cannotFindHost, .dnsLookupFailed) { return .dns("dns-error: cannot resolve the host") }
        if is_(.secureConnectionFailed) { return .tls("the TLS handshake failed") }
        if is_(.serverCertificateUntrusted, .serverCertificateHasUnknownRoot) { return .tls("the certificate is not trusted") }
        if is_(.serverCertificateHasBadDate, .serverCertificateNotYetValid) {
            return .tls("the certificate is expired or not yet valid")
        }
        if is_(.clientCertificateRequired, .clientCertificateRejected) { return .tls("the server wants a client certificate") }
        if is_(.cannotConnectToHost) { return .connection("connection refused") }
        if is_(.networkConnectionLost) { return .connection("connection lost before the response was complete") }
        if is_(.notConnectedToInternet) { return .connection("no network") }
        if is_(.badServerResponse, .cannotParseResponse) { return .connection("the response is not valid HTTP") }
        if is_(.unsupportedURL, .badURL) { return .unsupported("the HTTP client rejected it") }
        return .connection("URLSession error \(code)")
    }
}
