import Glibc

// WebURL: a URL as browsers see it (WHATWG URL Standard), parsed without Foundation.
//
// The value is its serialisation (`href`) plus the UTF-8 offsets of each component
// (`Layout`), so a parsed URL costs one string and the getters are slices of it.

#if canImport(Glibc)
#endif

public struct WebURL: Hashable, Sendable, CustomStringConvertible {
    /// The full serialisation.
    public let href: String

    /// Where the components sit in `href`.
    @usableFromInline package let layout: Layout

    /// True for URLs such as "mailto:a@b" or "javascript:x" whose path is one opaque string.
    public var hasOpaquePath: Bool { layout.hasOpaquePath }
    package var kind: SchemeKind { layout.kind }

    // MARK: - Parsing

    /// Parses `input` against an optional base, as a browser resolves a link. nil when a
    /// browser would reject it.
    public static func parse(_ input: String, base: WebURL? = nil) -> WebURL? {
        Parser.parse(input, base: base)
    }

    /// Parses `input` as a URL found in a document: the query is percent-encoded in the
    /// document's encoding (URL Standard, "encoding-parse a URL"; Docs/PLATFORM.md §F.12).
    /// A nil `queryEncoder` is UTF-8 and the same as `parse(_:base:)`.
    /// Inlined, so that a caller's own string is read where it lies: called, its bytes were
    /// reached through a copy of it, retained and released for every link (issue 17).
    @inlinable
    public static func parse(_ input: String, base: WebURL?, queryEncoder: (any URLQueryEncoder)?) -> WebURL? {
        if let result = input.utf8.withContiguousStorageIfAvailable({
            parse(utf8: $0, of: input, base: base, queryEncoder: queryEncoder)
        }) {
            return result
        }
        return parse(scattered: input, base: base, queryEncoder: queryEncoder)
    }

    /// `parse(_:base:queryEncoder:)` of `input`, whose UTF-8 is `utf8`.
    @usableFromInline
    static func parse(utf8: UnsafeBufferPointer<UInt8>, of input: borrowing String, base: WebURL?,
                      queryEncoder: (any URLQueryEncoder)?) -> WebURL? {
        Parser.parse(raw: utf8, base: base, original: input, fastPath: true, queryEncoder: queryEncoder)
    }

    /// `parse(_:base:queryEncoder:)` of a string whose UTF-8 is not in one piece.
    @usableFromInline
    static func parse(scattered input: String, base: WebURL?, queryEncoder: (any URLQueryEncoder)?) -> WebURL? {
        Parser.parse(input, base: base, queryEncoder: queryEncoder)
    }

    /// Parses `baseString` first, then `input` against it; nil if either fails.
    public static func parse(_ input: String, baseString: String) -> WebURL? {
        guard let base = parse(baseString) else { return nil }
        return parse(input, base: base)
    }

    // MARK: - Components

    /// A special scheme's name as a literal: its kind is read off those very bytes
    /// (`SchemeKind.init`), and a literal string is neither allocated nor validated, where
    /// copying the bytes cost ~200 instructions, asked of every link (issue 17). The
    /// others' bytes copied, as `plainScheme` does for all (`WebURLSchemeTests`).
    public var scheme: String {
        switch kind {
        case .http: return "http"
        case .https: return "https"
        case .ws: return "ws"
        case .wss: return "wss"
        case .ftp: return "ftp"
        case .file: return "file"
        case .other: return otherScheme
        }
    }

