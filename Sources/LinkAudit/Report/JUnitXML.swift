/// `junit.xml` for any CI: one test case per input page (and association file that a live
/// crawl found), one `<failure>` per active
/// error finding on it. Warnings and info are listed in the case's `system-out`; a page
/// that could not be read is `skipped` unless `PAGE_UNREADABLE` was raised to error.
/// `failures` counts failing test cases, as JUnit does. No timestamps, no durations.
public enum JUnitXML {
    public static func render(_ report: Report) -> String {
        var byPage: [String: [Finding]] = [:]
        for finding in report.findings { byPage[finding.page, default: []].append(finding) }
        var cases = ""
        var failing = 0, skipped = 0
        // Association files that exist are cases too (classname linkaudit.associations).
        let files = report.associationFiles.filter { $0.status == "ok" || $0.status == "invalid" }
        for page in report.pages + files {
            let findings = byPage[page.page] ?? []
            let errors = findings.filter { $0.isActive && $0.severity == .error }
            let others = findings.filter { !($0.isActive && $0.severity == .error) }
            var body = ""
            for finding in errors {
                body += "      <failure type=\"\(attribute(finding.code))\" message=\"\(attribute(failureMessage(finding)))\">"
                    + text(details(finding)) + "</failure>\n"
            }
            if errors.isEmpty, !page.isOK {
                skipped += 1
                body += "      <skipped message=\"\(attribute(page.status))\"/>\n"
            }
            if !errors.isEmpty { failing += 1 }
            if !others.isEmpty {
                body += "      <system-out>" + text(others.map(note).joined(separator: "\n")) + "</system-out>\n"
            }
            let group = page.association == nil ? "linkaudit.pages" : "linkaudit.associations"
            var open = "    <testcase classname=\"\(group)\" name=\"\(attribute(page.page))\""
            if let file = page.file { open += " file=\"\(attribute(file))\"" }
            cases += body.isEmpty ? open + "/>\n" : open + ">\n" + body + "    </testcase>\n"
        }
        let counts = "tests=\"\(report.pages.count + files.count)\" failures=\"\(failing)\" errors=\"0\" skipped=\"\(skipped)\""
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"linkaudit\" \(counts)>\n"
            + "  <testsuite name=\"linkaudit\" \(counts)>\n"
            + cases
            + "  </testsuite>\n</testsuites>\n"
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

    private static func escaped(_ value: String, attribute: Bool) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\t", "\n", "\r":
                if attribute || scalar == "\r" { out += "&#\(scalar.value);" } else { out.unicodeScalars.append(scalar) }
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
