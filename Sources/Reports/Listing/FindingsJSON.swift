import LinkAuditModel

/// `findings.json`: the findings as one JSON document for scripts, with the totals.
/// Keys come in a fixed order and nothing depends on the clock, so two runs over the
/// same input give the same bytes.
///
/// Printed straight into the file's bytes by `PrettyJSON` (the layout SARIF shares):
/// building a tree of values per finding cost more than the printing itself.
public struct FindingsJSON: ListingFormat {
    public static func render(_ report: Report) -> String {
        ReportFiles.render(.json, report)
    }

    static let fragment = FragmentFormat.json
    /// The whole file's report (nil for page shares alone).
    private let report: Report?

    init() {
        report = nil
    }

    init(_ report: Report) {
        self.report = report
    }

    /// The tool and the totals, up to the `findings` array.
    func prologue(to out: inout ByteBuffer) {
        guard let report else { return }
        out.append("{")
        PrettyJSON.key("tool", first: true, indent: 2, to: &out)
        out.append("{")
        PrettyJSON.member("name", "linkaudit", first: true, indent: 4, to: &out)
        PrettyJSON.member("version", report.toolVersion, indent: 4, to: &out)
        PrettyJSON.close(0x7D, indent: 2, to: &out)
        PrettyJSON.key("summary", indent: 2, to: &out)
        Self.appendSummary(report, to: &out)
        PrettyJSON.key("findings", indent: 2, to: &out)
    }

    /// `[` or `,`, then the line a page's first object starts on.
    func joint(first: Bool, to out: inout ByteBuffer) {
        out.append(first ? 0x5B : 0x2C)
        PrettyJSON.newline(comma: false, indent: Self.findingIndent, to: &out)
    }

    /// The page's objects, each after a comma but the first, on lines of their own.
    func page(_ page: PageStats?, _ findings: [Finding], to out: inout ByteBuffer) {
        for (i, finding) in findings.enumerated() {
            if i > 0 { PrettyJSON.newline(comma: true, indent: Self.findingIndent, to: &out) }
            Self.appendFinding(finding, to: &out)
        }
    }

    /// The end of `findings`, then the fixed findings, schemes and intent packages.
    func epilogue(listed: Bool, to out: inout ByteBuffer) {
        guard let report else { return }
        if listed { PrettyJSON.close(0x5D, indent: 2, to: &out) } else { out.append("[]") }
        if report.summary.baseline != nil {
            PrettyJSON.key("fixed", indent: 2, to: &out)
            Self.appendArray(report.fixed, to: &out, Self.appendFinding)
        }
        PrettyJSON.key("schemes", indent: 2, to: &out)
        Self.appendArray(report.inventory.entries(packages: false), to: &out, Self.appendEntry)
        PrettyJSON.key("intentPackages", indent: 2, to: &out)
        Self.appendArray(report.inventory.entries(packages: true), to: &out, Self.appendEntry)
        PrettyJSON.close(0x7D, indent: 0, to: &out)
        out.append(0x0A)
    }

    /// The totals object, its members at indent 4.
    private static func appendSummary(_ report: Report, to out: inout ByteBuffer) {
        let summary = report.summary
        out.append("{")
        PrettyJSON.member("pages", summary.pages, first: true, indent: 4, to: &out)
        PrettyJSON.member("unreadable", summary.unreadable, indent: 4, to: &out)
        PrettyJSON.member("navigations", summary.navigations, indent: 4, to: &out)
        PrettyJSON.member("classified", summary.classified, indent: 4, to: &out)
        PrettyJSON.member("findings", summary.findings, indent: 4, to: &out)
        PrettyJSON.key("bySeverity", indent: 4, to: &out)
        out.append("{")
        for (i, severity) in Severity.allCases.reversed().enumerated() {
            PrettyJSON.key(dynamic: severity.rawValue, first: i == 0, indent: 6, to: &out)
            out.append(decimal: summary.bySeverity[severity] ?? 0)
        }
        PrettyJSON.close(0x7D, indent: 4, to: &out)
        PrettyJSON.key("byCode", indent: 4, to: &out)
        let codes = report.presentCodes
        if codes.isEmpty { out.append("{}") } else {
            out.append("{")
            for (i, code) in codes.enumerated() {
                PrettyJSON.key(dynamic: code, first: i == 0, indent: 6, to: &out)
                out.append(decimal: report.codeCounts[code] ?? 0)
            }
            PrettyJSON.close(0x7D, indent: 4, to: &out)
        }
        PrettyJSON.member("suppressed", summary.suppressed, indent: 4, to: &out)
        if let baseline = summary.baseline {
            PrettyJSON.key("baseline", indent: 4, to: &out)
            out.append("{")
            PrettyJSON.member("against", report.baselineLabel ?? "", first: true, indent: 6, to: &out)
            PrettyJSON.member("new", baseline.new, indent: 6, to: &out)
            PrettyJSON.member("fixed", baseline.fixed, indent: 6, to: &out)
            PrettyJSON.member("persisting", baseline.persisting, indent: 6, to: &out)
            PrettyJSON.close(0x7D, indent: 4, to: &out)
        }
        PrettyJSON.close(0x7D, indent: 2, to: &out)
    }

