import Foundation
import PageSources
import TestSupport
import XCTest

/// A page whose type is declared HTML (a `.html` file, `Content-Type: text/html`) is parsed as
/// HTML whatever control bytes it starts with; the binary-byte rule is for unknown types (§F.7).
final class DeclaredTypeTests: XCTestCase {
    /// Form feed and vertical tab before the doctype, as in probe byte-level/011.
    private let page = "\u{0C}\u{0B}<!DOCTYPE html>\n<a href=\"upi://pay\">pay</a>\n"

    func testAnHTMLFileIsParsedWhateverItStartsWith() throws {
        let dir = TempDir()
        let path = dir.write("shop/checkout.html", page)
        for input in try InputCollector(mapper: PageURLMapper(baseURL: nil)).collect([path, dir.path]).pages {
            let result = PageReader().read(input)
            XCTAssertEqual(result.record.status, "ok", "\(input)")
            XCTAssertEqual(result.navigations.map(\.raw), ["upi://pay"], "\(input)")
        }
    }

    func testAnUnknownTypeIsStillSniffed() {
        let dir = TempDir()
        let path = dir.write("checkout", page)
        let result = PageReader().read(PageInput(page: "https://shop.example/", origin: .file(path: path), named: true))
        XCTAssertEqual(result.record.status, "not-html: binary data")
        XCTAssertEqual(PageReader().read(bytes: Array(page.utf8), page: "https://shop.example/", file: nil).record.status,
                       "not-html: binary data")
    }

    func testADeclaredResponseIsParsed() {
        let result = PageReader().read(bytes: Array(page.utf8), page: "https://shop.example/", file: nil, declaredHTML: true)
        XCTAssertEqual(result.navigations.map(\.raw), ["upi://pay"])
    }

    func testAWARCResponseWithContentTypeHTMLIsDeclared() {
        let http = "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n" + page
        let warc = "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: https://shop.example/\r\n"
            + "Content-Type: application/http; msgtype=response\r\nContent-Length: \(http.utf8.count)\r\n\r\n\(http)\r\n\r\n"
        let dir = TempDir()
        let scanner = ArchiveScanner(path: dir.write("crawl.warc", warc), maxBody: 1 << 20)
        let archived = scanner.next()
        XCTAssertEqual(archived?.declaredHTML, true)
        XCTAssertEqual(archived?.isHTML, true)
    }

    /// A renamed image is reported, not parsed, though a browser would show its bytes as text.
    func testARenamedBinaryFileIsNotAPage() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("<a href=x>".utf8)
        let result = PageReader().read(bytes: png, page: "https://shop.example/", file: nil, declaredHTML: true)
        XCTAssertEqual(result.record.status, "not-html: binary data (PNG image)")
    }
}
