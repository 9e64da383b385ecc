import Checks
import LinkAuditModel
import Policies
import WHATWGURL

/// `junit.xml` for any CI: one test case per input page (and association file that a live
/// crawl found), one `<failure>` per active
/// error finding on it. Warnings and info are listed in the case's `system-out`; a page
/// that could not be read is `skipped` unless `PAGE_UNREADABLE` was raised to error.
/// `failures` counts failing test cases, as JUnit does. No timestamps, no durations.
public enum JUnitXML {
    public static func render(_ report: Report) -> String {
        ReportFiles.render(.junit, report)
    }

    /// Pages are cases in page order, the order findings come in: each case takes the
    /// next group of findings. Association files come last, so their findings are kept
    /// aside on the way (there are few).
    static func write(_ report: Report, to out: inout ByteBuffer) {
        // Association files that exist are cases too (classname linkaudit.associations).
        let files = report.associationFiles.filter { $0.status == "ok" || $0.status == "invalid" }
        let cases = report.pages + files
        let failing = cases.filter { report.pagesWithErrors.contains($0.page) }.count
        let skipped = cases.filter { !$0.isOK && !report.pagesWithErrors.contains($0.page) }.count
        let counts = "tests=\"\(cases.count)\" failures=\"\(failing)\" errors=\"0\" skipped=\"\(skipped)\""
        out.append(utf8: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"linkaudit\" \(counts)>\n"
            + "  <testsuite name=\"linkaudit\" \(counts)>\n")
        writeCases(report, files, to: &out)
        out.append("  </testsuite>\n</testsuites>\n")
    }

    /// The cases: pages in order, then association files.
    private static func writeCases(_ report: Report, _ files: [PageStats], to out: inout ByteBuffer) {
        if let fragments = report.fragments, fragments.formats.junit, files.isEmpty {
            // The cases were rendered page by page (`PageFragments`).
            for page in report.pages {
                out.append(fragments.bytes(.junit, page: page.page) ?? [])
                out.drainIfFull()
            }
            return
        }
        let filePages = Set(files.map(\.page))
        var aside: [String: [Finding]] = [:]
        var groups = PageGroups(report.findings.makeIterator())
        func keepAside(_ group: (page: String, findings: [Finding])) {
            if filePages.contains(group.page) { aside[group.page, default: []] += group.findings }
        }
        for page in report.pages {
            while let group = groups.peek, group.page < page.page {
                keepAside(group)
                groups.advance()
            }
            var findings: [Finding] = []
            if let group = groups.peek, group.page == page.page {
                findings = group.findings
                keepAside(group)
                groups.advance()
            }
            appendCase(page, findings, to: &out)
            out.drainIfFull()
        }
        while let group = groups.peek {
            keepAside(group)
            groups.advance()
        }
        for file in files { appendCase(file, aside[file.page] ?? [], to: &out) }
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

/// Findings in report order taken a page at a time.
private struct PageGroups {
    private var findings: ReportFindings.Iterator
    private var following: Finding?
    private(set) var peek: (page: String, findings: [Finding])?

    init(_ findings: ReportFindings.Iterator) {
        self.findings = findings
        following = self.findings.next()
        advance()
    }

    mutating func advance() {
        guard let first = following else {
            peek = nil
            return
        }
        var group = [first]
        following = findings.next()
        while let next = following, next.page == first.page {
            group.append(next)
            following = findings.next()
        }
        peek = (first.page, group)
    }
}
