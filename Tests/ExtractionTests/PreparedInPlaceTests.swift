import Foundation
import XCTest
@testable import Extraction
import TestSupport

/// `HTMLExtractor.prepare` makes the input stream's and the alignment's rewrites in the page
/// itself (`InputStream.preprocessInPlace`, `TokenizerAlignment.alignInPlace`), so that a huge
/// page is not held twice (README Limits); the plain way copies (`InputStream.preprocessed`,
/// `TokenizerAlignment.align`). Both must give the same bytes and count the same cut tags.
final class PreparedInPlaceTests: XCTestCase {
    private func copied(_ page: [UInt8], limits: ExtractionLimits) -> [UInt8] {
        var html = page
        if let preprocessed = html.withUnsafeBytes({ InputStream.preprocessed($0) }) { html = preprocessed }
        if let aligned = html.withUnsafeBytes({ TokenizerAlignment.align($0, limits: limits) }) { html = aligned }
        return html
    }

    private func assertSame(_ page: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let plainLimits = ExtractionLimits()
        let inPlaceLimits = ExtractionLimits()
        let plain = copied(page, limits: plainLimits)
        var html = page
        HTMLExtractor.prepare(&html, limits: inPlaceLimits)
        XCTAssertTrue(html == plain, "\(label): \(html.count) bytes, \(plain.count) the plain way", file: file, line: line)
        XCTAssertEqual(inPlaceLimits.cappedTags, plainLimits.cappedTags, label, file: file, line: line)
        XCTAssertEqual(inPlaceLimits.firstCappedTagLine, plainLimits.firstCappedTagLine, label, file: file, line: line)
    }

    func testCraftedPagesArePreparedTheSameInPlace() {
        let manyAttributes = "<a " + (0..<1_200).map { "x\($0)=\($0)" }.joined(separator: " ") + " href=late>a</a>"
        let pages = [
            "",
            "<p>nothing to rewrite</p>",
            "<a href=\"a\r\nb\">\r\n</a>\r",
            "\r\r\n\r\n\r<a href=x>\r",
            "<a href=\"a\0b\">\0</a>\r\n",
            "<body><a href=x>x</a></body  \r\n ></html\n>after<a href=y>",
            "<textarea><a href=x></textarea><a href=y>",
            "<title>\r\n<a href=x></title>",
            "<script>if (a </scripts) {}</script><a href=z>",
            "<script><!--<script></script>--></script><a href=w>",
            "<svg><style><a href=s></style></svg><a href=t>",
            "<a!\u{0C}href=x/>x</a><a<b href=y>",
            "<script src=x /><a href=q>",
            "<plaintext><a href=p>",
            "\r\n" + manyAttributes + "\r\n" + manyAttributes,
        ]
        for page in pages { assertSame(Array(page.utf8), page.debugDescription) }
    }

    func testFixturePagesArePreparedTheSameInPlace() throws {
        let pages = try Repository.htmlPages()
        for page in pages { assertSame(page.bytes, page.name) }
        XCTAssertGreaterThan(pages.count, 20)
    }

    /// Past `maxNotedRewrites` the alignment copies the page, with the rewrites noted so far.
    func testMoreRewritesThanNotedFallBackToTheCopy() {
        let count = TokenizerAlignment.maxNotedRewrites + 10
        let page = "<p>\r\n<textarea>" + String(repeating: "<b", count: count) + "</textarea><a href=x></body>"
        assertSame(Array(page.utf8), "a textarea of \(count) tags")
        var html = Array(page.utf8)
        HTMLExtractor.prepare(&html, limits: ExtractionLimits())
        XCTAssertEqual(html.filter { $0 == 0x3C }.count, 5, "every < of the textarea is text, the rest stay")
    }
}
