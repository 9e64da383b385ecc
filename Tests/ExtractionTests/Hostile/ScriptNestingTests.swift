import XCTest
@testable import Extraction
import LinkAuditModel
import TestSupport

/// Nesting a page controls never becomes recursion (Docs/ARCHITECTURE.md §5): each case
/// is nested deep enough to overflow the stack of a recursive reader, and runs in the test.
final class ScriptNestingTests: XCTestCase {
    /// 60,000 `` `${ `` (JSTokenizer.readTemplate and skipSubstitution called each other).
    func testSixtyThousandNestedTemplateLiteralsThenANavigation() {
        let n = 60_000
        let code = "x = " + String(repeating: "`${", count: n) + String(repeating: "}`", count: n)
            + "; location.href = 'x://after';"
        XCTAssertEqual(Extract.all("<script>\(code)</script>").map(\.raw), ["x://after"])
    }

    func testUnclosedNestedTemplateLiteralsRunToTheEnd() {
        let tokens = JSTokenizer.tokens("a = `p${" + String(repeating: "`${", count: 60_000))
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .punct, .templatePrefix])
        XCTAssertEqual(tokens.last?.text, "p")
    }

    func testNestedTemplatesAreSkippedWhole() {
        let tokens = JSTokenizer.tokens(#"`a${ `b${ {c: "}`"} }` + '`' }d` + `e`"#)
        XCTAssertEqual(tokens.map(\.kind), [.templatePrefix, .punct, .string])
        XCTAssertEqual(tokens.map(\.text), ["a", "+", "e"])
    }

    /// Code in timer strings is scanned as code to `maxStringCodeDepth` levels; deeper
    /// levels (each needs its quotes escaped once more) are left as strings.
    func testCodeInStringsIsScannedToABoundedDepth() {
        func nested(_ depth: Int) -> String {
            var code = "location.href = 'x://\(depth)'"
            for _ in 0..<depth {
                let escaped = code.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
                code = "setTimeout('\(escaped)', 1)"
            }
            return code
        }
        let max = ScriptScanner.maxStringCodeDepth
        let found = Extract.one("<script>\(nested(max))</script>")
        XCTAssertEqual(found?.raw, "x://\(max)")
        XCTAssertEqual(found?.delayMs, max)
        XCTAssertTrue(Extract.all("<script>\(nested(max + 1))</script>").isEmpty)
    }

    /// 20,000 nested `setTimeout(function(){`: the steps are a shared chain (each frame
    /// adds one link to its parent's, no copy), folded once per link when placed.
    func testDeeplyNestedTimersShareTheirStepsAndAddUp() {
        let n = 20_000
        let code = String(repeating: "setTimeout(function(){ location.href = 'x://deep';", count: n)
            + String(repeating: "}, 1)", count: n)
        let literals = ScriptScanner.scan(code).effects.filter {
            if case .navigate = $0.action { return true } else { return false }
        }
        XCTAssertEqual(literals.count, n)
        var copies = 0
        for k in 1..<literals.count where literals[k].steps?.parent !== literals[k - 1].steps { copies += 1 }
        XCTAssertEqual(copies, 0, "literals whose steps copy their parent's instead of sharing them")
        let navs = Extract.all("<script>\(code)</script>")
        XCTAssertEqual(navs.count, n)
        XCTAssertEqual(navs.map(\.delayMs), (1...n).map { $0 })
        XCTAssertEqual(Set(navs.map(\.trigger)), [.scriptTimer])
    }

    func testDeeplyNestedPromisesShareTheirSteps() {
        let n = 20_000
        let code = "document.onclick = function () {" + (0..<n).map { "p.then(function(){ location.href = 'x://deep\($0)';" }.joined()
            + String(repeating: "})", count: n) + "}"
        let navs = Extract.all("<script>\(code)</script>")
        XCTAssertEqual(navs.count, n)
        XCTAssertEqual(Set(navs.map(\.trigger)), [.scriptAsync])
    }

    /// A chain of functions each calling the next: placed with the walk's own stack, no
    /// deeper than `ScriptPlacement.maxCallDepth` calls from any root.
    func testLongCallChainsArePlacedWithoutRecursion() {
        let n = 10_000
        let functions = (0..<n).map { "function f\($0)() { f\($0 + 1)(); }" }.joined(separator: "\n")
        let code = functions + "\nfunction f\(n)() { location.href = 'x://end'; }\nf0();"
        let navs = Extract.all("<script>\(code)</script>")
        XCTAssertEqual(navs.map(\.raw), ["x://end"])
        XCTAssertEqual(navs.first?.trigger, .scriptLoad)
    }
}
