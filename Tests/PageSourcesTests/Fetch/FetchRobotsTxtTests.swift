import XCTest
@testable import PageSources

/// robots.txt parsing and matching, after RFC 9309's examples.
final class FetchRobotsTxtTests: XCTestCase {
    private func allowed(_ file: String, _ path: String, tokens: [String] = ["linkaudit"]) -> Bool {
        RobotsTxt(file).disallowingRule(path: path, tokens: tokens) == nil
    }

    func testGroupSelection() {
        let file = """
            User-agent: *
            Disallow: /all

            User-Agent: LinkAudit/1.0
            User-agent: otherbot
            Disallow: /mine   # comment
            Sitemap: https://shop.example/sitemap.xml
            Crawl-delay: 10

            user-agent: linkaudit
            disallow: /more
            """
        XCTAssertTrue(allowed(file, "/all"), "a named group replaces *")
        XCTAssertFalse(allowed(file, "/mine/x"))
        XCTAssertFalse(allowed(file, "/more"), "groups naming the crawler are merged")
        XCTAssertFalse(allowed(file, "/all", tokens: ["somebot"]))
        XCTAssertTrue(allowed(file, "/mine", tokens: ["somebot"]))
        XCTAssertFalse(allowed(file, "/mine", tokens: ["somebot", "otherbot"]))
    }

    func testLongestMatchWinsAndAllowWinsTies() {
        let file = "User-agent: *\nDisallow: /shop\nAllow: /shop/checkout\nDisallow: /shop/checkout/admin\nAllow: /tie\nDisallow: /tie\n"
        XCTAssertFalse(allowed(file, "/shop/cart"))
        XCTAssertTrue(allowed(file, "/shop/checkout?step=2"))
        XCTAssertFalse(allowed(file, "/shop/checkout/admin"))
        XCTAssertTrue(allowed(file, "/tie"))
        XCTAssertTrue(allowed(file, "/other"))
    }

    func testWildcardsAndAnchors() {
        XCTAssertTrue(RobotsTxt.matches("/*.php$", "/index.php"))
        XCTAssertFalse(RobotsTxt.matches("/*.php$", "/index.php?x=1"))
        XCTAssertTrue(RobotsTxt.matches("/*.php", "/index.php?x=1"))
        XCTAssertTrue(RobotsTxt.matches("/fish*", "/fish.html"))
        XCTAssertTrue(RobotsTxt.matches("/fish", "/fishheads/yummy.html"))
        XCTAssertFalse(RobotsTxt.matches("/fish", "/Fish.asp"))
        XCTAssertTrue(RobotsTxt.matches("/*?*session=", "/a?b=1&session=2"))
        XCTAssertTrue(RobotsTxt.matches("/$", "/"))
        XCTAssertFalse(RobotsTxt.matches("/$", "/a"))
        XCTAssertTrue(RobotsTxt.matches("*", "/anything"))
        XCTAssertTrue(RobotsTxt.matches("/a*$", "/a/b"))
    }

    func testEmptyDisallowAndSpecialCases() {
        XCTAssertTrue(allowed("User-agent: *\nDisallow:\n", "/x"))
        XCTAssertTrue(allowed("User-agent: *\nDisallow: /\n", "/robots.txt"))
        XCTAssertFalse(allowed("User-agent: *\nDisallow: /\n", "/x"))
        XCTAssertTrue(allowed("Disallow: /\n", "/x"), "rules before any user-agent line belong to no group")
        XCTAssertTrue(allowed("", "/x"))
        XCTAssertTrue(RobotsTxt.allowAll.disallowingRule(path: "/x", tokens: ["linkaudit"]) == nil)
        XCTAssertFalse(RobotsTxt.disallowAll.disallowingRule(path: "/x", tokens: ["linkaudit"]) == nil)
        XCTAssertFalse(allowed("User-agent: *\r\nDisallow: /crlf\r\n", "/crlf"))
    }

    func testPercentEncodingIsComparedInOneForm() {
        XCTAssertFalse(allowed("User-agent: *\nDisallow: /%7Euser\n", "/~user/page"))
        XCTAssertFalse(allowed("User-agent: *\nDisallow: /~user\n", "/%7euser/page"))
        XCTAssertFalse(allowed("User-agent: *\nDisallow: /bäckerei\n", "/b%C3%A4ckerei/x"))
        XCTAssertFalse(allowed("User-agent: *\nDisallow: /a%2fb\n", "/a%2Fb"))
    }
}
