import XCTest
@testable import PageSources

/// URL inputs through the whole audit: pages.jsonl and links.jsonl for redirect chains,
/// deep-link redirects, failures, depth, budget, duplicates and robots.txt.
final class FetchCrawlTests: XCTestCase {
    private var site: TestSite!

    override func setUpWithError() throws {
        site = try TestSite()
    }

    override func tearDown() {
        site.stop()
    }

    private func crawl(_ paths: [String], urls: [String] = [], _ configure: (inout FetchOptions) -> Void = { _ in }) throws -> CrawlRun {
        try CrawlRun.audit(inputs: paths.map(site.url), urls: urls, configure)
    }

    func testEveryHopOfARedirectChainIsAPage() throws {
        let run = try crawl(["/r301"])
        XCTAssertEqual(run.pageURLs, ["/r301", "/r302", "/r303", "/r307", "/r308", "/final"].map(site.url))
        XCTAssertEqual(run.pages.map { $0["httpStatus"] as? Int }, [301, 302, 303, 307, 308, 200])
        XCTAssertEqual(Set(run.pages.map { $0["status"] as? String }), ["ok"])
        let hops = run.links.filter { $0["source"] as? String == "http[Location]" }
        XCTAssertEqual(hops.map { $0["url"] as? String }, ["/r302", "/r303", "/r307", "/r308", "/final"].map(site.url))
        XCTAssertEqual(Set(hops.map { $0["trigger"] as? String }), ["server-redirect"])
    }

    func testDeepLinkRedirectsBecomeServerRedirectNavigations() throws {
        let run = try crawl(["/to-gojek", "/to-intent", "/to-file"])
        XCTAssertEqual(run.links.count, 3)
        XCTAssertEqual(run.links.map { $0["scheme"] as? String }, ["gojek", "intent", "file"])
        XCTAssertEqual(run.links.map { $0["url"] as? String },
                       ["gojek://gopay/pay?id=42", "intent://pay?id=7#Intent;scheme=dana;package=id.dana;end", "file:///etc/passwd"])
        for link in run.links {
            XCTAssertEqual(link["trigger"] as? String, "server-redirect")
            XCTAssertEqual(link["source"] as? String, "http[Location]")
            XCTAssertNotNil(link["verdicts"], "classified like any navigation")
        }
        XCTAssertEqual(run.pages.map { $0["httpStatus"] as? Int }, [302, 302, 302])
        XCTAssertEqual(Set(site.server.paths), ["/to-gojek", "/to-intent", "/to-file"], "no other scheme is fetched")
    }

    func testLoopsAndLongChainsEndWithAClearStatus() throws {
        let loop = try crawl(["/loop-a"])
        XCTAssertEqual(loop.pageURLs, [site.url("/loop-a"), site.url("/loop-b")])
        XCTAssertEqual(loop.pages.last?["status"] as? String,
                       "redirect-loop: \(site.url("/loop-b")) redirects back to \(site.url("/loop-a"))")
        let long = try crawl(["/r301"]) { $0.maxRedirects = 2 }
        XCTAssertEqual(long.pageURLs, ["/r301", "/r302", "/r303"].map(site.url))
        XCTAssertEqual(long.pages.last?["status"] as? String, "too-many-redirects: more than 2")
        XCTAssertEqual(long.summary.fetchStatuses, ["ok": 2, "too-many-redirects": 1])
    }

    func testEveryFailureIsAPageRecordWithItsReason() throws {
        let run = try crawl(["/slow", "/missing", "/report.pdf", "/always-busy"], urls: ["ftp://files.example/x", "not a url"])
        XCTAssertEqual(run.pages.map { $0["status"] as? String }, [
            "timeout: no response within 0.5 s (2 attempts)",
            "http-error: 404",
            "not-html: application/pdf",
            "http-error: 503 (Retry-After 120 s is over the 60 s cap)",
            "invalid-url: 'ftp://files.example/x' is not an absolute http(s) URL",
            "invalid-url: 'not a url' is not an absolute http(s) URL",
        ])
        XCTAssertEqual(run.summary.pages, 6)
        XCTAssertEqual(run.summary.unreadable, 6)
        XCTAssertEqual(run.summary.fetchStatuses, ["timeout": 1, "http-error": 2, "not-html": 1, "invalid-url": 2])
    }

