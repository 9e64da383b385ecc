import PageSources
import Policies

// The live crawl's parts as an audit starts and sums them up.

extension Crawler {
    /// The crawl of an audit's URL inputs (`http(s)` inputs and `--urls`), nil when it has none.
    /// Pages are fetched as the profiles audited (`profiles`) would be: their user agent.
    static func start(_ options: AuditOptions, profiles: [any RuntimeProfile]) throws -> Crawler? {
        let urls = options.inputs.filter(URLInputs.isURL) + options.urls
        guard !urls.isEmpty else { return nil }
        var fetch = options.fetch
        fetch.maxBodyBytes = options.maxPageBytes
        return try Crawler(urls: urls, options: fetch, userAgent: fetch.userAgentString(for: profiles.map(\.family)))
    }

    func summarize(into summary: inout AuditSummary) {
        summary.fetchStatuses = statuses
        summary.crawlNotes += notes
    }
}

extension SiteAssociationFetch {
    /// For a live crawl with association fetching on; nil otherwise.
    static func start(_ options: AuditOptions, crawler: Crawler?) -> SiteAssociationFetch? {
        guard let crawler, options.fetch.associations else { return nil }
        let device = options.device
        return SiteAssociationFetch(client: crawler.client, options: options.fetch,
                                    verificationDomains: { device.verificationDomains(forHost: $0) })
    }

    func summarize(into summary: inout AuditSummary) {
        summary.associationStatuses = statuses
        summary.crawlNotes += notes
    }
}
