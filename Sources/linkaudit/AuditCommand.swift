import Foundation
import LinkAudit

/// `linkaudit audit <inputs…>`
enum AuditCommand {
    static func run(_ args: [String]) throws -> Int32 {
        let valued: Set<String> = ["out", "base-url", "jobs", "max-page-bytes", "profiles", "device", "entry"]
        let parsed = try Arguments(args, valued: valued.union(FetchFlags.valued),
                                   booleans: Set(["quiet"]).union(FetchFlags.booleans))
        guard !parsed.positionals.isEmpty || !parsed.all("urls").isEmpty else {
            throw LinkAuditError.usage("audit needs at least one input (a folder, an .html file, a URL, --urls FILE, "
                + "or - for paths on stdin)")
        }
        if let base = parsed.value("base-url") {
            guard let url = WebURL.parse(base), url.scheme == "http" || url.scheme == "https" else {
                throw LinkAuditError.usage("--base-url must be an absolute http(s) URL, not '\(base)'")
            }
        }
        var options = AuditOptions(inputs: parsed.positionals, baseURL: parsed.value("base-url"),
                                   outDir: parsed.value("out") ?? (parsed.positionals.isEmpty ? "Reports/urls" : nil))
        if let jobs = try parsed.int("jobs") { options.jobs = jobs }
        if let max = try parsed.int("max-page-bytes") { options.maxPageBytes = max }
        try ClassifyFlags.apply(parsed, to: &options.profiles, device: &options.device, settings: &options.settings)
        try FetchFlags.apply(parsed, to: &options)
        let summary = try Audit.run(options)
        for note in summary.archiveNotes + summary.crawlNotes {
            FileHandle.standardError.write(Data("linkaudit: warning: \(note)\n".utf8))
        }
        if !parsed.flag("quiet"), !summary.archiveRecords.isEmpty {
            let counts = summary.archiveRecords.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            FileHandle.standardError.write(Data("linkaudit: WARC records: \(counts.joined(separator: ", "))\n".utf8))
        }
        if !parsed.flag("quiet"), !summary.fetchStatuses.isEmpty {
            let counts = summary.fetchStatuses.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            FileHandle.standardError.write(Data("linkaudit: fetched pages: \(counts.joined(separator: ", "))\n".utf8))
        }
        if !parsed.flag("quiet") {
            FileHandle.standardError.write(Data(("linkaudit: \(summary.pages) pages (\(summary.unreadable) unreadable), "
                + "\(summary.navigations) navigations → \(options.outDir)/\n").utf8))
        }
        return 0
    }
}
