import Foundation
import XCTest
@testable import Extraction
import TestSupport

/// `TokenizerAlignment` passes over the tags that cannot matter to it by their name's length and
/// first letter (`AlignmentTagNames`) and reads tags with set tests on bytes
/// (`StandardTag.isIn`); `align(_:plain: true)` compares every name in full and stays the
/// reference. Both must rewrite the same bytes and cut the same tags.
final class AlignmentShortcutTests: XCTestCase {
    private func assertSame(_ page: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let plainLimits = ExtractionLimits()
        let shortLimits = ExtractionLimits()
        let plain = page.withUnsafeBytes { TokenizerAlignment.align($0, limits: plainLimits, plain: true) }
        let short = page.withUnsafeBytes { TokenizerAlignment.align($0, limits: shortLimits, plain: false) }
        XCTAssertTrue(plain == short, "\(label): the shortcut rewrites otherwise", file: file, line: line)
        XCTAssertEqual(shortLimits.cappedTags, plainLimits.cappedTags, label, file: file, line: line)
        XCTAssertEqual(shortLimits.firstCappedTagLine, plainLimits.firstCappedTagLine, label, file: file, line: line)
    }

    /// The byte sets equal the predicates they stand for, on every byte.
    func testByteSetsEqualThePredicates() {
        for value in 0...255 {
            let b = UInt8(value)
            let space = b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0C || b == 0x0D
            XCTAssertEqual(StandardTag.isIn(StandardTag.spaces, b), space, "\(b)")
            XCTAssertEqual(StandardTag.isSpace(b), space, "\(b)")
            XCTAssertEqual(StandardTag.isIn(StandardTag.nameEnds, b), space || b == 0x2F || b == 0x3E, "\(b)")
            XCTAssertEqual(StandardTag.isIn(StandardTag.attributeNameEnds, b),
                           space || b == 0x2F || b == 0x3E || b == 0x3D, "\(b)")
            XCTAssertEqual(StandardTag.isIn(StandardTag.unquotedValueEnds, b), space || b == 0x3E, "\(b)")
        }
    }

    /// Every name the full checks look for is let through, in any case; a name of another
    /// length or first letter is not.
    func testTheFilterLetThroughEveryNameThatMatters() {
        let starts = ["svg", "math", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "script", "style",
                      "plaintext"]
        for word in starts {
            for variant in [word, word.uppercased(), word.prefix(1).uppercased() + word.dropFirst()] {
                let bytes = Array(variant.utf8)
                bytes.withUnsafeBufferPointer {
                    XCTAssertTrue(AlignmentTagNames.startMayMatter($0.baseAddress!, 0..<bytes.count), variant)
                }
            }
        }
        for word in ["body", "html", "BODY", "Html"] {
            let bytes = Array(word.utf8)
            bytes.withUnsafeBufferPointer { XCTAssertTrue(AlignmentTagNames.endMayMatter($0.baseAddress!, 0..<4), word) }
        }
        for word in ["a", "span", "td", "div", "label", "img", "scripts", "body2"] {
            let bytes = Array(word.utf8)
            bytes.withUnsafeBufferPointer {
                XCTAssertFalse(AlignmentTagNames.startMayMatter($0.baseAddress!, 0..<bytes.count), word)
                XCTAssertFalse(AlignmentTagNames.endMayMatter($0.baseAddress!, 0..<bytes.count), word)
            }
        }
    }

    /// The void elements found on bytes are the Set's, for every void name in three cases,
    /// every name of the generated pages below, and near misses.
    func testVoidNamesOnBytesEqualTheSet() {
        var words = VoidElements.names.flatMap { [$0, $0.uppercased(), $0.prefix(1).uppercased() + $0.dropFirst()] }
        words += ["b", "bb", "brr", "hrx", "im", "imgs", "met", "links", "area2", "basefon", "basefonts", "sourc", "inp\u{0}t",
                  "svg", "math", "a", "p", "div", "span", "script", "textarea", "k\u{E9}ygen", "@rea", "{mg", "IMG\u{7F}"]
        for word in words {
            let bytes = Array(word.utf8)
            bytes.withUnsafeBufferPointer {
                XCTAssertEqual(AlignmentTagNames.isVoid($0.baseAddress!, 0..<bytes.count),
                               VoidElements.contains($0.baseAddress!, 0..<bytes.count), word)
            }
        }
    }

