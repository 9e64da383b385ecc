import XCTest
@testable import PageSources

/// Pages in the wallets' markets' encodings are decoded before extraction, so a link's
/// non-ASCII text comes out right (percent-encoded as UTF-8 in the resolved URL).
final class PageEncodingTests: XCTestCase {
    /// `<meta …><a href="x://pay?m=TEXT">` with TEXT in the page's encoding.
    private func page(meta: String, text: [UInt8]) -> [UInt8] {
        Array("<html><head>\(meta)</head><body><a href=\"x://pay?m=".utf8) + text + Array("\">pay</a></body></html>".utf8)
    }

    private func read(_ bytes: [UInt8]) -> PageResult {
        PageReader().read(bytes: bytes, page: "https://shop.example/", file: nil)
    }

    func testShiftJISFromMetaCharset() {
        let result = read(page(meta: #"<meta charset="Shift_JIS">"#, text: [142, 120, 149, 165, 130, 162]))
        XCTAssertEqual(result.record.encoding, "Shift_JIS")
        XCTAssertEqual(result.navigations.first?.raw, "x://pay?m=支払い")
    }

    func testEUCKRFromHTTPEquiv() {
        let result = read(page(meta: #"<meta http-equiv="Content-Type" content="text/html; charset=euc-kr">"#,
                               text: [176, 225, 193, 166]))
        XCTAssertEqual(result.record.encoding, "EUC-KR")
        XCTAssertEqual(result.navigations.first?.raw, "x://pay?m=결제")
    }

    func testWindows874() {
        let result = read(page(meta: #"<meta charset="windows-874">"#, text: [170, 211, 195, 208]))
        XCTAssertEqual(result.navigations.first?.raw, "x://pay?m=ชำระ")
    }

    func testBig5AndGBK() {
        XCTAssertEqual(read(page(meta: "<meta charset=big5>", text: [165, 73, 180, 218])).navigations.first?.raw, "x://pay?m=付款")
        XCTAssertEqual(read(page(meta: "<meta charset=gb2312>", text: [184, 182, 191, 238])).navigations.first?.raw, "x://pay?m=付款")
    }

    func testUTF16WithBOM() {
        let html = "<a href=\"gcash://pay?m=ชำระ\">x</a>"
        let le: [UInt8] = [0xFF, 0xFE] + html.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be: [UInt8] = [0xFE, 0xFF] + html.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        XCTAssertEqual(read(le).navigations.first?.raw, "gcash://pay?m=ชำระ")
        XCTAssertEqual(read(be).navigations.first?.raw, "gcash://pay?m=ชำระ")
        XCTAssertEqual(read(le).record.encoding, "UTF-16LE")
    }

    func testDeclaredCharsetIsNotReappliedByLibxml2() {
        // The bytes are UTF-8 already when they reach libxml2: a meta naming another
        // charset must not make it decode them a second time.
        let result = read(Array(#"<meta charset="utf-8"><meta http-equiv="content-type" content="text/html; charset=iso-8859-1"><a href="x://é">"#.utf8))
        XCTAssertEqual(result.navigations.first?.raw, "x://é")
    }
}
