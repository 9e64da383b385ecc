import XCTest
@testable import Extraction
import LinkAuditModel
import TestSupport

/// `ScriptTextCompactor` takes the text of scripts and styles away from libxml2; the
/// extractor then reads a script's text from the bytes before. The plain way (the switch
/// off: libxml2 reads every text and brings it through `cdataBlock`) is the reference: the
/// navigations and warnings must be the same, on the repository's pages and on generated
/// ones with every case the compactor must leave alone.
final class ScriptTextCompactionTests: XCTestCase {
    private func extraction(_ bytes: [UInt8], compacting: Bool) -> (navigations: [Navigation], warnings: [String]) {
        HTMLExtractor.$compactsScriptText.withValue(compacting) {
            var owned = bytes
            let page = HTMLExtractor.extractPage(owning: &owned, pageURL: "https://shop.example/pay/index.html",
                                                 streamAbove: Int.max)
            guard case .whole(let navigations) = page.extraction else { return ([], ["streamed"]) }
            return (navigations, page.warnings)
        }
    }

    private func navigations(_ html: String, compacting: Bool) -> [Navigation] {
        HTMLExtractor.$compactsScriptText.withValue(compacting) {
            HTMLExtractor.extract(html: html, pageURL: "https://shop.example/pay/index.html")
        }
    }

    /// Whether the compactor takes any text of `bytes` away (prepared as the extractor
    /// prepares a page).
    private func compacts(_ bytes: [UInt8]) -> Bool {
        var page = bytes
        HTMLExtractor.prepare(&page, limits: ExtractionLimits())
        return page.withUnsafeBytes { html in
            var rawTexts: [Range<Int>]? = []
            let compacted = TextRunCompactor.compact(html, rawTexts: &rawTexts)
            let texts = rawTexts ?? []
            if let compacted { return compacted.withUnsafeBytes { ScriptTextCompactor.compact($0, rawTexts: texts) != nil } }
            return ScriptTextCompactor.compact(html, rawTexts: texts) != nil
        }
    }

    @discardableResult
    private func assertSame(_ bytes: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let plain = extraction(bytes, compacting: false)
        let compacted = extraction(bytes, compacting: true)
        XCTAssertEqual(compacted.navigations, plain.navigations, label, file: file, line: line)
        XCTAssertEqual(compacted.navigations.map { String(describing: $0.place.value) }, plain.navigations.map { String(describing: $0.place.value) }, label, file: file, line: line)
        XCTAssertEqual(compacted.warnings, plain.warnings, label, file: file, line: line)
        let html = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(navigations(html, compacting: true), navigations(html, compacting: false), label, file: file, line: line)
        return compacts(bytes)
    }

    func testCompactedForm() throws {
        let page = Array("<p>a</p><script>var a = 1;\nlocation.href = 'x://y';\r\n</script><style>p {}</style><p>b".utf8)
        var rawTexts: [Range<Int>]? = []
        _ = page.withUnsafeBytes { TextRunCompactor.compact($0, rawTexts: &rawTexts) }
        let texts = try XCTUnwrap(rawTexts)
        XCTAssertEqual(texts.map { String(decoding: page[$0], as: UTF8.self) },
                       ["var a = 1;\nlocation.href = 'x://y';\r\n", "p {}"])
        let compacted = try XCTUnwrap(page.withUnsafeBytes { ScriptTextCompactor.compact($0, rawTexts: texts) })
        XCTAssertEqual(String(decoding: compacted.bytes, as: UTF8.self), "<p>a</p><script>\n\r\n</script><style></style><p>b")
        XCTAssertEqual(compacted.texts.starts, [16, 35])
        XCTAssertEqual(compacted.texts.originals, texts)
    }

