import PageSources
import XCTest

/// The MIME Sniffing Standard's order (§7.1): an HTML pattern at the start decides before
/// any binary data byte is looked at.
final class BinarySniffingTests: XCTestCase {
    private func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { HTMLSniffer.isBinary($0) }
    }

    func testStrayControlBytesAfterAnHTMLStartAreAPage() {
        XCTAssertFalse(isBinary(Array("<!DOCTYPE html>\n<title>\u{0B}Pay</title>".utf8)))
        XCTAssertFalse(isBinary(Array("<html>".utf8) + [0x00] + Array("<a href=upi://pay>".utf8)))
        XCTAssertFalse(isBinary(Array("  \n<!-- build 7 -->".utf8) + [0x01, 0x02]))
    }

    func testByteOrderMarksMakeText() {
        XCTAssertFalse(isBinary([0xEF, 0xBB, 0xBF] + Array("plain".utf8) + [0x00]))
        XCTAssertFalse(isBinary([0xFF, 0xFE, 0x3C, 0x00]))
    }

    func testBinaryDataBytesWithoutAnHTMLStartAreBinary() {
        XCTAssertTrue(isBinary([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]))
        XCTAssertTrue(isBinary(Array("text".utf8) + [0x0B]))
        // Not a pattern: `<htmlx` lacks the space or `>` after the name.
        XCTAssertTrue(isBinary(Array("<htmlx".utf8) + [0x00]))
        // TAB, LF, FF, CR and ESC are not binary data bytes.
        XCTAssertFalse(isBinary(Array("a\t\n\u{0C}\r\u{1B}b".utf8)))
    }

    func testPageReaderReadsTheLinks() {
        let page = Array("<!DOCTYPE html>\u{0B}<a href=\"upi://pay\">pay</a>".utf8)
        let result = PageReader().read(bytes: page, page: "https://shop.example/", file: nil)
        XCTAssertEqual(result.record.status, "ok")
        XCTAssertEqual(result.navigations.map(\.raw), ["upi://pay"])
    }
}
