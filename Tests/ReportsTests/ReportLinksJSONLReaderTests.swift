import XCTest
@testable import LinkAuditModel
@testable import Reports
import TestSupport

/// links.jsonl and pages.jsonl read back exactly as they were written; a malformed line
/// is one warning naming the file and line, and the rest is read.
final class ReportLinksJSONLReaderTests: XCTestCase {
    func testRoundTrip() throws {
        for page in ReportFixture.run1 {
            for navigation in page.navigations {
                XCTAssertEqual(try LinksJSONLReader.navigation(navigation.jsonLine), navigation, navigation.jsonLine)
            }
        }
        let intent = ReportFixture.run1[1].navigations[2]
        XCTAssertEqual(try LinksJSONLReader.navigation(intent.jsonLine).verdicts?["android-sdk"]?.details,
                       ["target": "id.dana"], "details are flattened next to outcome and reason")
    }

    func testPagesRoundTrip() throws {
        let dir = TempDir()
        ReportFixture.write(ReportFixture.run1, to: dir.path)
        var pages: [PageRecord] = []
        try LinksJSONLReader.pages(dir.path + "/pages.jsonl", warn: { XCTFail($0) }) { record, _ in pages.append(record) }
        XCTAssertEqual(pages, ReportFixture.run1.map(\.record))
    }

    func testMalformedLinesAreReportedAndSkipped() throws {
        let good = ReportFixture.run1[1].navigations[1].jsonLine
        let dir = TempDir()
        let path = dir.write("links.jsonl", [
            good,
            "{not json",
            #"{"page":"https://x/"}"#,
            "",
            good.replacingOccurrences(of: #""trigger":"tap""#, with: #""trigger":"teleport""#),
            good.replacingOccurrences(of: #""outcome":"error-page""#, with: #""outcome":"exploded""#),
            good + "\r",
        ].joined(separator: "\n"))
        var warnings: [String] = []
        var read: [Navigation] = []
        try LinksJSONLReader.navigations(path, warn: { warnings.append($0) }) { navigation, _ in read.append(navigation) }
        XCTAssertEqual(read.count, 2)
        XCTAssertEqual(warnings.count, 4, "\(warnings)")
        XCTAssertEqual(warnings[0], "\(path):2: not valid JSON")
        XCTAssertEqual(warnings[1], "\(path):3: missing key 'line'")
        XCTAssertTrue(warnings[2].hasPrefix("\(path):5: trigger: "), warnings[2])
        XCTAssertTrue(warnings[3].hasPrefix("\(path):6: verdicts."), warnings[3])
        XCTAssertTrue(warnings.allSatisfy { !$0.contains("\n") })
    }

    func testLinesLongerThanAChunk() throws {
        var navigation = ReportFixture.run1[1].navigations[1]
        navigation.url = "dana://pay?blob=" + String(repeating: "x", count: 3 << 20)
        let dir = TempDir()
        let path = dir.write("links.jsonl", navigation.jsonLine + "\n" + navigation.jsonLine)
        var count = 0
        try LinksJSONLReader.navigations(path, warn: { XCTFail($0) }) { read, _ in
            XCTAssertEqual(read, navigation)
            count += 1
        }
        XCTAssertEqual(count, 2)
    }

    func testPagesPathBesideLinks() {
        XCTAssertEqual(LinksJSONLReader.pagesPath(forLinks: "Reports/demo/links.jsonl"), "Reports/demo/pages.jsonl")
        XCTAssertEqual(LinksJSONLReader.pagesPath(forLinks: "night1.links.jsonl"), "night1.pages.jsonl")
        XCTAssertEqual(LinksJSONLReader.pagesPath(forLinks: "/tmp/run/export.jsonl"), "/tmp/run/pages.jsonl")
    }

    func testMissingFileIsAUsageError() {
        XCTAssertThrowsError(try LinksJSONLReader.navigations("/nonexistent/links.jsonl", warn: { _ in }) { _, _ in }) {
            XCTAssertEqual($0 as? LinkAuditError, .usage("cannot read /nonexistent/links.jsonl"))
        }
    }
}
