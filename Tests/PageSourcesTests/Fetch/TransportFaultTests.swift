import XCTest
@testable import LinkAudit
@testable import PageSources
@testable import WHATWGURL
import TestSupport

/// The transport against servers that fail the way real sites do: hangs, trickles, bodies
/// far past the cut, dropped connections, redirects into robots.txt-disallowed paths or to
/// no URL at all, a name that connects to a private address, and tight `--delay` spacing.
/// Everything stays on 127.0.0.1.
final class TransportFaultTests: XCTestCase {
    private var server: TestHTTPServer!
    private let lock = NSLock()
    private var hits: [String: Int] = [:]

    static let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 10)

    override func setUpWithError() throws {
        server = try TestHTTPServer(lifetime: 120, maxRequests: 2000) { [unowned self] request in respond(request) }
    }

    override func tearDown() {
        server.stop()
    }

    private func hit(_ path: String) -> Int {
        lock.withLock { hits[path, default: 0] += 1; return hits[path]! }
    }

    private func respond(_ request: TestHTTPServer.Request) -> TestHTTPServer.Response {
        let path = request.path
        if path.hasPrefix("/hang/") { return TestHTTPServer.Response(status: 200, delay: 600) }
        if path.hasPrefix("/page/") { return .html("<p>\(path)</p>") }
        switch path {
        case "/robots.txt":
            return TestHTTPServer.Response(status: 200, headers: [("Content-Type", "text/plain")],
                                           body: Array("User-agent: *\nDisallow: /private\n".utf8))
        case "/big", "/big.pdf":
            let type = path == "/big" ? "text/html" : "application/pdf"
            return TestHTTPServer.Response(status: 200, headers: [("Content-Type", type)], repeated: (Self.chunk, 1024),
                                           smallSendBuffer: true)
        case "/trickle":
            return TestHTTPServer.Response(status: 200, headers: [("Content-Type", "text/html")],
                                           repeated: ([UInt8](" ".utf8), 1000), pause: 0.1)
        case "/drop-once":
            return hit(path) == 1 ? TestHTTPServer.Response(status: 200, silent: true) : .html("<p>second try</p>")
        case "/cut-once":
            return hit(path) == 1
                ? TestHTTPServer.Response(status: 200, headers: [("Content-Type", "text/html")], body: Array("<p>par".utf8),
                                          declaredLength: 5000)
                : .html("<p>whole</p>")
        case "/always-drop": return TestHTTPServer.Response(status: 200, silent: true)
        case "/bad-location": return .redirect(302, to: "http://[bad")
        case "/to-private": return .redirect(302, to: "/private/x")
        default: return .html("<p>not here</p>", status: 404)
        }
    }

    private func client(_ configure: (inout FetchOptions) -> Void = { _ in }) -> FetchClient {
        var options = FetchOptions.localTest()
        configure(&options)
        return FetchClient(options: options, userAgent: "linkaudit-test")
    }

    private func url(_ path: String) -> WebURL { WebURL.parse(server.base + path)! }

    // MARK: Hangs

    func testAHangingHostHoldsBackOnlyItsOwnPage() throws {
        // Three hanging pages far apart in crawl order: each used to stall everything behind
        // it for its whole timeout, one after the other.
        var inputs: [String] = []
        for n in 0..<120 { inputs.append(server.base + (n % 40 == 0 ? "/hang/\(n)" : "/page/\(n)")) }
        let started = Date()
        let run = try CrawlRun.audit(inputs: [], urls: inputs) { options in
            options.timeout = 1
            options.retry = RetryPolicy(retries: 0)
            options.concurrency = 4
            options.perHost = 8
        }
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(run.pageURLs, inputs, "still written in crawl order")
        XCTAssertEqual(run.pages.filter { ($0["status"] as? String)?.hasPrefix("timeout") == true }.count, 3)
        XCTAssertLessThan(elapsed, 2.5, "the three hangs overlap: about one timeout, not three")
    }

    func testATrickleTimesOutAtThreeTimesTheTimeout() throws {
        let result = client { $0.retry = RetryPolicy(retries: 0) }.fetchOnce(url("/trickle"))
        XCTAssertEqual(result.failureStatus, "timeout: no response within 1.5 s")
    }

    // MARK: The size cut

    func testBodiesStopAtTheCutOnTheWire() throws {
        let cut = 1 << 20
        let response = try client().fetch(FetchRequest(url: url("/big"), maxBytes: cut)).get()
        XCTAssertTrue(response.cut)
        XCTAssertEqual(response.body.count, cut)
        // 64 MB offered; what the client took is the cut plus what socket buffers hold.
        XCTAssertLessThan(server.bodyBytesSent("/big"), cut + (12 << 20))
    }

    func testUnwantedTypesStopAtTheHeaders() throws {
        let request = FetchRequest(url: url("/big.pdf"), maxBytes: 4 << 20, acceptedTypes: ["text/html"])
        let response = try client().fetch(request).get()
        XCTAssertTrue(response.skipped)
        XCTAssertTrue(response.body.isEmpty)
        XCTAssertLessThan(server.bodyBytesSent("/big.pdf"), 12 << 20, "not downloaded: 64 MB offered")
    }

    // MARK: Dropped connections

    func testDroppedConnectionsAreRetried() throws {
        let client = client()
        let first = try client.fetchOnce(url("/drop-once")).get()
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(first.attempts, 2, "closed before any answer, then answered")
        let second = try client.fetchOnce(url("/cut-once")).get()
        XCTAssertEqual(String(decoding: second.body, as: UTF8.self), "<p>whole</p>")
        XCTAssertEqual(second.attempts, 2, "closed mid-body, then answered")
        XCTAssertEqual(client.fetchOnce(url("/always-drop")).failureStatus,
                       "connection-error: connection lost: the server closed it without a response (2 attempts)")
        XCTAssertEqual(server.paths.filter { $0 == "/always-drop" }.count, 2)
    }

    // MARK: Redirect hops

    func testRobotsTxtIsCheckedOnEveryHop() throws {
        let run = try CrawlRun.audit(inputs: [server.base + "/to-private"]) { $0.ignoreRobots = false }
        XCTAssertEqual(run.pageURLs, [server.base + "/to-private", server.base + "/private/x"])
        XCTAssertEqual(run.pages[0]["httpStatus"] as? Int, 302)
        XCTAssertEqual(run.pages[1]["status"] as? String,
                       "robots-disallowed: Disallow: /private in \(server.base)/robots.txt")
        XCTAssertFalse(server.paths.contains("/private/x"), "the disallowed hop was never requested")
    }

    func testAnUnparsableLocationIsABadRedirectRecord() throws {
        let run = try CrawlRun.audit(inputs: [server.base + "/bad-location"]) { _ in }
        XCTAssertEqual(run.pages.count, 1)
        XCTAssertEqual(run.pages[0]["httpStatus"] as? Int, 302)
        XCTAssertEqual(run.pages[0]["status"] as? String, "bad-redirect: Location 'http://[bad' is not a URL")
    }

    // MARK: The address guard and politeness

    func testTheGuardJudgesTheAddressConnected() throws {
        // rebind.test resolves nowhere: libcurl connects it to 127.0.0.1, as a DNS answer
        // changed between a check and the connect would. The guard sees the address used.
        let rebind = ["rebind.test:80:127.0.0.1:\(server.port)"]
        let guarded = client { $0.allowPrivate = false; $0.connectTo = rebind }
        XCTAssertEqual(guarded.fetchOnce(WebURL.parse("http://rebind.test/page/1")!).failureStatus,
                       "refused-address: 127.0.0.1 (rebind.test) is loopback; --allow-private fetches it")
        XCTAssertTrue(server.paths.isEmpty, "nothing reached the private address")
        let allowed = client { $0.allowPrivate = true; $0.connectTo = rebind }
        XCTAssertEqual(try allowed.fetchOnce(WebURL.parse("http://rebind.test/page/1")!).get().status, 200)
    }

    func testDelayHoldsOnTheWire() throws {
        let inputs = (0..<10).map { server.base + "/page/\($0)" }
        _ = try CrawlRun.audit(inputs: [], urls: inputs) { options in
            options.delay = 0.15
            options.concurrency = 4
            options.perHost = 2
        }
        let times = server.requests.map(\.time).sorted()
        XCTAssertEqual(times.count, 10)
        for (earlier, later) in zip(times, times.dropFirst()) {
            XCTAssertGreaterThanOrEqual(later.timeIntervalSince(earlier), 0.14, "request arrivals closer than --delay")
        }
    }
}