    /// Texts the compactor must leave as written: `</` (FormOwnership reads the bytes
    /// libxml2 reads), characters libxml2 drops from script text, nothing to save.
    func testTextsLeftAlone() throws {
        for text in ["a</b>c", "a\u{1}b", "a\u{0C}b", "a\u{FFFF}b", "a\u{FFFE}b", "\n\n", "a\u{7}\nb"] {
            let page = Array("<script>\(text)</script>".utf8)
            // (`TextRunCompactor` itself gives up at a noncharacter: no raw text then.)
            var rawTexts: [Range<Int>]? = []
            _ = page.withUnsafeBytes { TextRunCompactor.compact($0, rawTexts: &rawTexts) }
            XCTAssertLessThanOrEqual(try XCTUnwrap(rawTexts).count, 1, text.debugDescription)
            let content = 8..<(page.count - 9)
            XCTAssertEqual(String(decoding: page[content], as: UTF8.self), text)
            XCTAssertNil(page.withUnsafeBytes { ScriptTextCompactor.compact($0, rawTexts: [content]) }, text.debugDescription)
        }
        // And one it takes, for contrast.
        let page = Array("<script>a\tb\n</script>".utf8)
        XCTAssertNotNil(page.withUnsafeBytes { ScriptTextCompactor.compact($0, rawTexts: [8..<12]) })
    }

    func testRepositoryPages() throws {
        var changed = 0
        let pages = try Repository.htmlPages()
        for page in pages where assertSame(page.bytes, page.name) { changed += 1 }
        XCTAssertGreaterThan(pages.count, 10)
        XCTAssertGreaterThan(changed, 10)
    }

    func testGeneratedPages() {
        let pieces = [
            "<p>text</p>\n", "<a href=\"x://a\">a</a>", "<a id=\"w1\" href=\"#\">b</a>", "<button id=\"b\">b</button>",
            "<script>location.href = 'tel:1';</script>",
            "<script>\nsetTimeout(function () { window.location.href = 'gojek://pay'; }, 500);\n</script>",
            "<script>document.getElementById('w1').addEventListener('click', function () { location.href = 'dana://x'; });</script>",
            "<script>var s = '</div>'; location.href = 'line://pay';</script>",
            "<script>var f = '</form>';</script>", "<form action=\"x://form\"><button>go</button>",
            "</form>", "<script>var c = '\u{1}'; location.replace('ovo://a');</script>",
            "<script>var c = '\u{FFFF}'; window.open('intent://a#Intent;scheme=x;end');</script>",
            "<script type=\"application/json\" id=\"cfg\">{\"url\": \"gcash://pay\"}</script>",
            "<script>var cfg = JSON.parse(document.getElementById('cfg').textContent); location.href = cfg.url;</script>",
            "<script src=\"a.js\">location.href = 'x://ignored';</script>", "<script/>", "<script></script>",
            "<style>a { color: red }\n</style>", "<script>function go() { location.href = 'paypay://a'; }\ngo();</script>",
            "<noscript><a href=\"x://ns\">n</a></noscript>", "<template><script>location.href = 'x://t';</script></template>",
            "<iframe srcdoc=\"&lt;script&gt;location.href = 'kakaotalk://a';&lt;/script&gt;\"></iframe>",
            "<SCRIPT>location.href = 'momo://upper';</SCRIPT >", "<script>if (a < b) { location.href = 'x://lt'; }</script>",
            "<svg><script>location.href = 'x://svg';</script></svg>", "<p>é\u{1F600}</p>", "<script>var e = 'é\u{1F600}';\r\nlocation.href = 'x://é';</script>",
            "<button onclick=\"location.href='tel:2'\">t</button>", "\n", "<div>", "</div>", "&amp;", "<!-- c -->",
            "<script>", "</script>", "<", "<p title=\"a\nb\">x</p>",
        ]
        var seed: UInt64 = 0x5851_F42D_4C95_7F2D
        var changed = 0
        for n in 0..<1500 {
            var page = ""
            for _ in 0..<(3 + Int(seed % 30)) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                page += pieces[Int((seed >> 33) % UInt64(pieces.count))]
            }
            if assertSame(Array(page.utf8), "page \(n): \(page.prefix(400).debugDescription)") { changed += 1 }
        }
        XCTAssertGreaterThan(changed, 500)
    }
}
