import XCTest
@testable import Associations
@testable import Extraction
@testable import LinkAudit
@testable import LinkAuditModel
@testable import PageSources
@testable import Policies
@testable import Reports
@testable import WHATWGURL
import TestSupport

/// Association files fetched in a live crawl, end to end against 127.0.0.1: their
/// `ASSOCIATION_INVALID` findings and records, and the Universal Link / App Link verdicts
/// of the checkout page's links to their hosts.
final class FetchAssociationTests: XCTestCase {
    private var site: AssociationSite!

    override func setUpWithError() throws {
        site = try AssociationSite()
    }

    override func tearDown() {
        site.stop()
    }

    static let profiles = ["ios-wkwebview", "safari-ios", "android-sdk", "chrome-android"]

    private func audit(associations: Bool = true, cache: String? = nil) throws -> (run: CrawlRun, out: TempDir) {
        let out = TempDir()
        var options = AuditOptions(inputs: [site.base + "/checkout"], outDir: out.path, jobs: 2, maxPageBytes: 64 << 10)
        options.profiles = Self.profiles
        options.device = AssociationSite.device
        options.formats = [.csv, .md, .junit]
        options.fetch = .localTest()
        options.fetch.associations = associations
        options.fetch.associationServers = site.servers
        options.fetch.cacheDirectory = cache
        let summary = try Audit.run(options, stdinLines: { nil })
        return (try CrawlRun.read(summary: summary, from: out.path), out)
    }

    private func associationRecords(_ run: CrawlRun) -> [String: [String: Any]] {
        Dictionary(uniqueKeysWithValues: run.pages.filter { $0["association"] != nil }.map { ($0["page"] as! String, $0) })
    }

    private func outcomes(_ run: CrawlRun, host: String) -> [String: String] {
        let link = run.links.first { $0["url"] as? String == "https://\(host).test/pay/1" }
        let verdicts = link?["verdicts"] as? [String: [String: Any]] ?? [:]
        return verdicts.mapValues { $0["outcome"] as? String ?? "" }
    }

