import XCTest
@testable import Reports
import TestSupport

/// The JSON Lines reader: lines across its 1 MiB chunks, CRLF and blank lines, and a line
/// over the limit skipped by number instead of held (a hostile or damaged links.jsonl).
final class ReportJSONLinesTests: XCTestCase {
    private func read(_ text: String, maxLineBytes: Int = JSONLines.defaultMaxLineBytes)
        throws -> (lines: [String], overlong: [Int]) {
        let dir = TempDir()
        let path = dir.write("links.jsonl", text)
        var lines: [String] = []
        var overlong: [Int] = []
        try JSONLines(path: path, maxLineBytes: maxLineBytes).forEach(overlong: { overlong.append($0) }) { number, line in
            lines.append("\(number):" + String(decoding: line, as: UTF8.self))
        }
        return (lines, overlong)
    }

    func testLinesAcrossChunksKeepTheirNumbers() throws {
        let long = String(repeating: "x", count: 3 << 20)  // spans four chunks
        let result = try read("a\r\n\n  \n\(long)\nb")
        XCTAssertEqual(result.lines.map { $0.prefix(10) }, ["1:a", "4:" + String(repeating: "x", count: 8), "5:b"])
        XCTAssertEqual(result.lines[1].count, 2 + (3 << 20))
        XCTAssertEqual(result.overlong, [])
    }

    func testALineOverTheLimitIsSkippedAndNamed() throws {
        let long = String(repeating: "y", count: (2 << 20) + 5)
        let result = try read("first\n\(long)\nthird\n\(long)", maxLineBytes: 1 << 20)
        XCTAssertEqual(result.lines, ["1:first", "3:third"])
        XCTAssertEqual(result.overlong, [2, 4])
    }

    func testTheReaderWarnsWithFileAndLine() throws {
        let dir = TempDir()
        var bytes = Data(repeating: UInt8(ascii: "z"), count: JSONLines.defaultMaxLineBytes + 10)
        bytes.append(0x0A)
        let path = dir.write("links.jsonl", data: bytes)
        var warnings: [String] = []
        try LinksJSONLReader.navigations(path, warn: { warnings.append($0) }) { _, _ in XCTFail("nothing to read") }
        XCTAssertEqual(warnings, ["\(path):1: the line is over 64 MiB and was skipped"])
    }
}
