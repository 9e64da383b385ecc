import Foundation
import XCTest
@testable import Extraction
import TestSupport

/// `TextRunCompactor` must leave every SAX event the extractor consumes unchanged: start
/// tags with their attributes, end tags, script/style text, and the line at each event.
/// Each page is parsed with and without compaction and the event logs compared.
final class TextRunCompactionTests: XCTestCase {
    static let repository = Repository.root

    private func events(_ bytes: [UInt8], compacting: Bool) -> [String] {
        HTMLExtractor.$compactsTextRuns.withValue(compacting) {
            bytes.withUnsafeBytes { SAXEventLog.record($0) }
        }
    }

    /// Compares both logs; returns whether compaction changed the bytes at all.
    @discardableResult
    private func assertEquivalent(_ bytes: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let plain = events(bytes, compacting: false)
        let compacted = events(bytes, compacting: true)
        if plain != compacted {
            let at = (0..<min(plain.count, compacted.count)).first { plain[$0] != compacted[$0] } ?? min(plain.count, compacted.count)
            XCTFail("\(label): event \(at) differs: \(plain.dropFirst(at).first ?? "<none>") vs \(compacted.dropFirst(at).first ?? "<none>")",
                    file: file, line: line)
        }
        return bytes.withUnsafeBytes { TextRunCompactor.compact($0) } != nil
    }

    func testSnippets() {
        var changed = 0
        for (n, page) in TextRunSnippets.pages.enumerated() where assertEquivalent(Array(page.utf8), "snippet \(n)") {
            changed += 1
        }
        XCTAssertGreaterThan(changed, TextRunSnippets.pages.count / 2)
    }

    func testSnippetsWithNUL() {
        assertEquivalent(Array("<p>a</p>text\u{0}more<p>b</p>".utf8), "NUL in text")
        assertEquivalent(Array("<p>a</p>text<p title=\"\u{0}\">b</p>c<p>".utf8), "NUL in value")
        assertEquivalent([0x3C, 0x70, 0x3E, 0x61, 0xFF, 0x62, 0x3C, 0x70, 0x3E, 0x63, 0x3C, 0x2F, 0x70, 0x3E], "bad UTF-8")
        assertEquivalent(Array("<p>a</p>caf".utf8) + [0xE9] + Array(" text<p>x</p>y<p>".utf8), "Latin-1 byte")
    }

