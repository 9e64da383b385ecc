import XCTest
import LinkAuditModel
import Checks
@testable import Reports
import TestSupport

/// Page records (with their counts) and the scheme inventory's pages go to spills of their
/// own and come back merged in page order (`PageSpill`, `SchemeInventory`): with a bound of
/// one byte every record is a run on disk, and the reports must be the bytes of a run that
/// kept them all in memory — pages added twice, page-scope findings, counts of a page made
/// by another page's part, association files and a baseline included.
final class ReportPageSpillTests: XCTestCase {
    private let formats = ReportFormat.allCases.filter { $0 != .jsonl }
    private let site = ReportFixture.site

    private func association(_ name: String, _ status: String, problems: [String]? = nil) -> PageRecord {
        var record = PageRecord(page: "https://\(name)/.well-known/apple-app-site-association", file: nil, bytes: 10,
                                status: status)
        record.association = "apple-app-site-association"
        record.problems = problems
        return record
    }

    /// The checkout page's links, as links of `page`.
    private func checkout(on page: String) -> [Navigation] {
        ReportFixture.run1[1].navigations.map { navigation in
            var moved = navigation
            moved.page = site + page
            return moved
        }
    }

    /// run2, then run1 (every page twice), two pages whose records disagree (unreadable,
    /// then read with links; read, then unreadable), association files (one twice).
    private var pages: [ReportFixture.Page] {
        let count = ReportFixture.run1[1].navigations.count
        return ReportFixture.run2 + [
            (association("z.test", "invalid", problems: ["not JSON"]), []),
            (PageRecord(page: site + "flip/", file: "flip.html", bytes: 5, status: "unreadable: permission denied"), []),
            (PageRecord(page: site + "flop/", file: "flop.html", bytes: 5, status: "ok", navigations: 2),
             Array(checkout(on: "flop/").prefix(2))),
            (association("a.test", "absent: HTTP 404"), []),
        ] + ReportFixture.run1 + [
            (PageRecord(page: site + "flip/", file: "flip.html", bytes: 5, status: "ok", navigations: count),
             checkout(on: "flip/")),
            (PageRecord(page: site + "flop/", file: "flop.html", bytes: 5, status: "unreadable: gone"), []),
            (association("z.test", "ok"), []),
            (PageRecord(page: site + "other/", file: "other.html", bytes: 5, status: "ok", navigations: count),
             checkout(on: "other/")),
        ]
    }

    private func accumulate(_ pages: [ReportFixture.Page], bound: Int, directory: String) -> ReportAccumulator {
        var accumulator = ReportAccumulator(rules: ReportFixture.rules,
                                            spill: SpillLimits(directory: directory, batchBytes: bound))
        for page in pages { accumulator.add(page: page.record, navigations: page.navigations) }
        return accumulator
    }

