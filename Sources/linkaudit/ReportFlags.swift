import Foundation
import LinkAudit
import Reports

/// The report flags `audit` shares with `report`: `--format`, `--config`, `--severity`,
/// `--baseline`, `--fail-on`, `--fail-on-new`, `--csv-layout`, `--csv-bom`. Returns the
/// exit-code policy.
enum ReportFlags {
    static func apply(_ parsed: Arguments, to options: inout AuditOptions) throws -> FailPolicy {
        options.formats = try ReportFormat.parse(parsed.all("format"))
        options.csv = try csv(parsed)
        var rules = try parsed.value("config").map(ReportConfig.load) ?? ReportRules()
        try rules.apply(severityFlags: parsed.all("severity"))
        options.rules = rules
        options.toolVersion = Usage.version
        let policy = try FailPolicy.parse(failOn: parsed.value("fail-on"), onlyNew: parsed.flag("fail-on-new"),
                                          hasBaseline: parsed.value("baseline") != nil)
        // Loaded before the run: `--out X --baseline X` must read last night's findings,
        // not the links.jsonl this run is about to overwrite.
        options.baseline = try parsed.value("baseline").map {
            try Baseline.load($0, warn: { AuditCommand.standardError("linkaudit: warning: \($0)") })
        }
        return policy
    }

    /// `--csv-layout long|wide` and `--csv-bom`.
    static func csv(_ parsed: Arguments) throws -> CSVOptions {
        try CSVOptions.parse(layout: parsed.value("csv-layout"), bom: parsed.flag("csv-bom"))
    }
}
