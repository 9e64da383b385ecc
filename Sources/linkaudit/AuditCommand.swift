import Extraction
import Foundation
import Reports
import LinkAudit
import LinkAuditModel
import WHATWGURL

/// `linkaudit audit <inputs…>`
enum AuditCommand {
    static let valued: Set<String> = ["out", "base-url", "jobs", "max-page-bytes", "profiles", "device", "entry",
                                      "host-entry",
                                      "format", "baseline", "config", "severity", "fail-on", "jsonl-out", "csv-layout"]
    static let booleans: Set<String> = ["quiet", "fail-on-new", "stdin-inputs", "csv-bom"]

    static func run(_ args: [String]) throws -> Int32 {
        let parsed = try Arguments(args, valued: valued.union(FetchFlags.valued), booleans: booleans.union(FetchFlags.booleans))
        let stdinInputs = parsed.flag("stdin-inputs")
        guard !parsed.positionals.isEmpty || stdinInputs || !parsed.all("urls").isEmpty else {
            throw LinkAuditError.usage("audit needs at least one input (a folder, an .html file, a WARC, a URL, "
                + "--urls FILE, or - for paths on stdin)")
        }
        if let base = parsed.value("base-url") {
            guard let url = WebURL.parse(base), url.scheme == "http" || url.scheme == "https" else {
                throw LinkAuditError.usage("--base-url must be an absolute http(s) URL, not '\(base)'")
            }
        }
        var options = AuditOptions(inputs: parsed.positionals + (stdinInputs ? ["-"] : []),
                                   baseURL: parsed.value("base-url"),
                                   outDir: parsed.value("out") ?? (parsed.positionals.isEmpty && !stdinInputs ? "Reports/urls" : nil))
        if let out = parsed.value("jsonl-out") {
            // Only stdout is a stream; a path is simply where links.jsonl goes.
            if out == "-" { options.streamTo = FileHandle.standardOutput } else { options.outDir = out }
        }
        if let jobs = try parsed.int("jobs", max: AuditOptions.jobsRange.upperBound) { options.jobs = jobs }
        if let max = try parsed.int("max-page-bytes", max: AuditOptions.maxPageBytesRange.upperBound) { options.maxPageBytes = max }
        try ClassifyFlags.apply(parsed, to: &options.profiles, device: &options.device, settings: &options.settings)
        options.deviceFile = parsed.value("device")  // for summary.md, as given
        options.hostEntryFile = parsed.value("host-entry")
        options.libxml2Version = LibXML.version
        try FetchFlags.apply(parsed, to: &options)
        let gate = try ReportFlags.apply(parsed, to: &options)
        if options.streamTo == nil {
            try OutputFolder.check(options.outDir, givenBy: parsed.value("jsonl-out") != nil ? "--jsonl-out"
                                                             : parsed.value("out") != nil ? "--out" : nil)
        }
        options.progress = !parsed.flag("quiet") && isatty(STDERR_FILENO) != 0
        let summary = try Audit.run(options)
        for note in summary.inputNotes + summary.archiveNotes + summary.crawlNotes + summary.report.notes {
            standardError("linkaudit: warning: \(note)")
        }
        if !parsed.flag("quiet"), let hint = summary.baseURLHint { standardError("linkaudit: hint: \(hint)") }
        if options.streamTo != nil {
            if !parsed.flag("quiet") {
                standardError("linkaudit: streamed \(summary.pages) pages, \(summary.navigations) navigations")
            }
            return 0
        }
        if !parsed.flag("quiet"), !summary.fetchStatuses.isEmpty {
            let counts = summary.fetchStatuses.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            StandardError.line("linkaudit: fetched pages: \(counts.joined(separator: ", "))")
        }
        if !parsed.flag("quiet"), !summary.associationStatuses.isEmpty {
            let counts = summary.associationStatuses.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            standardError("linkaudit: association files: \(counts.joined(separator: ", "))")
        }
        if !parsed.flag("quiet") {
            if !summary.archiveRecords.isEmpty {
                let counts = summary.archiveRecords.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
                standardError("linkaudit: WARC records: \(counts.joined(separator: ", "))")
            }
            standardError("linkaudit: \(summary.report.line) → \(options.outDir)/")
        }
        if let why = gate.explanation(summary.report) { standardError("linkaudit: failing: \(why)") }
        return gate.exitCode(summary.report)
    }

    static func standardError(_ line: String) {
        StandardError.line(line)
    }
}