    func testCutBodiesAreReadUpToTheCutAndReported() throws {
        let run = try crawl(["/huge", "/gzip", "/refresh"])
        let huge = try XCTUnwrap(run.page(site.url("/huge")))
        XCTAssertEqual(huge["status"] as? String,
                       "too-large: the body is over 65536 bytes and was cut there; links after the cut are missing")
        let urls = run.links.compactMap { $0["url"] as? String }
        XCTAssertTrue(urls.contains("gojek://early"))
        XCTAssertFalse(urls.contains("gojek://late"))
        XCTAssertTrue(urls.contains("gojek://zipped"), "the gzip body was decoded")
        let refresh = try XCTUnwrap(run.links.first { $0["source"] as? String == "http[Refresh]" })
        XCTAssertEqual(refresh["url"] as? String, "dana://pay")
    }

    func testDepthFollowsSameSiteLinksOnceEach() throws {
        XCTAssertEqual(try crawl(["/"]).pageURLs, [site.url("/")])
        let one = try crawl(["/"]) { $0.depth = 1 }
        XCTAssertEqual(one.pageURLs, ["/", "/a", "/b", "/private/secret"].map(site.url))
        XCTAssertEqual(site.server.paths.filter { $0 == "/a" }.count, 1, "/a, /a#top, /./a and /%61 are one page")
        XCTAssertFalse(site.server.paths.contains("/checkout"), "forms are not submitted")
        let three = try crawl(["/"]) { $0.depth = 3 }
        XCTAssertEqual(three.pageURLs, ["/", "/a", "/b", "/private/secret", "/a/deeper", "/a/deeper/deepest"].map(site.url))
    }

    func testRobotsTxtGovernsWhatTheCrawlFinds() throws {
        let run = try crawl(["/"]) { $0.depth = 1 }
        XCTAssertEqual(run.page(site.url("/private/secret"))?["status"] as? String,
                       "robots-disallowed: Disallow: /private in \(site.base)/robots.txt")
        XCTAssertFalse(site.server.paths.contains("/private/secret"))
        XCTAssertEqual(site.server.paths.filter { $0 == "/robots.txt" }.count, 1, "fetched once per origin")
        let ignoring = try crawl(["/"]) { $0.depth = 1; $0.ignoreRobots = true }
        XCTAssertEqual(ignoring.page(site.url("/private/secret"))?["status"] as? String, "ok")
        // An input is fetched because it was asked for by name.
        XCTAssertEqual(try crawl(["/private/secret"]).pages.first?["status"] as? String, "ok")
    }

    func testPageBudgetStopsTheCrawlAndSaysSo() throws {
        let run = try crawl(["/"]) { $0.depth = 3; $0.maxPages = 3 }
        XCTAssertEqual(run.pageURLs, ["/", "/a", "/b"].map(site.url))
        XCTAssertEqual(run.summary.crawlNotes, ["page budget of 3 reached: 2 in-scope links not crawled"])
    }

    func testCookiesAreOffUnlessAskedFor() throws {
        _ = try crawl(["/set-cookie"])
        XCTAssertNil(site.server.requests.last?.headers["cookie"])
        _ = try crawl(["/set-cookie"]) { $0.cookies = true }
        XCTAssertEqual(site.server.requests.last?.headers["cookie"], "session=1")
    }

    func testScopePatternsNarrowTheCrawl() throws {
        let run = try crawl(["/"]) { $0.depth = 1; $0.scope = ["127.0.0.1/a"] }
        XCTAssertEqual(run.pageURLs, ["/", "/a"].map(site.url))
    }
}
