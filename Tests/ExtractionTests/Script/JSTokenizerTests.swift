@testable import Extraction
import XCTest

/// The tokenizer's string literals read whole when they hold no escape equal the literals
/// read a byte at a time (`JSTokenizer.tokens(_:plain: true)`), on generated scripts of
/// quotes, escapes, line breaks, templates and non-ASCII text.
final class JSTokenizerTests: XCTestCase {
    private struct Token: Equatable {
        let kind: JSToken.Kind, text: String, offset: Int, newlineBefore: Bool
        init(_ token: JSToken) {
            (kind, text, offset, newlineBefore) = (token.kind, token.text, token.offset, token.newlineBefore)
        }
    }

    private func tokens(_ script: String, plain: Bool) -> [Token] {
        JSTokenizer.tokens(script, plain: plain).map(Token.init)
    }

    func testLiteralsReadWholeEqualLiteralsReadByteByByte() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let pieces = ["'", "\"", "`", "\\", "\\'", "\\n", "\\x41", "\\u00e9", "\\u{1F600}", "\n", "\r", " ", "a", "tel:",
                      "location.href = ", "${x}", "é", "\u{FFFD}", ";", "(", ")", "/", "/x/g", "1.5", "===", "// c\n",
                      "/* c */", "<!--", "?.", "...", "&&", "+="]
        var strings = 0
        for _ in 0..<5_000 {
            let script = (0..<Int(next() % 24)).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined()
            let fast = tokens(script, plain: false)
            XCTAssertEqual(fast, tokens(script, plain: true), script)
            strings += fast.filter { $0.kind == .string && !$0.text.isEmpty }.count
        }
        XCTAssertGreaterThan(strings, 1_000)
        XCTAssertEqual(tokens("location.href = 'tel:+1';", plain: false).map(\.text), ["location", ".", "href", "=", "tel:+1", ";"])
        XCTAssertEqual(tokens("x = 'a\\'b' + \"unterminated\ny\"", plain: false).map(\.text),
                       ["x", "=", "a'b", "+", "unterminated", "y", ""])
    }
}
