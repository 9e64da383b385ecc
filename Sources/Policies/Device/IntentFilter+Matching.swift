/// AOSP `IntentFilter.match(action, type, scheme, data, categories)` (Docs/PLATFORM.md §C.3):
/// action, then data and type (`matchData`), then categories; every step as the platform
/// code takes it.
extension IntentFilter {
    /// `match(...) >= 0`. `defaultOnly`: `PackageManager.MATCH_DEFAULT_ONLY`, which
    /// `startActivity` uses — the filter must then also have `CATEGORY_DEFAULT`.
    public func matches(_ intent: AndroidIntent, defaultOnly: Bool) -> Bool {
        let parts = intent.data.map(AndroidUriParts.init)
        return matches(intent, parts: parts, scheme: parts?.scheme, defaultOnly: defaultOnly)
    }

    /// The same with the data's parts read once by the caller (host, port and path are only
    /// read when the filter needs them).
    func matches(_ intent: AndroidIntent, parts: AndroidUriParts?, scheme: String?, defaultOnly: Bool) -> Bool {
        guard matchAction(intent.action) else { return false }
        guard matchData(type: intent.type, scheme: scheme, parts: parts) else { return false }
        guard intent.categories.allSatisfy(categories.contains) else { return false }
        return !defaultOnly || categories.contains(AndroidIntent.categoryDefault)
    }

    func matchData(type: String?, scheme: String?, host: String?, port: Int, path: String?) -> Bool {
        matchData(type: type, scheme: scheme, host: { host }, port: { port }, path: { path })
    }

    private func matchData(type: String?, scheme: String?, parts: AndroidUriParts?) -> Bool {
        matchData(type: type, scheme: scheme, host: { parts?.host }, port: { parts?.port ?? -1 }, path: { parts?.path })
    }

    /// `matchAction`: an intent without an action matches any filter; otherwise the filter
    /// must list it (a filter with no actions takes nothing).
    func matchAction(_ action: String?) -> Bool {
        guard let action else { return true }
        return actions.contains(action)
    }

    /// `matchData`.
    /// * No types and no schemes: only an intent with neither type nor data.
    /// * Schemes: the scheme must be listed (case-sensitive); with hosts, one authority must
    ///   match (host, then port when declared); with hosts and paths, one path too. Without
    ///   hosts, ports and paths are ignored.
    /// * Types but no schemes: data must be absent or `content:`/`file:` (the implied schemes).
    /// * Types: the intent's type must be found (`findMimeType`); no types: the intent must
    ///   have none.
    private func matchData(type: String?, scheme: String?, host hostOf: () -> String?, port portOf: () -> Int,
                           path pathOf: () -> String?) -> Bool {
        if mimeTypes.isEmpty, schemes.isEmpty { return type == nil && scheme == nil }
        if !schemes.isEmpty {
            guard schemes.contains(scheme ?? "") else { return false }
            if !hosts.isEmpty {
                guard let host = hostOf() else { return false }
                let port = portOf()
                guard hosts.contains(where: { Self.authority($0, matches: host, port: port) }) else { return false }
                if countDataPaths > 0 {
                    guard let path = pathOf(), pathMatchers.contains(where: { $0.matches(path) }) else { return false }
                }
            }
        } else if let scheme, !scheme.isEmpty, scheme != "content", scheme != "file" {
            return false
        }
        if !mimeTypes.isEmpty { return findMimeType(type) }
        return type == nil
    }

    /// `AuthorityEntry.match`: the host (leading `*` = suffix, case-insensitive), then the
    /// port when the entry declares one.
    static func authority(_ declared: String, matches host: String, port: Int) -> Bool {
        let (entryHost, entryPort) = splitAuthority(declared)
        guard AppLinkFilter.host(entryHost, matches: host) else { return false }
        return entryPort < 0 || entryPort == port
    }

    static func splitAuthority(_ declared: String) -> (String, Int) {
        guard let colon = declared.lastIndex(of: ":"), let port = Int(declared[declared.index(after: colon)...])
        else { return (declared, -1) }
        return (String(declared[..<colon]), port)
    }

    /// Every declared path attribute as a matcher.
    public var pathMatchers: [PatternMatcher] {
        paths.map { PatternMatcher($0, .literal) } + pathPrefixes.map { PatternMatcher($0, .prefix) }
            + pathPatterns.map { PatternMatcher($0, .simpleGlob) }
            + pathAdvancedPatterns.map { PatternMatcher($0, .advancedGlob) }
            + pathSuffixes.map { PatternMatcher($0, .suffix) }
    }

    /// `findMimeType`: an exact type; an intent of `*/*` takes any filter with a type; a
    /// filter of `*/*` (or `*`) takes any type; a filter of `image/*` takes `image/…`; an
    /// intent of `image/*` takes a filter with any `image/` type.
    func findMimeType(_ type: String?) -> Bool {
        guard let type else { return false }
        if mimeTypes.contains(type) { return true }
        if type == "*/*" { return !mimeTypes.isEmpty }
        let partial = Set(mimeTypes.compactMap { t -> String? in
            if t == "*" || t == "*/*" { return "*" }
            return t.hasSuffix("/*") ? String(t.dropLast(2)) : nil
        })
        if partial.contains("*") { return true }
        guard let slash = type.firstIndex(of: "/"), slash != type.startIndex else { return false }
        let base = String(type[..<slash])
        if partial.contains(base) { return true }
        if type[type.index(after: slash)...] == "*" {
            return mimeTypes.contains { $0.hasPrefix(base + "/") } || partial.contains(base)
        }
        return false
    }

    /// `IntentFilter.handleAllWebDataURI()`: what the platform counts as a browser —
    /// `CATEGORY_APP_BROWSER`, or VIEW + BROWSABLE with http *or* https and no authority
    /// (Docs/PLATFORM.md §B.5). Not the PayerMax guide's `isBrowserApp`, which wants both schemes.
    public var handlesAllWebData: Bool {
        if categories.contains(Self.categoryAppBrowser) { return true }
        return actions.contains(AndroidIntent.actionView) && categories.contains(AndroidIntent.categoryBrowsable)
            && (schemes.contains("http") || schemes.contains("https")) && hosts.isEmpty
    }

    /// The PayerMax guide's `isBrowserApp`: `CATEGORY_APP_BROWSER`, or http *and* https with no
    /// authority (Docs/PLATFORM.md §P.2).
    public var isBrowserToClient: Bool {
        categories.contains(Self.categoryAppBrowser)
            || (schemes.contains("http") && schemes.contains("https") && hosts.isEmpty)
    }
}
