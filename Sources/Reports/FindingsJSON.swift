import Checks
import LinkAuditModel
import Policies
import WHATWGURL

/// `findings.json`: the findings as one JSON document for scripts, with the totals.
/// Keys come in a fixed order and nothing depends on the clock, so two runs over the
/// same input give the same bytes.
///
/// Printed straight into the file's bytes in `JSONValue`'s layout (the layout SARIF
/// shares): building a `JSONValue` tree per finding cost more than the printing itself.
public enum FindingsJSON {
    public static func render(_ report: Report) -> String {
        let sink = ReportSink()
        write(report, to: sink)
        return sink.text
    }

    static func write(_ report: Report, to sink: ReportSink) {
        ByteStage.writing(to: sink) { out in
            out.put("{")
            PrettyLayout.key("tool", first: true, indent: 2, to: &out)
            out.put("{")
            PrettyLayout.member("name", "linkaudit", first: true, indent: 4, to: &out)
            PrettyLayout.member("version", report.toolVersion, indent: 4, to: &out)
            PrettyLayout.close(0x7D, indent: 2, to: &out)
            PrettyLayout.key("summary", indent: 2, to: &out)
            appendSummary(report, to: &out)
            PrettyLayout.key("findings", indent: 2, to: &out)
            var any = false
            if let fragments = report.fragments, fragments.formats.json {
                // The objects were rendered page by page (`PageFragments`).
                for page in report.pages {
                    guard let bytes = fragments.bytes(.json, page: page.page), !bytes.isEmpty else { continue }
                    out.put(any ? 0x2C : 0x5B)
                    PrettyLayout.newline(comma: false, indent: findingIndent, to: &out)
                    out.put(bytes)
                    out.flush()
                    any = true
                }
            } else {
                for finding in report.findings {
                    out.put(any ? 0x2C : 0x5B)
                    PrettyLayout.newline(comma: false, indent: findingIndent, to: &out)
                    appendFinding(finding, to: &out)
                    out.flush()
                    any = true
                }
            }
            if any { PrettyLayout.close(0x5D, indent: 2, to: &out) } else { out.put("[]") }
            if report.summary.baseline != nil {
                PrettyLayout.key("fixed", indent: 2, to: &out)
                appendArray(report.fixed, to: &out, appendFinding)
            }
            PrettyLayout.key("schemes", indent: 2, to: &out)
            appendArray(report.inventory.schemes, to: &out, appendEntry)
            PrettyLayout.key("intentPackages", indent: 2, to: &out)
            appendArray(report.inventory.packages, to: &out, appendEntry)
            PrettyLayout.close(0x7D, indent: 0, to: &out)
            out.put(0x0A)
        }
    }

    /// The totals object, its members at indent 4.
    private static func appendSummary(_ report: Report, to out: inout ByteStage) {
        let summary = report.summary
        out.put("{")
        PrettyLayout.member("pages", summary.pages, first: true, indent: 4, to: &out)
        PrettyLayout.member("unreadable", summary.unreadable, indent: 4, to: &out)
        PrettyLayout.member("navigations", summary.navigations, indent: 4, to: &out)
        PrettyLayout.member("classified", summary.classified, indent: 4, to: &out)
        PrettyLayout.member("findings", summary.findings, indent: 4, to: &out)
        PrettyLayout.key("bySeverity", indent: 4, to: &out)
        out.put("{")
        for (i, severity) in Severity.allCases.reversed().enumerated() {
            PrettyLayout.key(dynamic: severity.rawValue, first: i == 0, indent: 6, to: &out)
            out.put(decimal: summary.bySeverity[severity] ?? 0)
        }
        PrettyLayout.close(0x7D, indent: 4, to: &out)
        PrettyLayout.key("byCode", indent: 4, to: &out)
        let codes = report.presentCodes
        if codes.isEmpty { out.put("{}") } else {
            out.put("{")
            for (i, code) in codes.enumerated() {
                PrettyLayout.key(dynamic: code, first: i == 0, indent: 6, to: &out)
                out.put(decimal: report.codeCounts[code] ?? 0)
            }
            PrettyLayout.close(0x7D, indent: 4, to: &out)
        }
        PrettyLayout.member("suppressed", summary.suppressed, indent: 4, to: &out)
        if let baseline = summary.baseline {
            PrettyLayout.key("baseline", indent: 4, to: &out)
            out.put("{")
            PrettyLayout.member("against", report.baselineLabel ?? "", first: true, indent: 6, to: &out)
            PrettyLayout.member("new", baseline.new, indent: 6, to: &out)
            PrettyLayout.member("fixed", baseline.fixed, indent: 6, to: &out)
            PrettyLayout.member("persisting", baseline.persisting, indent: 6, to: &out)
            PrettyLayout.close(0x7D, indent: 4, to: &out)
        }
        PrettyLayout.close(0x7D, indent: 2, to: &out)
    }

