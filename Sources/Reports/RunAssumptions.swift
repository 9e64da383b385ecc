import Foundation
import Policies

/// What a run took as given, for `summary.md`'s "What this run assumed" section
/// (`SummaryMarkdown+Assumptions.swift`): the inputs as given, how the pages were classified
/// (device, runtime profiles, entry), the settings and the versions. The runner fills it in
/// (`LinkAudit`), because only it knows the flags and libxml2's version; this target only
/// renders it.
///
/// Only what stays the same for the same inputs on any machine: no timestamps, durations,
/// worker counts or machine paths (the runner names files as the reports do, relatively:
/// README, "Reports name files relatively"), so two clones write the same bytes.
public struct RunAssumptions: Sendable, Equatable {
    /// The inputs: local paths named as reports name files, URLs (the `--urls` files' ones
    /// included) and `-` for the paths read from stdin.
    public var inputs: [String] = []
    /// The pipeline config the run came from (`linkaudit run`).
    public var pipeline: String?
    /// How the pages were classified; nil when nobody said (a caller of the library).
    public var classification: Classification?
    /// `--base-url` (a pipeline's `baseUrl`); nil: none given.
    public var baseURL: String?
    /// The origin pages were served at for want of a base URL (README: the placeholder
    /// origin), when some were; nil otherwise.
    public var placeholderOrigin: String?
    /// The size cut of a page (`--max-page-bytes`); nil when no page was read (`report`).
    public var maxPageBytes: Int?
    /// The formats written; set by `ReportAccumulator.finish`, which writes them.
    public var formats: Set<ReportFormat>?
    /// The live crawl's settings, when the run had URL inputs.
    public var crawl: Crawl?
    /// `LIBXML_DOTTED_VERSION` of the libxml2 that parsed the pages; nil when none were parsed.
    public var libxml2Version: String?

    public init() {}

    public enum Classification: Sendable, Equatable {
        /// The pages were classified by this run.
        case audited(Audited)
        /// `linkaudit report`: the verdicts come from the `links.jsonl` read, whose run's
        /// device, profiles and entry that file does not record.
        case rebuilt
    }

    public struct Audited: Sendable, Equatable {
        /// The profiles run, in the order they ran.
        public var profiles: [String]
        /// Whether they are the default set (no `--profiles`, no pipeline `profiles`).
        public var defaultProfiles: Bool
        public var device: DeviceProfile
        /// The device file; nil: the built-in default device.
        public var deviceFile: String?
        public var settings: AuditSettings
        /// The `--host-entry` file, when the host entry came from one.
        public var hostEntryFile: String?
        public var options: ProfileOptions

        public init(profiles: [String], defaultProfiles: Bool, device: DeviceProfile, deviceFile: String? = nil,
                    settings: AuditSettings = AuditSettings(), hostEntryFile: String? = nil,
                    options: ProfileOptions = ProfileOptions()) {
            self.profiles = profiles
            self.defaultProfiles = defaultProfiles
            self.device = device
            self.deviceFile = deviceFile
            self.settings = settings
            self.hostEntryFile = hostEntryFile
            self.options = options
        }
    }

    /// The live crawl's settings (README, Live crawl), each as the run used it.
    public struct Crawl: Sendable, Equatable {
        public var depth: Int
        public var maxPages: Int
        /// `--scope` patterns; empty: the inputs' registrable domains.
        public var scope: [String]
        public var concurrency: Int
        public var perHost: Int
        public var delayMs: Int
        public var timeoutSeconds: Double
        public var retries: Int
        public var maxRedirects: Int
        /// The User-Agent header sent.
        public var userAgent: String
        public var robots: Bool
        public var associations: Bool
        /// Association files kept between runs (`--cache`); the folder is not named.
        public var cache: Bool
        public var cookies: Bool
        public var allowPrivate: Bool

        public init(depth: Int, maxPages: Int, scope: [String], concurrency: Int, perHost: Int, delayMs: Int,
                    timeoutSeconds: Double, retries: Int, maxRedirects: Int, userAgent: String, robots: Bool,
                    associations: Bool, cache: Bool, cookies: Bool, allowPrivate: Bool) {
            self.depth = depth
            self.maxPages = maxPages
            self.scope = scope
            self.concurrency = concurrency
            self.perHost = perHost
            self.delayMs = delayMs
            self.timeoutSeconds = timeoutSeconds
            self.retries = retries
            self.maxRedirects = maxRedirects
            self.userAgent = userAgent
            self.robots = robots
            self.associations = associations
            self.cache = cache
            self.cookies = cookies
            self.allowPrivate = allowPrivate
        }
    }
}
