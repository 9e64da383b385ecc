import Foundation
import XCTest
@testable import LinkAudit
@testable import Reports
import TestSupport

/// summary.md's scheme inventory is the same whether the run kept each name's first pages as
/// they came (default formats, a folder's pages in rising order: `Listing.firstPages`) or
/// merged every page from its spill (with findings.json, or pages given out of order).
final class InventoryListingAgreesTests: XCTestCase {
    private func site() throws -> TempDir {
        let dir = TempDir()
        let links = ["gojek://gopay/pay?id=", "dana://pay?order=", "tel:+6221555",
                     "intent://pay/#Intent;scheme=gcash;package=com.globe.gcash.android;end;?x=",
                     "intent://pay/#Intent;scheme=dana;package=id.dana;end;?x="]
        for page in 0..<24 {
            var html = "<!DOCTYPE html><html><body>\n"
            for (i, link) in links.enumerated() where (page + i) % 4 != 0 {
                html += "<a href=\"\(link)\(page)\">pay \(i)</a>\n"
            }
            html += "<a href=\"myapp\(page % 6)://open\">app</a> <a href=\"https://shop.example/\(page)\">web</a>\n</body></html>\n"
            dir.write("f\(page % 3)/page\(page).html", html)
        }
        return dir
    }

    /// summary.md's scheme inventory section (the rest names the formats).
    private func inventory(_ inputs: [String], formats: Set<ReportFormat>) throws -> String {
        let out = TempDir()
        var options = AuditOptions(inputs: inputs, outDir: out.path, jobs: 2)
        options.formats = formats
        _ = try Audit.run(options)
        let summary = try String(contentsOfFile: out.path + "/summary.md", encoding: .utf8)
        guard let start = summary.range(of: "\n## Scheme inventory\n") else { return "" }
        let rest = summary[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    func testTheFirstPagesKeptAsTheyCameListWhatTheMergedPagesList() throws {
        let site = try site()
        let kept = try inventory([site.path], formats: ReportFormat.defaults)
        // Names on more than three pages; packages too.
        XCTAssertTrue(kept.contains("| intent | 36 | 24 |") && kept.contains("+21 more"), kept)
        XCTAssertTrue(kept.contains("| id.dana |"), kept)
        XCTAssertEqual(kept, try inventory([site.path], formats: ReportFormat.defaults.union([.json])))
        let files = try FileManager.default.subpathsOfDirectory(atPath: site.path).filter { $0.hasSuffix(".html") }
            .sorted().reversed().map { site.path + "/" + $0 }
        // Given in falling order: the pages do not come in rising order, so every page is merged.
        XCTAssertEqual(kept, try inventory(files, formats: ReportFormat.defaults))
    }
}
