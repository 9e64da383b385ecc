import Foundation

/// When to try a request again: timeouts, dropped connections, 429 and 5xx (bar 501 and
/// 505, which say the server will never do it). Waits double from `baseDelay` up to
/// `maxDelay`; a `Retry-After` is honoured as given, unless it asks for longer than
/// `maxRetryAfter`, when the answer stands (an audit should not sleep for an hour).
public struct RetryPolicy: Sendable, Equatable {
    public var retries: Int
    public var baseDelay: TimeInterval
    public var maxDelay: TimeInterval
    public var maxRetryAfter: TimeInterval

    public init(retries: Int = 2, baseDelay: TimeInterval = 0.5, maxDelay: TimeInterval = 8, maxRetryAfter: TimeInterval = 60) {
        self.retries = retries
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    public enum Decision: Sendable, Equatable {
        case retry(after: TimeInterval)
        case stop
        /// Retry-After asked for longer than the cap: not retried, and the page says why.
        case stopRetryAfterTooLong(TimeInterval)
    }

    public static func isRetryable(status: Int) -> Bool {
        status == 429 || (500...599).contains(status) && status != 501 && status != 505
    }

    /// After `attempts` tries (1 = the first request) ended with a retryable outcome.
    public func decide(attempts: Int, retryAfter: String?, now: Date = Date()) -> Decision {
        guard attempts <= retries else { return .stop }
        if let header = retryAfter, let wait = Self.parseRetryAfter(header, now: now) {
            return wait > maxRetryAfter ? .stopRetryAfterTooLong(wait) : .retry(after: wait)
        }
        return .retry(after: backoff(attempts: attempts))
    }

    /// `baseDelay × 2^(attempts−1)`, capped.
    public func backoff(attempts: Int) -> TimeInterval {
        let exponent = Double(max(0, min(attempts - 1, 30)))
        return min(maxDelay, baseDelay * pow(2, exponent))
    }

    /// `Retry-After`: delay-seconds or an HTTP-date (RFC 9110 §10.2.3); a date in the past
    /// means now. Nil when it is neither.
    public static func parseRetryAfter(_ value: String, now: Date) -> TimeInterval? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) { return TimeInterval(text) }
        guard let date = HTTPDate.parse(text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}

/// HTTP dates: IMF-fixdate, and the obsolete RFC 850 and asctime forms senders must accept.
enum HTTPDate {
    static func parse(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
