import XCTest
import LinkAuditModel
@testable import Reports
import TestSupport

/// A streamed page's `links.jsonl` lines go through a temporary file chunk by chunk
/// (`StreamedPageParts`, `LinksOutput.write(_: SpooledPageLinks)`): the file must be the
/// one `PageLinks` gives for the whole page, key collisions, pages with more verdict sets
/// than a file keeps defined at once (defined line by line) and lines across the writer's
/// read slices included.
final class StreamedPagePartsTests: XCTestCase {
    private let twins = (VerdictSet(["p": Verdict(.loads, Reason(rawValue: "r9224"))]),
                         VerdictSet(["p": Verdict(.loads, Reason(rawValue: "r10780"))]))

    private func link(_ page: String, _ line: Int, _ set: VerdictSet?, url: String = "x:y") -> Navigation {
        var navigation = Navigation(page: "https://a.example/" + page, line: line, source: "a[href]", trigger: .tap,
                                    frame: .main, raw: url, url: url, scheme: "x")
        navigation.verdicts = set
        navigation.findings = set == nil ? nil : []
        return navigation
    }

    private func write(_ pages: [[Navigation]], chunk: Int?, dir: String) throws -> String {
        let path = dir + "/links-\(chunk ?? 0).jsonl"
        let file = try LineWriter(path: path)
        let links = LinksOutput(file)
        for page in pages {
            guard let chunk else {
                var memo = VerdictSetMemo()
                links.write(PageLinks(page, memo: &memo))
                continue
            }
            let record = PageRecord(page: page[0].page, file: nil, bytes: 0, status: "ok")
            var parts = try StreamedPageParts(page: record, parts: nil, directory: dir)
            for start in stride(from: 0, to: page.count, by: chunk) {
                try parts.add(Array(page[start..<min(start + chunk, page.count)]))
            }
            XCTAssertEqual(parts.navigations, page.count)
            links.write(parts.finish(record: record).links)
        }
        XCTAssertNil(links.failure)
        try file.commit()
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    func testSpooledLinesAreThePagesLines() throws {
        let dir = TempDir()
        let many = (0..<(LinksFormat.setsInForce + 300)).map {
            link("big", $0 + 1, VerdictSet(["p": Verdict(.blocked, Reason(rawValue: "r\($0)"))]),
                 url: "x:" + String(repeating: "z", count: 300 + $0 % 7))
        }
        let long = (0..<3_000).map { link("long", $0 + 1, $0 % 3 == 0 ? nil : twins.0,
                                          url: "x:" + String(repeating: "y", count: 700 + $0 % 50)) }
        let pages = [[link("1", 1, twins.0), link("1", 2, twins.1), link("1", 3, twins.0), link("1", 4, nil)],
                     [link("2", 1, twins.1)], many, long, [link("3", 1, twins.0)]]
        let plain = try write(pages, chunk: nil, dir: dir.path)
        XCTAssertGreaterThan(plain.utf8.count, 2 << 20, "lines across the writer's 1 MB slices")
        for chunk in [1, 7, 4_096] {
            XCTAssertEqual(try write(pages, chunk: chunk, dir: dir.path), plain, "chunks of \(chunk)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasSuffix(".jsonl") }
        XCTAssertEqual(left, [], "the temporary files are unlinked")
    }
}