    /// A top-level array of objects, each at indent 4; `[]` when empty.
    private static func appendArray<Item>(_ items: [Item], to out: inout ByteStage,
                                          _ element: (Item, inout ByteStage) -> Void) {
        guard !items.isEmpty else { out.put("[]"); return }
        out.put(0x5B)
        for (i, item) in items.enumerated() {
            PrettyLayout.newline(comma: i > 0, indent: 4, to: &out)
            element(item, &out)
            out.flush()
        }
        PrettyLayout.close(0x5D, indent: 2, to: &out)
    }

    /// Where a finding's object opens: in the top-level `findings` array.
    static let findingIndent = 4

    /// One finding as an object in a top-level array (members at indent 6); absent
    /// optional members are left out.
    static func appendFinding(_ finding: Finding, to out: inout ByteStage) {
        let indent = findingIndent, inner = findingIndent + 2
        out.put(0x7B)
        PrettyLayout.member("page", finding.page, first: true, indent: inner, to: &out)
        if let file = finding.file { PrettyLayout.member("file", file, indent: inner, to: &out) }
        if let line = finding.line { PrettyLayout.member("line", line, indent: inner, to: &out) }
        PrettyLayout.member("source", finding.source, indent: inner, to: &out)
        PrettyLayout.member("trigger", finding.trigger, indent: inner, to: &out)
        PrettyLayout.member("frame", finding.frame, indent: inner, to: &out)
        PrettyLayout.member("url", finding.url, indent: inner, to: &out)
        PrettyLayout.member("code", finding.code, indent: inner, to: &out)
        PrettyLayout.key("severity", indent: inner, to: &out)
        out.put(0x22)
        out.put(severity: finding.severity)
        out.put(0x22)
        PrettyLayout.key("profiles", indent: inner, to: &out)
        PrettyLayout.strings(finding.profiles, to: &out)
        PrettyLayout.key("outcomes", indent: inner, to: &out)
        if finding.outcomes.isEmpty { out.put("{}") } else {
            out.put(0x7B)
            for (i, outcome) in finding.outcomes.enumerated() {
                PrettyLayout.key(dynamic: outcome.profile, first: i == 0, indent: inner + 2, to: &out)
                out.put(jsonString: outcome.outcome)
            }
            PrettyLayout.close(0x7D, indent: inner, to: &out)
        }
        PrettyLayout.member("message", finding.message, indent: inner, to: &out)
        if let baseline = finding.baseline {
            PrettyLayout.key("baseline", indent: inner, to: &out)
            switch baseline {
            case .new: out.put("\"new\"")
            case .persisting: out.put("\"persisting\"")
            case .fixed: out.put("\"fixed\"")
            }
        }
        if let reason = finding.suppressed { PrettyLayout.member("suppressed", reason, indent: inner, to: &out) }
        PrettyLayout.close(0x7D, indent: indent, to: &out)
    }

    /// A scheme's or an intent package's entry.
    private static func appendEntry(_ entry: SchemeInventory.Entry, to out: inout ByteStage) {
        out.put(0x7B)
        PrettyLayout.member("name", entry.name, first: true, indent: 6, to: &out)
        PrettyLayout.member("links", entry.links, indent: 6, to: &out)
        PrettyLayout.key("pages", indent: 6, to: &out)
        PrettyLayout.strings(entry.pages, to: &out)
        PrettyLayout.close(0x7D, indent: 4, to: &out)
    }
}
