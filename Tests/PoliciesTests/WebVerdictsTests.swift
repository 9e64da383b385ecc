import XCTest
@testable import Associations
@testable import Checks
@testable import Extraction
@testable import LinkAudit
@testable import LinkAuditModel
@testable import PageSources
@testable import Policies
@testable import WHATWGURL
import TestSupport

/// Remembering ordinary web links' verdicts within a page must change no verdict: every
/// profile, every page of the demo site and of the sample archive, both entries.
final class WebVerdictsTests: XCTestCase {
    private var pipelines: URL {
        Repository.url("Pipelines")
    }

    private func pages() throws -> [[Navigation]] {
        let reader = PageReader()
        var out: [[Navigation]] = []
        let inputs = try InputCollector(mapper: PageURLMapper(baseURL: "https://shop.demo-merchant.example/"))
            .collect([pipelines.appendingPathComponent("demo-site").path]).pages
        for input in inputs { out.append(reader.read(input).navigations) }
        let scanner = ArchiveScanner(path: pipelines.appendingPathComponent("samples/deeplinks-sample.warc.gz").path,
                                     maxBody: 1 << 24)
        while let page = scanner.next() { out.append(reader.read(page).navigations) }
        // Many plain links of every trigger on one page, some leaving the host.
        out.append(Extract.all("""
        <a href="/a">a</a><a href="https://shop.example/b">b</a><a href="https://other.example/c" target="_blank">c</a>
        <iframe src="https://shop.example/frame"></iframe><iframe src="http://widgets.example/w"></iframe>
        <form action="/pay" method="post"></form><form action="https://psp.example/pay"></form>
        <meta http-equiv="refresh" content="5;url=https://shop.example/next">
        <script>location.href = 'https://shop.example/x'; setTimeout(function(){ location.href='https://psp.example/y' }, 2000);
        document.getElementById('b').addEventListener('click', function(){ window.open('https://psp.example/z');
          setTimeout(function(){ location.href='https://shop.example/late' }, 7000); });</script>
        """))
        return out
    }

    func testMemoisedVerdictsEqualFreshOnes() throws {
        let all = try pages()
        XCTAssertGreaterThan(all.count, 30)
        for entry in [AuditSettings.Entry.loadUrl, .loadUrlByUser] {
            var settings = AuditSettings()
            settings.entry = entry
            let memoised = Classifier(profiles: ProfileRegistry.all, settings: settings)
            var fresh = memoised
            fresh.memoizeWebLinks = false
            XCTAssertTrue(memoised.webLinksUnclaimed)
            for navigations in all {
                XCTAssertEqual(memoised.audit(navigations), fresh.audit(navigations), navigations.first?.page ?? "")
            }
        }
    }

    func testNotUsedWhenAnAppCanClaimWebLinks() {
        let device = DeviceProfile(name: "d", apps: [InstalledApp(id: "a", appLinks: [AppLinkFilter(hosts: ["x.example"])])])
        XCTAssertFalse(Classifier(profiles: ProfileRegistry.all, device: device).webLinksUnclaimed)
    }
}
