import XCTest
@testable import LinkAuditModel

/// The strict JSON reader both association files go through.
final class StrictJSONTests: XCTestCase {
    private func parse(_ text: String) -> StrictJSON? { try? StrictJSON.parse(Array(text.utf8)) }

    private func error(_ text: String) -> String {
        do {
            _ = try StrictJSON.parse(Array(text.utf8))
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testValues() {
        XCTAssertEqual(parse(#" {"a": [true, false, null, -0.5e+3, 10, "x"]} "#),
                       .object([.init(key: "a", value: .array([.bool(true), .bool(false), .null, .number("-0.5e+3"),
                                                               .number("10"), .string("x")]))]))
        XCTAssertEqual(parse("\u{FEFF}[]"), .array([]), "a byte order mark is skipped")
        XCTAssertEqual(parse(#"{"a": 1, "a": 2}"#)?["a"], .number("2"), "a repeated key reads as the last")
        XCTAssertEqual(parse(#"{"a": 1, "a": 2}"#)?.keys, ["a"])
    }

    func testStringEscapes() {
        XCTAssertEqual(parse(#"["\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"]"#), .array([.string("\"\\/\u{8}\u{C}\n\r\té😀")]))
        XCTAssertEqual(parse(#"["\ud800"]"#), .array([.string("\u{FFFD}")]), "a lone surrogate reads as U+FFFD")
        XCTAssertEqual(error(#"["\x"]"#), "invalid escape at byte 3")
        XCTAssertEqual(error(#"["\u12"]"#), "invalid \\u escape at byte 4")
        XCTAssertEqual(error("[\"a\nb\"]"), "control character in a string at byte 3")
    }

    func testStrictness() {
        XCTAssertEqual(error("[1,]"), "unexpected character at byte 3")
        XCTAssertEqual(error(#"{"a": 1,}"#), "expected a string key at byte 8")
        XCTAssertEqual(error("[01]"), "expected ',' or ']' at byte 2")
        XCTAssertEqual(error("[1.]"), "invalid number at byte 3")
        XCTAssertEqual(error("[tru]"), "invalid literal at byte 1")
        XCTAssertEqual(error("[NaN]"), "unexpected character at byte 1")
        XCTAssertEqual(error("{'a': 1}"), "expected a string key at byte 1")
        XCTAssertEqual(error("[] []"), "unexpected text after the JSON value at byte 3")
        XCTAssertEqual(error("\"text\""), "the top level must be an object or an array at byte 0")
        XCTAssertEqual(error(""), "the top level must be an object or an array at byte 0")
        XCTAssertEqual(error(String(repeating: "[", count: 300)), "nesting deeper than 256 at byte 256")
    }
}
