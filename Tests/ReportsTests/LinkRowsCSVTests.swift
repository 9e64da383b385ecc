import XCTest
@testable import LinkAuditModel
@testable import Reports
import TestSupport

/// A page's findings.csv share rendered straight from its links (`LinkRowsCSV`, when the
/// run leaves the rows to the fragments) equals the share rendered from findings made for
/// it (`ReportParts(rowsFromLinks: false)`, the plain way), in both layouts, with the run's
/// severities and suppressions, on the sample pages twice (the cells kept from page to
/// page), on pages whose links come out of line order and on pages whose links share a
/// line; and the counts are the same.
final class LinkRowsCSVTests: XCTestCase {
    private static let pages = ClassifiedSamplePages.demoSiteAndArchive

    private let rules = ReportRules(
        severities: ["LANDING_PAGE_STAYS": .info],
        suppressions: [Suppression(code: "ERR_UNKNOWN_URL_SCHEME", url: Glob("mailto:*"), reason: "mail, \"app\""),
                       Suppression(page: Glob("*login*"), reason: "the login page is the app's own")])

    /// The sample pages, then each again with its links shuffled (lines kept, so rows must
    /// be put back in line order), then with every link on one line (ordered by code,
    /// then URL).
    private var pages: [(record: PageRecord, navigations: [Navigation])] {
        var numbers = SeededNumbers(state: 17)
        let shuffled = Self.pages.map { page -> (record: PageRecord, navigations: [Navigation]) in
            var links = page.navigations
            for i in links.indices.reversed() where i > 0 { links.swapAt(i, numbers.next(i + 1)) }
            return (page.record, links)
        }
        let oneLine = Self.pages.map { page -> (record: PageRecord, navigations: [Navigation]) in
            (page.record, page.navigations.reversed().map { link in
                var link = link
                link.line = 7
                return link
            })
        }
        return Self.pages + Self.pages + shuffled + oneLine
    }

    func testRowsFromLinksEqualRowsFromFindings() {
        var checked = 0, fromLinks = 0
        for layout in [CSVLayout.long, .wide] {
            let formats = FragmentFormats(csv: true, csvLayout: layout)
            let direct = ReportParts(rules: rules, fragments: formats, coveredRows: false)
            let plain = ReportParts(rules: rules, fragments: formats, coveredRows: false, rowsFromLinks: false)
            for (record, navigations) in pages {
                var memo = VerdictSetMemo(), plainMemo = VerdictSetMemo()
                let a = direct.part(page: record, navigations: navigations, memo: &memo)
                let b = plain.part(page: record, navigations: navigations, memo: &plainMemo)
                XCTAssertEqual(a.fragments?[.csv], b.fragments?[.csv], "\(record.page), \(layout)")
                XCTAssertNil(a.rows)
                XCTAssertNil(b.rows)
                XCTAssertEqual(a.tally.findings, b.tally.findings, record.page)
                XCTAssertEqual(a.tally.suppressed, b.tally.suppressed, record.page)
                XCTAssertEqual(a.tally.codeProfiles, b.tally.codeProfiles, record.page)
                XCTAssertEqual(a.tally.byPage, b.tally.byPage, record.page)
                checked += a.fragments?[.csv].count ?? 0
                if direct.linkRows(record, navigations, pageFindings: a.pageFindings) { fromLinks += 1 }
                XCTAssertFalse(plain.linkRows(record, navigations, pageFindings: a.pageFindings))
            }
        }
        XCTAssertGreaterThan(checked, 40_000)
        XCTAssertGreaterThan(fromLinks, pages.count, "most pages' rows are made from their links")
    }

    /// A group's cells found by what decides them (`CSVRowCells.LinkTextKey`, a table kept
    /// from page to page) equal the cells found by the outcomes' address and the fields (the
    /// plain way), in both layouts, with severities and suppressions, the pages met twice and
    /// out of order.
    func testCellsFoundByKeyEqualCellsFoundByFields() {
        var checked = 0
        for layout in [CSVLayout.long, .wide] {
            let parts = ReportParts(rules: rules, fragments: FragmentFormats(csv: true, csvLayout: layout),
                                    coveredRows: false)
            for (record, navigations) in pages + pages.reversed() {
                var memo = VerdictSetMemo(), plainMemo = VerdictSetMemo()
                let keyed = parts.part(page: record, navigations: navigations, memo: &memo)
                let plain = CSVRowCells.$findsCellsByKey.withValue(false) {
                    parts.part(page: record, navigations: navigations, memo: &plainMemo)
                }
                XCTAssertEqual(keyed.fragments?[.csv], plain.fragments?[.csv], "\(record.page), \(layout)")
                checked += keyed.fragments?[.csv].count ?? 0
            }
        }
        XCTAssertGreaterThan(checked, 40_000)
    }

    /// A page with a page-scope finding, or a link of another page, keeps the plain way:
    /// its rows are not its links' alone.
    func testPagesWhoseRowsAreNotTheirLinksAloneAreMadeFromFindings() {
        let formats = FragmentFormats(csv: true)
        let parts = ReportParts(rules: rules, fragments: formats, coveredRows: false)
        func withFindings(_ page: (record: PageRecord, navigations: [Navigation])) -> Int {
            page.navigations.filter { !($0.findings?.isEmpty ?? true) }.count
        }
        let page = Self.pages.max { withFindings($0) < withFindings($1) }!
        XCTAssertGreaterThan(withFindings(page), 2)
        XCTAssertTrue(parts.linkRows(page.record, page.navigations, pageFindings: []))
        let unreadable = PageRecord(page: page.record.page, file: "a.html", bytes: 10, status: "unreadable: read error")
        var memo = VerdictSetMemo()
        let part = parts.part(page: unreadable, navigations: page.navigations, memo: &memo)
        XCTAssertFalse(part.pageFindings.isEmpty)
        XCTAssertFalse(parts.linkRows(unreadable, page.navigations, pageFindings: part.pageFindings))
        var other = page.navigations
        let withFindings = other.firstIndex { !($0.findings?.isEmpty ?? true) }!
        other[withFindings].page = "https://elsewhere.example/"
        XCTAssertFalse(parts.linkRows(page.record, other, pageFindings: []))
        var plainMemo = VerdictSetMemo()
        memo = VerdictSetMemo()
        let a = parts.part(page: page.record, navigations: other, memo: &memo)
        let b = ReportParts(rules: rules, fragments: formats, coveredRows: false, rowsFromLinks: false)
            .part(page: page.record, navigations: other, memo: &plainMemo)
        XCTAssertNil(a.fragments)
        XCTAssertEqual(a.rows?.findings, b.rows?.findings)
    }
}
