/// `findings.json`: the findings as one JSON document for scripts, with the totals.
/// Keys come in a fixed order and nothing depends on the clock, so two runs over the
/// same input give the same bytes.
public enum FindingsJSON {
    public static func render(_ report: Report) -> String {
        let sink = ReportSink()
        write(report, to: sink)
        return sink.text
    }

    static func write(_ report: Report, to sink: ReportSink) {
        let summary = report.summary
        var totals: [(String, JSONValue?)] = [
            ("pages", .int(summary.pages)),
            ("unreadable", .int(summary.unreadable)),
            ("navigations", .int(summary.navigations)),
            ("classified", .int(summary.classified)),
            ("findings", .int(summary.findings)),
            ("bySeverity", .object(Severity.allCases.reversed().map { ($0.rawValue, JSONValue.int(summary.bySeverity[$0] ?? 0)) })),
            ("byCode", .object(report.presentCodes.map { ($0, JSONValue.int(report.codeCounts[$0] ?? 0)) })),
            ("suppressed", .int(summary.suppressed)),
        ]
        if let baseline = summary.baseline {
            totals.append(("baseline", .object([
                ("against", .string(report.baselineLabel ?? "")),
                ("new", .int(baseline.new)),
                ("fixed", .int(baseline.fixed)),
                ("persisting", .int(baseline.persisting)),
            ])))
        }
        var findings = report.findings.makeIterator()
        var document: [(String, JSONValue?)] = [
            ("tool", .object([("name", .string("linkaudit")), ("version", .string(report.toolVersion))])),
            ("summary", .object(totals)),
            ("findings", .stream { findings.next().map(json) }),
        ]
        if summary.baseline != nil { document.append(("fixed", .array(report.fixed.map(json)))) }
        document.append(("schemes", .array(report.inventory.schemes.map(json))))
        document.append(("intentPackages", .array(report.inventory.packages.map(json))))
        JSONValue.object(document).write(to: sink)
    }

    static func json(_ finding: Finding) -> JSONValue {
        .object([
            ("page", .string(finding.page)),
            ("file", finding.file.map(JSONValue.string)),
            ("line", finding.line.map(JSONValue.int)),
            ("source", .string(finding.source)),
            ("trigger", .string(finding.trigger)),
            ("frame", .string(finding.frame)),
            ("url", .string(finding.url)),
            ("code", .string(finding.code)),
            ("severity", .string(finding.severity.rawValue)),
            ("profiles", .strings(finding.profiles)),
            ("outcomes", .object(finding.outcomes.map { ($0.profile, JSONValue.string($0.outcome)) })),
            ("message", .string(finding.message)),
            ("baseline", finding.baseline.map { .string($0.rawValue) }),
            ("suppressed", finding.suppressed.map(JSONValue.string)),
        ])
    }

    private static func json(_ entry: SchemeInventory.Entry) -> JSONValue {
        .object([("name", .string(entry.name)), ("links", .int(entry.links)), ("pages", .strings(entry.pages))])
    }
}
