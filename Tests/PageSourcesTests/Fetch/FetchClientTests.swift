import XCTest
@testable import PageSources
@testable import WHATWGURL

/// One request at a time against the local server: what the fetcher hands back for each
/// kind of answer. Nothing here leaves 127.0.0.1.
final class FetchClientTests: XCTestCase {
    private var site: TestSite!
    private var client: FetchClient!

    override func setUpWithError() throws {
        site = try TestSite()
        client = FetchClient(options: .localTest(), userAgent: UserAgent.resolve("android-webview"))
    }

    override func tearDown() {
        client.close()
        site.stop()
    }

    private func fetch(_ path: String, maxBytes: Int? = nil) throws -> Result<FetchResponse, FetchFailure> {
        client.fetchOnce(try XCTUnwrap(WebURL.parse(site.url(path))), maxBytes: maxBytes)
    }

    func testRedirectsComeBackUnfollowedWithTheirLocation() throws {
        let response = try fetch("/to-intent").get()
        XCTAssertEqual(response.status, 302)
        XCTAssertEqual(response.location, "intent://pay?id=7#Intent;scheme=dana;package=id.dana;end")
        XCTAssertEqual(response.url.href, site.url("/to-intent"))
        XCTAssertEqual(site.server.paths, ["/to-intent"])
    }

    func testRequestsCarryTheUserAgentAndNoCookies() throws {
        _ = try fetch("/").get()
        let request = try XCTUnwrap(site.server.requests.first)
        XCTAssertEqual(request.headers["user-agent"], UserAgent.resolve("android-webview"))
        XCTAssertNil(request.headers["cookie"])
        XCTAssertTrue(request.headers["accept-encoding"]?.contains("gzip") == true)
    }

    func testGzipBodiesAreDecoded() throws {
        let response = try fetch("/gzip").get()
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), #"<html><a href="gojek://zipped">zipped</a></html>"#)
        XCTAssertEqual(response.headers["Content-Encoding"], "gzip")
    }

    func testBodiesOverTheLimitAreCut() throws {
        let response = try fetch("/huge", maxBytes: 4096).get()
        XCTAssertTrue(response.cut)
        XCTAssertEqual(response.body.count, 4096)
        XCTAssertEqual(response.status, 200)
    }

    func testSlowServerTimesOutAfterRetries() throws {
        let started = Date()
        let result = try fetch("/slow")
        guard case .failure(let failure) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(failure.pageStatus, "timeout: no response within 0.5 s (2 attempts)")
        XCTAssertLessThan(Date().timeIntervalSince(started), 2.5)
        XCTAssertEqual(site.server.paths, ["/slow", "/slow"])
    }

    func testRetryAfterIsHonoured() throws {
        let started = Date()
        let response = try fetch("/busy").get()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.attempts, 2)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.95, "waited for Retry-After: 1")
    }

    func testRetryAfterOverTheCapIsNotWaitedFor() throws {
        let response = try fetch("/always-busy").get()
        XCTAssertEqual(response.status, 503)
        XCTAssertEqual(response.attempts, 1)
        XCTAssertEqual(response.retryNote, "Retry-After 120 s is over the 60 s cap")
    }

    func testUnwantedTypesAreNotDownloaded() throws {
        let url = try XCTUnwrap(WebURL.parse(site.url("/report.pdf")))
        let response = try client.fetch(FetchRequest(url: url, maxBytes: 1 << 20, acceptedTypes: ["text/html"])).get()
        XCTAssertTrue(response.skipped)
        XCTAssertTrue(response.body.isEmpty)
    }

    func testOtherSchemesAreNeverFetched() throws {
        let result = client.fetchOnce(try XCTUnwrap(WebURL.parse("file:///etc/passwd")))
        XCTAssertEqual(result.failureStatus, "unsupported-url: only http and https are fetched, not file:")
    }

    func testPrivateAddressGuardRefusesLoopback() throws {
        let guarded = FetchClient(options: { var o = FetchOptions.localTest(); o.allowPrivate = false; return o }(),
                                  userAgent: "linkaudit-test")
        defer { guarded.close() }
        let result = guarded.fetchOnce(try XCTUnwrap(WebURL.parse(site.url("/"))))
        XCTAssertEqual(result.failureStatus, "refused-address: 127.0.0.1 is loopback; --allow-private fetches it")
        XCTAssertTrue(site.server.paths.isEmpty, "the request was never sent")
    }
}

extension Result where Failure == FetchFailure {
    var failureStatus: String? {
        if case .failure(let failure) = self { return failure.pageStatus }
        return nil
    }
}