    /// A non-special scheme: the deep-link schemes most pages are full of as literals, where
    /// a custom scheme's bytes made into a small string cost ~130 instructions a link, asked
    /// of every link by `Navigation.initialize` (issue 17); any other made of the same bytes,
    /// read once for both, as `plainScheme` makes it. `href` holds its scheme lower-cased
    /// already, so a literal is compared byte for byte (`WebURLSchemeTests` compares the two).
    private var otherScheme: String {
        let count = Int(layout.schemeEnd)
        let made = href.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard count < bytes.count, let p = bytes.baseAddress else { return nil }
            func matches(_ name: StaticString) -> Bool { name.isSpelled(by: p, count: count) }
            switch count {
            case 3:
                if matches("tel") { return "tel" }
                if matches("sms") { return "sms" }
            case 6:
                if matches("intent") { return "intent" }
                if matches("mailto") { return "mailto" }
                if matches("market") { return "market" }
            case 10:
                if matches("javascript") { return "javascript" }
            default: break
            }
            let part = UnsafeBufferPointer(start: p, count: count)
            guard count <= 15 else { return String(decoding: part, as: UTF8.self) }
            return String(unsafeUninitializedCapacity: count) { out in
                _ = out.initialize(from: part)
                return count
            }
        }
        if case .some(.some(let scheme)) = made { return scheme }
        return plainScheme
    }

    /// The scheme's bytes of `href` copied.
    var plainScheme: String { string(layout.schemeRange) }
    public var username: String { string(layout.usernameRange) }
    public var password: String { string(layout.passwordRange) }
    /// The serialised host ("example.com", "10.0.0.1", "[::1]", "" for file URLs); nil when none.
    public var hostname: String? { layout.hostRange.map(string) }
    public var port: Int? { layout.port }
    /// The serialised path; an opaque path as it is.
    public var pathname: String { string(layout.pathRange) }
    /// The query without '?', nil when absent.
    public var query: String? { layout.queryRange.map(string) }
    /// The fragment without '#', nil when absent.
    public var fragment: String? { layout.fragmentRange.map(string) }
    public var isSpecial: Bool { kind.isSpecial }
    public var description: String { href }

    // MARK: - WPT-style getters

    public var protocolString: String { string(0..<Int(layout.schemeEnd + 1)) }
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
    public var host: String { string(layout.hostAndPortRange) }

    /// The serialised origin: "scheme://host[:port]" for http(s), ws(s) and ftp; the
    /// origin of the inner URL for blob URLs wrapping http(s); "null" otherwise.
    public var origin: String {
        switch kind {
        case .http, .https, .ws, .wss, .ftp:
            return scheme + "://" + host
        case .file:
            return "null"
        case .other:
            // A blob URL's origin is that of the http(s) URL it wraps ("blob:https://a/…").
            if scheme == "blob", let inner = WebURL.parse(pathname),
               inner.kind == .http || inner.kind == .https {
                return inner.origin
            }
            return "null"
        }
    }

    /// True when both have a host and it is the same (compared in place, no strings made).
    public func hasSameHostname(as other: WebURL) -> Bool {
        guard let mine = layout.hostRange, let theirs = other.layout.hostRange else {
            return layout.hostRange == nil && other.layout.hostRange == nil
        }
        guard mine.count == theirs.count else { return false }
        var a = href, b = other.href
        return a.withUTF8 { a in
            b.withUTF8 { b in
                memcmp(a.baseAddress! + mine.lowerBound, b.baseAddress! + theirs.lowerBound, mine.count) == 0
            }
        }
    }

    // MARK: - Equality

    public static func == (lhs: WebURL, rhs: WebURL) -> Bool { lhs.href == rhs.href }
    public func hash(into hasher: inout Hasher) { hasher.combine(href) }

    /// A component's text: its bytes of `href` copied (a component starts and ends at ASCII
    /// delimiters, so the bytes are whole characters). Walking `href.utf8`'s indexes to a
    /// Substring instead cost 600 instructions for a scheme, asked of every link
    /// (Benchmarks/README.md, issue 17); a non-contiguous `href` still goes that way.
    /// A component of at most 15 bytes (a scheme, most hosts) is made in place as a small
    /// string, whose bytes are checked as ASCII by two word tests: `String(decoding:)`
    /// validated them a byte at a time, ~170 instructions a custom scheme (issue 17). Not
    /// ASCII, that initializer still validates and repairs them as `String(decoding:)` does.
    private func string(_ range: Range<Int>) -> String {
        href.utf8.withContiguousStorageIfAvailable { bytes in
            let part = UnsafeBufferPointer(rebasing: bytes[range])
            guard part.count <= 15 else { return String(decoding: part, as: UTF8.self) }
            return String(unsafeUninitializedCapacity: part.count) { out in
                _ = out.initialize(from: part)
                return part.count
            }
        } ?? {
            let utf8 = href.utf8
            let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            let upper = utf8.index(lower, offsetBy: range.count)
            return String(Substring(utf8[lower..<upper]))
        }()
    }
}

// Outside the struct's body, which keeps the memberwise init the parsers build with.
extension WebURL {
    /// A URL put back together from its serialisation and the layout its parse found, kept
    /// apart by the caller: a record that stores the serialisation once carries only the
    /// layout beside it (`Navigation.target`, issue 17). `layout` must be `href`'s.
    @usableFromInline package init(serialization href: String, layout: Layout) {
        self.init(href: href, layout: layout)
    }
}
