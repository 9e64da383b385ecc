// WebURL: a URL as browsers see it (WHATWG URL Standard), parsed without Foundation.
//
// The value is its serialisation (`href`) plus UTF-8 offsets of each component, so a
// parsed URL costs one string and the component getters are slices of it.

public struct WebURL: Hashable, Sendable, CustomStringConvertible {
    /// The full serialisation.
    public let href: String

    // UTF-8 offsets into `href`. Absent components use `WebURL.absent`.
    let schemeEnd: UInt32
    let usernameStart: UInt32
    let usernameEnd: UInt32
    let passwordEnd: UInt32
    let hostStart: UInt32
    let hostEnd: UInt32
    let pathStart: UInt32
    let pathEnd: UInt32
    let queryStart: UInt32
    let fragmentStart: UInt32
    let portValue: Int32
    let kind: SchemeKind
    /// True when the URL has a host (possibly empty), i.e. "//" follows the scheme.
    let hasHost: Bool
    /// True for URLs such as "mailto:a@b" or "javascript:x" whose path is one opaque string.
    public let hasOpaquePath: Bool

    static let absent = UInt32.max

    // MARK: - Parsing

    /// Parses `input` against an optional base, as a browser resolves a link. nil when a
    /// browser would reject it.
    public static func parse(_ input: String, base: WebURL? = nil) -> WebURL? {
        guard let record = Parser.parse(Parser.preprocess(input), base: base) else { return nil }
        return WebURL(record)
    }

    /// Parses `baseString` first, then `input` against it; nil if either fails.
    public static func parse(_ input: String, baseString: String) -> WebURL? {
        guard let base = parse(baseString) else { return nil }
        return parse(input, base: base)
    }

    // MARK: - Components

    public var scheme: String { string(0, schemeEnd) }
    public var username: String { hasHost ? string(usernameStart, usernameEnd) : "" }
    public var password: String {
        hasHost && passwordEnd > usernameEnd ? string(usernameEnd + 1, passwordEnd) : ""
    }
    /// The serialised host ("example.com", "10.0.0.1", "[::1]", "" for file URLs); nil when none.
    public var hostname: String? { hasHost ? string(hostStart, hostEnd) : nil }
    public var port: Int? { portValue < 0 ? nil : Int(portValue) }
    /// The serialised path; an opaque path as it is.
    public var pathname: String { string(pathStart, pathEnd) }
    /// The query without '?', nil when absent.
    public var query: String? {
        queryStart == WebURL.absent ? nil : string(queryStart + 1, queryEnd)
    }
    /// The fragment without '#', nil when absent.
    public var fragment: String? {
        fragmentStart == WebURL.absent ? nil : string(fragmentStart + 1, UInt32(href.utf8.count))
    }
    public var isSpecial: Bool { kind.isSpecial }
    public var description: String { href }

    // MARK: - WPT-style getters

    public var protocolString: String { string(0, schemeEnd + 1) }
    /// "" or "?…" (an empty query gives "").
    public var search: String {
        guard let query, !query.isEmpty else { return "" }
        return "?" + query
    }
    /// "" or "#…" (an empty fragment gives "").
    public var hash: String {
        guard let fragment, !fragment.isEmpty else { return "" }
        return "#" + fragment
    }
    /// Host plus ":port" when there is a non-default port; "" without a host.
    public var host: String {
        guard hasHost else { return "" }
        // The port, if any, sits between the host and the path (never "/." with a host).
        return string(hostStart, port == nil ? hostEnd : pathStart)
    }

    /// The serialised origin: "scheme://host[:port]" for http(s), ws(s) and ftp; the
    /// origin of the inner URL for blob URLs wrapping http(s); "null" otherwise.
    public var origin: String {
        switch kind {
        case .http, .https, .ws, .wss, .ftp:
            return scheme + "://" + host
        case .file:
            return "null"
        case .other:
            if scheme == "blob", let inner = WebURL.parse(pathname), inner.kind == .http || inner.kind == .https {
                return inner.origin
            }
            return "null"
        }
    }

    // MARK: - Equality

    public static func == (lhs: WebURL, rhs: WebURL) -> Bool { lhs.href == rhs.href }
    public func hash(into hasher: inout Hasher) { hasher.combine(href) }

    // MARK: - Raw component bytes (for resolving relative URLs against this one)

    var schemeBytes: Substring.UTF8View { slice(0, schemeEnd) }
    var usernameBytes: Substring.UTF8View { hasHost ? slice(usernameStart, usernameEnd) : slice(0, 0) }
    var passwordBytes: Substring.UTF8View {
        hasHost && passwordEnd > usernameEnd ? slice(usernameEnd + 1, passwordEnd) : slice(0, 0)
    }
    var hostBytes: Substring.UTF8View? { hasHost ? slice(hostStart, hostEnd) : nil }
    var pathBytes: Substring.UTF8View { slice(pathStart, pathEnd) }
    var queryBytes: Substring.UTF8View? {
        queryStart == WebURL.absent ? nil : slice(queryStart + 1, queryEnd)
    }

    private var queryEnd: UInt32 {
        fragmentStart == WebURL.absent ? UInt32(href.utf8.count) : fragmentStart
    }

    private func slice(_ start: UInt32, _ end: UInt32) -> Substring.UTF8View {
        let utf8 = href.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: Int(start))
        let upper = utf8.index(lower, offsetBy: Int(end - start))
        return utf8[lower..<upper]
    }

    private func string(_ start: UInt32, _ end: UInt32) -> String {
        String(Substring(slice(start, end)))
    }
}
