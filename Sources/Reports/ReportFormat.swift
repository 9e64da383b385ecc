import LinkAuditModel

/// The outputs a run can write (`--format`). `jsonl` is `links.jsonl` + `pages.jsonl`:
/// `audit` streams them while it reads pages and `report` rewrites them when it merges
/// runs, so `ReportAccumulator.finish` writes every format but that one.
public enum ReportFormat: String, CaseIterable, Sendable, Comparable {
    case csv, md, jsonl, sarif, junit, json

    public static let defaults: Set<ReportFormat> = [.csv, .md, .jsonl]

    public var fileName: String {
        switch self {
        case .csv: return "findings.csv"
        case .md: return "summary.md"
        case .jsonl: return "links.jsonl"
        case .sarif: return "findings.sarif"
        case .junit: return "junit.xml"
        case .json: return "findings.json"
        }
    }

    /// `--format csv,md` (repeatable; `all` for every format). Unknown names are usage
    /// errors naming the flag.
    public static func parse(_ values: [String]) throws -> Set<ReportFormat> {
        guard !values.isEmpty else { return defaults }
        var formats: Set<ReportFormat> = []
        let names = values.flatMap { $0.split(separator: ",").map { String($0).trimmingASCIIWhitespace.lowercased() } }
        for name in names {
            if name == "all" {
                formats.formUnion(allCases)
            } else if let format = ReportFormat(rawValue: name) {
                formats.insert(format)
            } else {
                throw LinkAuditError.usage("--format: unknown format '\(name)' (csv, md, jsonl, sarif, junit, json or all)")
            }
        }
        guard !formats.isEmpty else { throw LinkAuditError.usage("--format needs at least one format") }
        return formats
    }

    public static func < (a: ReportFormat, b: ReportFormat) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
