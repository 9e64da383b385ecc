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

    /// The ASCII shortcut answers as the rule does (`sendsLegacyQueryAsWritten`): generated
    /// raw texts and URLs, ASCII or not, with `?` and `#` in every place, a combining mark
    /// after the `?` (a different Character, not a query), and legacy and UTF-8 queries.
    func testTheASCIIShortcutAnswersAsTheRule() {
        let pieces = ["paypay://p", "?", "#", "memo=", "a", "コ", "%83R", "%E3%82%B3", "\u{301}", "é", "&x=1", "[", " "]
        var generator = SystemRandomNumberGenerator()
        var seen = (ascii: 0, other: 0, fires: 0)
        for round in 0..<4_000 {
            var raw = "", url = ""
            for _ in 0..<Int.random(in: 0...7, using: &generator) { raw += pieces.randomElement(using: &generator)! }
            for _ in 0..<Int.random(in: 0...7, using: &generator) { url += pieces.randomElement(using: &generator)! }
            if round % 3 == 0 { url = raw.replacingOccurrences(of: "コ", with: "%83R") }
            let nav = Navigation(page: "https://shop.example/", line: 1, source: "a[href]", trigger: .tap, frame: .main,
                                 raw: raw, url: url, scheme: "paypay")
            let plain = Checks.sendsLegacyQueryAsWritten(nav)
            XCTAssertEqual(Checks.sendsLegacyQuery(nav), plain, "raw \(raw), url \(url)")
            XCTAssertEqual(Checks.isASCII(raw), raw.unicodeScalars.allSatisfy(\.isASCII), raw)
            if Checks.isASCII(raw) { seen.ascii += 1 } else { seen.other += 1 }
            if plain { seen.fires += 1 }
        }
        XCTAssertGreaterThan(seen.ascii, 100)
        XCTAssertGreaterThan(seen.other, 100)
        XCTAssertGreaterThan(seen.fires, 10)
    }
}
