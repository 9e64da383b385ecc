import XCTest
@testable import Extraction

/// Decoding details: UTF-8 repair, single-byte tables, the odd encodings.
final class EncodingDecoderTests: XCTestCase {
    private func decode(_ bytes: [UInt8], _ name: String) -> (text: String, replacements: Int)? {
        PageDecoder.utf8(bytes, from: PageEncoding(name: name, source: .meta))
            .map { (String(decoding: $0.utf8, as: UTF8.self), $0.replacements) }
    }

    func testValidUTF8IsReturnedWithoutACopy() {
        let bytes = Array("<a href=\"/お支払い\">pay</a> — ok".utf8) + Array(repeating: 0x41, count: 100)
        let decoded = PageDecoder.utf8(bytes, from: EncodingSniffer.sniff(bytes))!
        XCTAssertEqual(decoded.replacements, 0)
        XCTAssertEqual(decoded.utf8, bytes)
        let same = bytes.withUnsafeBufferPointer { a in decoded.utf8.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
        XCTAssertTrue(same, "a valid page shares the caller's storage")
    }

    func testInvalidUTF8IsReplacedPerMaximalSubpart() {
        // Expectations follow the Encoding Standard's UTF-8 decoder (and Unicode's
        // "maximal subpart" practice that it implements).
        let cases: [([UInt8], String, Int)] = [
            ([0x61, 0x80, 0x62], "a\u{FFFD}b", 1),                       // stray continuation
            ([0xC0, 0xAF], "\u{FFFD}\u{FFFD}", 2),                       // overlong lead
            ([0xE2, 0x82, 0x41], "\u{FFFD}A", 1),                        // truncated, ASCII kept
            ([0xF0, 0x80, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}", 3),         // F0 needs 90–BF next
            ([0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}", 3),         // surrogate
            ([0xF4, 0x90, 0x80, 0x80], String(repeating: "\u{FFFD}", count: 4), 4),  // > U+10FFFF
            ([0xF0, 0x9F, 0x98], "\u{FFFD}", 1),                         // cut off at the end
            ([0xFF, 0xF0, 0x9F, 0x98, 0x80], "\u{FFFD}😀", 1),
            (Array("0123456789abcdef".utf8) + [0xE9] + Array("t\u{E9}".utf8), "0123456789abcdef\u{FFFD}t\u{E9}", 1),
        ]
        for (bytes, text, count) in cases {
            let decoded = decode(bytes, "UTF-8")
            XCTAssertEqual(decoded?.text, text, "\(bytes)")
            XCTAssertEqual(decoded?.replacements, count, "\(bytes)")
        }
    }

    func testWindows1252FollowsTheStandardNotGlibc() {
        // 0x80 is the euro; 0x81 and 0x9D, undefined in CP1252, are C1 controls in the
        // standard (glibc rejects them).
        let decoded = decode([0x80, 0x81, 0x9D, 0xE9, 0x41], "windows-1252")
        XCTAssertEqual(decoded?.text, "€\u{81}\u{9D}éA")
        XCTAssertEqual(decoded?.replacements, 0)
        // A latin1 declaration means windows-1252.
        XCTAssertEqual(EncodingSniffer.sniff(Array("<meta charset=iso-8859-1>".utf8)).name, "windows-1252")
    }

    func testSingleByteGapsAreReplacements() {
        XCTAssertEqual(decode([0xAA, 0xFF], "windows-1253")?.replacements, 2)
        XCTAssertEqual(decode([0xDB, 0x41], "windows-874")?.text, "\u{FFFD}A")
    }

    func testSingleByteIndexFixes() {
        XCTAssertEqual(decode([0xAE, 0xBE, 0xC1], "KOI8-U")?.text, "ўЎа")
        XCTAssertEqual(decode([0xFF], "x-mac-cyrillic")?.text, "€")
        XCTAssertEqual(decode([0xF0], "macintosh")?.text, "\u{F8FF}")
        // glibc's CP1255 would merge a letter and a following point; the standard does not.
        XCTAssertEqual(decode([0xF9, 0xD1], "windows-1255")?.text, "\u{05E9}\u{05C1}")
    }

    func testEverySupportedEncodingDecodesASCII() {
        let names = ["UTF-8", "IBM866", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5", "ISO-8859-6",
                     "ISO-8859-7", "ISO-8859-8", "ISO-8859-8-I", "ISO-8859-10", "ISO-8859-13", "ISO-8859-14",
                     "ISO-8859-15", "ISO-8859-16", "KOI8-R", "KOI8-U", "macintosh", "windows-874",
                     "windows-1250", "windows-1251", "windows-1252", "windows-1253", "windows-1254",
                     "windows-1255", "windows-1256", "windows-1257", "windows-1258", "x-mac-cyrillic", "GBK",
                     "gb18030", "Big5", "EUC-JP", "ISO-2022-JP", "Shift_JIS", "EUC-KR", "x-user-defined"]
        let html = "<a href=\"https://example.com/?q=1&x=y\">Pay</a>\n"
        for name in names {
            let decoded = decode(Array(html.utf8), name)
            XCTAssertEqual(decoded?.text, html, name)
            XCTAssertEqual(decoded?.replacements, 0, name)
        }
    }

    func testLegacyExtrasBrowsersMap() {
        XCTAssertEqual(decode([0x80, 0xB8, 0xB6], "GBK")?.text, "€付")
        XCTAssertEqual(decode([0x80], "Shift_JIS")?.text, "\u{80}")
        XCTAssertEqual(decode([0xAD, 0xA1], "EUC-JP")?.text, "①")  // NEC row 13
    }

    func testReplacementAndUserDefinedEncodings() {
        let page = Array("<meta charset=iso-2022-kr><a href=x>".utf8)
        let sniffed = EncodingSniffer.sniff(page)
        XCTAssertEqual(sniffed, PageEncoding(name: "replacement", source: .meta))
        XCTAssertEqual(decode(page, "replacement")?.text, "\u{FFFD}")
        XCTAssertEqual(decode([], "replacement")?.replacements, 0)
        XCTAssertEqual(decode([0x41, 0x80, 0xFF], "x-user-defined")?.text, "A\u{F780}\u{F7FF}")
    }

    func testUnknownEncodingNameGivesNil() {
        XCTAssertNil(decode([0x41], "CP932"))  // a glibc name, not a WHATWG one
        XCTAssertNil(decode([0x41], "utf-8"))  // names are exact; labels go through encoding(forLabel:)
    }
}
