import Foundation
import XCTest
@testable import Checks
@testable import LinkAudit
@testable import LinkAuditModel
@testable import PageSources
@testable import Policies
import TestSupport

/// QUERY_NOT_UTF8 on the demo site's Shift_JIS and EUC-KR checkouts: the wallet gets the
/// query in the page's encoding, as Chromium sends it (Docs/PLATFORM.md §F.12).
final class QueryNotUTF8Tests: XCTestCase {
    private func audit(_ relative: String, page: String) throws -> [Navigation] {
        let bytes = try [UInt8](Data(contentsOf: Repository.url("Pipelines/demo-site/" + relative)))
        let result = PageReader().read(bytes: bytes, page: page, file: nil)
        let classifier = Classifier(profiles: try ProfileRegistry.select(ProfileRegistry.defaultNames))
        return classifier.audit(result.navigations)
    }

    private func codes(_ navs: [Navigation], _ prefix: String) -> [String] {
        navs.filter { $0.url.hasPrefix(prefix) }.flatMap { ($0.findings ?? []).map(\.code) }
    }

    func testTheShiftJISCheckoutsPayPayMemo() throws {
        let navs = try audit("jp/checkout.html", page: "https://shop.demo-merchant.example/jp/checkout.html")
        let paypay = try XCTUnwrap(navs.first { $0.url.hasPrefix("paypay://") })
        XCTAssertEqual(paypay.url, "paypay://payment?link_key=PP-8c1e5a&memo=%83R%81[%83q%81[%93%A4")
        XCTAssertTrue(codes(navs, "paypay://").contains("QUERY_NOT_UTF8"))
        // au PAY's query is ASCII; the https search link reaches no app.
        XCTAssertFalse(codes(navs, "aupay://").contains("QUERY_NOT_UTF8"))
        XCTAssertFalse(codes(navs, "https://").contains("QUERY_NOT_UTF8"))
    }

    func testTheEUCKRCheckoutsTossMessage() throws {
        let navs = try audit("kr/checkout.html", page: "https://shop.demo-merchant.example/kr/checkout.html")
        XCTAssertTrue(codes(navs, "supertoss://").contains("QUERY_NOT_UTF8"))
    }

    func testWhatTheEngineSends() {
        func nav(_ raw: String, _ url: String) -> Navigation {
            Navigation(page: "https://shop.example/", line: 1, source: "a[href]", trigger: .tap, frame: .main,
                       raw: raw, url: url, scheme: "paypay")
        }
        XCTAssertTrue(Checks.sendsLegacyQuery(nav("paypay://p?memo=コーヒー", "paypay://p?memo=%83R%81[%83q%81[")))
        // UTF-8 pages send UTF-8; a query written percent-encoded is sent as written.
        XCTAssertFalse(Checks.sendsLegacyQuery(nav("paypay://p?memo=コ", "paypay://p?memo=%E3%82%B3")))
        XCTAssertFalse(Checks.sendsLegacyQuery(nav("paypay://p?memo=%83R", "paypay://p?memo=%83R")))
        // Characters in the fragment only: the fragment is UTF-8 on every page.
        XCTAssertFalse(Checks.sendsLegacyQuery(nav("paypay://p?a=1#コ", "paypay://p?a=1#%E3%82%B3")))
        XCTAssertFalse(Checks.sendsLegacyQuery(nav("paypay://p", "paypay://p")))
    }
}
