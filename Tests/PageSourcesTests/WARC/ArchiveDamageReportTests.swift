import Foundation
@testable import LinkAudit
import PageSources
import TestSupport
import XCTest

/// Damage in an archive through the whole audit: a record in pages.jsonl naming the file
/// and the bytes, a count in summary.md, and the pages after it read as if nothing happened.
final class ArchiveDamageReportTests: XCTestCase {
    private struct Run {
        var pages: [String]
        var links: [String]
        var summary: String
        var path: String
    }

    private func audit(_ bytes: [UInt8], name: String, maxPageBytes: Int = PageReader.defaultMaxBytes) throws -> Run {
        let dir = TempDir()
        let path = dir.write(name, data: Data(bytes))
        let out = dir.path + "/out"
        var options = AuditOptions(inputs: [path], outDir: out, jobs: 2, maxPageBytes: maxPageBytes)
        options.formats = [.md, .jsonl]
        _ = try Audit.run(options)
        let read = { (file: String) in try String(contentsOfFile: out + "/" + file, encoding: .utf8) }
        return Run(pages: try read("pages.jsonl").split(separator: "\n").map(String.init),
                   links: try LinksFile.navigationLines(out + "/links.jsonl"),
                   summary: try read("summary.md"), path: path)
    }

    func testCorruptGzipMemberIsARecordInPagesAndCountedInTheSummary() throws {
        let members = ["one", "two", "three"].map { WARCBytes.gzip(WARCBytes.page($0, filler: 40)) }
        var damaged = members[1]
        damaged[10] = 0xFF
        let run = try audit(members[0] + damaged + members[2], name: "crawl.warc.gz")
        XCTAssertEqual(run.pages.count, 3, run.pages.joined(separator: "\n"))
        guard run.pages.count == 3 else { return }
        let start = members[0].count, end = start + damaged.count - 1
        let damage = run.pages[1]
        XCTAssertNotNil(damage.range(of: #""file":"[^"]*crawl\.warc\.gz#bytes=\#(start)-\#(end)""#, options: .regularExpression),
                        damage)
        XCTAssertTrue(damage.contains(#""status":"unreadable: damaged archive: corrupt gzip member (invalid block type)"#),
                      damage)
        XCTAssertTrue(damage.contains(#""bytes":\#(damaged.count),"#), damage)
        XCTAssertTrue(run.pages[2].contains(#""page":"https://shop.example/three""#))
        XCTAssertTrue(run.links.contains { $0.contains(#""page":"https://shop.example/three""#) && $0.contains("tail=three") })
        XCTAssertTrue(run.summary.contains("| damaged archive stretches | 1 |"), run.summary)
    }

    func testTooBigContentLengthLeavesEachPageItsOwnLinks() throws {
        let run = try audit(WARCBytes.page("one") { $0 + 5000 } + WARCBytes.page("two"), name: "crawl.warc")
        XCTAssertEqual(run.pages.count, 2, run.pages.joined(separator: "\n"))
        let two = try XCTUnwrap(run.links.first { $0.contains("gojek://pay?on=two") })
        XCTAssertTrue(two.contains(#""page":"https://shop.example/two""#), two)
        XCTAssertFalse(run.summary.contains("damaged archive stretches"))
    }

    func testGzipBombIsReadUpToThePageLimit() throws {
        let body = Array(#"<html><a href="gojek://pay?before=cut">pay</a>"#.utf8) + [UInt8](repeating: 0x20, count: 64 << 20)
            + Array(#"<a href="dana://after-the-cut">x</a></html>"#.utf8)
        let block = WARCBytes.http(WARCBytes.gzip(body, level: 9), headers: ["Content-Type: text/html", "Content-Encoding: gzip"])
        let run = try audit(WARCBytes.record(uri: "https://shop.example/bomb", block: block), name: "bomb.warc",
                            maxPageBytes: 1 << 20)
        XCTAssertEqual(run.pages.count, 1)
        guard run.pages.count == 1 else { return }
        XCTAssertTrue(run.pages[0].contains(
            #""status":"too-large: the body is over 1048576 bytes and was cut there; links after the cut are missing""#),
            run.pages[0])
        XCTAssertEqual(run.links.count, 1)
        XCTAssertEqual(run.links.first?.contains("gojek://pay?before=cut"), true)
    }
}
