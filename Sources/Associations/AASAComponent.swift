import WHATWGURL

/// One rule of an `applinks` detail: a `components` entry, or a legacy `paths` string
/// turned into the same shape. It matches a URL when every pattern it has matches; an
/// absent pattern is `*` (Apple: "The default is `*`, which matches everything").
public struct AASAComponent: Sendable, Equatable {
    /// `/`: the URL's path.
    public var path: AASAPattern?
    /// `?`: the whole query (string form) or named query items (dictionary form).
    public var query: AASAQuery?
    /// `#`: the fragment.
    public var fragment: AASAPattern?
    /// `exclude: true` or a `NOT ` path: a match means "not a universal link".
    public var exclude: Bool
    /// Resolved from the component, the detail's `defaults`, the file's `defaults`, else true.
    public var caseSensitive: Bool
    /// Resolved likewise. True: patterns are compared with the URL as percent-encoded;
    /// false: with the URL percent-decoded. Apple's exact reading is UNCONFIRMED (Docs/PLATFORM.md §E.2).
    public var percentEncoded: Bool
    public var comment: String?

    public init(path: AASAPattern? = nil, query: AASAQuery? = nil, fragment: AASAPattern? = nil, exclude: Bool = false,
                caseSensitive: Bool = true, percentEncoded: Bool = true, comment: String? = nil) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.comment = comment
    }

    /// Whether every pattern of this rule matches `url` (its path, query and fragment).
    public func matches(_ url: WebURL) -> Bool { matches(AASAURLParts(url)) }

    func matches(_ url: AASAURLParts) -> Bool {
        if let path, !path.matches(url.path(decoded: !percentEncoded)) { return false }
        if let fragment, !fragment.matches(url.fragment(decoded: !percentEncoded)) { return false }
        switch query {
        case nil:
            return true
        case .whole(let pattern):
            return pattern.matches(url.query(decoded: !percentEncoded))
        case .items(let items):
            let present = url.queryItems(decoded: !percentEncoded)
            return items.allSatisfy { item in
                let values = present.filter { caseSensitive ? $0.name == item.name : $0.name.lowercased() == item.name.lowercased() }
                // WWDC20 "What's new in universal links": an absent item counts as an empty
                // value, and every instance of a repeated name must match.
                return values.isEmpty ? item.value.matches("") : values.allSatisfy { item.value.matches($0.value) }
            }
        }
    }
}

/// The `?` key: a pattern for the whole query (without '?'), or a dictionary of query item
/// names to value patterns, where items the dictionary does not name are allowed.
public enum AASAQuery: Sendable, Equatable {
    case whole(AASAPattern)
    case items([AASAQueryItem])
}

public struct AASAQueryItem: Sendable, Equatable {
    /// Compared exactly (ignoring case when the component does).
    public var name: String
    public var value: AASAPattern

    public init(name: String, value: AASAPattern) {
        self.name = name
        self.value = value
    }
}

/// The parts of a URL that AASA patterns see, as serialised by the URL Standard (so
/// percent-encoded) or percent-decoded. An absent query or fragment reads as empty.
struct AASAURLParts {
    let rawPath: String
    let rawQuery: String
    let rawFragment: String

    init(_ url: WebURL) {
        rawPath = url.pathname
        rawQuery = url.query ?? ""
        rawFragment = url.fragment ?? ""
    }

    func path(decoded: Bool) -> String { decoded ? PercentDecoding.decode(rawPath) : rawPath }
    func query(decoded: Bool) -> String { decoded ? PercentDecoding.decode(rawQuery) : rawQuery }
    func fragment(decoded: Bool) -> String { decoded ? PercentDecoding.decode(rawFragment) : rawFragment }

    /// Items split at '&' and the first '='; an item without '=' has an empty value, as
    /// `NSURLQueryItem` with no value is treated. '+' stays '+' (NSURLComponents does not
    /// read it as a space).
    func queryItems(decoded: Bool) -> [(name: String, value: String)] {
        rawQuery.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]), value = parts.count > 1 ? String(parts[1]) : ""
            return decoded ? (PercentDecoding.decode(name), PercentDecoding.decode(value)) : (name, value)
        }
    }
}
