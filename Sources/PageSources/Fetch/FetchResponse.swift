import WHATWGURL

/// One HTTP exchange as the fetcher saw it. Redirects are not followed at this level: a 3xx
/// comes back as it is, with its `Location`, so every hop can be recorded and checked.
public struct FetchResponse: Sendable {
    /// The URL requested (and answered: no redirect was followed).
    public var url: WebURL
    public var status: Int
    public var headers: HeaderFields
    /// The body with its content coding undone, at most the size limit.
    public var body: [UInt8]
    /// The body went on past the size limit and was cut there.
    public var cut: Bool
    /// The body was not downloaded: its declared type was not one asked for.
    public var skipped: Bool
    /// Requests made, retries included.
    public var attempts: Int
    /// Why retrying stopped early (`Retry-After 120 s is over the 60 s cap`).
    public var retryNote: String?

    public var location: String? { headers["Location"] }

    /// `Content-Type` without parameters, lower case.
    public var mimeType: String? {
        headers["Content-Type"]?.split(separator: ";").first.map { String($0).trimmingASCIIWhitespace.lowercased() }
    }

    public var isRedirect: Bool { (300...399).contains(status) && location != nil }
}

/// Why no response came back. `pageStatus` is the line `pages.jsonl` shows.
public enum FetchFailure: Error, Sendable, Equatable {
    /// The private-address guard said no (the message names the address and the flag).
    case refused(String)
    case dns(String)
    case timeout(seconds: Double, attempts: Int)
    case tls(String)
    case connection(String)
    /// The connection dropped before the response was complete (or began): worth a retry.
    case dropped(String)
    case unsupported(String)

    public var pageStatus: String {
        switch self {
        case .refused(let message), .dns(let message): return message
        case .timeout(let seconds, let attempts):
            let tries = attempts == 1 ? "" : " (\(attempts) attempts)"
            return "timeout: no response within \(Self.seconds(seconds))\(tries)"
        case .tls(let message): return "tls-error: \(message)"
        case .connection(let message), .dropped(let message): return "connection-error: \(message)"
        case .unsupported(let message): return "unsupported-url: \(message)"
        }
    }

    var isRetryable: Bool {
        switch self {
        case .timeout, .dropped: return true
        default: return false
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// What one request asks for.
public struct FetchRequest: Sendable {
    public var url: WebURL
    /// Bodies longer than this are cut.
    public var maxBytes: Int
    /// Declared `Content-Type`s whose body is wanted (nil: any). A 2xx of another declared
    /// type comes back `skipped`, without its body: a crawl has no use for a PDF.
    public var acceptedTypes: Set<String>?
    /// Request headers sent besides (or instead of) the defaults: `Accept`, and the
    /// validators of a cache revalidation (`If-None-Match`, `If-Modified-Since`).
    public var headers: [String: String]

    public init(url: WebURL, maxBytes: Int, acceptedTypes: Set<String>? = nil, headers: [String: String] = [:]) {
        self.url = url
        self.maxBytes = maxBytes
        self.acceptedTypes = acceptedTypes
        self.headers = headers
    }
}