    /// `find` (a word, then memchr) answers as memchr alone, for every start and byte of
    /// buffers holding the byte at every distance, twice, or not at all.
    func testFindEqualsMemchr() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let bytes: [UInt8] = [0x3C, 0x3E, 0x22, 0x27, 0x2D, 0x5D, 0x00, 0x80, 0xFF, 0x3D]
        for _ in 0..<2_000 {
            let count = next(40)
            let buffer = (0..<count).map { _ in next(4) == 0 ? bytes[next(bytes.count)] : UInt8(0x61 + next(26)) }
            buffer.withUnsafeBufferPointer { b in
                let p = b.baseAddress ?? UnsafePointer(bitPattern: 1)!
                for byte in bytes {
                    for start in 0...count {
                        XCTAssertEqual(StandardTag.find(byte, p, from: start, count),
                                       StandardTag.findPlain(byte, p, from: start, count), "\(buffer) \(byte) \(start)")
                    }
                }
            }
        }
    }

    /// The html5lib tokenizer suites' inputs, each as written and in the states the suite
    /// starts them in.
    func testTokenizerSuitesAlignTheSame() throws {
        var count = 0
        for file in TokenizerConformanceTests.files {
            for c in try TokenizerConformanceTests.cases(file).cases {
                assertSame(Array(c.input.utf8), c.key)
                count += 1
            }
        }
        XCTAssertGreaterThan(count, 300)
    }

    func testFixturePagesAlignTheSame() throws {
        let pages = try Repository.htmlPages()
        for page in pages { assertSame(page.bytes, page.name) }
        XCTAssertGreaterThan(pages.count, 20)
    }

    /// Pages made of the pieces each path treats specially: the names that matter (and near
    /// misses) in any case, start and end tags, `/>`, foreign content and its breakouts,
    /// text-only elements, comments, odd bytes in names and form feeds.
    func testGeneratedPagesAlignTheSame() {
        let names = ["svg", "SVG", "math", "Math", "textarea", "title", "TITLE", "xmp", "iframe", "noembed", "noframes",
                     "script", "Script", "style", "STYLE", "plaintext", "body", "Body", "html", "HTML", "a", "p", "br",
                     "img", "b", "div", "span", "table", "td", "sv", "svgs", "maths", "titles", "scripts", "bodyx", "htm",
                     "tex", "styl", "xmpp", "ifram", "s\u{7F}g", "Svg", "foreignObject", "input", "meta", "source"]
        let tails = [">", " />", "/>", " href=x>", " a=\"<b>\">", " a='x'/>", "\u{0C}b=c>", " / x>", "!>", "<i>", " x=y "]
        let texts = ["text", "<!-- c -->", "<!-->", "<!DOCTYPE html>", "<![CDATA[x]]>", "</>", "<?x>", "<!--<script>",
                     "-->", "\r\n", "&amp;", "<", "</", "é", "\0"]
        var seed: UInt64 = 0x5851_F42D_4C95_7F2D
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        for round in 0..<3_000 {
            var page = ""
            for _ in 0..<(3 + next(30)) {
                switch next(4) {
                case 0: page += "<" + names[next(names.count)] + tails[next(tails.count)]
                case 1: page += "</" + names[next(names.count)] + tails[next(tails.count)]
                default: page += texts[next(texts.count)]
                }
            }
            assertSame(Array(page.utf8), "round \(round): \(page.debugDescription)")
        }
    }
}
