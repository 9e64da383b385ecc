import Checks
import LinkAuditModel

/// Turns the classify stage's output into finding rows: one per `FindingRef` of a
/// navigation, and the page-scope ones of each page record (`PAGE_UNREADABLE`,
/// `ASSOCIATION_INVALID`).
struct FindingBuilder {
    var rules: ReportRules

    func findings(for navigation: Navigation, file: String?) -> [Finding] {
        guard let refs = navigation.findings, !refs.isEmpty else { return [] }
        let verdicts = navigation.verdicts ?? [:]
        let outcomes = Self.outcomes(verdicts)
        return refs.map { ref in
            let profiles = ProfileOrder.sorted(ref.profiles)
            var finding = Finding(
                page: navigation.page, file: file, line: navigation.line, source: navigation.source,
                trigger: navigation.trigger.rawValue, frame: navigation.frame.rawValue, raw: navigation.raw,
                url: navigation.url,
                code: ref.code, severity: rules.severity(for: ref.code), profiles: profiles, outcomes: outcomes,
                message: Self.message(code: ref.code, reasons: Self.reasons(profiles, verdicts)))
            finding.suppressed = rules.suppression(for: finding)?.reason
            return finding
        }
    }

    /// Every profile's outcome and reason, in profile order.
    static func outcomes(_ verdicts: VerdictSet) -> [ProfileOutcome] {
        ProfileOrder.sorted(verdicts.keys).map {
            ProfileOutcome($0, verdicts[$0]?.outcome.rawValue ?? "", reason: verdicts[$0]?.reason.rawValue ?? "")
        }
    }

    /// The page-scope findings of a record: `PAGE_UNREADABLE` for a page that could not be
    /// read, `ASSOCIATION_INVALID` for an association file with problems (source
    /// `association`, page and URL the file's).
    func pageFindings(_ page: PageRecord) -> [Finding] {
        Checks.all.filter { $0.scope == .page && $0.firesOnPage(page) }.map { check in
            var finding = Finding(
                page: page.page, file: page.file, line: nil, source: page.isAssociation ? "association" : "page",
                trigger: "", frame: "", url: page.page, code: check.code, severity: rules.severity(for: check.code),
                profiles: [], outcomes: [], message: Self.message(code: check.code, reasons: check.pageReasons(page)))
            finding.suppressed = rules.suppression(for: finding)?.reason
            return finding
        }
    }

    /// "Android WebView shows net::ERR_UNKNOWN_URL_SCHEME — unknown-scheme (android-webview)".
    static func message(code: String, reasons: [String]) -> String {
        let title = title(code)
        return reasons.isEmpty ? title : title + titleSeparator + reasons.joined(separator: "; ")
    }

    /// What a message opens with: the check's title (the code itself for a code this
    /// version does not know, as in an older run's links.jsonl).
    static func title(_ code: String) -> String { Checks.title(of: code) ?? code }

    /// Between the title and the reasons: linkaudit's own wording, not the page's
    /// (`CSVMessage` writes it in ASCII).
    static let titleSeparator = " — "


    /// The profiles' reasons, each once, naming the profiles that gave it.
    static func reasons(_ profiles: [String], _ verdicts: VerdictSet) -> [String] {
        // A handful of profiles: lists, not dictionaries.
        var groups: [(reason: Reason, profiles: [String])] = []
        for profile in profiles {
            guard let reason = verdicts[profile]?.reason else { continue }
            if let i = groups.firstIndex(where: { $0.reason == reason }) {
                groups[i].profiles.append(profile)
            } else {
                groups.append((reason, [profile]))
            }
        }
        return groups.map { $0.reason.rawValue + " (" + $0.profiles.joined(separator: ", ") + ")" }
    }
}
