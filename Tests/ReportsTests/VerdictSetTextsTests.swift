import XCTest
@testable import LinkAudit
@testable import LinkAuditModel
import PageSources
@testable import Policies
@testable import Reports
import TestSupport

/// Verdict sets rendered once per run (`VerdictSetTexts`) write what each page rendering its
/// own writes: the same `links.jsonl` lines and definitions, the same finding rows, on the
/// demo site and the sample archive classified as `audit` does, each page seen twice (the
/// second time every set is known), with severities of the run's own.
final class VerdictSetTextsTests: XCTestCase {
    private static let pages = ClassifiedSamplePages.demoSiteAndArchive

    func testSetsRenderedOncePerRunWriteWhatEachPageWrites() {
        let texts = VerdictSetTexts()
        var perPage = 0
        for round in 0..<2 {
            // The severities differ between rounds: they are the run's, never kept for the set.
            let rules = ReportRules(severities: round == 0 ? [:] : ["ERR_UNKNOWN_URL_SCHEME": .info])
            for (record, navigations) in Self.pages {
                var plainMemo = VerdictSetMemo(texts: nil)
                var runMemo = VerdictSetMemo(texts: texts)
                let plainLinks = PageLinks(navigations, memo: &plainMemo)
                let runLinks = PageLinks(navigations, memo: &runMemo)
                XCTAssertEqual(runLinks.lines.array, plainLinks.lines.array, record.page)
                XCTAssertEqual(runLinks.definitions, plainLinks.definitions, record.page)
                XCTAssertEqual(runLinks.lineSets, plainLinks.lineSets, record.page)
                let plainPart = ReportParts(rules: rules).part(page: record, navigations: navigations, memo: &plainMemo)
                let runPart = ReportParts(rules: rules).part(page: record, navigations: navigations, memo: &runMemo)
                XCTAssertEqual(runPart.rows?.findings, plainPart.rows?.findings, record.page)
                if round == 0 { perPage += plainMemo.entries.count }
            }
        }
        XCTAssertGreaterThan(perPage, 40)
        XCTAssertLessThan(texts.count, perPage, "sets shared across pages are rendered once")
    }

    func testBoundedAndStartsAfresh() {
        let texts = VerdictSetTexts()
        for i in 0..<(VerdictSetTexts.limit + 10) {
            let set = VerdictSet(["p": Verdict(.loads, Reason(rawValue: "r\(i)"))])
            XCTAssertEqual(texts.json(set).json, VerdictSetDefinition.json(set))
            XCTAssertEqual(texts.json(set).key, VerdictSetKey(verdicts: VerdictSetDefinition.json(set)))
        }
        XCTAssertLessThanOrEqual(texts.count, VerdictSetTexts.limit)
        XCTAssertEqual(texts.count, 10)
    }
}
