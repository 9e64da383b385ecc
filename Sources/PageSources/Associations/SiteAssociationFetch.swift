import Associations
import Foundation
import LinkAuditModel

/// The association files of a live crawl: each host's fetched once per run, the first time
/// a page needs it, on a thread of its own (the parse worker that asked waits, so its
/// links are classified with the files in hand). Pages that need a host being fetched wait
/// for that same fetch.
package final class SiteAssociationFetch: @unchecked Sendable {
    private enum State {
        case fetching
        case done([AssociationFile])
    }

    private let condition = NSCondition()
    private var hosts: [String: State] = [:]
    private var written: Set<String> = []
    private var statusCounts: [String: Int] = [:]
    private let fetcher: HostAssociationFetcher
    private let cache: AssociationCache?
    private let verificationDomains: @Sendable (String) -> [String]

    /// `verificationDomains` gives, for a host a page links to, the other domains whose
    /// files the device would read for it (the bare domain of a wildcard App Link filter
    /// that takes the host): the device's rule, which the policy stage owns.
    package init(client: FetchClient, options: FetchOptions,
                 verificationDomains: @escaping @Sendable (String) -> [String]) {
        cache = options.cacheDirectory.map { AssociationCache(directory: $0) }
        fetcher = HostAssociationFetcher(http: AssociationHTTP(client: client, cache: cache, servers: options.associationServers))
        self.verificationDomains = verificationDomains
    }

    /// The files of the hosts a read page needs, fetched or waited for: what its links are
    /// classified with (nil when it needs none) and their records.
    package func lookup(_ result: PageResult) -> (sites: SiteAssociations?, records: [PageRecord]) {
        let needed = AssociationHosts.collect(page: result.record.page, navigations: result.navigations,
                                              verificationDomains: verificationDomains)
        guard !needed.isEmpty else { return (nil, []) }
        let mine: [String] = condition.withLock {
            let new = needed.filter { hosts[$0] == nil }
            for host in new { hosts[host] = .fetching }
            return new
        }
        for host in mine {
            FetchQueue.blocking().async { [self] in
                let files = fetcher.fetch(host: host)
                condition.withLock {
                    hosts[host] = .done(files)
                    condition.broadcast()
                }
            }
        }
        condition.lock()
        var files: [AssociationFile] = []
        for host in needed {
            while true {
                if case .done(let found) = hosts[host] {
                    files += found
                    break
                }
                condition.wait()
            }
        }
        condition.unlock()
        let sites = files.reduce(SiteAssociations()) { $0.merging($1.sites) }
        return (sites, files.map(\.record))
    }

    /// The records not handed out before, in order: each file is written once, after the
    /// first page that needed it.
    package func firstSeen(_ records: [PageRecord]) -> [PageRecord] {
        condition.withLock {
            let new = records.filter { written.insert($0.page).inserted }
            for record in new { statusCounts[String(record.status.prefix { $0 != ":" }), default: 0] += 1 }
            return new
        }
    }

    /// How many association files ended in each status (its part before a colon).
    package var statuses: [String: Int] { condition.withLock { statusCounts } }

    /// What the run should be told: the cache could not be written.
    package var notes: [String] { cache?.writeProblem.map { [$0] } ?? [] }
}
