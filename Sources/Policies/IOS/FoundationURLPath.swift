import WHATWGURL

/// Foundation's view of a URL path, which the reference clients' Swift code compares: `URL.path` is
/// percent-decoded and drops a trailing `/` (except for the root), and
/// `deletingLastPathComponent` keeps the directory. WHATWG parsing has already removed
/// `.` and `..` segments, which is all `standardizedFileURL` adds for these checks.
enum FoundationURLPath {
    /// `url.path`.
    static func path(of url: WebURL) -> String {
        var path = PercentDecoding.decode(url.pathname)
        if path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// `deletingLastPathComponent().path` (`stringByDeletingLastPathComponent`): the
    /// parent directory, `/` for a top-level entry, "" for a relative name.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }
}
