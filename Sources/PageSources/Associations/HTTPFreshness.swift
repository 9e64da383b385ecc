import Foundation

/// RFC 9111 as a private cache reads one stored response: whether it may be stored, and
/// how long it stays fresh. `Cache-Control: max-age` wins over `Expires` (taken relative to
/// the response's `Date`); `no-store` keeps it out of the cache; `no-cache` makes every use
/// a revalidation. No explicit lifetime means none: such a response is revalidated (with
/// its `ETag` / `Last-Modified`) or fetched again on the next run, never reused on a guess.
struct HTTPFreshness: Equatable {
    var noStore = false
    var noCache = false
    /// Seconds the response is fresh from when it was generated; nil: no explicit lifetime.
    var lifetime: TimeInterval?
    /// The `Age` the response arrived with.
    var initialAge: TimeInterval = 0
    /// An `Expires` with no `Date` to measure it from: an absolute end.
    var expiresAt: Date?

    /// Statuses a cache may store without an explicit lifetime (RFC 9110 §15.1).
    static let cacheableByDefault: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]

    init(headers: HeaderFields) {
        let directives = Self.directives(headers["Cache-Control"] ?? "")
        noStore = directives["no-store"] != nil
        noCache = directives["no-cache"] != nil
        if let ageText = headers["Age"], let age = Int(ageText.trimmingASCIIWhitespace), age >= 0 { initialAge = TimeInterval(age) }
        if let maxAge = directives["max-age"], let text = maxAge, let seconds = Int(text), seconds >= 0 {
            lifetime = TimeInterval(seconds)
        } else if let expires = headers["Expires"] {
            // An Expires that does not parse ("0", "-1") means already expired (RFC 9111 §5.3).
            guard let end = Self.date(expires) else {
                lifetime = 0
                return
            }
            if let generated = headers["Date"].flatMap(Self.date) {
                lifetime = max(0, end.timeIntervalSince(generated))
            } else {
                expiresAt = end
            }
        }
    }

    /// Whether a response with this status may be kept at all.
    func isStorable(status: Int) -> Bool {
        guard !noStore, status != 206, status != 304 else { return false }
        return Self.cacheableByDefault.contains(status) || lifetime != nil || expiresAt != nil
    }

    /// Whether a response stored at `storedAt` may be used at `now` without asking the server.
    func isFresh(storedAt: Date, now: Date) -> Bool {
        guard !noCache else { return false }
        if let expiresAt { return now < expiresAt }
        guard let lifetime else { return false }
        let age = initialAge + max(0, now.timeIntervalSince(storedAt))
        return age < lifetime
    }

    /// `Cache-Control` directives, lower-cased, with their values unquoted (nil without one).
    static func directives(_ header: String) -> [String: String?] {
        var out: [String: String?] = [:]
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard let first = pieces.first else { continue }
            let name = String(first).trimmingASCIIWhitespace.lowercased()
            guard !name.isEmpty else { continue }
            var value = pieces.count > 1 ? String(pieces[1]).trimmingASCIIWhitespace : nil
            if let text = value, text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
                value = String(text.dropFirst().dropLast())
            }
            if out[name] == nil { out[name] = value }
        }
        return out
    }

    /// An HTTP-date in any of the three forms a recipient must accept (RFC 9110 §5.6.7):
    /// `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT`, `Sun Nov  6 08:49:37 1994`.
    static func date(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        let trimmed = text.trimmingASCIIWhitespace.replacingOccurrences(of: "  ", with: " ")
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return date }
        }
        return nil
    }

    /// `date` as an IMF-fixdate, the form servers send.
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
