/// `junit.xml` for any CI: one test case per input page (and association file that a live
/// crawl found), one `<failure>` per active
/// error finding on it. Warnings and info are listed in the case's `system-out`; a page
/// that could not be read is `skipped` unless `PAGE_UNREADABLE` was raised to error.
/// `failures` counts failing test cases, as JUnit does. No timestamps, no durations.
public enum JUnitXML {
    public static func render(_ report: Report) -> String {
        let sink = ReportSink()
        write(report, to: sink)
        return sink.text
    }

    /// Pages are cases in page order, the order findings come in: each case takes the
    /// next group of findings. Association files come last, so their findings are kept
    /// aside on the way (there are few).
    static func write(_ report: Report, to sink: ReportSink) {
        // Association files that exist are cases too (classname linkaudit.associations).
        let files = report.associationFiles.filter { $0.status == "ok" || $0.status == "invalid" }
        let cases = report.pages + files
        let failing = cases.filter { report.pagesWithErrors.contains($0.page) }.count
        let skipped = cases.filter { !$0.isOK && !report.pagesWithErrors.contains($0.page) }.count
        let counts = "tests=\"\(cases.count)\" failures=\"\(failing)\" errors=\"0\" skipped=\"\(skipped)\""
        sink.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"linkaudit\" \(counts)>\n"
            + "  <testsuite name=\"linkaudit\" \(counts)>\n")
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
            sink.append(testCase(page, findings))
            sink.flushIfFull()
        }
        while let group = groups.peek {
            keepAside(group)
            groups.advance()
        }
        for file in files { sink.append(testCase(file, aside[file.page] ?? [])) }
        sink.append("  </testsuite>\n</testsuites>\n")
    }

    /// One page's (or association file's) case: a failure per active error finding.
    private static func testCase(_ page: PageStats, _ findings: [Finding]) -> String {
        let errors = findings.filter { $0.isActive && $0.severity == .error }
        let others = findings.filter { !($0.isActive && $0.severity == .error) }
        var body = ""
        for finding in errors {
            body += "      <failure type=\"\(attribute(finding.code))\" message=\"\(attribute(failureMessage(finding)))\">"
                + text(details(finding)) + "</failure>\n"
        }
        if errors.isEmpty, !page.isOK { body += "      <skipped message=\"\(attribute(page.status))\"/>\n" }
        if !others.isEmpty {
            body += "      <system-out>" + text(others.map(note).joined(separator: "\n")) + "</system-out>\n"
        }
        let group = page.association == nil ? "linkaudit.pages" : "linkaudit.associations"
        var open = "    <testcase classname=\"\(group)\" name=\"\(attribute(page.page))\""
        if let file = page.file { open += " file=\"\(attribute(file))\"" }
        return body.isEmpty ? open + "/>\n" : open + ">\n" + body + "    </testcase>\n"
    }

    /// A warning, an info or a suppressed finding, as a line of the case's output.
    static func note(_ finding: Finding) -> String {
        guard let reason = finding.suppressed else { return "\(finding.severity.rawValue): " + failureMessage(finding) }
        return "suppressed \(finding.severity.rawValue): \(failureMessage(finding)) (\(reason))"
    }

    /// "ERR_UNKNOWN_URL_SCHEME at line 26: dana://wallet/pay".
    static func failureMessage(_ finding: Finding) -> String {
        guard let line = finding.line else { return "\(finding.code): \(finding.message)" }
        return "\(finding.code) at line \(line): \(finding.url)"
    }

    static func details(_ finding: Finding) -> String {
        var lines = [finding.message]
        if finding.line != nil {
            lines.append("url: \(finding.url)")
            lines.append("source: \(finding.source), trigger: \(finding.trigger), frame: \(finding.frame)")
            lines.append("profiles: " + finding.profiles.joined(separator: " "))
            lines.append("outcomes: " + finding.outcomePairs.joined(separator: " "))
        }
        return lines.joined(separator: "\n")
    }

    /// Character data: markup escaped, and characters XML 1.0 forbids (most C0 controls,
    /// U+FFFE/U+FFFF) replaced, so no page content can make the file unparsable.
    static func text(_ value: String) -> String { escaped(value, attribute: false) }

    /// Attribute values also escape quotes and keep line breaks as character references
    /// (a parser would fold literal ones to spaces).
    static func attribute(_ value: String) -> String { escaped(value, attribute: true) }

    /// Works on the UTF-8 bytes and returns the string itself when nothing needs escaping
    /// (nearly always): this runs for every attribute and text of every case.
    private static func escaped(_ value: String, attribute: Bool) -> String {
        var value = value
        let changed: [UInt8]? = value.withUTF8 { bytes in
            // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
            func forbidden(_ i: Int) -> Bool {
                bytes[i] == 0xEF && i + 2 < bytes.count && bytes[i + 1] == 0xBF && bytes[i + 2] >= 0xBE
            }
            func needsWork(_ i: Int) -> Bool {
                switch bytes[i] {
                case 0x26, 0x3C, 0x3E, 0x0D: return true
                case 0x22, 0x09, 0x0A: return attribute
                case 0xEF: return forbidden(i)
                case let b: return b < 0x20
                }
            }
            guard let first = bytes.indices.first(where: needsWork) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 32)
            out.append(contentsOf: bytes[..<first])
            var i = first
            while i < bytes.count {
                let b = bytes[i]
                i += 1
                switch b {
                case 0x26: out.append(contentsOf: "&amp;".utf8)
                case 0x3C: out.append(contentsOf: "&lt;".utf8)
                case 0x3E: out.append(contentsOf: "&gt;".utf8)
                case 0x22 where attribute: out.append(contentsOf: "&quot;".utf8)
                case 0x0D: out.append(contentsOf: "&#13;".utf8)
                case 0x09 where attribute: out.append(contentsOf: "&#9;".utf8)
                case 0x0A where attribute: out.append(contentsOf: "&#10;".utf8)
                case 0x09, 0x0A: out.append(b)
                case 0xEF where forbidden(i - 1):
                    out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    i += 2
                case let b where b < 0x20: out.append(contentsOf: [0xEF, 0xBF, 0xBD])  // U+FFFD
                default: out.append(b)
                }
            }
            return out
        }
        return changed.map { String(decoding: $0, as: UTF8.self) } ?? value
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
