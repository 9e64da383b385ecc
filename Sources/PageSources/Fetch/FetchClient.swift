import Foundation
import WHATWGURL

/// One HTTP request made as the crawl makes them all: through the transport (politeness,
/// the private-address guard on the address connected, no redirect followed), retried
/// with backoff on timeouts, dropped connections, 429 and 5xx.
/// `fetchOnce` is the call for a single file such as `/.well-known/…`.
public final class FetchClient: @unchecked Sendable {
    public let options: FetchOptions
    public let userAgent: String
    private let transport: HTTPTransport

    public init(options: FetchOptions, userAgent: String) {
        self.options = options
        self.userAgent = userAgent
        transport = HTTPTransport(HTTPTransport.Settings(
            userAgent: userAgent, timeout: options.timeout, cookies: options.cookies, total: options.concurrency,
            perHost: options.perHost, delay: options.delay,
            addressGuard: AddressGuard(allowPrivate: options.allowPrivate, exemptions: options.guardExemptions),
            caFile: options.caFile, connectTo: options.connectTo))
    }

    deinit { transport.close() }

    /// Stops the transport; requests still waiting or running fail.
    public func close() {
        transport.close()
    }

    /// GETs `url` without following a redirect: status, headers, the URL answered, body
    /// (cut at `maxBytes`, by default the page limit). Blocks: not for callback threads.
    public func fetchOnce(_ url: WebURL, maxBytes: Int? = nil) -> Result<FetchResponse, FetchFailure> {
        fetch(FetchRequest(url: url, maxBytes: maxBytes ?? options.maxBodyBytes))
    }

    /// The blocking form of `fetch(_:completion:)`.
    public func fetch(_ request: FetchRequest) -> Result<FetchResponse, FetchFailure> {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        fetch(request) { result in
            box.result = result
            done.signal()
        }
        done.wait()
        return box.result!
    }

    public func fetch(_ request: FetchRequest,
                      completion: @escaping @Sendable (Result<FetchResponse, FetchFailure>) -> Void) {
        let url = request.url
        guard url.scheme == "http" || url.scheme == "https" else {
            FetchQueue.callbacks.async { completion(.failure(.unsupported("only http and https are fetched, not \(url.scheme):"))) }
            return
        }
        attempt(request, number: 1, completion: completion)
    }

    private func attempt(_ request: FetchRequest, number: Int,
                         completion: @escaping @Sendable (Result<FetchResponse, FetchFailure>) -> Void) {
        transport.send(request) { [self] outcome in
            let again = { @Sendable (wait: TimeInterval) in
                FetchQueue.callbacks.asyncAfter(deadline: .now() + wait) {
                    self.attempt(request, number: number + 1, completion: completion)
                }
            }
            switch outcome {
            case .failure(var failure):
                if failure.isRetryable, case .retry(let wait) = options.retry.decide(attempts: number, retryAfter: nil) {
                    return again(wait)
                }
                if case .timeout(let seconds, _) = failure { failure = .timeout(seconds: seconds, attempts: number) }
                if case .dropped(let message) = failure, number > 1 { failure = .dropped(message + " (\(number) attempts)") }
                completion(.failure(failure))
            case .response(let status, let headers, let body, let cut, let skipped):
                var response = FetchResponse(url: request.url, status: status, headers: headers, body: body, cut: cut,
                                             skipped: skipped, attempts: number, retryNote: nil)
                if RetryPolicy.isRetryable(status: status) {
                    switch options.retry.decide(attempts: number, retryAfter: headers["Retry-After"]) {
                    case .retry(let wait): return again(wait)
                    case .stopRetryAfterTooLong(let wait):
                        response.retryNote = "Retry-After \(FetchFailure.seconds(wait.rounded())) is over the "
                            + "\(FetchFailure.seconds(options.retry.maxRetryAfter)) cap"
                    case .stop: break
                    }
                }
                completion(.success(response))
            }
        }
    }

    private final class ResultBox: @unchecked Sendable {
        var result: Result<FetchResponse, FetchFailure>?
    }
}
