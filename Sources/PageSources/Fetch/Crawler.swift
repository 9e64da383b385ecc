import Foundation
import LinkAuditModel
import WHATWGURL

/// The live crawl, as a stream of pages for the audit's parallel runner. Input URLs and
/// the links found on crawled pages are admitted in order and numbered; chains are fetched
/// concurrently (the host gate keeps it polite) but handed out, and their links admitted,
/// in that order, so a run's output does not depend on which server answered first.
/// `next()` blocks until the next page is fetched; `report` must be called for every page
/// handed out, after reading it, and is how the crawl learns its links.
package final class Crawler: @unchecked Sendable {
    private enum State {
        case queued
        case fetching
        case ready([FetchedPage])
        /// Handed out: the URLs its chain visited, to mark as seen when its links come back.
        case handed([String])
    }

    private struct Entry {
        /// nil for an input that is not a URL: it is a ready-made failure.
        var url: WebURL?
        var depth: Int
        var state: State
    }

    fileprivate let condition = NSCondition()
    private var entries: [Int: Entry] = [:]
    private var queue: [Int] = []
    private var admitted = 0
    private var handout = 0
    private var hop = 0
    private var reported = 0
    private var reports: [Int: [WebURL]] = [:]
    private var seen: Set<String> = []
    fileprivate(set) var statusCounts: [String: Int] = [:]
    fileprivate(set) var overBudget = 0
    private var failures = 0

    fileprivate let options: FetchOptions
    private let scope: CrawlScope
    /// The crawl's fetcher: one more file per host (`/.well-known/…`) is `client.fetchOnce(url)`.
    package let client: FetchClient
    private let follower: RedirectFollower
    /// The pages the crawled pages' frames load, fetched as the crawl fetches.
    package let frames: CrawlFrames
    /// How far past the page being handed out chains may start, and how many bytes of
    /// fetched pages may wait their turn: a host that hangs holds back only its own page,
    /// as long as the pages fetched behind it fit (README, Live crawl).
    private let window: Int
    static let readyBudget = 32 << 20
    private var readyBytes = 0

    /// Throws a usage error for a bad `--scope` pattern.
    package init(urls: [String], options: FetchOptions, userAgent: String) throws {
        self.options = options
        let parsed = urls.map { raw -> (String, WebURL?) in
            let text = raw.trimmingCharacters(in: .whitespaces)
            guard let url = WebURL.parse(text), url.scheme == "http" || url.scheme == "https" else { return (text, nil) }
            return (text, CrawlURLForm.normalize(url))
        }
        scope = try CrawlScope(patterns: options.scope, seeds: parsed.compactMap(\.1))
        client = FetchClient(options: options, userAgent: userAgent)
        let robots = options.ignoreRobots ? nil : RobotsCache(client: client, tokens: UserAgent.robotsTokens(userAgent))
        follower = RedirectFollower(client: client, rules: RedirectRules(maxRedirects: options.maxRedirects, cookies: options.cookies),
                                    maxBytes: options.maxBodyBytes, acceptedTypes: ["text/html", "application/xhtml+xml"],
                                    robots: robots)
        frames = CrawlFrames(follower: follower, scope: scope)
        window = 64 * min(max(1, options.concurrency), 1024)
        for (text, url) in parsed {
            guard let url else {
                var page = FetchedPage(page: text, response: nil, failure: "invalid-url: '\(text)' is not an absolute http(s) URL",
                                       depth: 0)
                page.ticket = admitted
                entries[admitted] = Entry(url: nil, depth: 0, state: .ready([page]))
                admitted += 1
                continue
            }
            guard seen.insert(url.href).inserted else { continue }
            entries[admitted] = Entry(url: url, depth: 0, state: .queued)
            queue.append(admitted)
            admitted += 1
        }
        let starts = condition.withLock { startable() }
        starts.forEach { $0() }
    }

    /// The next page in crawl order; nil when the crawl is over.
    package func next() -> FetchedPage? {
        condition.lock()
        while true {
            if let entry = entries[handout], case .ready(let pages) = entry.state {
                let page = pages[hop]
                readyBytes -= page.response?.body.count ?? 0
                hop += 1
                var starts: [() -> Void] = []
                if hop == pages.count {
                    entries[handout]?.state = .handed(pages.map(\.page))
                    handout += 1
                    hop = 0
                    starts = startable()
                }
                condition.unlock()
                starts.forEach { $0() }
                return page
            }
            if handout == admitted, reported == admitted {
                condition.unlock()
                return nil
            }
            condition.wait()
        }
    }

    /// After a handed-out page is read: counts its status and, on a chain's last hop,
    /// admits its links (in crawl order, once every earlier page has reported).
    package func report(_ page: FetchedPage, status: String, navigations: [Navigation]) {
        let kind = String(status.prefix { $0 != ":" })
        let links = page.ticket != nil && page.depth < options.depth ? navigations.compactMap(CrawlLinks.followable) : []
        condition.lock()
        statusCounts[kind, default: 0] += 1
        guard let ticket = page.ticket else { return condition.unlock() }
        if kind != "ok" { failures += 1 }
        reports[ticket] = links
        while let found = reports.removeValue(forKey: reported) {
            if let entry = entries.removeValue(forKey: reported) {
                if case .handed(let visited) = entry.state { seen.formUnion(visited) }
                for link in found { admit(link, depth: entry.depth + 1) }
            }
            reported += 1
        }
        let starts = startable()
        condition.broadcast()
        condition.unlock()
        starts.forEach { $0() }
    }

    /// Ends the crawl's HTTP session.
    package func close() {
        client.close()
    }

    private func admit(_ url: WebURL, depth: Int) {
        guard !seen.contains(url.href), scope.contains(url) else { return }
        guard admitted < options.maxPages else {
            overBudget += 1
            return
        }
        seen.insert(url.href)
        entries[admitted] = Entry(url: url, depth: depth, state: .queued)
        queue.append(admitted)
        admitted += 1
    }

    /// Chains that may start now (under the lock), from the queue's head: up to `window`
    /// pages past the one being handed out, while the fetched pages waiting their turn hold
    /// less than `readyBudget` bytes (so memory stays bounded whatever hangs).
    private func startable() -> [() -> Void] {
        var starts: [() -> Void] = []
        while let seq = queue.first, seq < handout + window, readyBytes < Self.readyBudget {
            queue.removeFirst()
            guard let entry = entries[seq] else { continue }
            entries[seq]?.state = .fetching
            starts.append { [self] in start(seq, entry) }
        }
        return starts
    }

    private func start(_ seq: Int, _ entry: Entry) {
        guard let url = entry.url else { return }
        // Inputs were asked for by name; robots.txt governs what the crawl finds itself,
        // the hops it is redirected to included.
        follower.follow(url, depth: entry.depth, named: entry.depth == 0) { [self] pages in finish(seq, pages) }
    }

    private func finish(_ seq: Int, _ pages: [FetchedPage]) {
        var pages = pages
        pages[pages.count - 1].ticket = seq
        condition.withLock {
            entries[seq]?.state = .ready(pages)
            readyBytes += pages.reduce(0) { $0 + ($1.response?.body.count ?? 0) }
            condition.broadcast()
        }
    }

    /// For the audit's progress line: pages read, pages queued and not yet read, failures.
    package var progressCounts: (done: Int, queued: Int, errors: Int) {
        condition.withLock { (reported, admitted - reported, failures) }
    }
}

extension Crawler {
    /// How many pages ended in each fetch status.
    package var statuses: [String: Int] { condition.withLock { statusCounts } }

    /// What the run should be told about the crawl as a whole.
    package var notes: [String] {
        let left = condition.withLock { overBudget }
        return left > 0 ? ["page budget of \(options.maxPages) reached: \(left) in-scope links not crawled"] : []
    }
}
