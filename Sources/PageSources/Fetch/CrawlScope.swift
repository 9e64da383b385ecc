import Foundation
import LinkAuditModel
import WHATWGURL

/// Which `http(s)` links the crawl follows. By default the site of the inputs: their
/// registrable domains, subdomains included. `--scope` patterns replace that default
/// (`site` keeps it, so `--scope site --scope '*.pay-partner.com'` widens it) or, with a
/// leading `!`, take URLs out of it whatever else matches.
///
/// Pattern: `site` | `host` (the inputs' exact hosts) | `[*.]host[/path-prefix]`, where
/// `*.example.com` is the domain and all its subdomains.
public struct CrawlScope: Sendable {
    struct Rule: Sendable, Equatable {
        var host: String
        var subdomains: Bool
        var pathPrefix: String

        func matches(_ url: WebURL) -> Bool {
            guard let name = url.hostname?.lowercased() else { return false }
            let hostMatches = name == host || subdomains && name.hasSuffix("." + host)
            return hostMatches && url.pathname.hasPrefix(pathPrefix)
        }
    }

    var include: [Rule]
    var exclude: [Rule]

    /// Throws a usage error naming `--scope` and the pattern.
    public init(patterns: [String], seeds: [WebURL]) throws {
        var include: [Rule] = [], exclude: [Rule] = []
        for pattern in patterns {
            let negated = pattern.hasPrefix("!")
            let body = negated ? String(pattern.dropFirst()) : pattern
            let rules = try Self.rules(body, seeds: seeds, pattern: pattern)
            if negated { exclude += rules } else { include += rules }
        }
        if include.isEmpty { include = try Self.rules("site", seeds: seeds, pattern: "site") }
        self.include = include
        self.exclude = exclude
    }

    public func contains(_ url: WebURL) -> Bool {
        guard url.scheme == "http" || url.scheme == "https" else { return false }
        return include.contains { $0.matches(url) } && !exclude.contains { $0.matches(url) }
    }

    static func rules(_ body: String, seeds: [WebURL], pattern: String) throws -> [Rule] {
        switch body {
        case "site":
            return Set(seeds.compactMap(\.hostname).map(RegistrableDomain.of)).sorted()
                .map { Rule(host: $0, subdomains: true, pathPrefix: "/") }
        case "host":
            return Set(seeds.compactMap { $0.hostname?.lowercased() }).sorted()
                .map { Rule(host: $0, subdomains: false, pathPrefix: "/") }
        default:
            var text = Substring(body)
            for scheme in ["https://", "http://"] where text.lowercased().hasPrefix(scheme) { text = text.dropFirst(scheme.count) }
            let slash = text.firstIndex(of: "/") ?? text.endIndex
            var host = text[..<slash].lowercased()
            let path = text[slash...].isEmpty ? "/" : String(text[slash...])
            let subdomains = host.hasPrefix("*.")
            if subdomains { host.removeFirst(2) }
            // The host goes through the URL parser so `Shop.EXAMPLE` or an IDN match as served.
            guard !host.isEmpty, !host.contains("*"), let parsed = WebURL.parse("http://\(host)\(path)"),
                  let canonical = parsed.hostname else {
                throw LinkAuditError.usage("--scope: '\(pattern)' is not site, host, or [*.]host[/path]")
            }
            return [Rule(host: canonical, subdomains: subdomains, pathPrefix: parsed.pathname)]
        }
    }
}
