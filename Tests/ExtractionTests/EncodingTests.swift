import XCTest
@testable import Extraction

/// Real pages in legacy encodings: sniffed by BOM, meta charset, http-equiv or transport,
/// then decoded back to the original text.
///
/// The encoded words are written out as bytes. They were produced with Python 3.11's own
/// codecs (cp932, euc_jp, iso2022_jp, cp949, big5hkscs, gb18030, cp874, utf-16) and
/// cross-checked with glibc's iconv(1) on Debian 12, so the decoder (which uses glibc) is
/// not only checked against itself.
final class EncodingTests: XCTestCase {
    static let payJapanese = "お支払い"
    static let payKorean = "결제하기"
    static let payChinese = "付款"
    static let payThai = "ชำระเงิน"

    static let shiftJIS: [UInt8] = [0x82, 0xA8, 0x8E, 0x78, 0x95, 0xA5, 0x82, 0xA2]
    static let eucJP: [UInt8] = [0xA4, 0xAA, 0xBB, 0xD9, 0xCA, 0xA7, 0xA4, 0xA4]
    static let iso2022JP: [UInt8] = [0x1B, 0x24, 0x42, 0x24, 0x2A, 0x3B, 0x59, 0x4A, 0x27, 0x24, 0x24, 0x1B, 0x28, 0x42]
    static let eucKR: [UInt8] = [0xB0, 0xE1, 0xC1, 0xA6, 0xC7, 0xCF, 0xB1, 0xE2]
    static let big5: [UInt8] = [0xA5, 0x49, 0xB4, 0xDA]
    static let gbk: [UInt8] = [0xB8, 0xB6, 0xBF, 0xEE]
    static let windows874: [UInt8] = [0xAA, 0xD3, 0xC3, 0xD0, 0xE0, 0xA7, 0xD4, 0xB9]

    /// `head` + encoded text + `tail`, the markup being ASCII (as in every ASCII-compatible
    /// encoding).
    static func page(_ head: String, _ text: [UInt8], _ tail: String = "</a></body></html>") -> [UInt8] {
        Array(head.utf8) + text + Array(tail.utf8)
    }

    /// Sniffs, checks the verdict, decodes, and checks the text round-trips with no
    /// replacements.
    func assertPage(_ bytes: [UInt8], transport: String? = nil, is expected: PageEncoding,
                    decodesTo text: String, head: String, tail: String = "</a></body></html>",
                    file: StaticString = #filePath, line: UInt = #line) {
        let sniffed = EncodingSniffer.sniff(bytes, transportCharset: transport)
        XCTAssertEqual(sniffed, expected, file: file, line: line)
        guard let decoded = PageDecoder.utf8(bytes, from: sniffed) else {
            return XCTFail("could not decode \(sniffed.name)", file: file, line: line)
        }
        XCTAssertEqual(decoded.replacements, 0, file: file, line: line)
        XCTAssertEqual(String(decoding: decoded.utf8, as: UTF8.self), head + text + tail, file: file, line: line)
    }

    func testShiftJISByMetaCharset() {
        let head = #"<html><head><meta charset="shift_jis"><title>x</title></head><body><a href="/pay">"#
        assertPage(Self.page(head, Self.shiftJIS), is: PageEncoding(name: "Shift_JIS", source: .meta),
                   decodesTo: Self.payJapanese, head: head)
    }

    func testShiftJISByLabelWithCaseAndWhitespace() {
        let head = #"<meta charset=" SHIFT_JIS "><a href="/pay">"#
        assertPage(Self.page(head, Self.shiftJIS), is: PageEncoding(name: "Shift_JIS", source: .meta),
                   decodesTo: Self.payJapanese, head: head)
    }

    func testEUCJPAndISO2022JP() {
        let eucHead = #"<meta http-equiv="Content-Type" content="text/html; charset=EUC-JP"><a>"#
        assertPage(Self.page(eucHead, Self.eucJP), is: PageEncoding(name: "EUC-JP", source: .meta),
                   decodesTo: Self.payJapanese, head: eucHead)
        let jisHead = #"<meta charset=iso-2022-jp><a>"#
        assertPage(Self.page(jisHead, Self.iso2022JP), is: PageEncoding(name: "ISO-2022-JP", source: .meta),
                   decodesTo: Self.payJapanese, head: jisHead)
    }

    func testEUCKRByHTTPEquiv() {
        let head = #"<META HTTP-EQUIV="content-type" CONTENT="text/html; charset=ks_c_5601-1987"><a href="/pay">"#
        assertPage(Self.page(head, Self.eucKR), is: PageEncoding(name: "EUC-KR", source: .meta),
                   decodesTo: Self.payKorean, head: head)
    }

