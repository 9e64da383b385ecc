/// `junit.xml` for any CI, valid against the JUnit schema Jenkins' xUnit plugin publishes
/// (`Tests/Fixtures/junit/junit-10.xsd`). A test case is one finding code on one
/// page — `classname="linkaudit.<CODE>"`, `name` the page's URL — with at most one
/// `<failure>`: Jenkins shows only the first failure of a case, so each case carries one,
/// whose text lists every link of that code on the page. Per page and code rather than
/// per finding: the names stay put from run to run (a line number or an order id in the
/// URL would make every run's cases new to CI's history), and a 3,000-page dump gives
/// thousands of cases, not hundreds of thousands. Jenkins reads the classname's last dot
/// as package and class (`linkaudit` › `ERR_UNKNOWN_URL_SCHEME` › page); GitLab shows it as
/// the suite column.
///
/// A case fails on an active error finding; it is `skipped` when all its findings are
/// suppressed or the page could not be read (unless `PAGE_UNREADABLE` was raised to
/// error), and passes with warnings and infos listed in its `system-out`. A page (or
/// association file a live crawl found) without findings is one passing case,
/// `linkaudit.pages` (`linkaudit.associations`), so a clean run still has tests.
/// `failures` counts failing cases, as JUnit does. No timestamps, no durations.
public struct JUnitXML: ListingFormat {
    public static func render(_ report: Report) -> String {
        ReportFiles.render(.junit, report)
    }

    static let fragment = FragmentFormat.junit
    /// The whole file's report (nil for page shares alone).
    private let report: Report?
    /// Association files that exist are cases too, after the pages.
    private let files: [PageStats]
    private let filePages: Set<String>
    /// The association files' findings, kept aside as the pages go by (there are few).
    private var aside: [String: [Finding]] = [:]

    init() {
        report = nil
        files = []
        filePages = []
    }

    init(_ report: Report) {
        self.report = report
        files = report.associationFiles.filter { $0.status == "ok" || $0.status == "invalid" }
        filePages = Set(files.map(\.page))
    }

    /// The suites' openings with their counts, from the findings' tally (`JUnitTotals`).
    func prologue(to out: inout ByteBuffer) {
        guard let report else { return }
        var totals = JUnitTotals(report.pages)
        totals.add(files)
        let counts = "tests=\"\(totals.tests)\" failures=\"\(totals.failures)\" errors=\"0\""
        out.append(utf8: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"linkaudit\" \(counts)>\n"
            + "  <testsuite name=\"linkaudit\" \(counts) skipped=\"\(totals.skipped)\">\n")
    }

    /// An input page's cases; an association file's findings are kept for its cases at the end.
    mutating func page(_ page: PageStats?, _ findings: [Finding], to out: inout ByteBuffer) {
        if let first = findings.first, filePages.contains(first.page) { aside[first.page, default: []] += findings }
        if let page { Self.appendCases(page, findings, to: &out) }
    }

    /// The association files' cases, then the suites' ends.
    func epilogue(listed: Bool, to out: inout ByteBuffer) {
        for file in files { Self.appendCases(file, aside[file.page] ?? [], to: &out) }
        out.append("  </testsuite>\n</testsuites>\n")
    }

    /// A page's cases: one per code, in the reference's order of codes, or the page's own
    /// when it has no finding.
    static func appendCases(_ page: PageStats, _ findings: [Finding], to out: inout ByteBuffer) {
        guard !findings.isEmpty else {
            appendOpening(page.association == nil ? "linkaudit.pages" : "linkaudit.associations", page, to: &out)
            guard !page.isOK, page.association == nil else {
                out.append("/>\n")
                return
            }
            out.append(">\n      <skipped message=\"")
            XMLEscape.appendAttribute(page.status, oneLine: true, to: &out)
            out.append("\"/>\n    </testcase>\n")
            return
        }
        var cases: [JUnitCase] = []
        for finding in findings { JUnitCase.add(finding, to: &cases) }
        for item in cases.sorted(by: JUnitCase.written) {
            appendCase(item, page, findings.filter { $0.code == item.code }, to: &out)
        }
    }

    private static func appendOpening(_ classname: String, _ page: PageStats, to out: inout ByteBuffer) {
        out.append("    <testcase classname=\"")
        XMLEscape.appendAttribute(classname, to: &out)
        out.append("\" name=\"")
        XMLEscape.appendAttribute(page.page, to: &out)
        out.append(0x22)
    }

