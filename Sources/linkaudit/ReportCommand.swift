import Foundation
import LinkAudit
import LinkAuditModel
import Reports

/// `linkaudit report <links.jsonl | run folder>...`: rebuilds the reports of one or more
/// earlier runs (merging partial ones) without crawling again.
enum ReportCommand {
    static let valued: Set<String> = ["out", "format", "baseline", "config", "severity", "fail-on", "csv-layout"]
    static let booleans: Set<String> = ["fail-on-new", "quiet", "csv-bom"]

    static func run(_ args: [String]) throws -> Int32 {
        let parsed = try Arguments(args, valued: valued, booleans: booleans)
        guard !parsed.positionals.isEmpty else {
            throw LinkAuditError.usage("report needs at least one links.jsonl or run folder")
        }
        let formats = try ReportFormat.parse(parsed.all("format"))
        var rules = try parsed.value("config").map(ReportConfig.load) ?? ReportRules()
        try rules.apply(severityFlags: parsed.all("severity"))
        let policy = try FailPolicy.parse(failOn: parsed.value("fail-on"), onlyNew: parsed.flag("fail-on-new"),
                                          hasBaseline: parsed.value("baseline") != nil)
        let outDir = try parsed.value("out") ?? defaultOutDir(parsed.positionals)
        // A missing input is named by the rebuild (exit 2), before its folder is judged.
        if parsed.positionals.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) {
            try OutputFolder.check(outDir, givenBy: parsed.value("out") != nil ? "--out" : nil)
        }
        let warnings = Warnings()
        let baseline = try parsed.value("baseline").map { try Baseline.load($0, warn: warnings.add) }
        var rebuild = ReportRebuild(inputs: parsed.positionals, outDir: outDir, formats: formats, rules: rules,
                                    baseline: baseline, toolVersion: Usage.version)
        rebuild.csv = try ReportFlags.csv(parsed)
        rebuild.assumptions = .rebuilt(parsed.positionals)  // named as reports name files
        let summary = try rebuild.run(warn: warnings.add)
        warnings.finish()
        for note in summary.notes { standardError("linkaudit: warning: \(note)") }
        if !parsed.flag("quiet") {
            standardError("linkaudit: \(summary.line) → \(outDir)/")
        }
        if let why = policy.explanation(summary) { standardError("linkaudit: failing: \(why)") }
        return policy.exitCode(summary)
    }

    /// One input: its own folder (the reports are regenerated in place). Several: --out
    /// is required, so a merge never lands in one of the inputs by surprise.
    static func defaultOutDir(_ inputs: [String]) throws -> String {
        guard inputs.count == 1 else {
            throw LinkAuditError.usage("report: --out is required when merging several runs")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: inputs[0], isDirectory: &isDirectory), isDirectory.boolValue {
            return inputs[0]
        }
        let dir = (inputs[0] as NSString).deletingLastPathComponent
        return dir.isEmpty ? "." : dir
    }

    static func standardError(_ line: String) {
        StandardError.line(line)
    }
}

/// Malformed-line warnings on stderr: the first 20 in full, then a count, so a corrupt
/// file cannot flood a CI log.
private final class Warnings {
    private var count = 0
    private let limit = 20

    func add(_ line: String) {
        count += 1
        if count <= limit { ReportCommand.standardError("linkaudit: warning: \(line)") }
    }

    func finish() {
        if count > limit { ReportCommand.standardError("linkaudit: warning: \(count - limit) more warnings not shown") }
    }
}
