import Foundation
import LinkAuditModel
import WHATWGURL
import XCTest
@testable import Extraction
import TestSupport

/// web-platform-tests `url/resources/percent-encoding.json` through pages: each input is
/// written as character references in an ASCII page that declares the encoding, so the
/// link's query is the input's code points, percent-encoded in the page's encoding as a
/// browser sends it (URL Standard, encoding-parse; Docs/PLATFORM.md §F.12). The page goes
/// the way `PageReader` takes it: sniff, decode, extract with the sniffed encoding.
final class QueryEncodingVectorTests: XCTestCase {
    struct Vector {
        let input: String
        let output: [String: String]
    }

    static func vectors() throws -> [Vector] {
        let json = try JSONSerialization.jsonObject(with: Fixture.data("url/percent-encoding.json")) as! [Any]
        return json.compactMap { item in
            guard let object = item as? [String: Any], let input = object["input"] as? String,
                  let output = object["output"] as? [String: String] else { return nil }
            return Vector(input: input, output: output)
        }
    }

    /// `text` as decimal character references, so the page itself is ASCII.
    static func references(_ text: String) -> String {
        text.unicodeScalars.map { "&#\($0.value);" }.joined()
    }

    /// The navigations of an ASCII page declaring `label`, extracted as `PageReader` does.
    static func extract(_ body: String, label: String, page: String = "https://example.invalid/doc.html") -> [Navigation] {
        let bytes = Array("<!DOCTYPE html><meta charset=\"\(label)\"><body>\(body)</body>".utf8)
        let encoding = EncodingSniffer.sniff(bytes)
        guard let decoded = PageDecoder.utf8(bytes, from: encoding) else { return [] }
        return decoded.utf8.withUnsafeBytes { HTMLExtractor.extract(utf8: $0, pageURL: page, encoding: encoding.name) }
    }

    func testEveryVectorInEveryEncoding() throws {
        let vectors = try Self.vectors()
        XCTAssertEqual(vectors.count, 7)
        var checked = 0
        for vector in vectors {
            for (label, expected) in vector.output.sorted(by: { $0.key < $1.key }) {
                XCTAssertNotNil(EncodingSniffer.encoding(forLabel: label), label)
                // The WPT test: query and fragment; the fragment is always UTF-8.
                let input = Self.references(vector.input)
                let href = "https://doesnotmatter.invalid/?\(input)#\(input)"
                let navigations = Self.extract("<a href=\"\(href)\">x</a>", label: label)
                guard let url = navigations.first.flatMap({ WebURL.parse($0.url) }) else {
                    XCTFail("\(label) \(vector.input.debugDescription): no link")
                    continue
                }
                XCTAssertEqual(url.search, "?" + expected, "\(label) \(vector.input.debugDescription)")
                XCTAssertEqual(url.hash, "#" + vector.output["utf-8"]!, "\(label) \(vector.input.debugDescription)")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 16)
    }

    /// The same vectors on a custom scheme with an authority: Chromium encodes those queries
    /// in the document's encoding too (the Standard would use UTF-8); after an opaque path
    /// (`myapp:pay?…`) it uses UTF-8, as the Standard does (§F.12).
    func testCustomSchemes() throws {
        for vector in try Self.vectors() {
            for (label, expected) in vector.output {
                let input = Self.references(vector.input)
                let navigations = Self.extract("<a href=\"myapp://pay/?\(input)\">x</a><a href=\"myapp:pay?\(input)\">y</a>",
                                               label: label)
                XCTAssertEqual(navigations.map(\.url), ["myapp://pay/?" + expected, "myapp:pay?" + vector.output["utf-8"]!],
                               "\(label) \(vector.input.debugDescription)")
            }
        }
    }
}

