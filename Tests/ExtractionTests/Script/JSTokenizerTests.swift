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

    /// The bit tests of a name's bytes answer as the comparisons they stand for, on every byte.
    func testIdentifierByteBitsEqualComparisons() {
        for b in UInt8.min...UInt8.max {
            XCTAssertEqual(isIdentifierStart(b), isIdentifierStartPlain(b), "\(b)")
            XCTAssertEqual(isIdentifierPart(b), isIdentifierPartPlain(b), "\(b)")
        }
        XCTAssertEqual((UInt8.min...UInt8.max).filter(isIdentifierStart).count, 26 * 2 + 2 + 128)
        XCTAssertEqual((UInt8.min...UInt8.max).filter(isIdentifierPart).count, 26 * 2 + 2 + 10 + 128)
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

    /// The names made as constants (`JSTokenizer.knownName`) equal the names made from their
    /// bytes (`plain: true`), on generated scripts of those names, their near misses (a byte
    /// changed, dropped or added, another case, non-ASCII) and other names.
    func testKnownNamesEqualNamesMadeFromBytes() {
        let known = ["if", "var", "let", "new", "src", "top", "href", "open", "else", "this", "true", "null", "then",
                     "self", "false", "const", "click", "await", "async", "window", "return", "assign", "typeof",
                     "action", "submit", "parent", "replace", "location", "function", "document", "navigator",
                     "userAgent", "setTimeout", "setInterval", "appendChild", "setAttribute", "querySelector",
                     "createElement", "contentWindow", "getElementById", "addEventListener"]
        var names = known
        for name in known {
            let bytes = Array(name.utf8)
            names.append(String(name.dropLast()))
            names.append(name + "s")
            names.append("_" + name)
            names.append(name.uppercased())
            names.append(name.prefix(1).uppercased() + name.dropFirst())
            names.append(String(name.dropFirst()) + "x")
            for i in bytes.indices {
                var changed = bytes
                changed[i] = changed[i] == 0x61 ? 0x62 : 0x61
                names.append(String(decoding: changed, as: UTF8.self))
            }
            names.append(name + "é")
            names.append("é" + name)
        }
        var made = 0
        for name in names {
            let fast = tokens(name, plain: false)
            XCTAssertEqual(fast, tokens(name, plain: true), name)
            XCTAssertEqual(fast.map(\.text), [name], name)
            let constant = name.utf8.withContiguousStorageIfAvailable { JSTokenizer.knownName($0) } ?? nil
            if let constant {
                XCTAssertEqual(constant, name)
                made += 1
            } else {
                XCTAssertFalse(known.contains(name), name)
            }
        }
        XCTAssertEqual(made, Set(known).count)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let separators = [" ", ".", "(", ")", "=", ";", "\n", "'x'", "/", "1", "é", "$", "_"]
        for _ in 0..<3_000 {
            let script = (0..<Int(next() % 16)).map { _ in
                next() % 2 == 0 ? names[Int(next() % UInt64(names.count))] : separators[Int(next() % UInt64(separators.count))]
            }.joined()
            XCTAssertEqual(tokens(script, plain: false), tokens(script, plain: true), script)
        }
    }
}
