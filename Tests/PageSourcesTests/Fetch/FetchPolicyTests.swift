import XCTest
@testable import PageSources
@testable import Policies
@testable import WHATWGURL

/// The fetch policy's pure parts: address classes, the retry schedule, redirect chain
/// rules, user-agent presets.
final class FetchPolicyTests: XCTestCase {
    func testAddressClasses() {
        let cases: [(String, AddressClass)] = [
            ("127.0.0.1", .loopback), ("127.8.9.10", .loopback), ("10.1.2.3", .privateNetwork),
            ("172.16.0.1", .privateNetwork), ("172.31.255.255", .privateNetwork), ("172.32.0.1", .publicAddress),
            ("192.168.1.1", .privateNetwork), ("169.254.1.1", .linkLocal), ("169.254.169.254", .metadata),
            ("100.100.100.200", .metadata), ("100.64.0.1", .sharedCGNAT), ("100.128.0.1", .publicAddress),
            ("0.0.0.0", .unspecified), ("224.0.0.1", .multicast), ("255.255.255.255", .reserved),
            ("192.0.2.5", .reserved), ("8.8.8.8", .publicAddress), ("93.184.216.34", .publicAddress),
            ("::1", .loopback), ("[::1]", .loopback), ("::", .unspecified), ("fc00::1", .uniqueLocal),
            ("fd12:3456::1", .uniqueLocal), ("fe80::1", .linkLocal), ("fe80::1%eth0", .linkLocal),
            ("::ffff:127.0.0.1", .loopback), ("::ffff:10.0.0.1", .privateNetwork), ("::ffff:8.8.8.8", .publicAddress),
            ("64:ff9b::a9fe:a9fe", .metadata), ("2002:c0a8:0101::1", .privateNetwork), ("fd00:ec2::254", .metadata),
            ("ff02::1", .multicast), ("2001:db8::1", .reserved), ("2606:4700::1111", .publicAddress),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(AddressClass.of(text), expected, text)
        }
        XCTAssertNil(AddressClass.of("shop.example"))
        XCTAssertNil(AddressClass.of("1.2.3"))
        XCTAssertNil(AddressClass.of("1::2::3"))
    }

    func testGuardJudgesTheAddressConnectedAndNamesTheFlag() {
        let guardOn = AddressGuard(allowPrivate: false)
        XCTAssertEqual(guardOn.check(address: [127, 0, 0, 1], host: "127.0.0.1", port: 8080),
                       .refused("refused-address: 127.0.0.1 is loopback; --allow-private fetches it"))
        // A name that resolved (or was rebound) to a private address names both.
        XCTAssertEqual(guardOn.check(address: [10, 0, 0, 7], host: "rebind.example", port: 443),
                       .refused("refused-address: 10.0.0.7 (rebind.example) is private; --allow-private fetches it"))
        XCTAssertEqual(guardOn.check(address: [169, 254, 169, 254], host: "[::ffff:169.254.169.254]", port: 80),
                       .refused("refused-address: 169.254.169.254 ([::ffff:169.254.169.254]) is cloud metadata; --allow-private fetches it"))
        let v6Loopback = [UInt8](repeating: 0, count: 15) + [1]
        XCTAssertEqual(guardOn.check(address: v6Loopback, host: "[::1]", port: 80),
                       .refused("refused-address: ::1 is loopback; --allow-private fetches it"))
        XCTAssertEqual(guardOn.check(address: [93, 184, 216, 34], host: "shop.example", port: 443), .allowed)
        XCTAssertEqual(AddressGuard(allowPrivate: true).check(address: [127, 0, 0, 1], host: "127.0.0.1", port: 80), .allowed)
        let exempt = AddressGuard(allowPrivate: false, exemptions: ["127.0.0.1:8080"])
        XCTAssertEqual(exempt.check(address: [127, 0, 0, 1], host: "127.0.0.1", port: 8080), .allowed)
        XCTAssertNotEqual(exempt.check(address: [127, 0, 0, 1], host: "127.0.0.1", port: 8081), .allowed)
    }

