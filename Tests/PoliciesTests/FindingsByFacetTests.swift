import XCTest
@testable import Checks
@testable import LinkAudit
@testable import LinkAuditModel
@testable import Policies
import TestSupport

/// Rows of one verdict set and one facet share their findings (`Classifier.sharesFindings`,
/// `FindingsByFacet`): a memoised classifier carried from page to page gives the same
/// navigations, verdicts and findings with it on as with it off (every row judged). Pages:
/// `DecisionMemoTests`' generated pages and fixtures, and the generated pages again with a
/// parser stop part-way down (unreached rows), under every configuration. (Debug builds also
/// check every shared row's findings against its navigation's own, `Classifier.classify`.)
final class FindingsByFacetTests: XCTestCase {
    func testSharedFindingsAreEachRowsOwn() throws {
        let fixtures = try DecisionMemoTests.fixturePages()
        var judged = 0
        for (n, configuration) in try DecisionMemoTests.configurations().enumerated() {
            let generated = DecisionMemoTests.generatedPages(seed: n)
            let pages = generated + generated.enumerated().map { MemoPlacementTests.stopped($1, stopFrom: 20 + 7 * $0) }
                + (n < 4 ? fixtures : [])
            let shared = Classifier(profiles: ProfileRegistry.all, device: configuration.device,
                                    settings: configuration.settings, options: configuration.options)
            XCTAssertTrue(shared.sharesFindings)
            // A classifier of its own: a copy would share the memos.
            var plain = Classifier(profiles: ProfileRegistry.all, device: configuration.device,
                                   settings: configuration.settings, options: configuration.options)
            plain.sharesFindings = false
            for page in pages + pages {
                let got = shared.audit(page)
                let expected = plain.audit(page)
                if let difference = MemoPlacementTests.difference(got, expected, configuration.name) {
                    XCTFail(difference)
                    return
                }
                judged += got.filter { !($0.findings ?? []).isEmpty }.count
            }
        }
        XCTAssertGreaterThan(judged, 1_000)
    }

    /// The standard checks give a facet; checks the run does not know the reads of give none
    /// (every row is judged), and a facet reads the URL only through FALLBACK_NOT_USED.
    func testAFacetOnlyForKnownChecks() {
        XCTAssertNotNil(CheckRun.standard.judge.facet)
        XCTAssertNotNil(CheckRun(checks: [Checks.openFailed]).judge.facet)
        let unknown = Check(code: "SOMETHING_ELSE", severity: .warning, title: "", meaning: "", impact: "", advice: "",
                            triggering: [], nonTriggering: [], fires: { [$0.url] })
        XCTAssertNil(CheckRun(checks: Checks.all + [unknown]).judge.facet)
        var run = CheckRun.standard
        XCTAssertNotNil(run.judge.facet)
        run.checks.append(unknown)
        XCTAssertNil(run.judge.facet)
        // Two `intent:` links, one with an http fallback, decided alike: their facets differ
        // where FALLBACK_NOT_USED would fire.
        let classifier = Classifier(profiles: ProfileRegistry.all)
        let links = classifier.classify(Extract.all(
            #"<a href="intent://pay/#Intent;scheme=tmn;package=th.co.truemoney.wallet;S.browser_fallback_url=https%3A%2F%2Fwallet.example%2Fpay;end">a</a>"#
            + #"<a href="intent://pay/#Intent;scheme=tmn;package=th.co.truemoney.wallet;end">b</a>"#)).navigations
        XCTAssertEqual(links.count, 2)
        let facet = CheckRun.standard.judge.facet!
        XCTAssertNotEqual(facet(links[0]).read, [])
        XCTAssertEqual(facet(links[1]).read, [])
    }
}