    func testBig5ByMetaCharset() {
        let head = "<meta charset=big5><a href=/pay>"
        assertPage(Self.page(head, Self.big5), is: PageEncoding(name: "Big5", source: .meta),
                   decodesTo: Self.payChinese, head: head)
    }

    func testGBKByHTTPEquivWithGB2312Label() {
        let head = "<meta content='text/html;charset=gb2312' http-equiv=Content-Type><a href=/pay>"
        assertPage(Self.page(head, Self.gbk), is: PageEncoding(name: "GBK", source: .meta),
                   decodesTo: Self.payChinese, head: head)
    }

    func testWindows874ByTIS620Label() {
        let head = #"<meta http-equiv="Content-Type" content="text/html; charset=tis-620"><a>"#
        assertPage(Self.page(head, Self.windows874), is: PageEncoding(name: "windows-874", source: .meta),
                   decodesTo: Self.payThai, head: head)
    }

    func testUTF16WithByteOrderMarks() {
        let text = "<meta charset=shift_jis><a href=\"/pay\">" + Self.payJapanese + "</a>"
        let le: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        // お is U+304A: the fixture's own bytes, to tie the test to real UTF-16LE.
        XCTAssertTrue(le.starts(with: [0xFF, 0xFE, 0x3C, 0x00]))
        for (bytes, name) in [(le, "UTF-16LE"), (be, "UTF-16BE")] {
            // The BOM beats both the transport charset and the meta.
            let sniffed = EncodingSniffer.sniff(bytes, transportCharset: "windows-1252")
            XCTAssertEqual(sniffed, PageEncoding(name: name, source: .bom))
            let decoded = PageDecoder.utf8(bytes, from: sniffed)
            XCTAssertEqual(decoded?.replacements, 0)
            XCTAssertEqual(decoded.map { String(decoding: $0.utf8, as: UTF8.self) }, text, "no BOM in the output")
        }
    }

    func testUTF8BOMIsStripped() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<p>\(Self.payJapanese)</p>".utf8)
        let sniffed = EncodingSniffer.sniff(bytes, transportCharset: "euc-kr")
        XCTAssertEqual(sniffed, PageEncoding(name: "UTF-8", source: .bom))
        XCTAssertEqual(PageDecoder.utf8(bytes, from: sniffed)?.utf8, Array(bytes.dropFirst(3)))
    }

    func testTransportCharsetBeatsMeta() {
        let head = "<meta charset=utf-8><a>"
        assertPage(Self.page(head, Self.shiftJIS), transport: "sjis",
                   is: PageEncoding(name: "Shift_JIS", source: .transport), decodesTo: Self.payJapanese, head: head)
    }

    func testUnknownTransportCharsetIsIgnored() {
        let head = "<meta charset=euc-kr><a>"
        assertPage(Self.page(head, Self.eucKR), transport: "cp949",
                   is: PageEncoding(name: "EUC-KR", source: .meta), decodesTo: Self.payKorean, head: head)
    }

    func testUndeclaredLegacyPageDefaultsToUTF8AndShowsReplacements() {
        let bytes = Self.page("<a>", Self.shiftJIS)
        let sniffed = EncodingSniffer.sniff(bytes)
        XCTAssertEqual(sniffed, PageEncoding(name: "UTF-8", source: .default))
        // 82 A8 8E 78 95 A5 82 A2: each of the seven non-ASCII bytes is malformed UTF-8.
        XCTAssertEqual(PageDecoder.utf8(bytes, from: sniffed)?.replacements, 7)
    }

    func testMalformedLegacyBytesAreReplacedOneByteAtATime() {
        // Shift_JIS: 0xA0 is not a character; 0x82 0x20 has an ASCII trail that must
        // survive; a lead byte at the very end is one replacement.
        let bytes: [UInt8] = [0x41, 0xA0] + Self.shiftJIS + [0x82, 0x20, 0x42, 0x82]
        let decoded = PageDecoder.utf8(bytes, from: PageEncoding(name: "Shift_JIS", source: .meta))
        XCTAssertEqual(decoded?.replacements, 3)
        XCTAssertEqual(decoded.map { String(decoding: $0.utf8, as: UTF8.self) },
                       "A\u{FFFD}\(Self.payJapanese)\u{FFFD} B\u{FFFD}")
    }

    func testUTF16LoneSurrogateKeepsAlignment() {
        // "A", a lone high surrogate, "B", then an odd trailing byte.
        let bytes: [UInt8] = [0xFF, 0xFE, 0x41, 0x00, 0x00, 0xD8, 0x42, 0x00, 0x43]
        let decoded = PageDecoder.utf8(bytes, from: EncodingSniffer.sniff(bytes))
        XCTAssertEqual(decoded?.replacements, 2)
        XCTAssertEqual(decoded.map { String(decoding: $0.utf8, as: UTF8.self) }, "A\u{FFFD}B\u{FFFD}")
    }
}
