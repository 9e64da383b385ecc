import XCTest
@testable import PageSources

/// A live crawl's framed pages (README, "Framed pages"): a crawled page's iframe whose src is
/// a page within the crawl's scope is fetched as the crawl fetches (robots.txt, the address
/// guard, the host gate) and its navigations listed as the framing page's sub-frame ones.
final class CrawlFramesTests: XCTestCase {
    private var site: TestSite!

    override func setUpWithError() throws {
        site = try TestSite()
    }

    override func tearDown() {
        site.stop()
    }

    func testAnInScopeFramedPageIsFetchedAndFollowed() throws {
        let run = try CrawlRun.audit(inputs: [site.url("/framing")]) { _ in }
        let framing = run.links.filter { $0["page"] as? String == site.url("/framing") }
        let framed = framing.filter { $0["framedPage"] != nil }
        // The panel twice (two frames load it), each with its link and its script.
        XCTAssertEqual(framed.compactMap { $0["url"] as? String }.sorted(),
                       ["dana://framed?load=1", "dana://framed?load=1", "gojek://framed?tap=1", "gojek://framed?tap=1"])
        XCTAssertEqual(Set(framed.compactMap { $0["framedPage"] as? String }), [site.url("/panel")])
        XCTAssertEqual(Set(framed.compactMap { $0["frame"] as? String }), ["sub"])
        // robots.txt keeps /private out, and the page says so; another site is not fetched.
        let record = try XCTUnwrap(run.page(site.url("/framing")))
        let warning = record["warning"] as? String ?? ""
        XCTAssertTrue(warning.contains("framed-page-not-followed: \(site.url("/private/panel")) robots-disallowed"), warning)
        XCTAssertFalse(site.server.paths.contains("/private/panel"))
        // The panel is fetched once: the second frame reads what the first one found.
        XCTAssertEqual(site.server.paths.filter { $0 == "/panel" }.count, 1)
        XCTAssertEqual(record["navigations"] as? Int, framing.count)
    }
}
