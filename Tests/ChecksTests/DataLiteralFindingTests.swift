import XCTest
import Checks
import LinkAudit
import LinkAuditModel
import PageSources
import Policies
import Reports
import TestSupport

/// A deep-link literal no navigation reaches (issue 18) raises no navigation finding on any
/// profile, and stays in the scheme inventory; a link or frame a script writes is judged
/// only when scripting is on (README, Triggers).
final class DataLiteralFindingTests: XCTestCase {
    private let page = """
    <!doctype html><html><body>
    <div id="qr"></div>
    <script>
    new QRCode(document.getElementById('qr'), 'alipays://platformapi/startapp?saId=10000007&qrcode=X');
    AlipayJSBridge.call('pushWindow', { url: 'alipays://platformapi/startapp?appId=20000067' });
    console.log("weixin://dl/business/?t=debug");
    var unused = 'gojek://gopay/unused';
    var f = document.createElement('iframe'); f.src = 'weixin://dl/never-inserted';
    location.href = 'dana://wallet/pay?order=1';
    </script>
    </body></html>
    """

    private func audited(javaScript: Bool = true) throws -> [Navigation] {
        let result = PageReader().read(bytes: Array(page.utf8), page: "https://shop.example/pay/", file: nil)
        var settings = AuditSettings()
        settings.javaScriptEnabled = javaScript
        let classifier = Classifier(profiles: try ProfileRegistry.select(nil), settings: settings)
        return classifier.audit(result.navigations)
    }

    func testDataRaisesNoFindingOnAnyProfile() throws {
        let navigations = try audited()
        let data = navigations.filter { $0.trigger == .scriptLiteral }
        XCTAssertEqual(data.map(\.scheme), ["alipays", "alipays", "weixin", "gojek", "weixin"])
        for navigation in data {
            XCTAssertNil(navigation.verdicts, navigation.raw)
            XCTAssertEqual(navigation.findings ?? [], [], navigation.raw)
        }
        // The page's one real navigation is still judged: a load-time jump without a gesture.
        let jump = try XCTUnwrap(navigations.first { $0.trigger == .scriptLoad })
        XCTAssertEqual(jump.raw, "dana://wallet/pay?order=1")
        XCTAssertTrue(jump.findings?.contains { $0.code == "BLOCKED_NO_GESTURE" } == true)
    }

    func testDataIsInTheSchemeInventory() throws {
        var accumulator = ReportAccumulator()
        let navigations = try audited()
        accumulator.add(page: PageRecord(page: "https://shop.example/pay/", file: "pay.html", bytes: page.utf8.count,
                                         status: "ok", encoding: "UTF-8", navigations: navigations.count),
                        navigations: navigations)
        let schemes = Dictionary(uniqueKeysWithValues: accumulator.report().inventory.schemes.map { ($0.name, $0.links) })
        XCTAssertEqual(schemes, ["alipays": 2, "weixin": 2, "gojek": 1, "dana": 1])
    }

    func testALinkAScriptWritesIsJudgedOnlyWithScripting() throws {
        let html = """
        <a id="pay" href="https://shop.example/fallback">Pay</a>
        <script>document.getElementById('pay').href = 'gojek://gopay/pay?id=1';</script>
        """
        let navigations = PageReader().read(bytes: Array(html.utf8), page: "https://shop.example/", file: nil).navigations
        let written = try XCTUnwrap(navigations.first { $0.source == "script" })
        XCTAssertEqual(written.trigger, .tap)
        var off = AuditSettings()
        off.javaScriptEnabled = false
        XCTAssertFalse(PageVisit(settings: off).evaluates(written))
        XCTAssertTrue(PageVisit(settings: AuditSettings()).evaluates(written))
        XCTAssertTrue(PageVisit(settings: off).evaluates(navigations[0]), "the link as written is live without scripts")
    }
}
