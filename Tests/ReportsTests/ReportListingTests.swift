import XCTest
@testable import LinkAuditModel
@testable import Reports
import TestSupport

/// The listing formats' common frame (`ListingFile`): pages and their findings walked in
/// page order, findings of pages that are not inputs in their place, and JUnit's
/// association files listed after the pages with the findings kept aside for them.
final class ReportListingTests: XCTestCase {
    private func finding(_ page: String, _ line: Int) -> Finding {
        Finding(page: page, line: line, source: "a[href]", trigger: "tap", frame: "top", url: "x:" + page, code: "C",
                severity: .error, profiles: [], outcomes: [], message: "m")
    }

    func testPagesAndFindingGroupsWalkInPageOrder() {
        let pages = ["b", "d", "f"].map { PageStats(page: $0, file: nil, status: "ok", navigations: 0) }
        let findings = [finding("a", 1), finding("b", 1), finding("b", 2), finding("c", 1), finding("f", 3), finding("g", 1)]
        var walked: [String] = []
        PageGroups.walk(pages, findings.makeIterator()) { page, group in
            walked.append((page?.page ?? "-") + ":" + group.map { $0.page + String($0.line!) }.joined(separator: ","))
        }
        XCTAssertEqual(walked, ["-:a1", "b:b1,b2", "-:c1", "d:", "f:f3", "-:g1"])
        walked = []
        PageGroups.walk([], [Finding]().makeIterator()) { _, _ in walked.append("?") }
        XCTAssertEqual(walked, [])
    }

    func testJUnitListsAssociationFilesAfterThePages() throws {
        var accumulator = ReportFixture.accumulate(ReportFixture.run1)
        func association(_ url: String, _ status: String, problems: [String]? = nil) -> PageRecord {
            var record = PageRecord(page: url, file: nil, bytes: 10, status: status)
            record.association = "apple-app-site-association"
            record.problems = problems
            return record
        }
        // Before the pages in page order, so its finding is kept aside on the way.
        accumulator.add(page: association("https://a.test/.well-known/apple-app-site-association", "invalid",
                                          problems: ["not JSON"]), navigations: [])
        accumulator.add(page: association("https://z.test/.well-known/apple-app-site-association", "ok"), navigations: [])
        accumulator.add(page: association("https://m.test/.well-known/apple-app-site-association", "absent: HTTP 404"),
                        navigations: [])
        let report = accumulator.report(toolVersion: "0.1.0")
        let xml = JUnitXML.render(report)
        let plain = JUnitXML.render(ReportFixture.accumulate(ReportFixture.run1).report(toolVersion: "0.1.0"))
        let pageCases = plain.components(separatedBy: "\n").filter { $0.contains("<testcase") }
        let cases = xml.components(separatedBy: "\n").filter { $0.contains("<testcase") }
        XCTAssertEqual(Array(cases.prefix(pageCases.count)), pageCases, "the pages first, as before")
        XCTAssertEqual(cases.count, pageCases.count + 2, "absent files are no cases")
        XCTAssertEqual(cases[pageCases.count],
                       "    <testcase classname=\"linkaudit.ASSOCIATION_INVALID\" name=\"https://a.test/.well-known/apple-app-site-association\">",
                       "a file with problems: its code's case")
        XCTAssertEqual(cases[pageCases.count + 1],
                       "    <testcase classname=\"linkaudit.associations\" name=\"https://z.test/.well-known/apple-app-site-association\"/>",
                       "a file without: passes as itself")
        let tail = xml.components(separatedBy: "linkaudit.ASSOCIATION_INVALID").dropFirst().joined()
        XCTAssertTrue(tail.contains("<failure type=\"ASSOCIATION_INVALID\" message=\"ASSOCIATION_INVALID: "), tail)
        XCTAssertTrue(xml.contains("tests=\"\(pageCases.count + 2)\""))
        XCTAssertEqual(try JUnitSchema.problems(xml), [])
    }
}
