import XCTest
@testable import Checks
@testable import LinkAudit
@testable import PageSources
import TestSupport

/// `--cache DIR` for association files (HTTP freshness and revalidation), the include
/// files of assetlinks.json, and the flags on the command line.
final class FetchAssociationCacheTests: XCTestCase {
    private var site: AssociationSite!

    override func setUpWithError() throws {
        site = try AssociationSite()
    }

    override func tearDown() {
        site.stop()
    }

    private let goodFiles = ["/good/.well-known/apple-app-site-association", "/good/.well-known/assetlinks.json"]

    private func audit(cache: String?) throws -> CrawlRun {
        let out = TempDir()
        var options = AuditOptions(inputs: [site.base + "/checkout"], outDir: out.path, jobs: 2, maxPageBytes: 64 << 10)
        options.profiles = ["ios-wkwebview", "android-sdk"]
        options.device = AssociationSite.device
        options.fetch = .localTest()
        options.fetch.associations = true
        options.fetch.associationServers = site.servers
        options.fetch.cacheDirectory = cache
        return try CrawlRun.read(summary: try Audit.run(options, stdinLines: { nil }), from: out.path)
    }

    private func goodOutcomes(_ run: CrawlRun) -> Set<String> {
        let link = run.links.first { $0["url"] as? String == "https://good.test/pay/1" }
        let verdicts = link?["verdicts"] as? [String: [String: Any]] ?? [:]
        return Set(verdicts.values.compactMap { $0["outcome"] as? String })
    }

    private func goodRequests() -> [TestHTTPServer.Request] {
        site.server.requests.filter { goodFiles.contains($0.path) }
    }

    func testASecondRunWithinMaxAgeMakesNoRequest() throws {
        let cache = TempDir()
        site.setGoodHeaders([("Cache-Control", "public, max-age=3600")])
        XCTAssertEqual(goodOutcomes(try audit(cache: cache.path)), ["opens-app"])
        XCTAssertEqual(goodRequests().count, 2)
        let second = try audit(cache: cache.path)
        XCTAssertEqual(goodRequests().count, 2, "both files came from the cache")
        XCTAssertEqual(goodOutcomes(second), ["opens-app"])
        let record = second.page("https://good.test/.well-known/assetlinks.json")
        XCTAssertEqual(record?["status"] as? String, "ok")
        XCTAssertEqual(record?["httpStatus"] as? Int, 200)
        // Files without a lifetime or validators are fetched again.
        XCTAssertEqual(site.associationPaths.filter { $0 == "/badjson/.well-known/assetlinks.json" }.count, 2)
    }

    func testAnExpiredEntryIsRevalidatedAndThe304Used() throws {
        let cache = TempDir()
        site.setGoodHeaders([("Cache-Control", "max-age=0"), ("ETag", "\"v1\"")])
        _ = try audit(cache: cache.path)
        XCTAssertEqual(goodRequests().map { $0.headers["if-none-match"] }, [nil, nil])
        let second = try audit(cache: cache.path)
        let revalidations = goodRequests().dropFirst(2)
        XCTAssertEqual(revalidations.map { $0.headers["if-none-match"] }, ["\"v1\"", "\"v1\""])
        XCTAssertEqual(goodOutcomes(second), ["opens-app"], "the stored files, confirmed by the 304s")
        XCTAssertEqual(second.page("https://good.test/.well-known/apple-app-site-association")?["status"] as? String, "ok")
    }

    func testWithoutCacheEveryRunFetchesAndLastModifiedRevalidates() throws {
        site.setGoodHeaders([("Cache-Control", "max-age=3600")])
        _ = try audit(cache: nil)
        _ = try audit(cache: nil)
        XCTAssertEqual(goodRequests().count, 4)
        let cache = TempDir()
        site.setGoodHeaders([("Last-Modified", "Tue, 15 Nov 1994 12:45:26 GMT")])
        _ = try audit(cache: cache.path)
        _ = try audit(cache: cache.path)
        XCTAssertEqual(goodRequests().suffix(2).map { $0.headers["if-modified-since"] },
                       ["Tue, 15 Nov 1994 12:45:26 GMT", "Tue, 15 Nov 1994 12:45:26 GMT"])
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        XCTAssertTrue(names.contains("good.test_2F.well-known_2Fassetlinks.json.json"), "\(names)")
    }

