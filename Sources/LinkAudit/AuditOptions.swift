import Foundation
import PageSources
import Policies
import Reports
import WHATWGURL

/// What one `linkaudit audit` run reads and where it writes.
public struct AuditOptions: Sendable {
    public var inputs: [String]
    /// Where a folder input's root is served (`https://shop.example/`).
    public var baseURL: String?
    public var outDir: String
    /// Pages parsed at once; defaults to the number of cores.
    public var jobs: Int
    public var maxPageBytes: Int
    /// What `--jobs` / `"jobs"` and `--max-page-bytes` / `"maxPageBytes"` may be: checked
    /// where they enter, so no arithmetic downstream meets a number near Int.max.
    public static let jobsRange = 1...256
    public static let maxPageBytesRange = 1...(1 << 30)
    /// Profile names to run (nil: the default set).
    public var profiles: [String]?
    public var device: DeviceProfile = .optimistic
    public var settings = AuditSettings()
    public var options = ProfileOptions()
    /// Report formats beside links.jsonl and pages.jsonl.
    public var formats: Set<ReportFormat> = ReportFormat.defaults
    /// findings.csv's layout and byte order mark.
    public var csv = CSVOptions()
    /// Severity overrides and suppressions.
    public var rules = ReportRules()
    /// A previous run's findings, loaded before this run overwrites its folder.
    public var baseline: Baseline?
    public var toolVersion = "dev"
    /// Where the settings came from, as given, for summary.md (`RunAssumptions`): the
    /// pipeline config, the `--device` file (nil: the default device), the `--host-entry` file.
    public var pipeline: String?
    public var deviceFile: String?
    public var hostEntryFile: String?
    /// The version of the libxml2 that parses the pages, for summary.md; the command line
    /// reads it (`LibXML.version`), since the runner does not link libxml2 itself.
    public var libxml2Version: String?
    /// Estimated bytes of findings kept in memory before a sorted run of them spills to a
    /// temporary file in `outDir` (tests lower it to exercise the merge).
    public var spillBytes = SpillLimits().batchBytes
    /// Streaming mode for distributed engines: links.jsonl records (and each page's
    /// record, wrapped as `{"pageRecord": …}`) go to this handle as they are produced,
    /// and nothing else is written.
    public var streamTo: FileHandle?
    /// URLs to fetch besides the `http(s)` inputs (`--urls FILE`), and how (live crawl).
    public var urls: [String] = []
    public var fetch = FetchOptions()
    /// A progress line on stderr while the pages are read (the command line turns it on
    /// when stderr is a terminal and `--quiet` is not given).
    public var progress = false

    public init(inputs: [String], baseURL: String? = nil, outDir: String? = nil,
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                maxPageBytes: Int = PageReader.defaultMaxBytes) {
        self.inputs = inputs
        self.baseURL = baseURL
        self.outDir = outDir ?? AuditOptions.defaultOutDir(for: inputs)
        self.jobs = jobs
        self.maxPageBytes = maxPageBytes
    }

    /// `Reports/<name of the first input>`, `Reports/stdin` for `-`.
    public static func defaultOutDir(for inputs: [String]) -> String {
        guard let first = inputs.first, first != "-" else { return "Reports/stdin" }
        if URLInputs.isURL(first), let host = WebURL.parse(first)?.hostname { return "Reports/" + host }
        var name = ((first as NSString).standardizingPath as NSString).lastPathComponent
        for ext in [".html", ".htm", ".xhtml", ".gz", ".warc"] where name.lowercased().hasSuffix(ext) {
            name = String(name.dropLast(ext.count))
        }
        return "Reports/" + (name.isEmpty || name == "/" || name == "." ? "audit" : name)
    }
}

/// Counts for the end-of-run line and the summary.
public struct AuditSummary: Sendable, Equatable {
    public var pages = 0
    public var unreadable = 0
    public var navigations = 0
    public var bytes = 0
    /// What the walk of the local inputs had to say: folders skipped (a symbolic-link loop,
    /// a folder met twice), inputs that held no page.
    public var inputNotes: [String] = []
    /// Said once when pages were read at the placeholder origin (no base URL given).
    public var baseURLHint: String?
    /// WARC records by type (and `skipped-not-html`), across all archives.
    public var archiveRecords: [String: Int] = [:]
    /// Damage met in archives (truncated records, lying lengths, corrupt gzip).
    public var archiveNotes: [String] = []
    /// What the reports say (findings by severity, new/fixed against the baseline).
    public var report = ReportSummary()
    /// Fetched pages by status kind (`ok`, `timeout`, `http-error`, …), and what the crawl
    /// left out (the page budget).
    public var fetchStatuses: [String: Int] = [:]
    public var crawlNotes: [String] = []
    /// Association files by status kind (`ok`, `invalid`, `absent`, `unreachable`).
    public var associationStatuses: [String: Int] = [:]
}
