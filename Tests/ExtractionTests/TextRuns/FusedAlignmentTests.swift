import XCTest
@testable import Extraction
import LinkAuditModel
import TestSupport

/// `FusedAlignment` aligns a page (`TokenizerAlignment`) while `TextRunCompactor` reads it; the
/// plain way aligns it first (`HTMLExtractor.prepare`), then compacts. Both must leave the page
/// the same bytes (what a streamed page's second pass reads), count the same cut tags, and
/// give the same navigations, parse places and warnings.
final class FusedAlignmentTests: XCTestCase {
    private let pageURL = "https://shop.example/pay/index.html"

    private func extraction(_ bytes: [UInt8], fused: Bool) -> [String] {
        HTMLExtractor.$fusesAlignment.withValue(fused) {
            var owned = bytes
            let page = HTMLExtractor.extractPage(owning: &owned, pageURL: pageURL, streamAbove: Int.max)
            guard case .whole(let navigations) = page.extraction else { return ["streamed"] }
            return navigations.map { "\($0) \(String(describing: $0.place.value))" } + page.warnings
        }
    }

    private func assertSame(_ bytes: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        // The bytes and the cut tags.
        let plainLimits = ExtractionLimits()
        let fusedLimits = ExtractionLimits()
        var plain = bytes
        HTMLExtractor.prepare(&plain, limits: plainLimits)
        var fused = bytes
        InputStream.preprocessInPlace(&fused)
        fused.withUnsafeMutableBytes {
            var found: TextRunCompactor.Found? = TextRunCompactor.Found(recordsValues: true, recordsUnread: true)
            _ = TextRunCompactor.compact(aligning: $0, found: &found, limits: fusedLimits)
        }
        XCTAssertTrue(fused == plain, "\(label): the page is aligned otherwise", file: file, line: line)
        XCTAssertEqual(fusedLimits.cappedTags, plainLimits.cappedTags, label, file: file, line: line)
        XCTAssertEqual(fusedLimits.firstCappedTagLine, plainLimits.firstCappedTagLine, label, file: file, line: line)
        // What the extractor makes of it.
        let expected = extraction(bytes, fused: false)
        let got = extraction(bytes, fused: true)
        if got != expected {
            let at = (0..<min(expected.count, got.count)).first { expected[$0] != got[$0] } ?? min(expected.count, got.count)
            XCTFail("\(label): record \(at) differs: \(expected.dropFirst(at).first ?? "<none>") vs "
                    + "\(got.dropFirst(at).first ?? "<none>")", file: file, line: line)
        }
    }

    func testCraftedPages() {
        let manyAttributes = "<a " + (0..<1_200).map { "x\($0)=\($0)" }.joined(separator: " ") + " href=late>a</a>"
        let pages = [
            "",
            "<p>nothing to rewrite</p><a href=\"https://a.example/x\">a</a>",
            "<a href=\"a\r\nb\">\r\n</a>\r",
            "<body><a href=x>x</a></body  \r\n ></html\n>after<a href=y>",
            "<textarea><a href=x></textarea><a href=y>",
            "<title>\r\n<a href=x></title><a href=\"intent://x#Intent;scheme=y;end\">i</a>",
            "<script>if (a </scripts) {}</script><a href=z>",
            "<script><!--<script></script>--></script><a href=w>",
            "<svg><style><a href=s></style></svg><a href=t>",
            "<svg><script><a href=u></a></script></svg><a href=v>",
            "<a!\u{0C}href=x/>x</a><a<b href=y>",
            "<a href=x\u{0C}target=_blank>f</a><a href=\"y\"\u{0C}target=t>g</a>",
            "<div class=\"a\u{0C}b\"><a href=q/>q</a><a href=r />r</a></div>",
            "<script src=x /><a href=q>",
            "<plaintext><a href=p>",
            "<p>" + manyAttributes + "\n" + manyAttributes,
            "<!-- a --><a href=c1>c</a><!-- b --!><a href=c2>c</a><!-->x<a href=c3>",
            "<?xml version=\"1.0\"?><!DOCTYPE html><a href=d>d</a></a ><a href=e>",
            "<p>text & more <a href=f>f</a> &amp; <iframe srcdoc=\"&lt;a href=g&gt;\"></iframe>",
        ]
        for page in pages { assertSame(Array(page.utf8), page.debugDescription) }
    }

    func testFixturePages() throws {
        let pages = try Repository.htmlPages()
        for page in pages { assertSame(page.bytes, page.name) }
        XCTAssertGreaterThan(pages.count, 20)
    }

    /// The html5lib tokenizer suites' inputs, with a link after each.
    func testTokenizerSuiteInputs() throws {
        var count = 0
        for file in TokenizerConformanceTests.files {
            for c in try TokenizerConformanceTests.cases(file).cases {
                assertSame(Array(("<p>" + c.input + "<a href=after>a</a>").utf8), c.key)
                count += 1
            }
        }
        XCTAssertGreaterThan(count, 300)
    }

    /// Pages made of the pieces the alignment treats specially (as `AlignmentShortcutTests`'),
    /// among links and tags with attributes the compactor reads.
    func testGeneratedPages() {
        let names = ["svg", "SVG", "math", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "script",
                     "Script", "style", "plaintext", "body", "html", "HTML", "a", "A", "p", "br", "img", "b", "div",
                     "span", "td", "svgs", "scripts", "bodyx", "foreignObject", "input", "meta", "form", "area", "x.y"]
        let tails = [">", " />", "/>", " href=x>", " href=\"https://a.example/p?q=1&amp;r=2\">", " a=\"<b>\">",
                     " a='x'/>", "\u{0C}b=c>", " / x>", "!>", "<i>", " x=y ", " class=\"long class name\" id=k>",
                     " href=y/>", " title=\"t\u{0C}u\" href=z>", " onclick=\"location.href='tel:1'\">"]
        let texts = ["text", "<!-- c -->", "<!-->", "<!DOCTYPE html>", "<![CDATA[x]]>", "</>", "<?x>", "<!--<script>",
                     "-->", "\r\n", "&amp;", "<", "</", "é", "\0", "\n\n  words and words  \n", "<a href=l>l</a>"]
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        for round in 0..<1_500 {
            var page = "<p>"
            for _ in 0..<(3 + next(30)) {
                switch next(5) {
                case 0, 1: page += "<" + names[next(names.count)] + tails[next(tails.count)]
                case 2: page += "</" + names[next(names.count)] + tails[next(tails.count)]
                default: page += texts[next(texts.count)]
                }
            }
            assertSame(Array(page.utf8), "round \(round): \(page.debugDescription)")
        }
    }
}
