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

    /// `bounds`: the page's memo let go of past `memo` sets, and definitions past `kept`
    /// spilled to the page's file (nil: the run's bounds).
    private func write(_ pages: [[Navigation]], chunk: Int?, dir: String,
                       bounds: (memo: Int, kept: Int)? = nil) throws -> String {
        let path = dir + "/links-\(chunk ?? 0)-\(bounds.map { "\($0.memo)-\($0.kept)" } ?? "").jsonl"
        let file = try LineWriter(path: path)
        let links = LinksOutput(file)
        for page in pages {
            guard let chunk else {
                var memo = VerdictSetMemo()
                links.write(PageLinks(page, memo: &memo))
                continue
            }
            let record = PageRecord(page: page[0].page, file: nil, bytes: 0, status: "ok")
            var parts = try bounds.map {
                try StreamedPageParts(page: record, parts: nil, directory: dir, memoLimit: $0.memo, keptDefinitions: $0.kept)
            } ?? StreamedPageParts(page: record, parts: nil, directory: dir)
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

    /// A page's memo let go of after every few sets, its definitions past the first few in
    /// its file: a set met again after the memo was let go of keeps its definition (and
    /// key, the colliding twins' included), a spilled definition is read back wherever the
    /// writer defines it again.
    func testBoundedPagesGiveThePlainLines() throws {
        let dir = TempDir()
        let sets = (0..<40).map { VerdictSet(["p": Verdict(.blocked, Reason(rawValue: "s\($0)"))]) }
        // The same sets again and again, made apart (equal by value, not shared), and the twins.
        var mixed: [Navigation] = []
        for line in 0..<600 {
            let set: VerdictSet? = line % 11 == 0 ? nil : line % 5 == 0 ? (line % 2 == 0 ? twins.0 : twins.1)
                : VerdictSet(["p": Verdict(.blocked, Reason(rawValue: "s\((line * 7) % 40)"))])
            mixed.append(link("mixed", line + 1, set))
        }
        let shared = (0..<300).map { link("shared", $0 + 1, sets[($0 * 13) % 40]) }
        let many = (0..<(LinksFormat.setsInForce + 500)).map {
            link("big", $0 + 1, VerdictSet(["p": Verdict(.blocked, Reason(rawValue: "r\($0 % (LinksFormat.setsInForce + 200))"))]))
        }
        let pages = [mixed, [link("1", 1, twins.1)], shared, many, [link("3", 1, twins.0), link("3", 2, sets[3])]]
        let plain = try write(pages, chunk: nil, dir: dir.path)
        for (chunk, bounds) in [(7, (memo: 3, kept: 2)), (1, (memo: 1, kept: 0)), (64, (memo: 10, kept: 5)),
                                (4_096, (memo: 100, kept: 1_000))] {
            XCTAssertEqual(try write(pages, chunk: chunk, dir: dir.path, bounds: bounds), plain,
                           "chunks of \(chunk), memo \(bounds.memo), \(bounds.kept) kept")
        }
    }
}
