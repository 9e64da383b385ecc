import XCTest
@testable import WHATWGURL

/// The one-pass parser's word test (`WordClass`, eight bytes at a time) must answer as its
/// byte class (`ASCIISet`, one byte at a time) does, and the runs it copies must give what
/// the full parser gives.
final class WebURLFastPathWordsTests: XCTestCase {
    typealias Fast = WebURL.FastPath

    static let classes: [(String, WebURL.WordClass, WebURL.ASCIISet)] = [
        ("fragment", Fast.fragmentWords, Fast.plainFragmentBytes),
        ("query", Fast.queryWords, Fast.plainQueryBytes),
        ("special query", Fast.specialQueryWords, Fast.plainSpecialQueryBytes),
        ("opaque path", Fast.opaquePathWords, Fast.plainOpaquePathBytes),
    ]

    static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    /// Every byte in every lane, the other lanes plain ('a') or each of a few others.
    func testEveryByteInEveryLane() {
        for (name, words, plain) in Self.classes {
            for filler in [UInt8(ascii: "a"), 0x21, 0x7E, 0x20, 0x7F, 0x80, 0xFF, 0x00, 0x23, 0x3F] {
                for lane in 0..<8 {
                    for byte in UInt8(0)...UInt8(255) {
                        var bytes = [UInt8](repeating: filler, count: 8)
                        bytes[lane] = byte
                        XCTAssertEqual(words.containsAll(Self.word(bytes)), bytes.allSatisfy(plain.contains),
                                       "\(name): \(bytes)")
                    }
                }
            }
        }
    }

    /// Generated words, their bytes drawn mostly from around the class's edges.
    func testGeneratedWords() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let edges: [UInt8] = [0x00, 0x01, 0x09, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x27, 0x3C, 0x3D, 0x3E, 0x3F,
                              0x40, 0x5F, 0x60, 0x61, 0x7E, 0x7F, 0x80, 0x81, 0xC3, 0xFE, 0xFF]
        for (name, words, plain) in Self.classes {
            for _ in 0..<40_000 {
                let bytes = (0..<8).map { _ -> UInt8 in
                    switch next() % 4 {
                    case 0: return UInt8(truncatingIfNeeded: next())
                    case 1: return edges[Int(next() % UInt64(edges.count))]
                    default: return UInt8(0x21 + next() % 0x5E)  // printable
                    }
                }
                XCTAssertEqual(words.containsAll(Self.word(bytes)), bytes.allSatisfy(plain.contains),
                               "\(name): \(bytes)")
            }
        }
    }

    /// Long queries, fragments and opaque paths with a byte that stops a run at every offset
    /// (so at every lane of a word and past the words): both parsers give the same URL.
    func testLongRunsAgreeWithFullParser() throws {
        let stops = ["\"", "#", "'", "<", ">", "`", "?", " ", "\t", "\u{7F}", "\u{E9}", "%", "{", "\\", "\u{1}"]
        let body = "order=123456&return=https%3A%2F%2Fshop.example%2Fdone&x=ABCDEFGHIJ"
        let heads = ["gojek://pay?", "gojek://pay/p?", "https://shop.example/c?", "intent://scan/#Intent;",
                     "https://shop.example/#", "tel:+62", "mailto:a@b.example?subject=", "GoJek:pay?"]
        let base = try XCTUnwrap(WebURL.parse("https://shop.example/p/p0000.html"))
        for head in heads {
            for stop in stops {
                for offset in stride(from: 0, through: body.utf8.count, by: 1) {
                    let index = body.utf8.index(body.utf8.startIndex, offsetBy: offset)
                    let input = head + String(body[..<index]) + stop + String(body[index...]) + "#end;x"
                    for base in [nil, base] {
                        XCTAssertNil(WebURLFastPathTests.difference(input, base: base))
                    }
                }
            }
            XCTAssertNotNil(WebURLFastPathTests.fastPathOnly(head + body, base: nil), head)
        }
    }
    /// The fast path runs before the scan for tabs and newlines (`Parser.parse(raw:)`), so it
    /// must refuse any input holding one, wherever it sits; the parsers then still agree.
    func testTabsAndNewlinesAreLeftToTheFullParser() throws {
        let base = try XCTUnwrap(WebURL.parse("https://shop.example/p/p0000.html"))
        let links = ["gojek://pay?order=1#x", "intent://scan/#Intent;scheme=z;end", "tel:+62812", "mailto:a@b?s=1",
                     "https://Shop.example:8080/a/b?q=1#f", "/c/1.html?x#y", "../p/2", "?q", "#top", "//cdn.example/a"]
        for link in links {
            let bytes = Array(link.utf8)
            for offset in 1..<bytes.count {
                for control in ["\t", "\n", "\r"] {
                    let input = String(decoding: bytes[..<offset], as: UTF8.self) + control
                        + String(decoding: bytes[offset...], as: UTF8.self)
                    for base in [nil, base] {
                        XCTAssertNil(WebURLFastPathTests.fastPathOnly(input, base: base), input)
                        XCTAssertNil(WebURLFastPathTests.difference(input, base: base))
                    }
                }
            }
        }
    }
}
