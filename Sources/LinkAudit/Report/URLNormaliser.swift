/// The URL form a baseline matches findings on. Checkout pages render fresh order ids,
/// tokens and timestamps into their links on every visit, so a nightly run must not see
/// `dana://wallet/pay?order=41` and `?order=42` as one fixed and one new finding. The
/// normal form keeps what names the target (scheme, host, path, the query's parameter
/// names, an intent's routing items) and drops what varies per visit (query values,
/// intent extras' values, credentials, ordinary fragments).
enum URLNormaliser {
    static func normalise(_ raw: String) -> String {
        let text = raw.trimmingASCIIWhitespace
        guard let url = WebURL.parse(text) else { return text }
        // Nothing to drop and nothing to fold: the serialisation is the normal form.
        if url.query == nil, url.fragment == nil, url.username.isEmpty, url.password.isEmpty,
           url.isSpecial || !url.host.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) {
            return url.href
        }
        var out = url.scheme + ":"
        if url.hostname != nil { out += "//" + url.host.lowercased() }
        out += url.pathname
        if let query = url.query { out += "?" + parameterNames(query) }
        if url.scheme == "intent", let fragment = url.fragment, fragment.hasPrefix("Intent;") {
            out += "#" + intentItems(fragment)
        }
        return out
    }

    /// `b=2&a=1&a=3` → `a&a&b`.
    private static func parameterNames(_ query: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: true)
            .map { $0.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0] }
            .sorted()
            .joined(separator: "&")
    }

    /// Keeps `scheme=`, `package=`, `action=`, `component=`…; extras (`S.key=value`,
    /// `i.key=…`) keep only their key.
    private static func intentItems(_ fragment: String) -> String {
        fragment.split(separator: ";", omittingEmptySubsequences: false).map { item -> String in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].contains(".") else { return String(item) }
            return parts[0] + "="
        }.joined(separator: ";")
    }
}
