import XCTest
@testable import Extraction
import LinkAuditModel
import TestSupport

/// A start tag's attributes past the 1,000th are dropped before libxml2 reads the page:
/// libxml2 2.9 compares each attribute's name with every one before it, so 100,000
/// attributes on one tag took minutes (Docs/PLATFORM.md §F.5).
final class AttributeCapTests: XCTestCase {
    private func attributes(_ count: Int) -> String {
        (0..<count).map { "a\($0)=\"v>\($0)\"" }.joined(separator: " ")
    }

    private func aligned(_ html: String) -> String? {
        var html = html
        return html.withUTF8 { TokenizerAlignment.align(UnsafeRawBufferPointer($0)) }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// What libxml2 is given holds at most 1,000 attributes on the tag: the rest are spaces.
    func testLibXMLReadsAtMostTheCap() throws {
        let html = "<a href=\"x://y\" \(attributes(100_000))>pay</a>"
        let out = try XCTUnwrap(aligned(html))
        XCTAssertEqual(out.utf8.count, html.utf8.count)
        XCTAssertEqual(out.split(separator: "=").count - 1, TokenizerAlignment.maxAttributesPerTag)
        XCTAssertTrue(out.hasSuffix(">pay</a>"))
        XCTAssertEqual(Extract.all(html).map(\.raw), ["x://y"])
    }

    func testTheThousandthAttributeIsReadAndTheNextIsNot() {
        XCTAssertEqual(Extract.all("<a \(attributes(999)) href=\"x://kept\">").map(\.raw), ["x://kept"])
        XCTAssertEqual(Extract.all("<a \(attributes(1_000)) href=\"x://dropped\">").map(\.raw), [])
    }

    func testLinesAndLaterTagsAreKept() {
        let html = "<div \(attributes(1_500).replacingOccurrences(of: " a7", with: "\n a7"))/>\n<a href=\"x://after\">"
        let navs = Extract.all(html)
        XCTAssertEqual(navs.map(\.raw), ["x://after"])
        XCTAssertEqual(navs.first?.line, html.split(separator: "\n", omittingEmptySubsequences: false).count)
    }

    func testDuplicatesBeyondTheCapChangeNothing() {
        let html = "<a href=\"x://first\" " + String(repeating: "href=\"x://dup\" ", count: 5_000) + ">"
        XCTAssertEqual(Extract.all(html).map(\.raw), ["x://first"])
    }
}
