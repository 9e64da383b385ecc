import Foundation
import XCTest
@testable import LinkAudit
@testable import Reports
import TestSupport

/// Which worker reads a page, and which memo, recent-set table and cell set it takes up
/// (`WorkerShelf`), changes no byte of any report: four workers write what one writes.
final class WorkersAgreeTests: XCTestCase {
    /// Pages whose deep links repeat from page to page (so every worker's tables are reused
    /// across pages), in frames, scripts and fallbacks, with links of their own besides.
    private func site() throws -> TempDir {
        let dir = TempDir()
        let wallets = ["gojek://gopay/pay?id=", "dana://pay?order=", "kakaotalk://kakaopay/pg?t=", "paypay://payment?link=",
                       "intent://pay/#Intent;scheme=gcash;package=com.globe.gcash.android;S.browser_fallback_url=https%3A%2F%2Fm.gcash.com%2F;end;?x=",
                       "tel:+6221555", "mailto:pay@example.com?subject="]
        for page in 0..<48 {
            var html = "<!DOCTYPE html><html><head><title>checkout \(page)</title></head><body>\n"
            for (i, wallet) in wallets.enumerated() where (page + i) % 3 != 0 {
                html += "<a href=\"\(wallet)\(page % 5)\">pay \(i)</a>\n"
            }
            html += "<iframe src=\"\(wallets[page % wallets.count])frame\"></iframe>\n"
            html += "<script>setTimeout(function(){ location.href = '\(wallets[(page + 1) % 4])\(page)'; }, \(page % 3) * 400);</script>\n"
            html += "<a href=\"https://shop.example/order/\(page)\">order</a> <a href=\"/help\">help</a>\n</body></html>\n"
            dir.write("p\(page % 4)/page\(page).html", html)
        }
        return dir
    }

    private func files(_ site: TempDir, jobs: Int) throws -> [String: Data] {
        let out = TempDir()
        var options = AuditOptions(inputs: [site.path], outDir: out.path, jobs: jobs)
        options.formats = Set(ReportFormat.allCases)
        _ = try Audit.run(options)
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: out.path) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: out.path + "/" + name))
        }
        return files
    }

    func testFourWorkersWriteWhatOneWrites() throws {
        let site = try site()
        let one = try files(site, jobs: 1)
        XCTAssertEqual(Set(one.keys), Set(ReportFormat.allCases.map(\.fileName) + ["pages.jsonl"]))
        XCTAssertGreaterThan(one["links.jsonl"]?.count ?? 0, 10_000)
        for _ in 0..<3 {
            let four = try files(site, jobs: 4)
            XCTAssertEqual(Set(four.keys), Set(one.keys))
            for (name, bytes) in one {
                XCTAssertTrue(four[name] == bytes, "\(name) differs with four workers")
            }
        }
    }
}
