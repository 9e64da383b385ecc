import Foundation
import LinkAuditModel

/// How URL inputs are fetched and crawled (`linkaudit audit https://…`).
public struct FetchOptions: Sendable {
    /// Requests in flight at once (`--concurrency`), and to one host (`--per-host`).
    public var concurrency = 8
    public var perHost = 2
    /// Between two request starts to one host (`--delay`, in milliseconds on the command line).
    public var delay: TimeInterval = 0.2
    /// The longest wait for the next bytes of a response; a whole response gets three times it.
    public var timeout: TimeInterval = 15
    public var retry = RetryPolicy()
    /// Redirects followed before the chain ends `too-many-redirects` (Chrome's limit).
    public var maxRedirects = 20
    /// Bodies are cut here (set from `--max-page-bytes`).
    public var maxBodyBytes = PageReader.defaultMaxBytes
    /// A preset name or a literal string; nil: the preset of the runtimes audited.
    public var userAgent: String?
    /// Keep cookies for the run (`--cookies`); off by default, every request a first visit.
    public var cookies = false
    /// Fetch loopback, private, link-local and metadata addresses too (`--allow-private`).
    public var allowPrivate = false
    public var ignoreRobots = false
    /// Link hops followed from the input URLs (`--depth`): 0 fetches only the inputs.
    public var depth = 0
    /// Pages the crawl may queue, inputs included (`--max-pages`).
    public var maxPages = 1000
    /// `--scope` patterns (see `CrawlScope`).
    public var scope: [String] = []
    /// Fetch the association files of the https hosts the pages link to (and their own),
    /// which then decide Universal Links and App Links; off with `--no-associations`.
    public var associations = true
    /// `--cache DIR`: association files kept between runs, by HTTP caching rules; nil: none kept.
    public var cacheDirectory: String?
    /// host → the base URL its association files are fetched from instead of `https://host`
    /// (tests: the plain-HTTP server on 127.0.0.1 stands in for `https://wallet.test`; the
    /// files are still judged as served from `https://host`).
    var associationServers: [String: String] = [:]
    /// `host:port` pairs the private-address guard lets through (tests: a "public" server
    /// on 127.0.0.1 that redirects to a private one).
    var guardExemptions: Set<String> = []
    /// Certificates trusted instead of the system's (tests: one they made).
    var caFile: String?
    /// libcurl `CONNECT_TO` entries (tests: a name that connects to another address).
    var connectTo: [String] = []

    public init() {}

    /// The user agent string sent, for the runtimes audited.
    public func userAgentString(for runtimes: [RuntimeFamily]) -> String {
        UserAgent.resolve(userAgent ?? UserAgent.preset(for: runtimes))
    }
}
