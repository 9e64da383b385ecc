import Checks
import LinkAuditModel

/// Everything the reporters write from, assembled once at the end of a run: totals in
/// memory, the findings themselves read back in order (from disk when they were spilled)
/// by each format that lists them.
public struct Report: Sendable {
    /// Current findings in report order (page, line, code), each marked new or
    /// persisting when compared with a baseline.
    public var findings: ReportFindings
    /// Baseline findings no longer present, in report order (their lines are the baseline's).
    public var fixed: [Finding]
    /// With a baseline, the first active new findings of each severity, in report order:
    /// as many as the summary lists (its total is `summary.baseline.new`).
    var newListed: [Finding] = []
    /// Every code of a current or fixed finding, suppressed ones too.
    var findingCodes: Set<String> = []
    public var summary: ReportSummary
    /// Every input page, sorted by page: read again from the page spill at each pass.
    public var pages: ReportPages
    /// code → active findings.
    public var codeCounts: [String: Int]
    /// code → profile → active findings.
    public var codeProfiles: [String: [String: Int]]
    public var inventory: SchemeInventory
    /// What summary.md reads of the pages, made in the pass that assembled the report (nil:
    /// summary.md reads the pages once for it).
    var pageDigest: PageDigest?
    /// Each configured suppression and how many findings it matched.
    public var suppressions: [(suppression: Suppression, count: Int)]
    /// What the baseline was (its path), when one was given.
    public var baselineLabel: String?
    public var toolVersion: String
    /// What the run took as given (inputs, device, profiles, entry, settings, libxml2):
    /// summary.md says it.
    public var assumptions = RunAssumptions()
    /// The severities and suppressions the findings were judged by.
    public var rules: ReportRules
    /// How findings.csv is laid out.
    public var csv = CSVOptions()
    /// The association files a live crawl fetched (`pages.jsonl` records with
    /// `association`), sorted by URL; not counted as pages.
    public var associationFiles: [PageStats] = []
    /// The pages' fragments of the listing formats, when they stand for the findings
    /// (`FragmentStore`): those formats are then put together from them.
    var fragments: FragmentStore?
    /// Current findings by code and severity, active and suppressed apart: what SARIF's
    /// cut ranks (`SARIFSelection`), known without reading the findings.
    var severitiesByCode: [(code: String, active: SeverityCounts, suppressed: SeverityCounts)] = []

    /// Finding codes with active findings, in the checks' order (unknown codes last).
    public var presentCodes: [String] {
        let codes = Set(codeCounts.keys)
        let known = Checks.all.map(\.code).filter(codes.contains)
        return known + codes.subtracting(known).sorted()
    }

    /// Current and fixed findings in report order.
    var rows: ReportRows { ReportRows(findings: findings, fixed: fixed) }

    /// A code's severity in this run (after overrides).
    public func severity(of code: String) -> Severity { rules.severity(for: code) }

    /// Profiles that appear in the code × profile table, in profile order.
    public var profiles: [String] {
        ProfileOrder.sorted(Set(codeProfiles.values.flatMap(\.keys)))
    }
}

/// One input page: its status and its active findings by severity.
public struct PageStats: Sendable, Equatable {
    public var page: String
    public var file: String?
    /// `ok` or why it could not be read.
    public var status: String
    public var navigations: Int
    public var bySeverity: [Severity: Int] {
        get { severities.table }
        set {
            severities = SeverityCounts()
            for (severity, count) in newValue { severities[severity] = count }
        }
    }
    /// The counts behind `bySeverity`, by number: the pages table reads three of them a page,
    /// and each page's counts are added in at every pass (`PageStats.take`), where a
    /// dictionary hashed each severity's name (issue 17).
    var severities = SeverityCounts()
    public var suppressed = 0
    /// For an association file: `apple-app-site-association` or `assetlinks.json`, and
    /// what is wrong with it (its problems, else its warning).
    public var association: String?
    public var note: String?
    /// Its findings by code, as junit.xml's cases (empty for a page without findings).
    var junitCases: [JUnitCase] = []
    /// Where its report fragments are (`FragmentStore`), when the run rendered them.
    var fragments: FragmentPlace?

    public var isOK: Bool { status == "ok" }
    public var errors: Int { severities[.error] }
    public var warnings: Int { severities[.warning] }
    public var infos: Int { severities[.info] }
}
