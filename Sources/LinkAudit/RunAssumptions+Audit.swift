import Foundation
import PageSources
import Policies
import Reports

extension RunAssumptions {
    /// What an audit with `options` takes as given, for summary.md: `profiles` are the ones
    /// it runs; paths inside `workingDirectory` are shown relative to it.
    init(_ options: AuditOptions, profiles: [any RuntimeProfile], workingDirectory: String) {
        self.init()
        let shown = { (path: String) in RunAssumptions.shown(path, workingDirectory: workingDirectory) }
        inputs = options.inputs.map { URLInputs.isURL($0) || $0 == "-" ? $0 : shown($0) } + options.urls
        pipeline = options.pipeline.map(shown)
        classification = .audited(Audited(
            profiles: profiles.map(\.name), defaultProfiles: options.profiles?.isEmpty ?? true, device: options.device,
            deviceFile: options.deviceFile.map(shown), settings: options.settings,
            hostEntryFile: options.hostEntryFile.map(shown), options: options.options))
        baseURL = options.baseURL
        maxPageBytes = options.maxPageBytes
        libxml2Version = options.libxml2Version
        // The crawl's own condition (Crawler.start): URL inputs, positional or from --urls.
        if options.inputs.contains(where: URLInputs.isURL) || !options.urls.isEmpty {
            let fetch = options.fetch
            crawl = Crawl(depth: fetch.depth, maxPages: fetch.maxPages, scope: fetch.scope,
                          concurrency: fetch.concurrency, perHost: fetch.perHost,
                          delayMs: Int((fetch.delay * 1000).rounded()), timeoutSeconds: fetch.timeout,
                          retries: fetch.retry.retries, maxRedirects: fetch.maxRedirects,
                          userAgent: fetch.userAgentString(for: profiles.map(\.family)),
                          robots: !fetch.ignoreRobots, associations: fetch.associations,
                          cache: fetch.cacheDirectory != nil, cookies: fetch.cookies, allowPrivate: fetch.allowPrivate)
        }
    }
}