    func testSpilledPageRecordsGiveTheReportsOfRecordsHeldInMemory() throws {
        let dir = TempDir()
        let baseline = Baseline(label: "night1", findings: Array(ReportFixture.accumulate(ReportFixture.run1).report().findings))
        let spilled = accumulate(pages, bound: 1, directory: dir.path)
        let inMemory = accumulate(pages, bound: .max, directory: dir.path)
        XCTAssertGreaterThan(spilled.spilledPageRuns.pages, pages.count - 4, "a run for every record")
        XCTAssertGreaterThan(spilled.spilledPageRuns.inventory, 4)
        XCTAssertEqual(spilled.pagesInMemory, 0, "no page record held past the bound")
        XCTAssertEqual(inMemory.spilledPageRuns.pages, 0)
        XCTAssertEqual(inMemory.pagesInMemory, pages.filter { !$0.record.isAssociation }.count, "every record")
        for base in [nil, baseline] {
            let a = spilled.report(baseline: base, toolVersion: "0.1.0")
            let b = inMemory.report(baseline: base, toolVersion: "0.1.0")
            XCTAssertEqual(a.summary, b.summary)
            XCTAssertEqual(a.pages, b.pages)
            XCTAssertEqual(a.inventory, b.inventory)
            for format in formats {
                XCTAssertEqual(ReportFiles.render(format, a), ReportFiles.render(format, b), "\(format), baseline: \(base != nil)")
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "the spills are unlinked")
    }

    /// What a page added twice comes to, as the reports have always had it: one row, its
    /// first record's status and page-scope findings, every record's navigations.
    func testAPageAddedTwiceIsItsFirstRecordWithEveryNavigation() throws {
        let dir = TempDir()
        let report = accumulate(pages, bound: 1, directory: dir.path).report(toolVersion: "0.1.0")
        let rows = Array(report.pages)
        XCTAssertEqual(rows.map(\.page), rows.map(\.page).sorted())
        XCTAssertEqual(Set(rows.map(\.page)).count, rows.count, "each page once")
        XCTAssertEqual(report.summary.pages, ReportFixture.run1.count + 3)
        XCTAssertEqual(report.pages.count, rows.count)
        let checkout = ReportFixture.run1[1].navigations.count
        let flip = try XCTUnwrap(rows.first { $0.page == site + "flip/" })
        XCTAssertEqual(flip.status, "unreadable: permission denied")
        XCTAssertEqual(flip.navigations, checkout)
        let flop = try XCTUnwrap(rows.first { $0.page == site + "flop/" })
        XCTAssertEqual(flop.status, "ok")
        XCTAssertEqual(flop.navigations, 2)
        let unreadable = Array(report.findings).filter { $0.code == "PAGE_UNREADABLE" }.map(\.page)
        XCTAssertEqual(unreadable, [site + "broken/logo.html", site + "flip/"], "once each, first records only")
        XCTAssertEqual(report.summary.unreadable, 2)
        // Both records' findings count on the page's row: checkout/ was added twice.
        let findingsOnCheckout = Array(report.findings).filter { $0.page == site + "checkout/" && $0.isActive }.count
        let checkoutRow = try XCTUnwrap(rows.first { $0.page == site + "checkout/" })
        XCTAssertEqual(checkoutRow.errors + checkoutRow.warnings + checkoutRow.infos, findingsOnCheckout)
        XCTAssertGreaterThan(findingsOnCheckout, 0)
        let flipFindings = Array(report.findings).filter { $0.page == site + "flip/" && $0.isActive }.count
        XCTAssertEqual(flip.errors + flip.warnings + flip.infos, flipFindings)
        XCTAssertEqual(report.associationFiles.map(\.status), ["absent: HTTP 404", "invalid"], "the first of z.test")
        let invalid = try XCTUnwrap(report.associationFiles.last)
        XCTAssertGreaterThan(invalid.errors + invalid.warnings + invalid.infos + invalid.suppressed, 0,
                             "its ASSOCIATION_INVALID counted on it")
    }

    /// The inventory's links and pages against the plain count: every deep link, its page
    /// in a set per scheme and per intent package.
    func testTheInventoryCountsEachPageOnceFromTheSpill() {
        let dir = TempDir()
        let report = accumulate(pages, bound: 1, directory: dir.path).report()
        var links: [String: Int] = [:]
        var onPages: [String: Set<String>] = [:]
        for (record, navigations) in pages where !record.isAssociation {
            for navigation in navigations where WebSchemes.isDeepLink(navigation.scheme) {
                links[navigation.scheme, default: 0] += 1
                onPages[navigation.scheme, default: []].insert(record.page)
            }
        }
        XCTAssertFalse(links.isEmpty)
        let entries = report.inventory.schemes
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0.links) }), links)
        for entry in entries {
            XCTAssertEqual(Array(entry.pages), onPages[entry.name]!.sorted(), entry.name)
            XCTAssertEqual(entry.pageCount, onPages[entry.name]!.count, entry.name)
            XCTAssertEqual(Array(entry.pages), Array(entry.pages), "a second pass reads the file again")
        }
    }

    func testPageEntriesSurviveTheRoundTrip() {
        var tally = FindingTally(suppressions: 0)
        tally.add(code: "ERR_UNKNOWN_URL_SCHEME", page: "p", association: false, severity: .error, suppressed: false,
                  suppression: nil, profiles: ["a"], hasLine: true)
        tally.add(code: "NOT_ALLOWLISTED", page: "p", association: false, severity: .warning, suppressed: true,
                  suppression: nil, profiles: [], hasLine: false)
        var entry = PageEntry(page: "https://ü.example/ページ", kind: .record, file: "/site/ü ö.html", status: "unreadable: x",
                              navigations: 12_345_678, tally: tally.byPage.values.first!)
        entry.pageScope = [Finding(page: entry.page, line: nil, source: "page", trigger: "", frame: "", url: "",
                                   code: "PAGE_UNREADABLE", severity: .warning, profiles: [], outcomes: [], message: "m")]
        entry.fragments = FragmentPlace(csvStart: 1 << 33, start: 1 << 40, lengths: [0, 3, 70_000, 1])
        for item in [entry, PageEntry(page: "", kind: .associationCounts), PageEntry(page: "q", kind: .counts)] {
            var bytes: [UInt8] = []
            item.encode(into: &bytes)
            let back = bytes.withUnsafeBufferPointer { PageEntry.decode($0) }
            XCTAssertEqual(back.page, item.page)
            XCTAssertEqual(back.kind, item.kind)
            XCTAssertEqual(back.file, item.file)
            XCTAssertEqual(back.status, item.status)
            XCTAssertEqual(back.navigations, item.navigations)
            XCTAssertEqual(back.tally, item.tally)
            XCTAssertEqual(back.pageScope, item.pageScope)
            XCTAssertEqual(back.fragments, item.fragments)
        }
    }
}
