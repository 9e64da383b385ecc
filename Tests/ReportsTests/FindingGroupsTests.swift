import XCTest
@testable import LinkAuditModel
@testable import Reports

/// `FindingGroups.count(into:memo:)` (groups merged by a signature, read in place) must count
/// what `countPlain` counts (each group copied out and compared with every merged one): the
/// same totals, and codes, pages and JUnit cases in the same order.
final class FindingGroupsTests: XCTestCase {
    private static let pages = ClassifiedSamplePages.demoSiteAndArchive

    private let rules = ReportRules(
        severities: ["LANDING_PAGE_STAYS": .info, "UNSUPPORTED_URL": .error],
        suppressions: [Suppression(code: "ERR_UNKNOWN_URL_SCHEME", url: Glob("mailto:*"), reason: "mail app"),
                       Suppression(page: Glob("*login*"), reason: "the login page is the app's own")])

    /// Every page's groups alone, and all pages' groups as one list (past the 64 merged
    /// groups `count` holds before it adds them), with the sources alternating.
    func testGroupsMergedBySignatureCountAsGroupsComparedOneByOne() {
        var all = FindingGroups()
        var allMemo = VerdictSetMemo()
        var groupsSeen = 0
        for (record, navigations) in Self.pages {
            var groups = FindingGroups()
            var memo = VerdictSetMemo()
            add(navigations, to: &groups, memo: &memo)
            compare(groups, memo, record.page)
            add(navigations, to: &all, memo: &allMemo, page: record.page)
            groupsSeen += groups.count
        }
        XCTAssertGreaterThan(all.count, 64, "past the groups held before they are added")
        XCTAssertGreaterThan(groupsSeen, 40)
        compare(all, allMemo, "all pages")
    }

    private func add(_ navigations: [Navigation], to groups: inout FindingGroups, memo: inout VerdictSetMemo,
                     page: String? = nil) {
        for (position, link) in navigations.enumerated() {
            guard let refs = link.findings, let verdicts = link.verdicts else { continue }
            let set = memo.index(of: verdicts, link: position)
            for ref in refs {
                let text = memo.findingIndex(at: set, ref, rules: rules)
                groups.add(set: set, text: text, page: page ?? link.page, association: position % 3 == 0,
                           suppression: rules.firstSuppression(code: ref.code, page: link.page, url: link.url))
            }
        }
    }

    private func compare(_ groups: FindingGroups, _ memo: VerdictSetMemo, _ label: String) {
        var fast = FindingTally(suppressions: rules.suppressions.count)
        var plain = FindingTally(suppressions: rules.suppressions.count)
        groups.count(into: &fast, memo: memo)
        groups.countPlain(into: &plain, memo: memo)
        XCTAssertEqual(fast.findings, plain.findings, label)
        XCTAssertEqual(fast.suppressed, plain.suppressed, label)
        XCTAssertEqual(fast.bySeverity, plain.bySeverity, label)
        XCTAssertEqual(fast.codeCounts, plain.codeCounts, label)
        XCTAssertEqual(fast.codeProfiles, plain.codeProfiles, label)
        XCTAssertEqual(fast.suppressionCounts, plain.suppressionCounts, label)
        XCTAssertEqual(fast.byPage, plain.byPage, label)
        XCTAssertEqual(fast.severitiesByCode.map(\.code), plain.severitiesByCode.map(\.code), label)
        XCTAssertEqual(fast.severitiesByCode.map(\.active), plain.severitiesByCode.map(\.active), label)
    }
}
