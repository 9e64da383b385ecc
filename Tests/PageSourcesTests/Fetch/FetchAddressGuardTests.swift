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

/// The private-address guard in a real crawl: 127.0.0.1 is refused without
/// `--allow-private`, also when a redirect from an allowed origin leads there.
final class FetchAddressGuardTests: XCTestCase {
    func testLoopbackInputIsRefusedWithoutAllowPrivate() throws {
        let site = try TestSite()
        defer { site.stop() }
        let run = try CrawlRun.audit(inputs: [site.url("/")]) { $0.allowPrivate = false; $0.depth = 1 }
        XCTAssertEqual(run.pages.count, 1)
        XCTAssertEqual(run.pages[0]["status"] as? String, "refused-address: 127.0.0.1 is loopback; --allow-private fetches it")
        XCTAssertNil(run.pages[0]["httpStatus"])
        XCTAssertTrue(site.server.paths.isEmpty, "nothing was sent")
    }

    func testRedirectFromAnAllowedOriginToLoopbackIsRefused() throws {
        let target = try TestHTTPServer { _ in .html("<p>internal admin</p>") }
        defer { target.stop() }
        let targetURL = target.base + "/admin"
        let allowed = try TestHTTPServer { _ in .redirect(302, to: targetURL) }
        defer { allowed.stop() }
        let run = try CrawlRun.audit(inputs: [allowed.base + "/go"]) { options in
            options.allowPrivate = false
            // This origin stands in for a public site; the redirect target does not.
            options.guardExemptions = ["127.0.0.1:\(allowed.port)"]
        }
        XCTAssertEqual(run.pageURLs, [allowed.base + "/go", targetURL])
        XCTAssertEqual(run.pages[0]["httpStatus"] as? Int, 302)
        XCTAssertEqual(run.pages[1]["status"] as? String, "refused-address: 127.0.0.1 is loopback; --allow-private fetches it")
        XCTAssertEqual(run.links.first?["url"] as? String, targetURL, "the hop's Location is still recorded")
        XCTAssertEqual(allowed.paths, ["/go"])
        XCTAssertTrue(target.paths.isEmpty, "the redirect target was never contacted")
    }
}
