import WHATWGURL

/// Whether a string literal in a script is an absolute deep link worth reporting even
/// when no navigation sink uses it directly (it may be stored in a variable, passed to a
/// helper, or picked by a condition): a custom scheme with `://`, or `intent:`.
enum DeepLinkLiteral {
    /// Schemes a WebView loads itself: a literal of these is not a deep link.
    static let webSchemes: Set<String> = [
        "http", "https", "ws", "wss", "ftp", "file", "data", "blob", "javascript", "about",
    ]

    static func matches(_ literal: String) -> Bool {
        guard literal.utf8.count >= 7, let scheme = WebURL.schemeOf(literal) else { return false }
        if scheme == "intent" { return true }
        guard !webSchemes.contains(scheme) else { return false }
        return literal.contains("://")
    }
}
