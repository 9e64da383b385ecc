@testable import Extraction
import TestSupport
import XCTest

/// The scanner's shortcuts on names and punctuators equal what they stand in front of
/// (Docs/ARCHITECTURE.md §3): `ScriptNames.mayTakeCallback` never rules out a name
/// `callbackCallees` holds, on the callees, words of their length or first byte, and
/// strings canonically or compatibly equal to them; a token's `byte` is its text's one
/// byte for every punctuator of one byte, and `isPunct` on it answers as `isPunctPlain`
/// on generated scripts.
final class ScriptNameTests: XCTestCase {
    func testCallbackPrefilterKeepsEveryCallee() {
        var words = Array(ScriptNames.callbackCallees)
        for word in ScriptNames.callbackCallees {
            words += NearMisses.of(word)
            words.append(String(word.prefix(1)) + "\u{301}" + word.dropFirst())
            words.append(word.replacingOccurrences(of: "k", with: "\u{212A}"))
            words.append(word.replacingOccurrences(of: "c", with: "\u{FF43}"))
        }
        words += ["", "o", "onn", "open", "location", "setTimeou", "setTimeoutt", "\u{212A}", "ſubmit", "tap\u{0}"]
        var callees = 0
        for word in words where ScriptNames.callbackCallees.contains(word) {
            XCTAssertTrue(ScriptNames.mayTakeCallback(word), word)
            callees += 1
        }
        XCTAssertGreaterThanOrEqual(callees, ScriptNames.callbackCallees.count)
        // It rules out most names.
        XCTAssertFalse(ScriptNames.mayTakeCallback("location"))
        XCTAssertFalse(ScriptNames.mayTakeCallback("getElementById"))
    }

    /// `String.isName` (the UTF-8 lengths before `==`) answers as `==` for every name the
    /// scanner asks it with, on near misses and canonically or compatibly equal spellings;
    /// `ScriptNames.isInsertion`'s length test keeps every insertion method.
    func testNameTestsAnswerAsEquality() {
        let names = ["function", "await", "if", "else", "location", "open"]
        let insertions = ["appendChild", "append", "prepend", "insertBefore", "after", "before", "replaceWith",
                          "replaceChild"]
        var words = names + insertions + ["", "i", "f", "\u{212A}", "ı f", "i\u{307}f", "ǐf", "\u{FF49}f", "ﬁ", "o\u{0}",
                                          "e\u{301}lse", "locatio\u{301}n", "\u{FF4F}pen", "ⅰf"]
        for word in names + insertions {
            words += NearMisses.of(word)
            words.append(String(word.prefix(1)) + "\u{301}" + word.dropFirst())
        }
        for word in words {
            for name in names { XCTAssertEqual(word.isName(name), word == name, "\(word) / \(name)") }
            XCTAssertEqual(ScriptNames.isInsertion(word), insertions.contains(word), word)
        }
    }

    func testPunctuatorBytesAnswerAsTheirText() {
        var numbers = SeededNumbers(state: 0x5C21_7A11)
        let pieces = ["(", ")", "[", "]", "{", "}", ";", ",", ".", "?.", "=", "==", "===", "!=", "!==", "=>", "+=", "+",
                      "-", "*", "&&", "||", "?", ":", "...", "/", "/x/g", "'a'", "`t${x}`", "é", "\u{37E}", "\u{212A}",
                      "x", "1.5", " ", "\n", "// c\n", "<!--", "\\", "#", "@", "\u{0}"]
        let asked = ["(", ")", "[", "]", "{", "}", ";", ",", ".", "?.", "=", "=>", "+", "-", "*", ":", "?", "&&", "||",
                     "==", "...", "+=", "!"]
        var punctuators = 0
        for _ in 0..<2_000 {
            let script = (0..<numbers.next(20)).map { _ in numbers.pick(pieces) }.joined()
            for token in JSTokenizer.tokens(script) {
                let made = JSToken(kind: token.kind, text: token.text, offset: token.offset)
                XCTAssertEqual(token.byte, made.byte, script)
                if token.kind == .punct { punctuators += 1 }
                for p in asked {
                    let fast: Bool
                    switch p {
                    case "(": fast = token.isPunct("(")
                    case ")": fast = token.isPunct(")")
                    case "[": fast = token.isPunct("[")
                    case "]": fast = token.isPunct("]")
                    case "{": fast = token.isPunct("{")
                    case "}": fast = token.isPunct("}")
                    case ";": fast = token.isPunct(";")
                    case ",": fast = token.isPunct(",")
                    case ".": fast = token.isPunct(".")
                    case "?.": fast = token.isPunct("?.")
                    case "=": fast = token.isPunct("=")
                    case "=>": fast = token.isPunct("=>")
                    case "+": fast = token.isPunct("+")
                    case "-": fast = token.isPunct("-")
                    case "*": fast = token.isPunct("*")
                    case ":": fast = token.isPunct(":")
                    case "?": fast = token.isPunct("?")
                    case "&&": fast = token.isPunct("&&")
                    case "||": fast = token.isPunct("||")
                    case "==": fast = token.isPunct("==")
                    case "...": fast = token.isPunct("...")
                    case "+=": fast = token.isPunct("+=")
                    default: fast = token.isPunct("!")
                    }
                    XCTAssertEqual(fast, token.isPunctPlain(p), "\(p) in \(script)")
                }
            }
        }
        XCTAssertGreaterThan(punctuators, 5_000)
        // A token made outside the tokenizer: a one-byte punctuator has its byte, nothing else does.
        XCTAssertEqual(JSToken(kind: .punct, text: ";", offset: 0).byte, 0x3B)
        XCTAssertEqual(JSToken(kind: .identifier, text: ";", offset: 0).byte, 0)
        XCTAssertEqual(JSToken(kind: .punct, text: "=>", offset: 0).byte, 0)
    }

    /// The punctuators given as constants are the table's.
    func testPunctuatorConstantsAreTheTable() {
        for b in UInt8(0)..<0x80 {
            XCTAssertEqual(JSTokenizer.punct(b), JSTokenizer.singleBytePuncts[Int(b)], "\(b)")
            XCTAssertEqual(Array(JSTokenizer.punct(b).utf8), [b])
        }
    }
}
