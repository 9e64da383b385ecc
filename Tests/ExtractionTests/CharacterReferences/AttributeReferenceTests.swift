import XCTest
@testable import Extraction
import LinkAuditModel
import TestSupport

/// Character references in the attribute values the extractor reads, decoded once and the
/// HTML Standard's way (libxml2 2.9.14 knows only HTML 4's names and decodes before SAX).
final class AttributeReferenceTests: XCTestCase {
    private func raws(_ html: String) -> [String] {
        Extract.all(html).map(\.raw)
    }

    func testHTML5NamesHideASchemeFromFilters() {
        XCTAssertEqual(raws(#"<a href="upi&colon;//pay?pa=x&commat;bank">"#), ["upi://pay?pa=x@bank"])
        XCTAssertEqual(Extract.one(#"<a href="upi&colon;&sol;&sol;pay">"#)?.scheme, "upi")
        XCTAssertEqual(raws(#"<iframe src="intent&colon;//x#Intent;end"></iframe>"#), ["intent://x#Intent;end"])
    }

    func testDecodedOnceNotTwice() {
        // libxml2 turns `&amp;colon;` into `&colon;`: decoding its output again would be wrong.
        XCTAssertEqual(raws(#"<a href="x:?a=&amp;colon;">"#), ["x:?a=&colon;"])
        XCTAssertEqual(raws(#"<a href="x:?a=&#38;sol;">"#), ["x:?a=&sol;"])
    }

    /// The two html5lib tokenizer cases listed as exceptions of the SAX-level harness
    /// (`TokenizerConformanceExceptions.characterReference`), in a link attribute, where the
    /// extractor reads them: `domjs` "Non BMP-charref in attribute", `test1` "Entity in
    /// attribute without semicolon".
    func testTheTokenizerSuitesReferenceCasesInALink() {
        XCTAssertEqual(raws(#"<a href="x:&NotEqualTilde;">"#), ["x:\u{2242}\u{0338}"])
        XCTAssertEqual(raws("<a href='x:&COPY'>"), ["x:©"])
    }

    func testLegacyNamesWithoutSemicolon() {
        // `&amp` decodes; `&not` followed by a letter or `=` stays as written.
        XCTAssertEqual(raws(#"<a href="/p?a=1&amp&b=2">"#), ["/p?a=1&&b=2"])
        XCTAssertEqual(raws(#"<a href="/p?a=1&notit;">"#), ["/p?a=1&notit;"])
        XCTAssertEqual(raws(#"<a href="/p?a=1&not=2">"#), ["/p?a=1&not=2"])
        XCTAssertEqual(raws(#"<a href="/p?a=1&copy">"#), ["/p?a=1©"])
        XCTAssertEqual(raws(#"<a href="/p?a=1&copy-2">"#), ["/p?a=1©-2"])
        // Names that need their `;` are not decoded without it.
        XCTAssertEqual(raws(#"<a href="upi&colon//x">"#), ["upi&colon//x"])
    }

    func testNumericReferences() {
        XCTAssertEqual(raws(#"<a href="/p?e=&#x80;&#150;&#x81;">"#), ["/p?e=€–\u{81}"])
        XCTAssertEqual(raws(#"<a href="/p?a=1&#x0;b">"#), ["/p?a=1\u{FFFD}b"])
        XCTAssertEqual(raws(#"<a href="/p?a=&#xD800;&#x110000;&#99999999999;">"#), ["/p?a=\u{FFFD}\u{FFFD}\u{FFFD}"])
        // No digits: the text stays (libxml2 cut the value at a NUL there).
        XCTAssertEqual(raws(#"<a href="/p?a=1&#b=2">"#), ["/p?a=1&#b=2"])
        XCTAssertEqual(raws(#"<a href="/p?a=&#x3a">"#), ["/p?a=:"])
    }

    func testEveryAttributeTheExtractorReads() {
        let navs = Extract.all("""
        <meta http-equiv="refresh" content="0;url=upi&colon;//refresh">
        <form action="upi&colon;//form"><button formaction="upi&colon;//button">go</button></form>
        <a href="https://shop.example/" onclick="location.href='upi&colon;//handler'">x</a>
        """)
        XCTAssertEqual(Set(navs.map(\.raw)), ["upi://refresh", "upi://form", "upi://button", "https://shop.example/",
                                              "upi://handler"])
    }

    func testQuotedMarkupInsideAValueIsNotTakenForTheTag() {
        // The nearest `<a` before the `>` is inside the title: the reader must find the real start.
        XCTAssertEqual(raws(#"<a href="upi&colon;//1" title="<a href=x&amp;y">t</a>"#), ["upi://1"])
        XCTAssertEqual(raws(#"<a title="<a href=&colon;x" href="upi&colon;//2">t</a>"#), ["upi://2"])
        // Unquoted, duplicated and bogus attributes read as libxml2 reads them.
        XCTAssertEqual(raws(#"<a "x" href=upi&colon;//3 href="other">t</a>"#), ["upi://3"])
    }

    func testSrcdocDocumentsAndTextRunsAsWritten() {
        let html = #"<p>a &amp; b &colon;</p><iframe srcdoc="<a href=&quot;upi&amp;colon;//in&quot;>x</a>"></iframe>"#
        XCTAssertEqual(raws(html), ["upi://in"])
        // Same result when the text runs are not compacted.
        HTMLExtractor.$compactsTextRuns.withValue(false) {
            XCTAssertEqual(raws(html), ["upi://in"])
        }
    }

    /// The search over the listing finds what the dictionary read from it finds: every name,
    /// every prefix of one, and names one byte off (a listing out of byte order fails here).
    func testTheListingSearchedEqualsTheDictionary() {
        var names = Set<String>()
        for name in NamedCharacterReferences.plainNames {
            names.insert(name)
            for length in 0..<name.utf8.count { names.insert(String(name.prefix(length))) }
            names.insert(name.uppercased())
            names.insert(name.lowercased())
            names.insert(name + "x")
            names.insert("~" + name)
        }
        var found = 0
        var common = 0
        for name in names {
            let bytes = Array(name.utf8)
            let plain = bytes.withUnsafeBufferPointer(NamedCharacterReferences.plainValue)
            XCTAssertEqual(bytes.withUnsafeBufferPointer(NamedCharacterReferences.value), plain, name)
            if plain != nil { found += 1 }
            // The five names decoded without the table give the table's value.
            if let byte = bytes.withUnsafeBufferPointer(CharacterReferences.common) {
                XCTAssertEqual([byte], plain, name)
                common += 1
            }
        }
        XCTAssertEqual(common, 5)
        XCTAssertEqual(NamedCharacterReferences.plainNames.count, 2231)
        XCTAssertGreaterThanOrEqual(found, 2231)
        XCTAssertEqual(Array("amp;".utf8).withUnsafeBufferPointer(NamedCharacterReferences.value), [0x26])
        XCTAssertEqual(Array("NotEqualTilde;".utf8).withUnsafeBufferPointer(NamedCharacterReferences.value),
                       Array("\u{2242}\u{338}".utf8))
    }

    func testTableIsTheWHATWGList() {
        XCTAssertEqual(NamedCharacterReferences.count, 2231)
        XCTAssertEqual(CharacterReferences.scalar(forReference: 0x9F), "\u{178}")
        XCTAssertEqual(CharacterReferences.scalar(forReference: 0x9D), "\u{9D}")
    }
}
