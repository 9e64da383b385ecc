import XCTest
@testable import WHATWGURL

/// The query-encoder seam (Docs/PLATFORM.md §F.12), with a Latin-1 encoder standing in for
/// the page encoders of Extraction.
final class WebURLQueryEncoderTests: XCTestCase {
    struct Latin1: URLQueryEncoder {
        func encode(_ query: Substring) -> [URLQueryEncoderOutput] {
            query.unicodeScalars.map { $0.value < 0x100 ? .bytes([UInt8($0.value)]) : .unencodable($0) }
        }
    }

    private func href(_ input: String, base: String? = nil) -> String? {
        WebURL.parse(input, base: base.flatMap { WebURL.parse($0) }, queryEncoder: Latin1())?.href
    }

    func testQueryInTheEncodingPathAndFragmentInUTF8() {
        XCTAssertEqual(href("https://x.example/é?é&€ x#é"), "https://x.example/%C3%A9?%E9&%26%238364%3B%20x#%C3%A9")
        XCTAssertEqual(href("?q=é", base: "https://x.example/a/b"), "https://x.example/a/b?q=%E9")
        XCTAssertEqual(href("myapp://pay?m=é'"), "myapp://pay?m=%E9'")
        XCTAssertEqual(href("https://x.example/?'"), "https://x.example/?%27")
    }

    /// After an opaque path Chromium keeps UTF-8.
    func testOpaquePathQueryStaysUTF8() {
        XCTAssertEqual(href("myapp:pay?m=é"), "myapp:pay?m=%C3%A9")
        XCTAssertEqual(href("mailto:a@x.example?subject=é"), "mailto:a@x.example?subject=%C3%A9")
    }

    /// Printable-ASCII input gives what the UTF-8 parser (fast path included) gives.
    func testASCIIInputUnchanged() {
        for input in ["https://x.example/a?b=c&d=e#f", "https://X.example:443/./a/../b?<\"q\"> ", "myapp://h/p?q=1",
                      "?x=1", "../c?d", "https://x.example/?\u{0E}A", "  https://x.example/\t?a=b\n"] {
            let base = WebURL.parse("https://base.example/dir/page?old")
            XCTAssertEqual(WebURL.parse(input, base: base, queryEncoder: Latin1())?.href,
                           WebURL.parse(input, base: base)?.href, input.debugDescription)
        }
        XCTAssertEqual(WebURL.parse("https://x.example/?é", base: nil, queryEncoder: nil)?.href,
                       "https://x.example/?%C3%A9")
    }
}
