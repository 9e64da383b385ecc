import WHATWGURL

/// A web site as Digital Asset Links names one: scheme, host and port, nothing else
/// ("We only support describing an entire domain at once"). Sites are equal when their
/// scheme, host (lower-case, without a final dot) and port (the scheme's default when
/// omitted) are.
public struct AssetSite: Hashable, Sendable, CustomStringConvertible {
    public let scheme: String
    public let host: String
    public let port: Int

    /// Parses a `site` value: an http(s) URL with a host, no login, path, query or fragment
    /// ("https://example.com", "http://example.com:8080", "https://example.com.").
    public init(parsing site: String) throws {
        func invalid(_ why: String) -> AssetLinksValueError {
            AssetLinksValueError(reason: "Invalid site \"\(site)\": \(why)")
        }
        let trimmed = site.unicodeScalars.first.map { !$0.properties.isWhitespace } == true
            && site.unicodeScalars.last.map { !$0.properties.isWhitespace } == true
        guard trimmed, let url = WebURL.parse(site), let hostname = url.hostname, !hostname.isEmpty else {
            throw invalid("not a valid URL")
        }
        guard url.scheme == "http" || url.scheme == "https" else { throw invalid("a non-HTTP URL") }
        guard url.username.isEmpty, url.password.isEmpty else { throw invalid("a site must not contain login information") }
        guard url.query == nil else { throw invalid("a site must not contain query parameters") }
        guard url.fragment == nil else { throw invalid("a site must not contain fragment identifiers") }
        // The parser turns "https://a.b" into "https://a.b/", so the path is judged on the text.
        guard !Self.writesPath(site) else { throw invalid("a site cannot contain a path, not even \"/\"") }
        self.init(scheme: url.scheme, host: hostname, port: url.port)
    }

    /// The site a URL belongs to (its origin); nil unless http(s) with a host.
    public init?(url: WebURL) {
        guard url.scheme == "http" || url.scheme == "https", let hostname = url.hostname, !hostname.isEmpty else { return nil }
        self.init(scheme: url.scheme, host: hostname, port: url.port)
    }

    private init(scheme: String, host: String, port: Int?) {
        self.scheme = scheme
        self.host = host.hasSuffix(".") ? String(host.dropLast()) : host
        self.port = port ?? (scheme == "https" ? 443 : 80)
    }

    public var description: String {
        let defaultPort = scheme == "https" ? 443 : 80
        return scheme + "://" + host + (port == defaultPort ? "" : ":\(port)")
    }

    /// Whether anything path-like follows the authority in `site` as written.
    private static func writesPath(_ site: String) -> Bool {
        guard let colon = site.firstIndex(of: ":") else { return false }
        let rest = site[site.index(after: colon)...].drop(while: { $0 == "/" || $0 == "\\" })
        guard let end = rest.firstIndex(where: { "/\\?#".contains($0) }) else { return false }
        return rest[end] == "/" || rest[end] == "\\"
    }
}
