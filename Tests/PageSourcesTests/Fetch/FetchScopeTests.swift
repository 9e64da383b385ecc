import XCTest
@testable import LinkAudit
@testable import LinkAuditModel
@testable import PageSources
@testable import WHATWGURL

/// What the crawl counts as one page (normalisation), one site (registrable domain,
/// `--scope`) and a link to follow.
final class FetchScopeTests: XCTestCase {
    private func url(_ text: String) -> WebURL { WebURL.parse(text)! }

    func testNormalizationFoldsWhatServersCannotTellApart() {
        let same = ["https://Shop.Example:443/a/./b/../c?x=1#top", "https://shop.example/a/c?x=1",
                    "https://shop.example/a/%63?x=1", "HTTPS://SHOP.EXAMPLE/a/c?x=%31"]
        XCTAssertEqual(Set(same.map { CrawlURLForm.normalize(url($0)).href }), ["https://shop.example/a/c?x=1"])
        XCTAssertEqual(CrawlURLForm.normalize(url("https://shop.example/p?")).href, "https://shop.example/p")
        XCTAssertEqual(CrawlURLForm.normalize(url("https://shop.example/a%2fb?q=%e2%82%ac")).href,
                       "https://shop.example/a%2Fb?q=%E2%82%AC")
        XCTAssertEqual(CrawlURLForm.normalize(url("http://u:p@shop.example:8080")).href, "http://u:p@shop.example:8080/")
        // Query order is meaning: kept.
        XCTAssertNotEqual(CrawlURLForm.normalize(url("https://s.example/?a=1&b=2")).href,
                          CrawlURLForm.normalize(url("https://s.example/?b=2&a=1")).href)
    }

    func testRegistrableDomains() {
        let cases = [
            ("shop.example.com", "example.com"), ("pay.tokopedia.co.id", "tokopedia.co.id"), ("co.id", "co.id"),
            ("a.b.shop.co.uk", "shop.co.uk"), ("merchant.github.io", "merchant.github.io"),
            ("x.bucket.s3.amazonaws.com", "bucket.s3.amazonaws.com"), ("Example.COM.", "example.com"),
            ("localhost", "localhost"), ("127.0.0.1", "127.0.0.1"), ("[::1]", "[::1]"), ("gojek.com", "gojek.com"),
        ]
        for (host, expected) in cases { XCTAssertEqual(RegistrableDomain.of(host), expected, host) }
    }

    /// Cases the old built-in short list got wrong, from the real Public Suffix List (libpsl):
    /// wildcard and exception rules, private-section suffixes, IDN suffixes.
    func testRegistrableDomainsFollowThePublicSuffixList() {
        let cases = [
            ("a.b.co.uk", "b.co.uk"), ("x.github.io", "x.github.io"), ("github.io", "github.io"),
            ("a.b.c.kawasaki.jp", "b.c.kawasaki.jp"), ("www.city.kawasaki.jp", "city.kawasaki.jp"),
            ("shop.example.pvt.k12.ma.us", "example.pvt.k12.ma.us"), ("a.b.ck", "a.b.ck"), ("www.ck", "www.ck"),
            ("store.myshop.blogspot.co.uk", "myshop.blogspot.co.uk"), ("app.foo.netlify.app", "foo.netlify.app"),
            ("pay.shop.com.au", "shop.com.au"), ("x.y.xn--55qx5d.cn", "y.xn--55qx5d.cn"),
        ]
        for (host, expected) in cases { XCTAssertEqual(RegistrableDomain.of(host), expected, host) }
    }

    func testDefaultScopeIsTheInputsSites() throws {
        let scope = try CrawlScope(patterns: [], seeds: [url("https://www.shop.co.id/checkout")])
        XCTAssertTrue(scope.contains(url("https://pay.shop.co.id/x")))
        XCTAssertTrue(scope.contains(url("http://shop.co.id/")))
        XCTAssertFalse(scope.contains(url("https://other.co.id/")))
        XCTAssertFalse(scope.contains(url("https://notshop.co.id/")))
        XCTAssertFalse(scope.contains(url("ftp://shop.co.id/")))
    }

