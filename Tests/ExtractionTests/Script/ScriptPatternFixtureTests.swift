import Foundation
import XCTest
import LinkAuditModel
import TestSupport

/// The script-pattern pages (`Tests/Fixtures/script-patterns/`) give exactly the records
/// their `expected.json` lists: what the differential test against Chromium compares with
/// what the engine requests.
final class ScriptPatternFixtureTests: XCTestCase {
    private struct Expected: Decodable {
        struct Record: Decodable, Hashable {
            var url: String
            var trigger: String
            var frame: String
            var delayMs: Int?
            var condition: String?
            var context: String?
        }
        var baseURL: String
        var pages: [String: [Record]]
    }

    func testEveryPageGivesItsExpectedRecords() throws {
        let expected = try JSONDecoder().decode(Expected.self, from: Fixture.data("script-patterns/expected.json"))
        let folder = Fixture.url("script-patterns")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".html") }
        XCTAssertEqual(Set(pages), Set(expected.pages.keys), "every page has its expectations, and only those")
        for page in pages.sorted() {
            let html = try String(contentsOf: folder.appendingPathComponent(page), encoding: .utf8)
            let found = Extract.all(html, page: expected.baseURL + page).map {
                Expected.Record(url: $0.url, trigger: $0.trigger.rawValue, frame: $0.frame.rawValue, delayMs: $0.delayMs,
                                condition: $0.condition, context: $0.context)
            }
            XCTAssertEqual(found, expected.pages[page], page)
        }
    }
}
