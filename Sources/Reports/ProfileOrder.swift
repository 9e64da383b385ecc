import Policies

/// The order profiles are listed in: Android first, then iOS, each from the plainest
/// runtime to the browser, as Docs/PLATFORM.md §P.1 lists them. Names it does not know (a newer
/// version's profiles) follow in alphabetical order.
enum ProfileOrder {
    /// The registry's order: a profile is listed where it is registered.
    static let known = ProfileRegistry.names

    static func sorted<S: Sequence>(_ names: S) -> [String] where S.Element == String {
        // Each name's rank looked up once, not once per comparison.
        names.map { (rank($0), $0) }.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map(\.1)
    }

    static func before(_ a: String, _ b: String) -> Bool {
        let ra = rank(a), rb = rank(b)
        return ra != rb ? ra < rb : a < b
    }

    /// Position in `known` (a handful of short names: comparing beats hashing).
    private static func rank(_ name: String) -> Int {
        known.firstIndex(of: name) ?? Int.max
    }
}
