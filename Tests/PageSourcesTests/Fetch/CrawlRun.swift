import Foundation
@testable import LinkAudit
@testable import PageSources
import TestSupport

/// One audit of URL inputs with the test options, and its output files parsed.
struct CrawlRun {
    var summary: AuditSummary
    var pages: [[String: Any]]
    var links: [[String: Any]]

    var pageURLs: [String] { pages.compactMap { $0["page"] as? String } }

    func page(_ url: String) -> [String: Any]? {
        pages.first { $0["page"] as? String == url }
    }

    static func audit(inputs: [String], urls: [String] = [], _ configure: (inout FetchOptions) -> Void) throws -> CrawlRun {
        let out = TempDir()
        var options = AuditOptions(inputs: inputs, outDir: out.path, jobs: 2, maxPageBytes: 64 << 10)
        options.urls = urls
        options.fetch = .localTest()
        configure(&options.fetch)
        let summary = try Audit.run(options, stdinLines: { nil })
        return try read(summary: summary, from: out.path)
    }

    /// A finished run's pages.jsonl and links.jsonl.
    static func read(summary: AuditSummary, from folder: String) throws -> CrawlRun {
        CrawlRun(summary: summary, pages: try lines(folder + "/pages.jsonl"), links: try LinksFile.records(folder + "/links.jsonl"))
    }

    private static func lines(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }
}
