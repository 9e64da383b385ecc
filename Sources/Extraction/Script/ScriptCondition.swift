/// The branch a script navigation is written on (`if (/Android/.test(navigator.userAgent))`,
/// `document.referrer ? a : b`), as the page writes it: a navigation the engine starts only
/// under a user agent, a referrer or a query parameter is still one, and the record says
/// under what (`condition` in links.jsonl, README Triggers).
enum ScriptCondition {
    /// Characters kept of a condition (a page's own text: its length is bounded here).
    static let maxLength = 160

    static func cut(_ text: String) -> String {
        guard text.count > maxLength else { return text }
        return String(text.prefix(maxLength - 1)) + "…"
    }

    /// Both: an outer branch and one inside it.
    static func both(_ outer: String?, _ inner: String?) -> String? {
        guard let outer, !outer.isEmpty else { return inner }
        guard let inner, !inner.isEmpty else { return outer }
        // The same branch met twice (a binding and the sink inside one `if`) is said once.
        if outer == inner || outer.hasSuffix(" && " + grouped(inner)) || outer.hasPrefix(grouped(inner) + " && ") {
            return outer
        }
        if inner.hasPrefix(grouped(outer) + " && ") { return inner }
        return cut(grouped(outer) + " && " + grouped(inner))
    }

    /// The other branch (`else`, the `:` side of `?:`).
    static func not(_ condition: String) -> String {
        cut("!(" + condition + ")")
    }

    /// Parenthesised when it has an operator weaker than `&&`, so joining keeps its meaning.
    private static func grouped(_ text: String) -> String {
        text.contains("||") || text.contains("?") ? "(" + text + ")" : text
    }
}
