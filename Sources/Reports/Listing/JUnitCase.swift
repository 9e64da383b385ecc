import Checks
import LinkAuditModel

/// One test case of `junit.xml`: the findings of one code on one page (or association
/// file). Counted as findings come in (`FindingTally`, so the suites' totals are known
/// before the first case is written) and again from a page's findings when its case is
/// written; `ending` decides both the same way.
struct JUnitCase: Sendable, Equatable {
    var code: String
    /// Active error findings: any makes the case fail.
    var errors = 0
    /// Findings that are not suppressed.
    var active = 0
    /// Whether every finding is about the page as a whole (no line).
    var pageScope = true

    init(code: String) {
        self.code = code
    }

    mutating func add(_ finding: Finding) {
        add(suppressed: finding.suppressed != nil, severity: finding.severity, hasLine: finding.line != nil)
    }

    /// `count` findings alike.
    mutating func add(suppressed: Bool, severity: Severity, hasLine: Bool, count: Int = 1) {
        if !suppressed {
            active += count
            if severity == .error { errors += count }
        }
        if hasLine, count > 0 { pageScope = false }
    }

    mutating func add(_ other: JUnitCase) {
        errors += other.errors
        active += other.active
        pageScope = pageScope && other.pageScope
    }

    enum Ending {
        /// A `<failure>`: an active error finding.
        case failed
        /// `<skipped>`: every finding suppressed (set aside on purpose, and counted), or
        /// the page could not be read, so nothing on it was checked.
        case skipped
        /// Warnings and infos only: listed in the case's `system-out`.
        case passed
    }

    func ending(on page: PageStats) -> Ending {
        if errors > 0 { return .failed }
        if active == 0 || (pageScope && !page.isOK && page.association == nil) { return .skipped }
        return .passed
    }

    /// Adds `finding` to its code's case in `cases` (in order of first appearance: a
    /// page has a handful of codes, so a scan).
    static func add(_ finding: Finding, to cases: inout [JUnitCase]) {
        add(code: finding.code, suppressed: finding.suppressed != nil, severity: finding.severity,
            hasLine: finding.line != nil, to: &cases)
    }

    static func add(code: String, suppressed: Bool, severity: Severity, hasLine: Bool, count: Int = 1,
                    to cases: inout [JUnitCase]) {
        if let index = cases.firstIndex(where: { $0.code == code }) {
            cases[index].add(suppressed: suppressed, severity: severity, hasLine: hasLine, count: count)
        } else {
            var new = JUnitCase(code: code)
            new.add(suppressed: suppressed, severity: severity, hasLine: hasLine, count: count)
            cases.append(new)
        }
    }

    /// The order a page's cases are written in: the reference's order of codes
    /// (`Checks.all`), unknown codes after them by name — the same whichever line each
    /// code's first link moved to.
    static func written(_ a: JUnitCase, before b: JUnitCase) -> Bool {
        let ranks = (rank(a.code), rank(b.code))
        return ranks.0 != ranks.1 ? ranks.0 < ranks.1 : a.code < b.code
    }

    private static func rank(_ code: String) -> Int {
        Checks.all.firstIndex { $0.code == code } ?? Checks.all.count
    }

    /// `other`'s cases merged into `cases`, code by code.
    static func merge(_ other: [JUnitCase], into cases: inout [JUnitCase]) {
        // Room for the other's cases at once (a page's every pass merges into an empty list).
        if cases.isEmpty { cases.reserveCapacity(other.count) }
        for item in other {
            if let index = cases.firstIndex(where: { $0.code == item.code }) {
                cases[index].add(item)
            } else {
                cases.append(item)
            }
        }
    }
}

/// The suites' totals: a case per page and code with findings, and one for each page
/// (or association file) with none.
struct JUnitTotals: Equatable {
    var tests = 0, failures = 0, skipped = 0

    init<Pages: Sequence>(_ pages: Pages) where Pages.Element == PageStats {
        add(pages)
    }

    mutating func add<Pages: Sequence>(_ pages: Pages) where Pages.Element == PageStats {
        for page in pages {
            guard !page.junitCases.isEmpty else {
                tests += 1
                if !page.isOK, page.association == nil { skipped += 1 }
                continue
            }
            for item in page.junitCases {
                tests += 1
                switch item.ending(on: page) {
                case .failed: failures += 1
                case .skipped: skipped += 1
                case .passed: break
                }
            }
        }
    }
}
