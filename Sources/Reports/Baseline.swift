import Foundation
import LinkAuditModel

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
}
