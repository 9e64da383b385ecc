import XCTest
@testable import Extraction
import LinkAuditModel
import TestSupport

/// Every scan over a script is linear (Docs/ARCHITECTURE.md §5). Pages with 100,000 of a
/// construct that once made each occurrence scan to the end of the script (or the whole
/// frame stack) must give the right navigations, and the scanner's work counter (token
/// look-ups and frames popped, counted in debug builds only) must stay within a fixed
/// multiple of the tokens: a quadratic scan would count billions.
final class ScriptScanLinearityTests: XCTestCase {
    private let n = 100_000
    /// Look-ups per token the scanner may make: its widest look-around is a handful of tokens.
    private let perToken = 16

    private func assertLinear(_ code: String, file: StaticString = #filePath, line: UInt = #line) {
        let scan = ScriptScanner.scanMeasuringWork(code)
        XCTAssertLessThanOrEqual(scan.work, perToken * scan.tokens, "work \(scan.work) for \(scan.tokens) tokens",
                                 file: file, line: line)
    }

    /// `window.open(` never closed: the window each call opens in was found by scanning
    /// ahead to its closing parenthesis or second argument.
    func testUnclosedWindowOpenCalls() {
        let code = (0..<n).map { "window.open('x://\($0)'" }.joined()
        assertLinear(code)
        let navs = Extract.all("<script>\(code)</script>")
        XCTAssertEqual(navs.count, n)
        XCTAssertEqual(Set(navs.map(\.frame)), [.newWindow])
        XCTAssertEqual(navs.last?.raw, "x://\(n - 1)")
    }

    func testWindowOpenTargetsAtSize() {
        let code = (0..<n).map { "window.open('x://\($0)', '\($0 % 2 == 0 ? "_self" : "_top")');" }.joined()
        assertLinear(code)
        let navs = Extract.all("<script>\(code)</script>")
        XCTAssertEqual(navs.count, n)
        XCTAssertEqual(navs.filter { $0.frame == .main }.count, n)  // _self in the main frame is the main frame
        let few = (0..<10).map { "window.open('x://\($0)', '\($0 % 2 == 0 ? "_self" : "_top")');" }.joined()
        let inFrame = Extract.all("<iframe srcdoc=\"<script>\(few)</script>\"></iframe>")
        XCTAssertEqual(Set(inFrame.filter { $0.source == "script" }.map(\.frame)), [.sub, .main])
    }

    /// `a=(` never closed: whether each was an arrow function's parameter list was found
    /// by scanning ahead to its `)`.
    func testUnclosedAssignedParentheses() {
        let code = String(repeating: "a=(", count: n) + "location.href = 'x://y'"
        assertLinear(code)
        XCTAssertEqual(Extract.all("<script>\(code)</script>").map(\.raw), ["x://y"])
    }

    func testArrowFunctionsAtSize() {
        let code = (0..<n).map { "f\($0) = (a, b) => { location.href = 'x://\($0)' };" }.joined() + "f7(1, 2);"
        assertLinear(code)
        let navs = Extract.all("<script>\(code)</script>")
        XCTAssertEqual(navs.count, n)
        XCTAssertEqual(navs.first { $0.raw == "x://7" }?.trigger, .scriptLoad)
    }

    /// Closers with no open frame of their kind: each searched the whole stack.
    func testUnmatchedClosersOverADeepStack() {
        let code = String(repeating: "(", count: n) + String(repeating: "]", count: n) + String(repeating: "}", count: n)
            + "location.href = 'x://y'"
        assertLinear(code)
        XCTAssertEqual(Extract.all("<script>\(code)</script>").map(\.raw), ["x://y"])
    }

    func testMatchedClosersAtDepth() {
        let code = String(repeating: "[(", count: n / 2) + "location.href = 'x://y'" + String(repeating: ")]", count: n / 2)
            + "; setTimeout(function () { location.href = 'x://z' }, 40)"
        assertLinear(code)
        let navs = Extract.all("<script>\(code)</script>")
        XCTAssertEqual(navs.map(\.raw), ["x://y", "x://z"])
        XCTAssertEqual(navs.map(\.delayMs), [nil, 40])
    }

    // MARK: - Readers of values, bindings, elements and branches (issue 18)

    /// `a = b = c = …`: each `=` reads the value after it, up to the next `=`; the names
    /// past the table's bound are not kept (`ScriptBindings.maxNames`).
    func testChainedAssignments() {
        let code = (0..<n).map { "a\($0) = " }.joined() + "'x://y'; location.href = a0;"
        assertLinear(code)
        XCTAssertEqual(ScriptScanner.scan(code).bindings.table.count, ScriptBindings.maxNames)
    }

    /// Sinks nested in each other's arguments: each reads its own level, stepping over the
    /// call inside it in one look-up.
    func testNestedSinks() {
        let code = String(repeating: "location.assign(go(", count: n) + "'x://y'" + String(repeating: "))", count: n)
        assertLinear(code)
    }

    func testLongConditionalAndLogicalChains() {
        let ternary = "location.href = " + (0..<n).map { "c\($0) ? 'x://\($0)' : " }.joined() + "'x://end';"
        assertLinear(ternary)
        XCTAssertEqual(Extract.all("<script>\(ternary)</script>").filter { $0.trigger == .scriptLoad }.count,
                       ScriptTokens.maxAlternatives)
        assertLinear("location.href = " + String(repeating: "a && ", count: n) + "'x://y';")
        assertLinear(String(repeating: "if (a) ", count: n) + "location.href = 'x://y';")
        assertLinear(String(repeating: "if (a) {", count: n) + String(repeating: "} else {", count: n) + String(repeating: "}", count: n))
    }

    func testDeepObjectLiteralsAndLongPaths() {
        let deep = "var o = " + String(repeating: "{a: ", count: n) + "'x://y'" + String(repeating: "}", count: n) + ";"
        assertLinear(deep)
        let path = "location.href = o" + String(repeating: ".a", count: n) + ";"
        assertLinear(path)
        assertLinear(String(repeating: "a = (b = ", count: n) + "1" + String(repeating: ")", count: n))
    }

    func testCallsWithLiteralArgumentsAndElementWrites() {
        assertLinear(String(repeating: "f('x://a', ", count: n) + "1" + String(repeating: ")", count: n))
        assertLinear(String(repeating: "document.getElementById('a').href = ", count: n) + "'x://y';")
        assertLinear((0..<n).map { "var f\($0) = document.createElement('iframe'); f\($0).src = 'x://\($0)'; document.body.appendChild(f\($0));" }.joined())
    }

    /// Many sinks reading one object: each property is found in one look-up, whatever the
    /// object holds (`ScriptFlow`).
    func testManySinksReadingALargeObject() {
        let object = "var cfg = {" + (0..<ScriptFlow.maxObjectEntries).map { "k\($0): 'x://\($0)'" }.joined(separator: ", ") + "};"
        let sinks = (0..<n).map { "setTimeout(function () { location.href = cfg.k\($0 % 200); }, \($0));" }.joined()
        let navs = Extract.all("<script>\(object)\(sinks)</script>")
        XCTAssertEqual(navs.filter { $0.trigger == .scriptTimer }.count, n)
    }
}