    func testScopePatternsReplaceWidenAndExclude() throws {
        let seeds = [url("https://www.shop.example/")]
        let narrow = try CrawlScope(patterns: ["www.shop.example/checkout/"], seeds: seeds)
        XCTAssertTrue(narrow.contains(url("https://www.shop.example/checkout/pay")))
        XCTAssertFalse(narrow.contains(url("https://www.shop.example/blog")))
        XCTAssertFalse(narrow.contains(url("https://api.shop.example/checkout/")))
        let wide = try CrawlScope(patterns: ["site", "*.pay-partner.example"], seeds: seeds)
        XCTAssertTrue(wide.contains(url("https://cdn.shop.example/")))
        XCTAssertTrue(wide.contains(url("https://pay-partner.example/")))
        XCTAssertTrue(wide.contains(url("https://a.b.pay-partner.example/")))
        let excluded = try CrawlScope(patterns: ["!www.shop.example/logout", "!*.cdn.shop.example"], seeds: seeds)
        XCTAssertTrue(excluded.contains(url("https://www.shop.example/pay")))
        XCTAssertFalse(excluded.contains(url("https://www.shop.example/logout?next=/")))
        XCTAssertFalse(excluded.contains(url("https://img.cdn.shop.example/")))
        let hostOnly = try CrawlScope(patterns: ["host"], seeds: seeds)
        XCTAssertFalse(hostOnly.contains(url("https://api.shop.example/")))
        XCTAssertTrue(try CrawlScope(patterns: ["https://Www.Shop.Example/"], seeds: []).contains(url("https://www.shop.example/a")))
    }

    func testBadScopePatternNamesTheFlag() {
        XCTAssertThrowsError(try CrawlScope(patterns: ["shop.*.example"], seeds: [])) { error in
            XCTAssertEqual(error as? LinkAuditError,
                           .usage("--scope: 'shop.*.example' is not site, host, or [*.]host[/path]"))
        }
        XCTAssertThrowsError(try CrawlScope(patterns: ["!"], seeds: []))
    }

    func testFollowableLinks() {
        func navigation(_ target: String, _ trigger: Trigger, source: String = "a[href]", partial: Bool? = nil,
                        context: String? = nil) -> Navigation {
            Navigation(page: "https://s.example/", line: 1, source: source, trigger: trigger, frame: .main, raw: target,
                       url: target, scheme: WebURL.schemeOf(target) ?? "", partial: partial, context: context)
        }
        XCTAssertEqual(CrawlLinks.followable(navigation("https://s.example/a#x", .tap))?.href, "https://s.example/a")
        XCTAssertNotNil(CrawlLinks.followable(navigation("https://s.example/f", .frameLoad, source: "iframe[src]")))
        XCTAssertNotNil(CrawlLinks.followable(navigation("https://s.example/n", .scriptLoad, source: "script")))
        XCTAssertNotNil(CrawlLinks.followable(navigation("https://s.example/r", .metaRefresh, source: "meta[refresh]")))
        XCTAssertNil(CrawlLinks.followable(navigation("gojek://pay", .tap)))
        XCTAssertNil(CrawlLinks.followable(navigation("file:///etc/passwd", .tap)))
        XCTAssertNil(CrawlLinks.followable(navigation("https://s.example/buy", .formPost, source: "form[action]")))
        XCTAssertNil(CrawlLinks.followable(navigation("https://s.example/search", .formGet, source: "form[action]")))
        XCTAssertNil(CrawlLinks.followable(navigation("https://s.example/app", .metadata, source: "link[alternate]")))
        XCTAssertNil(CrawlLinks.followable(navigation("https://s.example/p?id=", .scriptHandler, source: "script", partial: true)))
        XCTAssertNil(CrawlLinks.followable(navigation("https://s.example/t", .tap, context: "template")))
        XCTAssertNil(CrawlLinks.followable(navigation("https://s.example/movie.swf", .frameLoad, source: "embed[src]")))
    }

    func testURLInputFiles() {
        XCTAssertEqual(URLInputs.lines("# merchants\nhttps://a.example/\n\n  https://b.example/pay  \n#https://c.example/\n"),
                       ["https://a.example/", "https://b.example/pay"])
        XCTAssertTrue(URLInputs.isURL("HTTPS://shop.example"))
        XCTAssertFalse(URLInputs.isURL("Pipelines/demo-site"))
        XCTAssertFalse(URLInputs.isURL("file:///tmp/x.html"))
        XCTAssertEqual(AuditOptions.defaultOutDir(for: ["https://Shop.Example/pay"]), "Reports/shop.example")
        XCTAssertThrowsError(try URLInputs.read(file: "/nonexistent/urls.txt")) { error in
            XCTAssertEqual(error as? LinkAuditError, .usage("--urls: cannot read /nonexistent/urls.txt"))
        }
    }
}
