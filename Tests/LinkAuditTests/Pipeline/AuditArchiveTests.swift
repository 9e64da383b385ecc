import XCTest
@testable import LinkAudit
import TestSupport

/// WARC archives through the whole crawl stage: pages.jsonl counts match the archive.
final class AuditArchiveTests: XCTestCase {
    private func audit(_ relative: String) throws -> (summary: AuditSummary, pages: [String], links: [String]) {
        let out = TempDir()
        let options = AuditOptions(inputs: [Fixture.url(relative).path], outDir: out.path, jobs: 2)
        let summary = try Audit.run(options)
        let pages = try String(contentsOfFile: out.path + "/pages.jsonl", encoding: .utf8).split(separator: "\n").map(String.init)
        let links = try LinksFile.navigationLines(out.path + "/links.jsonl")
        return (summary, pages, links)
    }

    func testSyntheticArchivePlainAndGzipGiveTheSamePages() throws {
        let plain = try audit("warc/synthetic/deeplinks-sample.warc")
        let gzip = try audit("warc/synthetic/deeplinks-sample.warc.gz")
        // 21 HTML responses, the 302 to intent://, the Refresh-header page, the HTML resource record.
        XCTAssertEqual(plain.pages.count, 24)
        XCTAssertEqual(plain.summary.archiveRecords["response"], 25)
        XCTAssertEqual(plain.summary.archiveRecords["request"], 21)
        XCTAssertEqual(plain.summary.archiveRecords["revisit"], 1)
        XCTAssertEqual(plain.summary.archiveRecords["metadata"], 1)
        XCTAssertEqual(plain.summary.archiveRecords["skipped-not-html"], 2)  // the PNG and the JSON
        XCTAssertEqual(gzip.summary.archiveRecords, plain.summary.archiveRecords)
        let strip = { (lines: [String]) in lines.map { $0.replacingOccurrences(of: #""file":"[^"]*","#, with: "", options: .regularExpression) } }
        XCTAssertEqual(strip(gzip.pages), strip(plain.pages))
        XCTAssertEqual(gzip.links, plain.links)
        XCTAssertTrue(plain.summary.archiveNotes.isEmpty, "\(plain.summary.archiveNotes)")
    }

    func testRedirectAndRefreshHeadersBecomeNavigations() throws {
        let run = try audit("warc/synthetic/deeplinks-sample.warc.gz")
        let redirect = try XCTUnwrap(run.links.first { $0.contains(#""source":"http[Location]""#) })
        XCTAssertTrue(redirect.contains(#""trigger":"server-redirect""#))
        XCTAssertTrue(redirect.contains(#""scheme":"intent""#))
        XCTAssertTrue(run.pages.contains { $0.contains(#""page":"https://shortlink.example/scan""#) && $0.contains(#""httpStatus":302"#) })
        let refresh = try XCTUnwrap(run.links.first { $0.contains(#""source":"http[Refresh]""#) })
        XCTAssertTrue(refresh.contains(#""scheme":"itms-apps""#))
    }

    func testDamagedArchiveIsReportedAndTheRunGoesOn() throws {
        // warcio's truncated example: the response's Content-Length is 2 bytes short (the end
        // of its gzip body). The record runs on to the next record's start, so the page is
        // read whole, with the wrong length as its warning, and nothing is skipped.
        let run = try audit("warc/real-warcio/example-trunc.warc")
        XCTAssertEqual(run.pages.count, 1)
        XCTAssertTrue(run.pages[0].contains(#""warning":"Content-Length 973 does not match the record (it holds 975 bytes)""#),
                      run.pages[0])
        XCTAssertTrue(run.pages[0].contains(#""status":"ok""#), run.pages[0])
        XCTAssertTrue(run.pages[0].contains(#""navigations":1,"#), run.pages[0])
        XCTAssertTrue(run.summary.archiveNotes.isEmpty, "\(run.summary.archiveNotes)")
    }
}
