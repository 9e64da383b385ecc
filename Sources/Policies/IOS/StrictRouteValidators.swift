import WHATWGURL

/// The strict iOS delegate's validators, fail-closed: any path, key or value outside the allowlists
/// rejects the whole URL. The article's validators return nil; the rule that refused is kept here so the
/// report can say which one.

/// The delegate's `ValidatedAppRoute`.
public struct ValidatedAppRoute: Equatable, Sendable {
    public var path: String
    public var queryParams: [String: String]
}

/// The allowlist rule that refused a URL.
public enum ValidatorRejection: String, Error, Equatable, Sendable {
    case scheme, host, path
    case queryKey = "query-key"
    case duplicateKey = "duplicate-key"
    case queryValue = "query-value"
}

/// `AppRouteValidator`: routes on the app's associated domain.
public struct AppRouteValidator: Sendable {
    public static let name = "AppRouteValidator"
    let allowedPrefixes: [String]
    let allowedQueryKeys: Set<String>

    public init(options: IOSStrictOptions) {
        allowedPrefixes = options.allowedPaths
        allowedQueryKeys = Set(options.allowedQueryKeys)
    }

    public func validate(_ url: WebURL) -> Result<ValidatedAppRoute, ValidatorRejection> {
        let path = FoundationURLPath.path(of: url)
        guard allowedPrefixes.contains(where: { path.hasPrefix($0) }) else { return .failure(.path) }
        var params: [String: String] = [:]
        var seen = Set<String>()
        for item in QueryItems.parse(url) {
            guard allowedQueryKeys.contains(item.name) else { return .failure(.queryKey) }
            guard !seen.contains(item.name) else { return .failure(.duplicateKey) }
            seen.insert(item.name)
            let value = item.value ?? ""
            guard QueryItems.isSafeValue(value) else { return .failure(.queryValue) }
            params[item.name] = value
        }
        return .success(ValidatedAppRoute(path: path, queryParams: params))
    }
}

/// `CustomSchemeValidator`: custom-scheme links the app may hand to `UIApplication.open`.
public struct CustomSchemeValidator: Sendable {
    public static let name = "CustomSchemeValidator"
    let allowedSchemes: Set<String>
    let allowedHosts: Set<String>
    let allowedPathPrefixes: [String]
    let allowedQueryKeys: Set<String>

    public init(options: IOSStrictOptions) {
        allowedSchemes = Set(options.allowedSchemes)
        allowedHosts = Set(options.allowedSchemeHosts)
        allowedPathPrefixes = options.allowedSchemePaths
        allowedQueryKeys = Set(options.allowedSchemeQueryKeys)
    }

    public func validate(_ url: WebURL) -> Result<WebURL, ValidatorRejection> {
        guard allowedSchemes.contains(url.scheme.lowercased()) else { return .failure(.scheme) }
        guard let host = url.hostname?.lowercased(), allowedHosts.contains(host) else { return .failure(.host) }
        // An empty path (`myapp://open`) passes; `/` alone matches no prefix.
        let path = FoundationURLPath.path(of: url)
        if !path.isEmpty, !allowedPathPrefixes.contains(where: { path.hasPrefix($0) }) {
            return .failure(.path)
        }
        var seen = Set<String>()
        for item in QueryItems.parse(url) {
            guard allowedQueryKeys.contains(item.name) else { return .failure(.queryKey) }
            guard !seen.contains(item.name) else { return .failure(.duplicateKey) }
            seen.insert(item.name)
            guard QueryItems.isSafeValue(item.value ?? "") else { return .failure(.queryValue) }
        }
        return .success(url)
    }
}

/// `URLComponents.queryItems` and the validators' value rule.
enum QueryItems {
    /// Items split on `&`, then on the first `=` (no `=`: no value), percent-decoded with
    /// `+` left alone. An absent or empty query has no items.
    static func parse(_ url: WebURL) -> [(name: String, value: String?)] {
        guard let query = url.query, !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { piece in
            guard let equals = piece.firstIndex(of: "=") else {
                return (PercentDecoding.decode(String(piece)), nil)
            }
            return (PercentDecoding.decode(String(piece[..<equals])),
                    PercentDecoding.decode(String(piece[piece.index(after: equals)...])))
        }
    }

    /// At most 64 characters, all of `A–Z a–z 0–9 _ -`.
    static func isSafeValue(_ value: String) -> Bool {
        value.count <= 64 && value.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "-": return true
            default: return false
            }
        }
    }
}
