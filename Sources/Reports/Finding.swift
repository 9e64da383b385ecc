import LinkAuditModel

/// One finding: a check that fired on a navigation (or on a page that could not be read),
/// with what a reader needs to find it, judge it and filter it. Every report format is
/// written from these rows.
///
/// A value with its fields in one shared box (copied on write): a finding row is copied
/// from the page's part into its block, through the merge and into each format's batch,
/// and fifteen fields copied and released each time cost more than making the row
/// (Docs/ARCHITECTURE.md §3, Benchmarks/README.md issue 17). A copy is one reference;
/// the fields read and write as stored properties would, and `==` compares them.
public struct Finding: Sendable, Equatable {
    private var storage: Storage
    /// The page's URL.
    public var page: String {
        get { storage.page }
        set { unique().page = newValue }
    }
    /// The page's file, when it came from one (SARIF locates results in files).
    public var file: String? {
        get { storage.file }
        set { unique().file = newValue }
    }
    /// 1-based source line; nil for page-scope findings (`PAGE_UNREADABLE`).
    public var line: Int? {
        get { storage.line }
        set { unique().line = newValue }
    }
    public var source: String {
        get { storage.source }
        set { unique().source = newValue }
    }
    public var trigger: String {
        get { storage.trigger }
        set { unique().trigger = newValue }
    }
    public var frame: String {
        get { storage.frame }
        set { unique().frame = newValue }
    }
    /// The link as the page wrote it (`links.jsonl`'s `raw`); empty for page-scope findings.
    public var raw: String {
        get { storage.raw }
        set { unique().raw = newValue }
    }
    public var url: String {
        get { storage.url }
        set { unique().url = newValue }
    }
    public var code: String {
        get { storage.code }
        set { unique().code = newValue }
    }
    /// After `--severity` and config overrides.
    public var severity: Severity {
        get { storage.severity }
        set { unique().severity = newValue }
    }
    /// Where it happens, in profile order.
    public var profiles: [String] {
        get { storage.profiles }
        set { unique().profiles = newValue }
    }
    /// Every profile's outcome and reason for the navigation, so a reader also sees where
    /// it works and why.
    public var outcomes: [ProfileOutcome] {
        get { storage.outcomes }
        set { unique().outcomes = newValue }
    }
    /// The check's title and the reasons the profiles gave.
    public var message: String {
        get { storage.message }
        set { unique().message = newValue }
    }
    /// The reason of the suppression that matched: suppressed findings stay in the
    /// reports (counted, not hidden) but never fail a build.
    public var suppressed: String? {
        get { storage.suppressed }
        set { unique().suppressed = newValue }
    }
    /// Set when the report was compared with a baseline.
    public var baseline: BaselineState? {
        get { storage.baseline }
        set { unique().baseline = newValue }
    }

    public init(page: String, file: String? = nil, line: Int?, source: String, trigger: String, frame: String,
                raw: String = "", url: String, code: String, severity: Severity, profiles: [String],
                outcomes: [ProfileOutcome], message: String, suppressed: String? = nil, baseline: BaselineState? = nil) {
        storage = Storage(page: page, file: file, line: line, source: source, trigger: trigger, frame: frame, raw: raw,
                          url: url, code: code, severity: severity, profiles: profiles, outcomes: outcomes,
                          message: message, suppressed: suppressed, baseline: baseline)
    }

    /// The box, made this value's own before a field changes.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    public static func == (a: Finding, b: Finding) -> Bool {
        a.storage === b.storage || a.storage.same(as: b.storage)
    }

    /// The fields. Changed only through a `Finding` that holds it alone (`unique`), so
    /// sharing it across threads is sharing an immutable value.
    private final class Storage: @unchecked Sendable {
        var page: String
        var file: String?
        var line: Int?
        var source: String
        var trigger: String
        var frame: String
        var raw: String
        var url: String
        var code: String
        var severity: Severity
        var profiles: [String]
        var outcomes: [ProfileOutcome]
        var message: String
        var suppressed: String?
        var baseline: BaselineState?

        init(page: String, file: String?, line: Int?, source: String, trigger: String, frame: String, raw: String,
             url: String, code: String, severity: Severity, profiles: [String], outcomes: [ProfileOutcome],
             message: String, suppressed: String?, baseline: BaselineState?) {
            self.page = page
            self.file = file
            self.line = line
            self.source = source
            self.trigger = trigger
            self.frame = frame
            self.raw = raw
            self.url = url
            self.code = code
            self.severity = severity
            self.profiles = profiles
            self.outcomes = outcomes
            self.message = message
            self.suppressed = suppressed
            self.baseline = baseline
        }

        func copy() -> Storage {
            Storage(page: page, file: file, line: line, source: source, trigger: trigger, frame: frame, raw: raw,
                    url: url, code: code, severity: severity, profiles: profiles, outcomes: outcomes, message: message,
                    suppressed: suppressed, baseline: baseline)
        }

        func same(as other: Storage) -> Bool {
            page == other.page
                && file == other.file
                && line == other.line
                && source == other.source
                && trigger == other.trigger
                && frame == other.frame
                && raw == other.raw
                && url == other.url
                && code == other.code
                && severity == other.severity
                && profiles == other.profiles
                && outcomes == other.outcomes
                && message == other.message
                && suppressed == other.suppressed
                && baseline == other.baseline
        }
    }

    /// Counts toward totals and gating: neither suppressed nor already fixed.
    public var isActive: Bool { suppressed == nil && baseline != .fixed }

    /// What a baseline matches on: page + normalised URL + code. Line numbers are left
    /// out on purpose: they move whenever anything above the link is edited.
    public var key: FindingKey {
        FindingKey(page: page, url: BaselineURLForm.normalise(url), code: code)
    }

    /// `profile=outcome` pairs, as the CSV shows them.
    public var outcomePairs: [String] { outcomes.map { "\($0.profile)=\($0.outcome)" } }

    /// Report order: page, line (page-scope first), code, then URL.
    static func ordered(_ a: Finding, _ b: Finding) -> Bool {
        if a.page != b.page { return a.page < b.page }
        if (a.line ?? 0) != (b.line ?? 0) { return (a.line ?? 0) < (b.line ?? 0) }
        if a.code != b.code { return a.code < b.code }
        return a.url < b.url
    }
}

public struct ProfileOutcome: Sendable, Equatable {
    public var profile: String
    public var outcome: String
    /// The branch the profile took (`unknown-scheme`, `no-gesture`…).
    public var reason: String

    public init(_ profile: String, _ outcome: String, reason: String = "") {
        self.profile = profile
        self.outcome = outcome
        self.reason = reason
    }
}

/// Where a finding stands against the baseline.
public enum BaselineState: String, Sendable, Equatable {
    /// Not in the baseline: what broke since the last run.
    case new
    /// In both runs.
    case persisting
    /// In the baseline only: fixed since (rows carry the baseline's line numbers).
    case fixed
}

public struct FindingKey: Hashable, Sendable {
    public var page: String
    public var url: String
    public var code: String
}
