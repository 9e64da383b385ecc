import XCTest
@testable import LinkAuditModel
@testable import Reports

/// findings.csv's rows with the cells they repeat rendered once (`CSVRowCells`) equal the
/// rows rendered cell by cell (`CSVRows.append(_:to:)`), in both layouts, on real pages and
/// on rows made to miss the cache; and `Finding`, its fields in one shared box, is still a
/// value.
final class CSVRowCellsTests: XCTestCase {
    private static let pages = ClassifiedSamplePages.demoSiteAndArchive

    private let rules = ReportRules(
        severities: ["LANDING_PAGE_STAYS": .info],
        suppressions: [Suppression(code: "ERR_UNKNOWN_URL_SCHEME", url: Glob("mailto:*"), reason: "mail, \"app\""),
                       Suppression(page: Glob("*login*"), reason: "the login page is the app's own")])

    /// The sample pages' rows, as the workers make them (shared outcomes and messages).
    private func rows() -> [[Finding]] {
        Self.pages.map { record, navigations in
            var memo = VerdictSetMemo()
            return ReportParts(rules: rules).part(page: record, navigations: navigations, memo: &memo).rows?.findings ?? []
        }
    }

    private func plain(_ pages: [[Finding]], _ layout: CSVLayout) -> [UInt8] {
        var out = ByteBuffer()
        for findings in pages {
            var rows = CSVRows(layout: layout)
            for finding in findings { rows.append(finding, to: &out) }
        }
        return out.bytes
    }

    private func cached(_ pages: [[Finding]], _ layout: CSVLayout) -> [UInt8] {
        var out = ByteBuffer()
        var cells = CSVRowCells()
        for findings in pages {
            var rows = CSVRows(layout: layout)
            for finding in findings { rows.append(finding, cells: &cells, to: &out) }
        }
        return out.bytes
    }

    func testRowsFromRepeatedCellsEqualRowsRenderedCellByCell() {
        let pages = rows()
        XCTAssertGreaterThan(pages.joined().count, 150)
        XCTAssertTrue(pages.joined().contains { $0.suppressed != nil })
        XCTAssertTrue(pages.joined().contains { $0.profiles.count > 1 })
        for layout in [CSVLayout.long, .wide] {
            XCTAssertEqual(cached(pages, layout), plain(pages, layout), "\(layout)")
            // Twice over, the second time from cells made the first.
            XCTAssertEqual(cached(pages + pages, layout), plain(pages + pages, layout), "\(layout)")
        }
    }

    /// Rows whose arrays and strings are their own (read back from a spill) and rows that
    /// differ from a cached one in one field only get their own bytes.
    /// A page's CSV fragment whose repeated cells are found by each finding's origin (its
    /// link, its group) equals the one found by the findings' fields, in both layouts, each
    /// page twice (the cells kept from page to page), with severities and suppressions of
    /// the run's own, and with a page's findings mixed with page-scope ones.
    func testRowsFoundByOriginEqualRowsFoundByFields() {
        var checked = 0
        for layout in [CSVLayout.long, .wide] {
            let formats = FragmentFormats(csv: true, csvLayout: layout)
            for (record, navigations) in Self.pages + Self.pages {
                var byOrigin = VerdictSetMemo(), byFields = VerdictSetMemo()
                let a = ReportParts(rules: rules, fragments: formats).part(page: record, navigations: navigations, memo: &byOrigin)
                let b = ReportParts(rules: rules, fragments: formats, originsKeyCSV: false)
                    .part(page: record, navigations: navigations, memo: &byFields)
                XCTAssertEqual(a.rows?.findings, b.rows?.findings, record.page)
                XCTAssertEqual(a.fragments?[.csv], b.fragments?[.csv], record.page)
                XCTAssertEqual(a.fragments?[.csv], PageFragments(a, formats: formats)?[.csv], record.page)
                checked += a.fragments?[.csv].count ?? 0
            }
        }
        XCTAssertGreaterThan(checked, 10_000)

        // A page-scope finding among link findings, and links whose rows are alike but for one cell.
        let record = PageRecord(page: "https://shop.example/a", file: "a.html", bytes: 10, status: "unreadable: read error")
        let formats = FragmentFormats(csv: true)
        let navigations = Self.pages.max { $0.navigations.count < $1.navigations.count }!.navigations
            .map { link -> Navigation in
                var link = link
                link.page = record.page
                return link
            }
        var byOrigin = VerdictSetMemo(), byFields = VerdictSetMemo()
        let a = ReportParts(rules: rules, fragments: formats).part(page: record, navigations: navigations, memo: &byOrigin)
        let b = ReportParts(rules: rules, fragments: formats, originsKeyCSV: false)
            .part(page: record, navigations: navigations, memo: &byFields)
        XCTAssertFalse(a.pageFindings.isEmpty)
        XCTAssertEqual(a.fragments?[.csv], b.fragments?[.csv])
    }

    func testRowsThatOnlyLookAlikeGetTheirOwnCells() {
        let findings = Array(rows().joined())
        var decoded: [Finding] = []
        for finding in findings {
            var bytes: [UInt8] = []
            finding.encode(into: &bytes)
            decoded.append(bytes.withUnsafeBufferPointer { Finding.decode($0) })
        }
        XCTAssertEqual(decoded, findings)
        var changed: [Finding] = []
        for (i, finding) in findings.enumerated() {
            var other = finding
            switch i % 8 {
            case 0: other.message += " — \"quoted\", again"
            case 1: other.suppressed = other.suppressed == nil ? "=formula" : nil
            case 2: other.baseline = [.new, .persisting, .fixed][i % 3]
            case 3: other.severity = other.severity == .error ? .warning : .error
            case 4: other.profiles = other.profiles.reversed()
            case 5: other.raw = "-" + other.raw
            case 6: other.page += "?x,y"
            default: other.file = other.file == nil ? "a\"b" : nil
            }
            changed.append(other)
        }
        for layout in [CSVLayout.long, .wide] {
            let pages = [findings, decoded, changed, findings]
            XCTAssertEqual(cached(pages, layout), plain(pages, layout), "\(layout)")
        }
    }

    func testAFindingIsAValue() {
        let finding = Array(rows().joined())[0]
        var copy = finding
        XCTAssertEqual(copy, finding)
        copy.message = "changed"
        copy.profiles.append("another")
        XCTAssertNotEqual(copy, finding)
        XCTAssertNotEqual(finding.message, "changed")
        XCTAssertFalse(finding.profiles.contains("another"))
        copy = finding
        copy.line = (finding.line ?? 0) + 1
        XCTAssertNotEqual(copy, finding)
        copy.line = finding.line
        XCTAssertEqual(copy, finding, "equal field by field, though no longer shared")
    }
}
