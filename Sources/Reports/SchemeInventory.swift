import Checks
import LinkAuditModel
import Policies

/// Every non-web scheme and every `intent://` target package seen, with how many links
/// use it and on which pages: the list of apps a site expects a WebView to launch.
public struct SchemeInventory: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var links: Int
        /// Sorted.
        public var pages: [String]
    }

    private var schemeCounts: [String: (links: Int, pages: Set<String>)] = [:]
    private var packageCounts: [String: (links: Int, pages: Set<String>)] = [:]

    public static func == (a: SchemeInventory, b: SchemeInventory) -> Bool {
        a.schemes == b.schemes && a.packages == b.packages
    }

    /// A deep link as the inventory counts it: its scheme, the intent's package, its page.
    struct DeepLink: Sendable {
        var scheme: String
        var package: String?
        var page: String
    }

    static func deepLink(_ navigation: Navigation) -> DeepLink? {
        guard WebSchemes.isDeepLink(navigation.scheme) else { return nil }
        return DeepLink(scheme: navigation.scheme,
                        package: navigation.scheme == "intent" ? package(of: navigation.url) : nil, page: navigation.page)
    }

    mutating func add(_ navigation: Navigation) {
        if let link = Self.deepLink(navigation) { add(link) }
    }

    mutating func add(_ link: DeepLink) {
        Self.count(link.scheme, page: link.page, in: &schemeCounts)
        if let package = link.package { Self.count(package, page: link.page, in: &packageCounts) }
    }

    /// One page's deep links, counted by scheme and package on the worker that read the
    /// page (a few entries, where a list of its deep links held one per link).
    struct PageCounts: Sendable {
        private(set) var schemes: [String: Int] = [:]
        private(set) var packages: [String: Int] = [:]

        mutating func add(_ navigation: Navigation) {
            guard WebSchemes.isDeepLink(navigation.scheme) else { return }
            schemes[navigation.scheme, default: 0] += 1
            if navigation.scheme == "intent" { packages[SchemeInventory.package(of: navigation.url), default: 0] += 1 }
        }
    }

    mutating func add(_ counts: PageCounts, page: String) {
        for (scheme, links) in counts.schemes {
            schemeCounts[scheme, default: (0, [])].links += links
            schemeCounts[scheme]!.pages.insert(page)
        }
        for (package, links) in counts.packages {
            packageCounts[package, default: (0, [])].links += links
            packageCounts[package]!.pages.insert(page)
        }
    }

    /// Most-used first, then by name.
    public var schemes: [Entry] { Self.entries(schemeCounts) }
    public var packages: [Entry] { Self.entries(packageCounts) }

    /// The package Android resolves the intent to, as `Intent.parseUri` reads it.
    static func package(of uri: String) -> String {
        guard let intent = try? IntentURIParser.parse(uri, flags: .intentScheme) else { return "(malformed intent)" }
        return intent.package ?? "(no package)"
    }

    private static func count(_ name: String, page: String, in table: inout [String: (links: Int, pages: Set<String>)]) {
        table[name, default: (0, [])].links += 1
        table[name]!.pages.insert(page)
    }

    private static func entries(_ table: [String: (links: Int, pages: Set<String>)]) -> [Entry] {
        table.map { Entry(name: $0.key, links: $0.value.links, pages: $0.value.pages.sorted()) }
            .sorted { $0.links != $1.links ? $0.links > $1.links : $0.name < $1.name }
    }
}