    func testFreshnessRules() {
        func fields(_ pairs: [(String, String)]) -> HeaderFields {
            var headers = HeaderFields()
            for (name, value) in pairs { headers.append(name, value) }
            return headers
        }
        let stored = Date(timeIntervalSince1970: 1_000_000)
        let maxAge = HTTPFreshness(headers: fields([("Cache-Control", "max-age=60"), ("Expires", "Thu, 01 Jan 1970 00:00:00 GMT")]))
        XCTAssertEqual(maxAge.lifetime, 60, "max-age wins over Expires")
        XCTAssertTrue(maxAge.isFresh(storedAt: stored, now: stored.addingTimeInterval(59)))
        XCTAssertFalse(maxAge.isFresh(storedAt: stored, now: stored.addingTimeInterval(60)))
        let aged = HTTPFreshness(headers: fields([("Cache-Control", "max-age=60"), ("Age", "50")]))
        XCTAssertFalse(aged.isFresh(storedAt: stored, now: stored.addingTimeInterval(11)))
        let expires = HTTPFreshness(headers: fields([("Date", "Sun, 06 Nov 1994 08:49:37 GMT"),
                                                     ("Expires", "Sun, 06 Nov 1994 09:49:37 GMT")]))
        XCTAssertEqual(expires.lifetime, 3600)
        XCTAssertEqual(HTTPFreshness(headers: fields([("Expires", "0")])).lifetime, 0, "an invalid Expires has expired")
        XCTAssertNotNil(HTTPFreshness(headers: fields([("Expires", "Sun, 06 Nov 2094 08:49:37 GMT")])).expiresAt)
        let noCache = HTTPFreshness(headers: fields([("Cache-Control", "no-cache, max-age=600")]))
        XCTAssertFalse(noCache.isFresh(storedAt: stored, now: stored))
        XCTAssertTrue(noCache.isStorable(status: 200))
        XCTAssertFalse(HTTPFreshness(headers: fields([("Cache-Control", "no-store")])).isStorable(status: 200))
        XCTAssertTrue(HTTPFreshness(headers: fields([])).isStorable(status: 404))
        XCTAssertFalse(HTTPFreshness(headers: fields([])).isStorable(status: 503))
        XCTAssertTrue(HTTPFreshness(headers: fields([("Cache-Control", "max-age=5")])).isStorable(status: 503))
        XCTAssertFalse(HTTPFreshness(headers: fields([])).isFresh(storedAt: stored, now: stored), "no lifetime, no reuse")
        let date = HTTPFreshness.date("Sun, 06 Nov 1994 08:49:37 GMT")
        XCTAssertEqual(HTTPFreshness.date("Sunday, 06-Nov-94 08:49:37 GMT"), date)
        XCTAssertEqual(HTTPFreshness.date("Sun Nov  6 08:49:37 1994"), date)
        XCTAssertEqual(HTTPFreshness.directives(#"Max-Age="30", private"#)["max-age"], "30")
    }

    func testCacheFileNamesStayInTheFolder() {
        XCTAssertEqual(AssociationCache.fileName(for: .must("https://a.example/../../etc/passwd?x=/")),
                       "a.example_2Fetc_2Fpasswd_3Fx_3D_2F.json")
    }

    func testAssetLinksIncludesAreFetchedAndTheirProblemsReported() throws {
        let statements = String(decoding: Checks.walletAssetLinks(fingerprint: Checks.walletFingerprint), as: UTF8.self)
        let server = try TestHTTPServer { request in
            let json = { (text: String) in
                TestHTTPServer.Response(status: 200, headers: [("Content-Type", "application/json")], body: Array(text.utf8))
            }
            switch request.path {
            case "/.well-known/assetlinks.json":
                return json(#"[{"include": "https://inc.test/more.json"}, {"include": "https://inc.test/gone.json"}]"#)
            case "/more.json": return json(statements)
            default: return .html("", status: 404)
            }
        }
        defer { server.stop() }
        let client = FetchClient(options: .localTest(), userAgent: "linkaudit-test")
        defer { client.close() }
        let fetcher = HostAssociationFetcher(http: AssociationHTTP(client: client, cache: nil, servers: ["inc.test": server.base]))
        let file = fetcher.android("inc.test")
        XCTAssertEqual(file.sites.verifies(package: "com.wallet.app", filterHost: "inc.test"), true)
        XCTAssertEqual(file.record.status, "invalid")
        XCTAssertEqual(file.record.problems, [
            "include https://inc.test/gone.json: HTTP status 404, not 200: Android treats the file as absent",
        ])
        XCTAssertEqual(server.paths, ["/.well-known/assetlinks.json", "/more.json", "/gone.json"])
    }

    func testFlagsOnTheCommandLine() throws {
        let folder = TempDir()
        let file = folder.write("not-a-folder", "x")
        let bad = try CLI.run(["audit", "http://127.0.0.1:9/", "--cache", file])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "linkaudit: --cache: '\(file)' is not a folder\n")
        let off = try CLI.run(["audit", site.base + "/checkout", "--no-associations", "--allow-private", "--delay", "0",
                               "--cache", folder.path + "/cache", "--fail-on", "never", "--out", folder.path + "/report"])
        XCTAssertEqual(off.status, 0, off.stderr)
        XCTAssertFalse(off.stderr.contains("association files"), off.stderr)
        XCTAssertTrue(site.associationPaths.isEmpty)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path + "/cache"), "the folder is made up front")
    }
}
