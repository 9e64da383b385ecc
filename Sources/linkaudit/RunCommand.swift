import Extraction
import Foundation
import LinkAudit
import LinkAuditModel

/// `linkaudit run <config.json>`: a ready pipeline (inputs, profiles, devices, reports)
/// from one file. Everything in it is checked before any work starts.
enum RunCommand {
    static func run(_ args: [String]) throws -> Int32 {
        let parsed = try Arguments(args, valued: ["out", "jobs"], booleans: ["quiet"])
        guard parsed.positionals.count == 1 else {
            throw LinkAuditError.usage("run takes one pipeline config (e.g. Pipelines/demo.json)")
        }
        var plan = try PipelineRun.load(path: parsed.positionals[0], toolVersion: Usage.version)
        plan.options.libxml2Version = LibXML.version  // for summary.md
        if let out = parsed.value("out") { plan.options.outDir = out }
        if let jobs = try parsed.int("jobs", max: AuditOptions.jobsRange.upperBound) { plan.options.jobs = jobs }
        try OutputFolder.check(plan.options.outDir, givenBy: parsed.value("out") != nil ? "--out" : nil)
        plan.options.progress = !parsed.flag("quiet") && isatty(STDERR_FILENO) != 0
        let summary = try Audit.run(plan.options)
        for note in summary.inputNotes + summary.archiveNotes + summary.report.notes {
            AuditCommand.standardError("linkaudit: warning: \(note)")
        }
        if !parsed.flag("quiet"), let hint = summary.baseURLHint { AuditCommand.standardError("linkaudit: hint: \(hint)") }
        if !parsed.flag("quiet") {
            AuditCommand.standardError("linkaudit: \(plan.name): \(summary.report.line) → \(plan.options.outDir)/")
        }
        if let why = plan.failPolicy.explanation(summary.report) { AuditCommand.standardError("linkaudit: failing: \(why)") }
        return plan.failPolicy.exitCode(summary.report)
    }
}
