import LinkAuditModel

/// One finding: a check that fired on a navigation (or on a page that could not be read),
/// with what a reader needs to find it, judge it and filter it. Every report format is
/// written from these rows.
public struct Finding: Sendable, Equatable {
    public var page: String
    /// The page's file, when it came from one (SARIF locates results in files).
    public var file: String?
    /// 1-based source line; nil for page-scope findings (`PAGE_UNREADABLE`).
    public var line: Int?
    public var source: String
    public var trigger: String
    public var frame: String
    /// The link as the page wrote it (`links.jsonl`'s `raw`); empty for page-scope findings.
    public var raw: String
    public var url: String
    public var code: String
    /// After `--severity` and config overrides.
    public var severity: Severity
    /// Where it happens, in profile order.
    public var profiles: [String]
    /// Every profile's outcome and reason for the navigation, so a reader also sees where
    /// it works and why.
    public var outcomes: [ProfileOutcome]
    /// The check's title and the reasons the profiles gave.
    public var message: String
    /// The reason of the suppression that matched: suppressed findings stay in the
    /// reports (counted, not hidden) but never fail a build.
    public var suppressed: String?
    /// Set when the report was compared with a baseline.
    public var baseline: BaselineState?

    public init(page: String, file: String? = nil, line: Int?, source: String, trigger: String, frame: String,
                raw: String = "", url: String, code: String, severity: Severity, profiles: [String],
                outcomes: [ProfileOutcome], message: String, suppressed: String? = nil, baseline: BaselineState? = nil) {
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
