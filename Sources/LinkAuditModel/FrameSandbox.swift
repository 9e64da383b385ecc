/// An iframe's `sandbox` attribute, as the navigations inside it carry it
/// (`Navigation.sandbox`): the `allow-*` tokens it grants, in one normal form, and what they
/// let the frame do (Docs/PLATFORM.md §F.17).
public struct FrameSandbox: Sendable, Equatable {
    /// The tokens Chromium's parser knows (`services/network/public/cpp/web_sandbox_flags.cc`);
    /// others grant nothing and are dropped.
    public static let known: Set<String> = [
        "allow-downloads", "allow-forms", "allow-modals", "allow-orientation-lock", "allow-pointer-lock",
        "allow-popups", "allow-popups-to-escape-sandbox", "allow-presentation", "allow-same-origin",
        "allow-scripts", "allow-storage-access-by-user-activation", "allow-top-navigation",
        "allow-top-navigation-by-user-activation", "allow-top-navigation-to-custom-protocols",
    ]

    public let tokens: Set<String>

    /// From the attribute's value (ASCII whitespace separates tokens; case does not count).
    public init(attribute: String) {
        var tokens = Set<String>()
        for token in attribute.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }) {
            let lower = token.lowercased()
            if Self.known.contains(lower) { tokens.insert(lower) }
        }
        self.tokens = tokens
    }

    /// From a navigation's `sandbox` field.
    public init?(field: String?) {
        guard let field else { return nil }
        self.init(attribute: field)
    }

    private init(tokens: Set<String>) {
        self.tokens = tokens
    }

    /// The field's form: sorted, space-separated.
    public var field: String { tokens.sorted().joined(separator: " ") }

    /// A navigation of a document inside `outer` whose own frame (if sandboxed itself)
    /// grants `inner`: a nested frame keeps only what both grant (HTML Standard, the
    /// sandboxing flag set is the union of the parent's and the iframe's).
    public static func within(_ outer: String?, _ inner: String?) -> String? {
        guard let outer else { return inner }
        guard let inner else { return outer }
        return FrameSandbox(tokens: FrameSandbox(attribute: outer).tokens.intersection(FrameSandbox(attribute: inner).tokens)).field
    }

    public var allowsScripts: Bool { tokens.contains("allow-scripts") }
    public var allowsForms: Bool { tokens.contains("allow-forms") }
    public var allowsPopups: Bool { tokens.contains("allow-popups") }

    /// Whether the frame may navigate the top-level page (with the user's gesture or not).
    public func allowsTopNavigation(gesture: Bool) -> Bool {
        tokens.contains("allow-top-navigation") || (gesture && tokens.contains("allow-top-navigation-by-user-activation"))
    }

    /// Chromium: whether the frame may hand a URL to another app (an external protocol):
    /// `allow-top-navigation-to-custom-protocols`, which `allow-top-navigation` and
    /// `allow-popups` also grant, or `allow-top-navigation-by-user-activation` with a gesture.
    public func allowsExternalProtocols(gesture: Bool) -> Bool {
        tokens.contains("allow-top-navigation-to-custom-protocols") || tokens.contains("allow-top-navigation")
            || tokens.contains("allow-popups") || (gesture && tokens.contains("allow-top-navigation-by-user-activation"))
    }
}
