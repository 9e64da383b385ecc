import XCTest
@testable import Extraction

/// The meta prescan's corner cases, and the label table.
final class EncodingPrescanTests: XCTestCase {
    private func sniff(_ html: String, transport: String? = nil) -> PageEncoding {
        EncodingSniffer.sniff(Array(html.utf8), transportCharset: transport)
    }

    private func meta(_ name: String) -> PageEncoding { PageEncoding(name: name, source: .meta) }
    private let utf8Default = PageEncoding(name: "UTF-8", source: .default)

    func testCommentedOutMetaIsSkipped() {
        XCTAssertEqual(sniff(#"<!-- <meta charset="euc-kr"> --><meta charset="shift_jis">"#), meta("Shift_JIS"))
        // "-->" may reuse the dashes of "<!--".
        XCTAssertEqual(sniff("<!--><meta charset=big5>"), meta("Big5"))
        // An unterminated comment swallows the rest.
        XCTAssertEqual(sniff("<!-- <meta charset=big5>"), utf8Default)
    }

    func testMetaInsideOtherMarkupIsSkipped() {
        XCTAssertEqual(sniff(#"<div title="<meta charset=big5>"><meta charset=gbk>"#), meta("GBK"))
        XCTAssertEqual(sniff("<!DOCTYPE <meta charset=big5>><meta charset=gbk>"), meta("GBK"))
        XCTAssertEqual(sniff("<?php <meta charset=big5> ?><meta charset=gbk>"), meta("GBK"))
        // "<metal" is some other tag, "<meta>" has no attributes.
        XCTAssertEqual(sniff("<metal charset=big5><meta><meta/charset=gbk>"), meta("GBK"))
    }

    func testMetaBeyondTheFirst1024BytesCountsWhileStillInTheHead() {
        // Chromium's end condition (HTMLMetaCharsetParser): past 1024 bytes the scan goes on
        // while only head elements, comments and text have been seen.
        let padding = String(repeating: " ", count: 1024)
        XCTAssertEqual(sniff(padding + "<meta charset=shift_jis>"), meta("Shift_JIS"))
        let comment = "<!--" + String(repeating: "x", count: 4096) + "-->"
        XCTAssertEqual(sniff(comment + "<title>t</title><meta charset=shift_jis>"), meta("Shift_JIS"))
        // The prescan reads bytes, not scripts: a "<meta" in a head script's text counts.
        let script = "<script>var s = '" + String(repeating: "y", count: 2000) + "<meta charset=big5>';</script>"
        XCTAssertEqual(sniff(script + "<meta charset=gbk>"), meta("Big5"))
        // A body element ends the head: after 1024 bytes the scan stops there.
        XCTAssertEqual(sniff("<div>" + padding + "<meta charset=shift_jis>"), utf8Default)
        let cut = "<p>" + String(repeating: " ", count: 1024 - 23) + "<meta charset=shift_jis>"
        XCTAssertEqual(sniff(cut), utf8Default)
        let fits = "<p>" + String(repeating: " ", count: 1024 - 27) + "<meta charset=shift_jis>"
        XCTAssertEqual(sniff(fits), meta("Shift_JIS"))
    }

    func testUnknownLabelIsIgnoredAndScanningGoesOn() {
        XCTAssertEqual(sniff("<meta charset=bogus>"), utf8Default)
        XCTAssertEqual(sniff("<meta charset=cp949>"), utf8Default)  // not a WHATWG label
        XCTAssertEqual(sniff("<meta charset=bogus><meta charset=euc-kr>"), meta("EUC-KR"))
    }

    func testUTF16AndXUserDefinedDeclarationsAreRemapped() {
        XCTAssertEqual(sniff("<meta charset=utf-16>"), meta("UTF-8"))
        XCTAssertEqual(sniff("<meta charset=UTF-16BE>"), meta("UTF-8"))
        XCTAssertEqual(sniff(#"<meta http-equiv=content-type content="text/html; charset=utf-16le">"#), meta("UTF-8"))
        XCTAssertEqual(sniff("<meta charset=x-user-defined>"), meta("windows-1252"))
        // The transport is taken as given: no remapping there.
        XCTAssertEqual(sniff("", transport: "utf-16"), PageEncoding(name: "UTF-16LE", source: .transport))
    }

    func testPragmaRules() {
        // A content charset counts only with http-equiv=content-type, in either order.
        XCTAssertEqual(sniff(#"<meta content="text/html; charset=big5">"#), utf8Default)
        XCTAssertEqual(sniff(#"<meta content="charset=big5" http-equiv="CONTENT-TYPE">"#), meta("Big5"))
        XCTAssertEqual(sniff(#"<meta http-equiv="refresh" content="0; charset=big5">"#), utf8Default)
        // charset= beats content, whatever the order; the first of duplicate attributes wins.
        XCTAssertEqual(sniff(#"<meta http-equiv=content-type content="charset=big5" charset=gbk>"#), meta("GBK"))
        XCTAssertEqual(sniff("<meta charset=gbk charset=big5>"), meta("GBK"))
        XCTAssertEqual(sniff("<meta charset=bogus content='charset=big5' http-equiv=content-type>"), utf8Default)
    }

    func testAttributeSyntax() {
        XCTAssertEqual(sniff("<meta charset = 'euc-kr'>"), meta("EUC-KR"))
        XCTAssertEqual(sniff("<meta\ncharset=\"euc-jp\"/>"), meta("EUC-JP"))
        XCTAssertEqual(sniff("<meta name=x charset=Big5 >"), meta("Big5"))
        XCTAssertEqual(sniff("<meta charset>"), utf8Default)
        XCTAssertEqual(sniff("<meta foo=\"a>b\" charset=gbk>"), meta("GBK"))
    }

    func testCharsetExtractionFromContent() {
        let extract = { (content: String) in MetaPrescan.charsetFromContent(Array(content.utf8)) }
        XCTAssertEqual(extract("text/html; charset=Shift_JIS"), "Shift_JIS")
        XCTAssertEqual(extract("text/html;charset = 'euc-kr' ; x"), "EUC-KR")
        XCTAssertEqual(extract("charsetx charset=big5"), "Big5")  // first "charset" has no "="
        XCTAssertEqual(extract("charset=\"gbk"), nil)  // unmatched quote
        XCTAssertEqual(extract("charset="), nil)
        XCTAssertEqual(extract("text/html"), nil)
    }

    func testXMLDeclarations() {
        let xml = PageEncoding(name: "Shift_JIS", source: .xmlDeclaration)
        XCTAssertEqual(sniff(#"<?xml version="1.0" encoding="Shift_JIS"?><html>"#), xml)
        XCTAssertEqual(sniff("<?xml version='1.0' encoding = 'sjis'?>"), xml)
        // A meta still wins over the declaration; UTF-16 becomes UTF-8 here too.
        XCTAssertEqual(sniff(#"<?xml version="1.0" encoding="Shift_JIS"?><meta charset=big5>"#), meta("Big5"))
        XCTAssertEqual(sniff(#"<?xml encoding="utf-16"?>"#), PageEncoding(name: "UTF-8", source: .xmlDeclaration))
        XCTAssertEqual(sniff(#" <?xml encoding="sjis"?>"#), utf8Default)  // must be the first bytes
        XCTAssertEqual(sniff(#"<?xml version="1.0"?><p encoding="sjis">"#), utf8Default)
        XCTAssertEqual(EncodingSniffer.sniff([0x3C, 0x00, 0x3F, 0x00, 0x78, 0x00, 0x6D, 0x00]),
                       PageEncoding(name: "UTF-16LE", source: .xmlDeclaration))
        XCTAssertEqual(EncodingSniffer.sniff([0x00, 0x3C, 0x00, 0x3F, 0x00, 0x78, 0x00, 0x6D]),
                       PageEncoding(name: "UTF-16BE", source: .xmlDeclaration))
    }

    func testLabels() {
        let expected: [String: [String]] = [
            "UTF-8": ["utf-8", "UTF8", "unicode-1-1-utf-8"],
            "UTF-16LE": ["utf-16le", "utf-16"], "UTF-16BE": ["utf-16be"],
            "windows-1252": ["windows-1252", "iso-8859-1", "ISO_8859-1", "latin1", "us-ascii", "ascii", "cp1252"],
            "Shift_JIS": ["shift_jis", "sjis", "ms932", "windows-31j", "x-sjis", "shift-jis", "ms_kanji"],
            "EUC-JP": ["euc-jp", "x-euc-jp"], "ISO-2022-JP": ["iso-2022-jp"],
            "EUC-KR": ["euc-kr", "ks_c_5601-1987", "windows-949", "korean"],
            "Big5": ["big5", "big5-hkscs", "cn-big5", "x-x-big5"],
            "GBK": ["gbk", "gb2312", "chinese", "x-gbk", "gb_2312-80", "csgb2312"], "gb18030": ["gb18030"],
            "windows-874": ["windows-874", "tis-620", "iso-8859-11", "dos-874"],
            "windows-1250": ["windows-1250", "cp1250"], "windows-1251": ["x-cp1251"],
            "windows-1254": ["iso-8859-9", "latin5"], "windows-1258": ["windows-1258"],
            "ISO-8859-2": ["iso-8859-2", "latin2"], "ISO-8859-16": ["iso-8859-16"],
            "ISO-8859-8-I": ["iso-8859-8-i", "logical"],
            "KOI8-R": ["koi8-r", "koi8"], "KOI8-U": ["koi8-u", "koi8-ru"],
            "replacement": ["iso-2022-kr", "hz-gb-2312"], "x-user-defined": ["x-user-defined"],
        ]
        for (name, labels) in expected {
            for label in labels {
                XCTAssertEqual(EncodingSniffer.encoding(forLabel: label), name, label)
                XCTAssertEqual(EncodingSniffer.encoding(forLabel: "\t \(label.uppercased())\n\u{0C}"), name, label)
            }
        }
        for unknown in ["cp949", "cp932", "utf-32", "replacement", "", "  ", "utf-8 x", "\u{212A}oi8-r", "utf\u{0}8"] {
            XCTAssertNil(EncodingSniffer.encoding(forLabel: unknown), unknown)
        }
    }
}
