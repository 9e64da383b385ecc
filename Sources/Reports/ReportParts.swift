import LinkAuditModel

/// How a run makes each page's share of the report (`ReportPart`) on the worker that read the
/// page, so that the run's one in-order writer only adds up counts and hands bytes on:
///
/// - the page's findings are counted (`FindingTally`) whether or not any format lists them;
/// - finding rows are made only when a format lists findings or a baseline is compared
///   (`rows`): a run of `--format jsonl` or `md` needs the counts alone;
/// - a row's outcomes and message come from the page's `VerdictSetMemo`, made once per
///   verdict set and code instead of once per link (`FindingBuilder` is the plain way,
///   kept beside it: `ReportPartsTests` compares them);
/// - the rows are put in report order here (`FindingBlock`), and, with several
///   workers, the listing formats' shares rendered (`PageFragments`).
package struct ReportParts: Sendable {
    let rules: ReportRules
    let fragments: FragmentFormats
    /// Whether finding rows are made and kept.
    let rows: Bool

    package init(rules: ReportRules, fragments: FragmentFormats = .none, rows: Bool = true) {
        self.rules = rules
        self.fragments = rows ? fragments : .none
        self.rows = rows
    }

    /// Whether a run writing `formats` (and comparing with a baseline, or not) reads finding
    /// rows: the formats that list findings do, and summary.md does with a baseline (its
    /// new and fixed findings); the counts serve everything else.
    package static func needRows(_ formats: Set<ReportFormat>, baseline: Bool) -> Bool {
        baseline || !formats.isDisjoint(with: [.csv, .json, .sarif, .junit])
    }

    /// A navigation with findings but no verdicts (a hand-made record) is judged on none.
    private static let noVerdicts = VerdictSet([(String, Verdict)]())

    package func part(page: PageRecord, navigations list: [Navigation], memo: inout VerdictSetMemo) -> ReportPart {
        var part = ReportPart(page: page, navigations: list.count, suppressions: rules.suppressions.count)
        part.pageFindings = FindingBuilder(rules: rules).pageFindings(page)
        var findings: [Finding] = []
        for (position, navigation) in list.enumerated() {
            if navigation.verdicts != nil { part.classified += 1 }
            part.deepLinks.add(navigation)
            guard let refs = navigation.findings, !refs.isEmpty else { continue }
            let set = memo.index(of: navigation.verdicts ?? Self.noVerdicts, link: position)
            for ref in refs {
                let text = memo.finding(at: set, ref, rules: rules)
                let suppression = rules.firstSuppression(code: ref.code, page: navigation.page, url: navigation.url)
                part.tally.add(code: ref.code, page: navigation.page, association: navigation.source == "association",
                               severity: text.severity, suppressed: suppression != nil, suppression: suppression,
                               profiles: text.profiles, hasLine: true)
                guard rows else { continue }
                findings.append(Finding(
                    page: navigation.page, file: page.file, line: navigation.line, source: navigation.source,
                    trigger: navigation.trigger.rawValue, frame: navigation.frame.rawValue, raw: navigation.raw,
                    url: navigation.url, code: ref.code, severity: text.severity, profiles: text.profiles,
                    outcomes: memo.outcomes(at: set), message: text.message,
                    suppressed: suppression.map { rules.suppressions[$0].reason }))
            }
        }
        if rows {
            // Stable, as the report's own sort: ties keep the order the page gave them (its
            // page-scope findings first). In place: a page may have a million rows.
            findings.insert(contentsOf: part.pageFindings, at: 0)
            findings.sort(by: Finding.ordered)
            if !fragments.isEmpty {
                part.fragments = PageFragments(page: page, navigations: list.count, sorted: findings, formats: fragments)
            }
            part.rows = FindingBlock(page: page.page, sorted: findings)
        }
        return part
    }
}

/// One page's contribution to a report (`ReportParts.part`), added by `ReportAccumulator.add`.
public struct ReportPart: Sendable {
    var page: PageRecord
    var navigations: Int
    var classified = 0
    /// Page-scope findings (unreadable page, invalid association file): a few, counted
    /// only for the first record of its URL (a page's, once its records are merged:
    /// `ReportAccumulator.assemble`).
    var pageFindings: [Finding] = []
    /// The navigations' findings, counted.
    var tally: FindingTally
    var deepLinks = SchemeInventory.PageCounts()
    /// Every finding of the page (page-scope ones first among equals) in report order; nil
    /// when the run keeps no rows.
    var rows: FindingBlock?
    /// The page's report fragments, when the run renders them on its workers.
    var fragments: PageFragments?

    init(page: PageRecord, navigations: Int, suppressions: Int) {
        self.page = page
        self.navigations = navigations
        tally = FindingTally(suppressions: suppressions)
    }

    /// A part of ready-made link findings (tests that build large or unusual runs directly),
    /// counted and kept as `ReportParts.part` would.
    init(page: PageRecord, navigations: Int, findings: [Finding], rules: ReportRules) {
        self.init(page: page, navigations: navigations, suppressions: rules.suppressions.count)
        for finding in findings { tally.add(finding, rules: rules) }
        rows = FindingBlock(page: page.page, sorted: findings.sorted(by: Finding.ordered))
    }
}
