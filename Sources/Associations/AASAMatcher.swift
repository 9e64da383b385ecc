import WHATWGURL

/// What an AASA says about one URL for one app. No verdict (nil / absent) means no rule
/// matched: the link is not a universal link for that app, but nothing forbids it either.
public enum UniversalLinkVerdict: String, Sendable, Equatable {
    /// The first matching rule includes the URL: it opens the app.
    case match
    /// The first matching rule is `exclude: true` or a `NOT ` path: it stays on the web.
    case block
}

extension AASADetail {
    /// The first matching rule decides (Docs/PLATFORM.md §E.2, rule 23); nil when none matches.
    public func verdict(for url: WebURL) -> UniversalLinkVerdict? {
        verdict(for: AASAURLParts(url))
    }

    func verdict(for parts: AASAURLParts) -> UniversalLinkVerdict? {
        rules.first(where: { $0.matches(parts) }).map { $0.exclude ? .block : .match }
    }
}

extension AppSiteAssociation {
    /// Verdicts for every app the file names, for a URL on the file's own host (the caller
    /// picks the file by the URL's host; only the path, query and fragment are matched).
    /// Details are read in order and an app's first detail with a matching rule decides;
    /// a later detail for the same app is consulted only when the earlier ones matched nothing.
    public func match(_ url: WebURL) -> [String: UniversalLinkVerdict] {
        let parts = AASAURLParts(url)
        var verdicts: [String: UniversalLinkVerdict] = [:]
        for detail in details {
            let undecided = detail.appIDs.filter { verdicts[$0] == nil }
            guard !undecided.isEmpty, let verdict = detail.verdict(for: parts) else { continue }
            for appID in undecided { verdicts[appID] = verdict }
        }
        return verdicts
    }

    /// The verdict for one app ID (`TEAMID.bundle.id`); nil when unset.
    public func verdict(for url: WebURL, appID: String) -> UniversalLinkVerdict? {
        for detail in details where detail.appIDs.contains(appID) {
            if let verdict = detail.verdict(for: url) { return verdict }
        }
        return nil
    }
}

/// Legacy `paths` entries (iOS 9–12 form): a pattern for the URL path only (Apple: "only
/// the path component of the URL is used for comparison"), excluding when it starts with
/// "NOT " (one space; iOS 9.2+). The `defaults` flags and substitution variables are applied
/// to them as to components: Apple documents both for components only, so this is an
/// assumption, and it changes nothing for a file that sets neither.
package enum AASALegacyPath {
    static let notPrefix = "NOT "

    package static func component(_ entry: String, flags: AASAFlags = AASAFlags(), variables: [String: [String]] = [:])
        -> AASAComponent {
        let exclude = entry.hasPrefix(notPrefix)
        let source = exclude ? String(entry.dropFirst(notPrefix.count)) : entry
        let caseSensitive = flags.caseSensitive ?? true
        return AASAComponent(path: AASAPattern(source, caseSensitive: caseSensitive, variables: variables),
                             exclude: exclude, caseSensitive: caseSensitive,
                             percentEncoded: flags.percentEncoded ?? true)
    }
}
