/// `junit.xml` for any CI: one test case per input page (and association file that a live
/// crawl found), one `<failure>` per active
/// error finding on it. Warnings and info are listed in the case's `system-out`; a page
/// that could not be read is `skipped` unless `PAGE_UNREADABLE` was raised to error.
/// `failures` counts failing test cases, as JUnit does. No timestamps, no durations.
public struct JUnitXML: ListingFormat {
    public static func render(_ report: Report) -> String {
        ReportFiles.render(.junit, report)
    }

    static let fragment = FragmentFormat.junit
    /// The whole file's report (nil for page shares alone).
    private let report: Report?
    /// Association files that exist are cases too (classname linkaudit.associations),
    /// after the pages.
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

    /// The suites' openings with their counts. `failures` counts failing test cases, as
    /// JUnit does.
    func prologue(to out: inout ByteBuffer) {
        guard let report else { return }
        let cases = report.pages + files
        let failing = cases.filter { report.pagesWithErrors.contains($0.page) }.count
        let skipped = cases.filter { !$0.isOK && !report.pagesWithErrors.contains($0.page) }.count
        let counts = "tests=\"\(cases.count)\" failures=\"\(failing)\" errors=\"0\" skipped=\"\(skipped)\""
        out.append(utf8: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"linkaudit\" \(counts)>\n"
            + "  <testsuite name=\"linkaudit\" \(counts)>\n")
    }

    /// An input page's case; an association file's findings are kept for its case at the end.
    mutating func page(_ page: PageStats?, _ findings: [Finding], to out: inout ByteBuffer) {
        if let first = findings.first, filePages.contains(first.page) { aside[first.page, default: []] += findings }
        if let page { Self.appendCase(page, findings, to: &out) }
    }

    /// The association files' cases, then the suites' ends.
    func epilogue(listed: Bool, to out: inout ByteBuffer) {
        for file in files { Self.appendCase(file, aside[file.page] ?? [], to: &out) }
        out.append("  </testsuite>\n</testsuites>\n")
    }

    /// One page's (or association file's) case: a failure per active error finding.
    /// Written piece by piece into the file's bytes, each piece escaped on its own
    /// (escaping works byte by byte, so this equals escaping the joined text).
    static func appendCase(_ page: PageStats, _ findings: [Finding], to out: inout ByteBuffer) {
        out.append(page.association == nil
            ? "    <testcase classname=\"linkaudit.pages\" name=\""
            : "    <testcase classname=\"linkaudit.associations\" name=\"")
        XMLEscape.appendAttribute(page.page, to: &out)
        out.append(0x22)
        if let file = page.file {
            out.append(" file=\"")
            XMLEscape.appendAttribute(file, to: &out)
            out.append(0x22)
        }
        var errors = 0
        for finding in findings where isFailure(finding) { errors += 1 }
        let others = findings.count - errors
        if errors == 0, page.isOK, others == 0 {
            out.append("/>\n")
            return
        }
        out.append(">\n")
        for finding in findings where isFailure(finding) {
            out.append("      <failure type=\"")
            XMLEscape.appendAttribute(finding.code, to: &out)
            out.append("\" message=\"")
            appendFailureMessage(finding, attribute: true, to: &out)
            out.append("\">")
            appendDetails(finding, to: &out)
            out.append("</failure>\n")
        }
        if errors == 0, !page.isOK {
            out.append("      <skipped message=\"")
            XMLEscape.appendAttribute(page.status, to: &out)
            out.append("\"/>\n")
        }
        if others > 0 {
            out.append("      <system-out>")
            var first = true
            for finding in findings where !isFailure(finding) {
                if !first { out.append(0x0A) }
                first = false
                appendNote(finding, to: &out)
            }
            out.append("</system-out>\n")
        }
        out.append("    </testcase>\n")
    }

    private static func isFailure(_ finding: Finding) -> Bool { finding.isActive && finding.severity == .error }

    /// A warning, an info or a suppressed finding, as a line of the case's output:
    /// "warning: …" or "suppressed error: … (reason)".
    private static func appendNote(_ finding: Finding, to out: inout ByteBuffer) {
        if finding.suppressed != nil { out.append("suppressed ") }
        out.append(severity: finding.severity)
        out.append(": ")
        appendFailureMessage(finding, attribute: false, to: &out)
        if let reason = finding.suppressed {
            out.append(" (")
            XMLEscape.appendText(reason, to: &out)
            out.append(0x29)
        }
    }

    /// "ERR_UNKNOWN_URL_SCHEME at line 26: dana://wallet/pay"; "CODE: message" for a
    /// page-scope finding.
    private static func appendFailureMessage(_ finding: Finding, attribute: Bool, to out: inout ByteBuffer) {
        XMLEscape.append(finding.code, attribute: attribute, to: &out)
        guard let line = finding.line else {
            out.append(": ")
            XMLEscape.append(finding.message, attribute: attribute, to: &out)
            return
        }
        out.append(" at line ")
        out.append(decimal: line)
        out.append(": ")
        XMLEscape.append(finding.url, attribute: attribute, to: &out)
    }

    /// The failure's text: the message, then (for a link) where and how it happens.
    private static func appendDetails(_ finding: Finding, to out: inout ByteBuffer) {
        XMLEscape.appendText(finding.message, to: &out)
        guard finding.line != nil else { return }
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