    /// One code's case on a page. Written piece by piece into the file's bytes, each piece
    /// escaped on its own (escaping works byte by byte, so this equals escaping the
    /// joined text).
    private static func appendCase(_ item: JUnitCase, _ page: PageStats, _ findings: [Finding],
                                   to out: inout ByteBuffer) {
        appendOpening("linkaudit." + item.code, page, to: &out)
        out.append(">\n")
        let failing = findings.filter(isFailure)
        switch item.ending(on: page) {
        case .failed:
            out.append("      <failure type=\"")
            XMLEscape.appendAttribute(item.code, to: &out)
            out.append("\" message=\"")
            appendSummary(failing, to: &out)
            out.append("\">")
            for (i, finding) in failing.enumerated() {
                if i > 0 { out.append("\n\n") }
                appendDetails(finding, to: &out)
            }
            out.append("</failure>\n")
        case .skipped:
            out.append("      <skipped message=\"")
            if let reason = findings.first(where: { $0.suppressed != nil })?.suppressed,
               !findings.contains(where: { $0.suppressed == nil }) {
                out.append("suppressed: ")
                XMLEscape.appendAttribute(reason, oneLine: true, to: &out)
            } else {
                XMLEscape.appendAttribute(page.status, oneLine: true, to: &out)
            }
            out.append("\"/>\n")
        case .passed:
            break
        }
        let notes = findings.filter { !isFailure($0) }
        if !notes.isEmpty {
            out.append("      <system-out>")
            for (i, finding) in notes.enumerated() {
                if i > 0 { out.append(0x0A) }
                appendNote(finding, to: &out)
            }
            out.append("</system-out>\n")
        }
        out.append("    </testcase>\n")
    }

    private static func isFailure(_ finding: Finding) -> Bool { finding.isActive && finding.severity == .error }

    /// The failure's one-line message: the first link, and how many more the text lists.
    /// "ERR_UNKNOWN_URL_SCHEME at line 26: dana://wallet/pay (and 2 more)"; "CODE: message"
    /// for a page finding. Line breaks and tabs from a page become spaces here (the text
    /// keeps them).
    private static func appendSummary(_ failing: [Finding], to out: inout ByteBuffer) {
        guard let first = failing.first else { return }
        appendOneLine(first, attribute: true, to: &out)
        if failing.count > 1 {
            out.append(" (and ")
            out.append(decimal: failing.count - 1)
            out.append(" more)")
        }
    }

    /// A warning, an info or a suppressed finding, as a line of the case's output:
    /// "warning: …" or "suppressed error: … (reason)".
    private static func appendNote(_ finding: Finding, to out: inout ByteBuffer) {
        if finding.suppressed != nil { out.append("suppressed ") }
        out.append(severity: finding.severity)
        out.append(": ")
        appendOneLine(finding, attribute: false, to: &out)
        if let reason = finding.suppressed {
            out.append(" (")
            XMLEscape.appendText(reason, to: &out)
            out.append(0x29)
        }
    }

    /// "ERR_UNKNOWN_URL_SCHEME at line 26: dana://wallet/pay?order=1"; "CODE: message" for
    /// a page-scope finding.
    private static func appendOneLine(_ finding: Finding, attribute: Bool, to out: inout ByteBuffer) {
        func text(_ value: String) {
            if attribute {
                XMLEscape.appendAttribute(value, oneLine: true, to: &out)
            } else {
                XMLEscape.appendText(value, to: &out)
            }
        }
        text(finding.code)
        guard let line = finding.line else {
            out.append(": ")
            text(finding.message)
            return
        }
        out.append(" at line ")
        out.append(decimal: line)
        out.append(": ")
        text(finding.url)
    }

    /// One failing finding in the failure's text: the message, then where and how it
    /// happens — page, file, line, URL, source, trigger, frame, profiles, outcomes.
    private static func appendDetails(_ finding: Finding, to out: inout ByteBuffer) {
        XMLEscape.appendText(finding.message, to: &out)
        out.append("\npage: ")
        XMLEscape.appendText(finding.page, to: &out)
        if let file = finding.file {
            out.append("\nfile: ")
            XMLEscape.appendText(file, to: &out)
        }
        guard let line = finding.line else { return }
        out.append("\nline: ")
        out.append(decimal: line)
        out.append("\nurl: ")
        XMLEscape.appendText(finding.url, to: &out)
        out.append("\nsource: ")
        XMLEscape.appendText(finding.source, to: &out)
        out.append(", trigger: ")
        XMLEscape.appendText(finding.trigger, to: &out)
        out.append(", frame: ")
        XMLEscape.appendText(finding.frame, to: &out)
        out.append("\nprofiles: ")
        for (i, profile) in finding.profiles.enumerated() {
            if i > 0 { out.append(0x20) }
            XMLEscape.appendText(profile, to: &out)
        }
        out.append("\noutcomes: ")
        for (i, outcome) in finding.outcomes.enumerated() {
            if i > 0 { out.append(0x20) }
            XMLEscape.appendText(outcome.profile, to: &out)
            out.append(0x3D)
            XMLEscape.appendText(outcome.outcome, to: &out)
        }
    }
}