    func testBrokenFilesAreAssociationInvalidFindingsOnTheirFile() throws {
        let (run, out) = try audit()
        let records = associationRecords(run)
        XCTAssertEqual(records.count, 18, "two files per host")
        func problems(_ url: String) -> [String] { records[url]?["problems"] as? [String] ?? [] }
        func status(_ url: String) -> String? { records[url]?["status"] as? String }
        let aasa = "/.well-known/apple-app-site-association", links = "/.well-known/assetlinks.json"
        XCTAssertEqual(status("https://good.test" + aasa), "ok")
        XCTAssertEqual(status("https://good.test" + links), "ok")
        XCTAssertEqual(records["https://good.test" + links]?["httpStatus"] as? Int, 200)
        XCTAssertTrue(problems("https://badjson.test" + aasa).first?.hasPrefix("not valid JSON") == true)
        XCTAssertTrue(problems("https://badjson.test" + links).first?.hasPrefix("Could not parse statement list: not valid JSON") == true)
        XCTAssertEqual(problems("https://redirect.test" + aasa), [
            "answers HTTP 301, a redirect to https://www.redirect.test/.well-known/apple-app-site-association: "
                + "iOS does not follow redirects for this file",
        ])
        XCTAssertEqual(problems("https://redirect.test" + links), [
            "answers HTTP 302, a redirect to https://redirect.test/redirect/elsewhere.json: Android does not follow redirects for this file",
        ])
        XCTAssertFalse(site.server.paths.contains("/redirect/elsewhere.json"), "a redirect is not followed")
        XCTAssertTrue(problems("https://fpcase.test" + links).first?.contains("hex digits must be upper case") == true)
        XCTAssertEqual(problems("https://noapplinks.test" + aasa), ["no applinks section: the file declares no universal links"])
        XCTAssertEqual(status("https://noapplinks.test" + links), "ok", "a valid file that grants no app links")
        XCTAssertTrue(problems("https://toolarge.test" + aasa).first?.hasPrefix("the file is 143463 bytes, over the 128 KB limit") == true)
        XCTAssertEqual(status("https://ctype.test" + aasa), "ok", "a wrong Content-Type is a warning: iOS still reads it")
        XCTAssertTrue((records["https://ctype.test" + links]?["warning"] as? String)?.hasPrefix(#"Content-Type is "text/html""#) == true)
        XCTAssertEqual(status("https://missing.test" + aasa), "absent: HTTP 404 (and HTTP 404 at /apple-app-site-association)")
        XCTAssertEqual(status("https://missing.test" + links), "absent: HTTP 404")
        XCTAssertEqual(status("https://rootaasa.test/apple-app-site-association"), "ok", "the fallback location")
        XCTAssertNil(records["https://rootaasa.test" + aasa])
        // Each error file is one ASSOCIATION_INVALID finding, on the file, with its reasons.
        let csv = try String(contentsOfFile: out.path + "/findings.csv", encoding: .utf8)
        let rows = csv.split(separator: "\r\n").filter { $0.contains(",ASSOCIATION_INVALID,") }
        XCTAssertEqual(Set(rows.map { String($0.prefix { $0 != "," }) }), [
            "https://badjson.test" + aasa, "https://badjson.test" + links, "https://redirect.test" + aasa,
            "https://redirect.test" + links, "https://fpcase.test" + links, "https://noapplinks.test" + aasa,
            "https://toolarge.test" + aasa,
        ])
        XCTAssertTrue(rows.allSatisfy { $0.contains(",association,") && $0.contains(",error,") })
        XCTAssertEqual(run.summary.associationStatuses, ["ok": 8, "invalid": 7, "absent": 3])
        XCTAssertEqual(run.summary.pages, 1, "association files are not pages")
    }

    func testLinksOpenAppsOnlyWhereTheSiteDeclaresThem() throws {
        let (run, _) = try audit()
        let everywhere = Dictionary(uniqueKeysWithValues: Self.profiles.map { ($0, "opens-app") })
        let nowhere = Dictionary(uniqueKeysWithValues: Self.profiles.map { ($0, "loads") })
        for host in ["good", "ctype", "rootaasa"] { XCTAssertEqual(outcomes(run, host: host), everywhere, host) }
        for host in ["badjson", "redirect", "noapplinks", "missing"] { XCTAssertEqual(outcomes(run, host: host), nowhere, host) }
        XCTAssertEqual(outcomes(run, host: "fpcase"), ["ios-wkwebview": "opens-app", "safari-ios": "opens-app",
                                                       "android-sdk": "loads", "chrome-android": "loads"],
                       "its AASA is fine, its assetlinks.json verifies nothing")
        XCTAssertEqual(outcomes(run, host: "toolarge"), nowhere, "AASA too large, no assetlinks.json")
        let good = run.links.first { $0["url"] as? String == "https://good.test/pay/1" }
        let verdicts = good?["verdicts"] as? [String: [String: Any]]
        XCTAssertEqual(verdicts?["ios-wkwebview"]?["reason"] as? String, "universal-link")
    }

    func testWithoutAssociationFilesTheDeviceDeclarationsDecide() throws {
        let (run, _) = try audit(associations: false)
        XCTAssertTrue(associationRecords(run).isEmpty)
        XCTAssertTrue(site.associationPaths.isEmpty, "--no-associations touches no other host")
        for host in AssociationSite.hosts {
            XCTAssertEqual(Set(outcomes(run, host: host).values), ["opens-app"], host)
        }
    }

    func testEachHostIsFetchedOncePerRun() throws {
        let out = TempDir()
        var options = AuditOptions(inputs: [site.base + "/checkout", site.base + "/checkout-again"], outDir: out.path,
                                   jobs: 2, maxPageBytes: 64 << 10)
        options.profiles = ["ios-wkwebview"]
        options.device = AssociationSite.device
        options.fetch = .localTest()
        options.fetch.associations = true
        options.fetch.associationServers = site.servers
        let run = try CrawlRun.read(summary: try Audit.run(options, stdinLines: { nil }), from: out.path)
        XCTAssertEqual(site.associationPaths.filter { $0 == "/good/.well-known/apple-app-site-association" }.count, 1)
        XCTAssertEqual(site.associationPaths.filter { $0 == "/good/.well-known/assetlinks.json" }.count, 1)
        XCTAssertEqual(associationRecords(run).count, 18)
        XCTAssertEqual(run.pages.filter { $0["association"] != nil }.count, 18, "each file written once")
        XCTAssertEqual(Array(run.pages.prefix(2).compactMap { $0["page"] as? String }),
                       [site.base + "/checkout", "https://good.test/.well-known/apple-app-site-association"],
                       "after the first page that needed them")
        XCTAssertEqual(run.links.filter { $0["url"] as? String == "https://good.test/pay/1" }.count, 2)
    }

    func testReportsShowTheFilesAndRebuildThem() throws {
        let (_, out) = try audit()
        let summary = try String(contentsOfFile: out.path + "/summary.md", encoding: .utf8)
        XCTAssertTrue(summary.contains("| association files invalid | 7 |"), summary)
        XCTAssertTrue(summary.contains("## Association files"))
        XCTAssertTrue(summary.contains("| https://badjson.test/.well-known/apple-app-site-association | invalid | not valid JSON"))
        XCTAssertTrue(summary.contains("3 files absent (4xx: no app links there): see pages.jsonl."))
        let junit = try String(contentsOfFile: out.path + "/junit.xml", encoding: .utf8)
        // 15 files that exist: 8 clean ones pass as themselves, 7 rejected ones fail their code's case.
        XCTAssertEqual(junit.components(separatedBy: "classname=\"linkaudit.associations\"").count - 1, 8)
        XCTAssertEqual(junit.components(separatedBy: "classname=\"linkaudit.ASSOCIATION_INVALID\"").count - 1, 7)
        XCTAssertEqual(junit.components(separatedBy: "<failure type=\"ASSOCIATION_INVALID\"").count - 1, 7)
        // linkaudit report rebuilds them from pages.jsonl; a baseline sees them persist.
        let rebuilt = TempDir()
        let again = try ReportRebuild(inputs: [out.path], outDir: rebuilt.path, formats: [.csv]).run(warn: { XCTFail($0) })
        XCTAssertEqual(again.bySeverity[.error], 7)
        let baseline = try Baseline.load(out.path, warn: { XCTFail($0) })
        XCTAssertEqual(baseline.findings.filter { $0.code == "ASSOCIATION_INVALID" }.count, 7)
    }
}
