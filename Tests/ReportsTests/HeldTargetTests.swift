import XCTest
@testable import LinkAuditModel
@testable import Reports

/// A link's raw text and URL read where they lie (`String.heldUTF8`, issue 17) write the
/// same `links.jsonl` line and findings.csv cells as the strings handed over: for pairs past
/// the 15 bytes a small string holds that are the same bytes, canonically equal strings in
/// different bytes (each written as its own bytes, as `Navigation.writeJSON` writes them:
/// a report shows the text as the page wrote it), and different; and short ones.
final class HeldTargetTests: XCTestCase {
    /// (raw, url) pairs: long and the same; long, equal as strings, different bytes (é
    /// precomposed and decomposed); long and different; one side small.
    private static let pairs: [(raw: String, url: String)] = [
        ("https://shop.example/pay?order=1", "https://shop.example/pay?order=1"),
        ("https://shop.example/caf\u{E9}?order=2", "https://shop.example/cafe\u{301}?order=2"),
        ("gojek://gopay/pay?ref=ORD-1 ", "gojek://gopay/pay?ref=ORD-1"),
        ("/pay", "https://dump.invalid/pay"),
        ("tel:+1", "tel:+1"),
    ]

    private func navigations() -> [Navigation] {
        Self.pairs.enumerated().map { i, pair in
            Navigation(page: "https://shop.example/checkout", line: i + 1, source: "a[href]", trigger: .tap,
                       frame: .main, raw: pair.raw, url: pair.url, scheme: "https")
        }
    }

    func testLinksLinesEqualTheLinesWrittenFieldByField() {
        let links = navigations()
        var cachedMemo = VerdictSetMemo(), plainMemo = VerdictSetMemo()
        let cached = PageLinks(links, memo: &cachedMemo, plain: false)
        let plain = PageLinks(links, memo: &plainMemo, plain: true)
        let text = String(decoding: cached.lines.array, as: UTF8.self)
        XCTAssertEqual(cached.lines.array, plain.lines.array)  // bytes, not strings
        // Canonically equal, other bytes: the URL written as its own bytes (compared as
        // bytes: String comparison would not tell the two spellings apart).
        let bytes = Array(text.utf8)
        let written = Array("\"url\":\"https://shop.example/cafe\u{301}?order=2\"".utf8)
        XCTAssertTrue((0...(bytes.count - written.count)).contains { Array(bytes[$0..<$0 + written.count]) == written })
        XCTAssertEqual(text.components(separatedBy: "\n").filter { !$0.isEmpty }.count, Self.pairs.count)
    }

    func testCSVCellsEqualTheCellsOfTheStringsHandedOver() {
        for var link in navigations() {
            var held = ByteBuffer(), handed = ByteBuffer()
            var heldCells = CSVRowCells(), handedCells = CSVRowCells()
            withUnsafePointer(to: &link) { CSVRows.appendLink($0, cells: &heldCells, to: &held) }
            CSVRows.appendLink(line: link.line, source: link.source, trigger: link.trigger.rawValue,
                               frame: link.frame.rawValue, url: link.url, raw: link.raw, cells: &handedCells,
                               to: &handed)
            XCTAssertEqual(held.bytes, handed.bytes, link.raw)
            // The URL's cell and the raw text's: one copied only when the bytes are the same.
            let cells = String(decoding: held.bytes, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
            XCTAssertEqual(Array(cells[cells.count - 3].utf8), Array(link.url.utf8), link.raw)
            XCTAssertEqual(Array(cells[cells.count - 2].utf8), Array(link.raw.utf8), link.raw)
        }
    }
}