    /// A top-level array of objects, each at indent 4; `[]` when empty. Read once, an item
    /// at a time (the inventory's tables come from a spill).
    private static func appendArray<Items: Sequence>(_ items: Items, to out: inout ByteBuffer,
                                                     _ element: (Items.Element, inout ByteBuffer) -> Void) {
        var any = false
        for item in items {
            if !any { out.append(0x5B) }
            PrettyJSON.newline(comma: any, indent: 4, to: &out)
            element(item, &out)
            out.drainIfFull()
            any = true
        }
        if any { PrettyJSON.close(0x5D, indent: 2, to: &out) } else { out.append("[]") }
    }

    /// Where a finding's object opens: in the top-level `findings` array.
    static let findingIndent = 4

    /// One finding as an object in a top-level array (members at indent 6); absent
    /// optional members are left out.
    static func appendFinding(_ finding: Finding, to out: inout ByteBuffer) {
        let indent = findingIndent, inner = findingIndent + 2
        out.append(0x7B)
        PrettyJSON.member("page", finding.page, first: true, indent: inner, to: &out)
        if let file = finding.file { PrettyJSON.member("file", file, indent: inner, to: &out) }
        if let line = finding.line { PrettyJSON.member("line", line, indent: inner, to: &out) }
        PrettyJSON.member("source", finding.source, indent: inner, to: &out)
        PrettyJSON.member("trigger", finding.trigger, indent: inner, to: &out)
        PrettyJSON.member("frame", finding.frame, indent: inner, to: &out)
        PrettyJSON.member("url", finding.url, indent: inner, to: &out)
        PrettyJSON.member("code", finding.code, indent: inner, to: &out)
        PrettyJSON.key("severity", indent: inner, to: &out)
        out.append(0x22)
        out.append(severity: finding.severity)
        out.append(0x22)
        PrettyJSON.key("profiles", indent: inner, to: &out)
        PrettyJSON.strings(finding.profiles, to: &out)
        PrettyJSON.key("outcomes", indent: inner, to: &out)
        if finding.outcomes.isEmpty { out.append("{}") } else {
            out.append(0x7B)
            for (i, outcome) in finding.outcomes.enumerated() {
                PrettyJSON.key(dynamic: outcome.profile, first: i == 0, indent: inner + 2, to: &out)
                out.append(jsonString: outcome.outcome)
            }
            PrettyJSON.close(0x7D, indent: inner, to: &out)
        }
        PrettyJSON.member("message", finding.message, indent: inner, to: &out)
        if let baseline = finding.baseline {
            PrettyJSON.key("baseline", indent: inner, to: &out)
            switch baseline {
            case .new: out.append("\"new\"")
            case .persisting: out.append("\"persisting\"")
            case .fixed: out.append("\"fixed\"")
            }
        }
        if let reason = finding.suppressed { PrettyJSON.member("suppressed", reason, indent: inner, to: &out) }
        PrettyJSON.close(0x7D, indent: indent, to: &out)
    }

    /// A scheme's or an intent package's entry.
    private static func appendEntry(_ entry: SchemeInventory.Entry, to out: inout ByteBuffer) {
        out.append(0x7B)
        PrettyJSON.member("name", entry.name, first: true, indent: 6, to: &out)
        PrettyJSON.member("links", entry.links, indent: 6, to: &out)
        PrettyJSON.key("pages", indent: 6, to: &out)
        // As `PrettyJSON.strings`, from the inventory's spill a page at a time.
        out.append(0x5B)
        for (i, page) in entry.pages.enumerated() {
            if i > 0 { out.append(", ") }
            out.append(jsonString: page)
            out.drainIfFull()
        }
        out.append(0x5D)
        PrettyJSON.close(0x7D, indent: 4, to: &out)
    }
}