    /// (The runs' own forms: without `dropsTextInElements`, which leaves of a run inside `<p>`
    /// its line breaks alone.)
    func testCompactedForm() throws {
        let page = Array("<p>\n  two\nlines\r\n</p>".utf8)
        let out = try XCTUnwrap(HTMLExtractor.$dropsTextInElements.withValue(false) {
            page.withUnsafeBytes { TextRunCompactor.compact($0) }
        })
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "<p>\n  x\n\r\n</p>")
    }

    /// A run read just inside an element its start tag opened, one where text changes nothing
    /// (`TextRunCompactor.opensQuietElement`), becomes its line breaks (issue 17); after a void
    /// element, `/>`, `html`, `head` or `body` it is compacted as before.
    func testTextInOpenedElementsForm() {
        // (Without `foldsEmptyElements`, the end tags as written.)
        func compacted(_ page: String) -> String? { compactedForm(page, folding: false) }
        XCTAssertEqual(compacted("<p>\n  two\nlines\r\n</p>"), "<p>\n\n\r\n</p>")
        XCTAssertEqual(compacted("<br>text<p>more</p>"), "<br>x<p></p>")
        XCTAssertEqual(compacted("<body>text</body>"), "<body>x</body>")
        XCTAssertEqual(compacted("<a href=x>a<b>b</b></a>"), "<a href=x><b></b></a>")
        XCTAssertEqual(compacted("<P/>text<p>"), "<P/>x<p>")
        XCTAssertEqual(compacted("<Head>text<Title>a &amp; b\n</Title>"), "<Head>x<Title>\n</Title>")
        XCTAssertEqual(compacted("<td>  </td><td> \n </td>"), "<td></td><td>\n</td>")
        XCTAssertEqual(compacted("<p>&#0; \u{7}text</p>"), "<p></p>")
    }

    /// Such an element's start tag followed by nothing but its own end tag (no line break in
    /// it) goes as `<X … />`; `form`, `template`, another name or a line break keep the end tag.
    func testEmptyElementsForm() {
        func compacted(_ page: String) -> String? { compactedForm(page) }
        XCTAssertEqual(compacted("<div><a href=x>Pay now</a>\n<A HREF=y></a ></div>"), "<div><a href=x />\n<A HREF=y /></div>")
        XCTAssertEqual(compacted("<p><b>bold</b> text</p>"), "<p><b /> x</p>")
        XCTAssertEqual(compacted("<p>two\nlines</p><h1>a</h1\n>"), "<p>\n</p><h1></h1\n>")
        XCTAssertEqual(compacted("<form action=x>f</form><template>t</template><a>x</b>"),
                       "<form action=x></form><template></template><a></b>")
        XCTAssertEqual(compacted("<br>text</br><h1 class=x>text</h2>"), "<br>x</br><h1 class=x></h2>")
    }

    /// Past `OpenElementBound.maxOpen` an element is closed from its start-tag event unless
    /// it ends `/>`: the compactor folds only where the stack cannot be that deep. The
    /// navigations, their places and the depth-cut warning, folding and not, around the bound.
    func testFoldsStayWithinTheDepthBound() {
        for depth in [500, 505, 506, 507, 508, 509, 510, 512, 600] {
            let html = Array(("<body>" + String(repeating: "<div>", count: depth) + "<a href=\"x://l\">l</a><div></div>"
                + "<span onclick=\"location.href='x://c'\">c</span><iframe src=\"x://f\"></iframe><b></b>"
                + String(repeating: "<p><a href=\"x://p\">p</a></p>", count: 10)).utf8)
            func extracted() -> [String] {
                let page = html.withUnsafeBytes { HTMLExtractor.extractPage(utf8: $0, pageURL: "https://a.example/") }
                return page.navigations.map { "\($0) \(String(describing: $0.place.value))" } + page.warnings
            }
            let folded = extracted()
            XCTAssertEqual(folded, HTMLExtractor.$foldsEmptyElements.withValue(false) { extracted() }, "depth \(depth)")
            XCTAssertEqual(folded, HTMLExtractor.$compactsTextRuns.withValue(false) { extracted() }, "depth \(depth)")
        }
    }

    /// The bits the name loops read say what `isNameChar` says, for every byte.
    func testNameBytes() {
        for b in 0...255 {
            XCTAssertEqual(MarkupScanner.isNameByte(UInt8(b)), MarkupScanner.isNameChar(UInt8(b)), "byte \(b)")
        }
    }

    /// The names' keys: each spelled in any case has its key, a near miss has another.
    func testNameKeys() {
        let keys: [(String, TextRunCompactor.NameKey)] = [
            ("br", .br), ("hr", .hr), ("col", .col), ("img", .img), ("html", .html), ("head", .head), ("body", .body),
            ("area", .area), ("base", .base), ("link", .link), ("meta", .meta), ("frame", .frame), ("input", .input),
            ("param", .param), ("isindex", .isindex), ("basefont", .basefont), ("script", .script), ("style", .style),
        ]
        func key(_ name: String) -> TextRunCompactor.NameKey {
            let bytes = Array(name.utf8)
            return bytes.withUnsafeBufferPointer { TextRunCompactor.NameKey(MarkupScanner(p: $0.baseAddress!, end: $0.count), 0..<$0.count) }
        }
        for (name, expected) in keys {
            for spelled in [name, name.uppercased(), name.prefix(1).uppercased() + name.dropFirst()] {
                XCTAssertEqual(key(spelled), expected, spelled)
            }
            for other in [name + "x", String(name.dropLast()), "_" + name.dropFirst(), name.dropLast() + "1", name + "-"] {
                XCTAssertNotEqual(key(other), expected, other)
            }
        }
        XCTAssertEqual(key("basefonts").bits, 0)
    }

    /// With and without `dropsTextInElements`, and against the page as written: the same
    /// events at the same lines, on pages that put text after every kind of start tag.
    func testTextInOpenedElements() {
        var pages = TextRunSnippets.pages
        let starts = ["<p>", "<a href=x>", "<HTML>", "<html lang=en>", "<head>", "<HEAD>", "<body>", "<Body class=b>",
                      "<br>", "<hr>", "<img src=x>", "<meta charset=utf-8>", "<link rel=x>", "<input>", "<col>",
                      "<area>", "<base href=x>", "<basefont>", "<frame>", "<isindex>", "<param>", "<p/>", "<div/>",
                      "<title>", "<table>", "<frameset>", "<noscript>", "<textarea>", "<custom-el>", "<svg>", "<li>",
                      "<option>", "<dd>", "<tr>", "<b>", "<embed>", "<h1>"]
        let texts = ["text", " ", "\n", " \n text\n", "a &amp; b", "&#65;", "&#0;", "\u{7}", "\r\nx\r",
                     TextRunSnippets.long, TextRunSnippets.longBlank, TextRunSnippets.longWithLines]
        let around = ["", "<!DOCTYPE html>\n", "<html><head>", "<html><body>", "<p>a</p></body></html>",
                      "<html><body></body></html>", "<table><tr>", "<head></head>"]
        for (k, start) in starts.enumerated() {
            for (t, text) in texts.enumerated() {
                let before = around[(k + t) % around.count]
                pages.append(before + start + text + "<p>b</p>" + text + start + text + "</p>\n")
            }
        }
        pages += ["<a href=x>Pay</a>", "<h1></H1 >", "<form></form>x", "<template></template>", "<a></b>",
                  "<a href=x></a\n>", "<svg></svg><math></math>", "<noscript></noscript>", "<a href=x/></a>",
                  "<a href='x'></a>", "<html><body><div></div></body></html>", "<select><option></option></select>",
                  "<table><td></td></table>", "<p><p></p>", "<a><a></a></a>", "<frameset><noframes></noframes>",
                  "<html><head><title></title></head></html>", "<p></p></body></html><p></p>", "<textarea></textarea>",
                  "<custom-el data-x=1></custom-el>", "<iframe src=x://f/long></iframe>", "<li></li><dd></dd>",
                  "<div\n></div>", "<div>\n</div >"]
        for (n, page) in pages.enumerated() {
            let bytes = Array(page.utf8)
            let label = "page \(n): \(page.prefix(300).debugDescription)"
            let without = HTMLExtractor.$dropsTextInElements.withValue(false) { events(bytes, compacting: true) }
            let unfolded = HTMLExtractor.$foldsEmptyElements.withValue(false) { events(bytes, compacting: true) }
            XCTAssertEqual(events(bytes, compacting: true), without, label)
            XCTAssertEqual(unfolded, without, label)
            assertEquivalent(bytes, label)
        }
    }

    func testReferenceRunForms() throws {
        func compacted(_ page: String) -> String? { compactedForm(page, droppingText: false) }
        // No line break after the first `&`: as a run without one.
        XCTAssertEqual(compacted("<p>\n  two\nlines &amp; more</p>"), "<p>\n  x\n</p>")
        // Line breaks after it: the check stays on the `&`'s line.
        XCTAssertEqual(compacted("<p>\n  two\nlines &amp;\n more\n</p>"), "<p>\n  x\n&quot;\n\n</p>")
        XCTAssertEqual(compacted("<p>&lt;\n more text\n</p>"), "<p>&quot;\n\n</p>")
        // A run starting with `&#`, and one whose first `&` lies past the first piece: as written.
        XCTAssertNil(compacted("<p>&#160; some text here\n\n</p>"))
        XCTAssertNil(compacted("<p>\n  &#160; some text here\n\n</p>"))
        XCTAssertNil(compacted("<p>" + String(repeating: "ab ", count: 340) + "&amp;\n\n</p>"))
        // A processing instruction is stepped over.
        XCTAssertEqual(compacted("<?xml version=\"1.0\"?>\n<p>some text</p>"), "<?xml version=\"1.0\"?>\n<p>x</p>")
        XCTAssertNil(compacted("<?9?>\n<p>some text</p>"))
    }

    /// A generated page: 5 to 4 + `most` of `pieces`, the count read from the generator's
    /// state before the pieces are drawn (the pages these tests have always made).
    private static func page(of pieces: [String], _ numbers: inout SeededNumbers, most: Int) -> String {
        var page = ""
        for _ in 0..<(5 + Int(numbers.state % UInt64(most))) { page += numbers.pick(pieces) }
        return page
    }

    /// Pages of pieces the scanner understands, references and processing instructions among
    /// them, so runs holding `&` meet every context.
    func testFuzzedPagesWithReferences() {
        let changed = changedPages(without: ["<![", "<!-->", "--!>", "< ", "a<b", "<?>", "<? "],
                                   state: 0x5851_F42D_4C95_7F2D, label: "reference fuzz")
        XCTAssertGreaterThan(changed, 2000)
    }

    func testFuzzedPages() {
        var numbers = SeededNumbers(state: 0x9E37_79B9_7F4A_7C15)
        let pieces = TextRunSnippets.pieces
        for n in 0..<4000 {
            let page = Self.page(of: pieces, &numbers, most: 40)
            assertEquivalent(Array(page.utf8), "fuzz \(n): \(page.prefix(300).debugDescription)")
        }
    }

    /// Pages from pieces the scanner understands, so compaction runs to the end of most of
    /// them and meets every context (head, epilog, after script, long and CR runs).
    func testFuzzedPagesWithoutStops() {
        let changed = changedPages(without: ["<?", "<![", "<!-->", "--!>", "&", "< ", "a<b"],
                                   state: 0x2545_F491_4F6C_DD1D, label: "clean fuzz")
        XCTAssertGreaterThan(changed, 2000)
    }

    /// 4,000 pages of the pieces holding none of `stops` (nor a lone `<`), each checked
    /// equivalent; how many compaction changed.
    private func changedPages(without stops: [String], state: UInt64, label: String) -> Int {
        let pieces = TextRunSnippets.pieces.filter { piece in piece != "<" && !stops.contains { piece.contains($0) } }
        var numbers = SeededNumbers(state: state)
        var changed = 0
        for n in 0..<4000 {
            let page = Self.page(of: pieces, &numbers, most: 60)
            if assertEquivalent(Array(page.utf8), "\(label) \(n): \(page.prefix(300).debugDescription)") { changed += 1 }
        }
        return changed
    }

    func testFixturesDemoSiteAndCorpus() throws {
        var roots = ["Tests/Fixtures", "Pipelines/demo-site", "Benchmarks/corpus"]
            .map { Self.repository.appendingPathComponent($0) }
        if let extra = ProcessInfo.processInfo.environment["LINKAUDIT_TEXTRUN_CORPUS"] {
            roots += extra.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        }
        var files = 0, changed = 0
        for root in roots {
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where ["html", "htm"].contains(url.pathExtension.lowercased()) {
                let bytes = [UInt8](try Data(contentsOf: url))
                if assertEquivalent(bytes, url.path) { changed += 1 }
                files += 1
            }
        }
        XCTAssertGreaterThan(files, 10)
        XCTAssertGreaterThan(changed, 0)
        print("text-run equivalence: \(files) files, \(changed) compacted")
    }

    /// The navigations themselves (what links.jsonl is made of), srcdoc documents included.
    func testNavigationsUnchanged() throws {
        let site = Self.repository.appendingPathComponent("Pipelines/demo-site")
        let walker = try XCTUnwrap(FileManager.default.enumerator(at: site, includingPropertiesForKeys: nil))
        for case let url as URL in walker where url.pathExtension == "html" {
            // Some demo pages are Shift_JIS or EUC-KR: what matters here is the same bytes both ways.
            let html = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            let page = "https://shop.example/" + url.lastPathComponent
            let plain = HTMLExtractor.$compactsTextRuns.withValue(false) { HTMLExtractor.extract(html: html, pageURL: page) }
            XCTAssertEqual(HTMLExtractor.extract(html: html, pageURL: page), plain, url.path)
        }
        for (n, snippet) in TextRunSnippets.pages.enumerated() {
            let plain = HTMLExtractor.$compactsTextRuns.withValue(false) { HTMLExtractor.extract(html: snippet, pageURL: "https://a.example/") }
            XCTAssertEqual(HTMLExtractor.extract(html: snippet, pageURL: "https://a.example/"), plain, "snippet \(n)")
        }
    }
}

/// The page as `TextRunCompactor` hands it to libxml2 (nil: left as written), with text just
/// inside opened elements dropped and empty elements folded unless told otherwise.
private func compactedForm(_ page: String, droppingText: Bool = true, folding: Bool = true) -> String? {
    HTMLExtractor.$dropsTextInElements.withValue(droppingText) {
        HTMLExtractor.$foldsEmptyElements.withValue(folding) {
            Array(page.utf8).withUnsafeBytes { TextRunCompactor.compact($0) }.map { String(decoding: $0, as: UTF8.self) }
        }
    }
}
