import Foundation
import LinkAuditModel
import TestSupport
import XCTest
@testable import PageSources

/// A page's URLs are reported as the browser sends them: the query percent-encoded in the
/// page's encoding (URL Standard, encoding-parse a URL), for https and for custom schemes
/// with an authority (Chromium; the Standard would use UTF-8 there), but UTF-8 after an
/// opaque path (`myapp:pay?…`). Docs/PLATFORM.md §F.12. Expected values are Chromium's
/// (`a.href`, `form.action`, measured with chromium-headless-shell on the same bytes).
final class QueryEncodingPageTests: XCTestCase {
    /// Every kind of URL a document resolves, with WORD (in the page's encoding) in the query.
    private func page(charset: String, word: [UInt8]) -> [UInt8] {
        let parts = [
            "<html><head><meta charset=\"\(charset)\"><meta http-equiv=\"refresh\" content=\"30; url=/r?k=",
            "\"></head><body><a href=\"https://shop.example/s?q=",
            "\">s</a><a href=\"myapp://pay?memo=",
            "\">app</a><a href=\"myapp:pay?memo=",
            "\">opaque</a><form action=\"/f?k=",
            "\" method=\"post\"><input type=\"submit\"></form><iframe srcdoc=\"<a href='/i?k=",
            "'>i</a>\"></iframe></body></html>",
        ]
        var bytes: [UInt8] = []
        for (index, part) in parts.enumerated() {
            if index > 0 { bytes += word }
            bytes += Array(part.utf8)
        }
        return bytes
    }

    /// The URLs of the page's navigations.
    private func urls(_ bytes: [UInt8], encoding: String, file: StaticString = #filePath, line: UInt = #line) -> Set<String> {
        let result = PageReader().read(bytes: bytes, page: "https://shop.example/checkout.html", file: nil)
        XCTAssertEqual(result.record.encoding, encoding, file: file, line: line)
        return Set(result.navigations.map(\.url))
    }

    private func assertEncoded(_ word: [UInt8], charset: String, encoding: String, query expected: String,
                               utf8 expectedUTF8: String, file: StaticString = #filePath, line: UInt = #line) {
        let found = urls(page(charset: charset, word: word), encoding: encoding, file: file, line: line)
        XCTAssertEqual(found, [
            "https://shop.example/s?q=" + expected,
            "myapp://pay?memo=" + expected,
            "myapp:pay?memo=" + expectedUTF8,
            "https://shop.example/f?k=" + expected,
            "https://shop.example/r?k=" + expected,
            // A srcdoc document has its parent's encoding.
            "https://shop.example/i?k=" + expected,
        ], file: file, line: line)
    }

    func testShiftJIS() {
        // コーヒー
        assertEncoded([0x83, 0x52, 0x81, 0x5B, 0x83, 0x71, 0x81, 0x5B], charset: "shift_jis", encoding: "Shift_JIS",
                      query: "%83R%81[%83q%81[", utf8: "%E3%82%B3%E3%83%BC%E3%83%92%E3%83%BC")
    }

    func testEUCKR() {
        // 원두
        assertEncoded([0xBF, 0xF8, 0xB5, 0xCE], charset: "euc-kr", encoding: "EUC-KR",
                      query: "%BF%F8%B5%CE", utf8: "%EC%9B%90%EB%91%90")
    }

    func testWindows874() {
        // กาแฟ
        assertEncoded([0xA1, 0xD2, 0xE1, 0xBF], charset: "windows-874", encoding: "windows-874",
                      query: "%A1%D2%E1%BF", utf8: "%E0%B8%81%E0%B8%B2%E0%B9%81%E0%B8%9F")
    }

    func testWindows1252() {
        // café € (the space is percent-encoded as in UTF-8)
        assertEncoded([0x63, 0x61, 0x66, 0xE9, 0x20, 0x80], charset: "windows-1252", encoding: "windows-1252",
                      query: "caf%E9%20%80", utf8: "caf%C3%A9%20%E2%82%AC")
    }

    /// A character the page's encoding lacks, written as a reference: `&#NNNN;`, encoded.
    func testUnencodableCharacter() {
        let found = urls(page(charset: "shift_jis", word: Array("&#x4E02;".utf8)), encoding: "Shift_JIS")
        XCTAssertTrue(found.contains("https://shop.example/s?q=%26%2319970%3B"), "\(found)")
    }

    /// UTF-8 pages (and ASCII queries on any page) are unchanged.
    func testUTF8PageUnchanged() {
        let found = urls(page(charset: "utf-8", word: Array("コ".utf8)), encoding: "UTF-8")
        XCTAssertTrue(found.contains("https://shop.example/s?q=%E3%82%B3"), "\(found)")
    }

    /// The demo site's checkout pages in Shift_JIS, EUC-KR and windows-874: the URLs
    /// Chromium's DOM has (`Scripts/test-chromium-diff.sh`).
    func testDemoSiteCheckouts() throws {
        let expected: [String: [String]] = [
            "jp": ["https://shop.demo-merchant.example/products/?q=%83R%81[%83q%81[",
                   "paypay://payment?link_key=PP-8c1e5a&memo=%83R%81[%83q%81[%93%A4"],
            "kr": ["https://shop.demo-merchant.example/products/?q=%BF%F8%B5%CE",
                   "supertoss://pay?payToken=TK-2024061100042&msg=%BF%F8%B5%CE%20%B1%B8%B8%C5"],
            "th": ["https://shop.demo-merchant.example/products/?q=%A1%D2%E1%BF"],
        ]
        for (folder, urls) in expected {
            let path = Repository.url("Pipelines/demo-site/\(folder)/checkout.html").path
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let result = PageReader().read(bytes: bytes, page: "https://shop.demo-merchant.example/\(folder)/checkout.html",
                                           file: path)
            let found = Set(result.navigations.map(\.url))
            for url in urls { XCTAssertTrue(found.contains(url), "\(folder): \(url) not in \(found.sorted())") }
        }
    }
}
