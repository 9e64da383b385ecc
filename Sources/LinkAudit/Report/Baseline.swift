import Foundation

/// A previous run's findings, to tell what is new, what is fixed and what persists.
/// Findings match on page + normalised URL + code (`Finding.key`), never on line numbers,
/// which move whenever anything above a link changes. Matching counts occurrences: a
/// page that had one broken `dana://` link and now has two has one new finding.
public struct Baseline: Sendable {
    /// What the baseline is (the path given), for the summary.
    public var label: String
    public var findings: [Finding]

    public init(label: String, findings: [Finding]) {
        self.label = label
        self.findings = findings
    }

    /// Reads a previous run: its `links.jsonl` (or the folder holding it) and the
    /// `pages.jsonl` beside it, for the pages it could not read. Malformed lines go to
    /// `warn`; a missing file is a usage error naming it.
    public static func load(_ path: String, warn: (String) -> Void) throws -> Baseline {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw LinkAuditError.usage("--baseline: no such file or folder: \(path)")
        }
        let links = isDirectory.boolValue ? path + "/links.jsonl" : path
        guard FileManager.default.fileExists(atPath: links) else {
            throw LinkAuditError.usage("--baseline: no links.jsonl in \(path)")
        }
        let builder = FindingBuilder(rules: ReportRules())
        var findings: [Finding] = []
        var files: [String: String] = [:]
        let pagesPath = LinksJSONLReader.pagesPath(forLinks: links)
        if FileManager.default.fileExists(atPath: pagesPath) {
            try LinksJSONLReader.pages(pagesPath, warn: warn) { page, _ in
                files[page.page] = page.file
                findings += builder.pageFindings(page)
            }
        }
        try LinksJSONLReader.navigations(links, warn: warn) { navigation, _ in
            findings.append(contentsOf: builder.findings(for: navigation, file: files[navigation.page]))
        }
        return Baseline(label: path, findings: findings)
    }

    /// Marks each of `current` (in report order) new or persisting and returns the
    /// baseline findings left over — the fixed ones — judged by today's `rules`.
    func compare(_ current: inout [Finding], rules: ReportRules) -> [Finding] {
        let previous = findings.sorted(by: Finding.ordered)
        var unmatched: [FindingKey: [Int]] = [:]
        for (index, finding) in previous.enumerated() { unmatched[finding.key, default: []].append(index) }
        for i in current.indices {
            let key = current[i].key
            if let waiting = unmatched[key], !waiting.isEmpty {
                current[i].baseline = .persisting
                unmatched[key] = Array(waiting.dropFirst())
            } else {
                current[i].baseline = .new
            }
        }
        let left = unmatched.values.flatMap { $0 }.sorted()
        return left.map { index in
            var finding = previous[index]
            finding.baseline = .fixed
            finding.severity = rules.severity(for: finding.code)
            finding.suppressed = rules.suppression(for: finding)?.reason
            return finding
        }
    }
}