    func testRetrySchedule() {
        let policy = RetryPolicy(retries: 3, baseDelay: 0.5, maxDelay: 4, maxRetryAfter: 60)
        XCTAssertEqual(policy.decide(attempts: 1, retryAfter: nil), .retry(after: 0.5))
        XCTAssertEqual(policy.decide(attempts: 2, retryAfter: nil), .retry(after: 1))
        XCTAssertEqual(policy.decide(attempts: 3, retryAfter: nil), .retry(after: 2))
        XCTAssertEqual(policy.decide(attempts: 4, retryAfter: nil), .stop)
        XCTAssertEqual(RetryPolicy(retries: 9, baseDelay: 0.5, maxDelay: 4).backoff(attempts: 8), 4)
        XCTAssertEqual(policy.decide(attempts: 1, retryAfter: "7"), .retry(after: 7))
        XCTAssertEqual(policy.decide(attempts: 1, retryAfter: "3600"), .stopRetryAfterTooLong(3600))
        let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT
        XCTAssertEqual(policy.decide(attempts: 1, retryAfter: "Wed, 21 Oct 2015 07:28:30 GMT", now: now), .retry(after: 30))
        XCTAssertEqual(RetryPolicy.parseRetryAfter("Wed, 21 Oct 2015 07:27:00 GMT", now: now), 0)
        XCTAssertNil(RetryPolicy.parseRetryAfter("soon", now: now))
        XCTAssertEqual(policy.decide(attempts: 1, retryAfter: "soon"), .retry(after: 0.5))
        XCTAssertTrue([429, 500, 502, 503, 504, 599].allSatisfy(RetryPolicy.isRetryable))
        XCTAssertFalse([200, 301, 404, 501, 505].contains(where: RetryPolicy.isRetryable))
    }

    func testRedirectRules() throws {
        let rules = RedirectRules(maxRedirects: 2)
        let a = try XCTUnwrap(WebURL.parse("https://shop.example/a"))
        let b = try XCTUnwrap(WebURL.parse("https://shop.example/b"))
        XCTAssertEqual(rules.next(status: 200, location: "/b", chain: [a]), .done)
        XCTAssertEqual(rules.next(status: 304, location: nil, chain: [a]), .done)
        XCTAssertEqual(rules.next(status: 302, location: "/b#frag", chain: [a]), .follow(b))
        XCTAssertEqual(rules.next(status: 302, location: "gojek://pay", chain: [a]), .done)
        XCTAssertEqual(rules.next(status: 302, location: "intent://pay#Intent;end", chain: [a]), .done)
        XCTAssertEqual(rules.next(status: 302, location: "file:///etc/passwd", chain: [a]), .done)
        XCTAssertEqual(rules.next(status: 302, location: "https://[bad", chain: [a]),
                       .end("bad-redirect: Location 'https://[bad' is not a URL"))
        XCTAssertEqual(rules.next(status: 301, location: "/a", chain: [a, b]),
                       .end("redirect-loop: https://shop.example/b redirects back to https://shop.example/a"))
        XCTAssertEqual(rules.next(status: 301, location: "/c", chain: [a, b, a]), .end("too-many-redirects: more than 2"))
        // With cookies, A → B → A may be a cookie being set: the second return is the loop.
        let cookies = RedirectRules(maxRedirects: 5, cookies: true)
        XCTAssertEqual(cookies.next(status: 302, location: "/a", chain: [a, b]), .follow(a))
        XCTAssertNotEqual(cookies.next(status: 302, location: "/a", chain: [a, b, a, b]), .follow(a))
    }

    func testUserAgentPresetsFollowTheProfiles() throws {
        // As the runner picks it: the selected profiles' families.
        func preset(_ names: [String]?) throws -> String {
            UserAgent.preset(for: try ProfileRegistry.select(names).map(\.family))
        }
        XCTAssertEqual(try preset(nil), "android-webview")
        XCTAssertEqual(try preset(["none"]), "android-webview")
        XCTAssertEqual(try preset(["ios-sdk", "ios-strict"]), "ios-wkwebview")
        XCTAssertEqual(try preset(["android-sdk", "android-webview-noclient"]), "android-webview")
        XCTAssertEqual(try preset(["chrome-android"]), "chrome-android")
        XCTAssertEqual(try preset(["safari-ios"]), "safari-ios")
        XCTAssertEqual(try preset(["safari-ios", "chrome-android"]), "android-webview")
        XCTAssertTrue(UserAgent.resolve("android-webview").contains("; wv)"))
        XCTAssertFalse(UserAgent.resolve("ios-wkwebview").contains("Safari/"))
        XCTAssertEqual(UserAgent.resolve("MyBot/2.0"), "MyBot/2.0")
        XCTAssertEqual(UserAgent.robotsTokens("MyBot/2.0 (+https://bot.example)"), ["linkaudit", "mybot"])
        XCTAssertEqual(UserAgent.robotsTokens(UserAgent.resolve("desktop")), ["linkaudit"])
        XCTAssertEqual(Set(UserAgent.presets.keys), ["android-webview", "ios-wkwebview", "chrome-android", "safari-ios", "desktop"])
    }
}
