import XCTest
@testable import Extraction
import LinkAuditModel
import TestSupport

/// Following calls is bounded in breadth as well as depth (Docs/ARCHITECTURE.md §5): a
/// function is expanded once per timing it is called with, and the steps spent placing
/// functions at their callers have a budget per script and per page, past which the
/// page gets a warning.
final class ScriptCallBudgetTests: XCTestCase {
    private func extract(_ html: String) -> (navigations: [Navigation], warnings: [String]) {
        var html = html
        return html.withUTF8 { HTMLExtractor.extractPage(utf8: UnsafeRawBufferPointer($0), pageURL: Extract.page) }
    }

    /// Six functions calling each other 30 times each, in 1 KB: 30^6 call paths, every
    /// one at the same timing, so each function is expanded once.
    func testCallsAtTheSameTimingAreFollowedOnce() {
        let functions = (0..<6).map { i in
            "function f\(i)() { " + String(repeating: "f\((i + 1) % 6)(); ", count: 30) + "location.href = 'x://\(i)'; }"
        }.joined(separator: "\n")
        let page = extract("<script>\(functions)\nf0();</script>")
        XCTAssertEqual(page.navigations.map(\.raw), (0..<6).map { "x://\($0)" })
        XCTAssertEqual(Set(page.navigations.map(\.trigger)), [.scriptLoad])
        XCTAssertEqual(page.warnings, [])
    }

    /// The same with 30 different timer delays per call: the delays add up to 30^5
    /// different timings, all real, so the budget stops the walk and the page says so.
    func testDistinctTimingsStopAtTheBudgetWithAWarning() {
        let functions = (0..<6).map { i in
            "function f\(i)() { " + (0..<30).map { "setTimeout(f\((i + 1) % 6), \(Int(pow(31.0, Double($0 % 6))) * ($0 / 6 + 1)));" }
                .joined(separator: " ") + " location.href = 'x://\(i)'; }"
        }.joined(separator: "\n")
        let page = extract("<script>\(functions)\nf0();</script>")
        XCTAssertEqual(page.warnings.count, 1)
        XCTAssertTrue(page.warnings[0].hasPrefix("script-calls-cut: "), page.warnings[0])
        XCTAssertTrue(page.warnings[0].contains("the script on line 1"), page.warnings[0])
        // Each step places at most one record; the functions open at the cut add their own few.
        XCTAssertLessThan(page.navigations.count, ScriptPlacement.stepsPerScript + 1_000)
        XCTAssertEqual(Set(page.navigations.map(\.raw)), Set((0..<6).map { "x://\($0)" }))
    }

    /// A script that spends its budget does not take a later script's: the merchant's own
    /// deep link after a hostile third-party script is still placed at its caller.
    func testEachScriptHasItsOwnBudget() {
        let hostile = (0..<6).map { i in
            "function h\(i)() { " + (0..<30).map { "setTimeout(h\((i + 1) % 6), \(Int(pow(31.0, Double($0 % 6))) * ($0 / 6 + 1)));" }
                .joined(separator: " ") + " }"
        }.joined(separator: "\n") + "\nh0();"
        let merchant = "function pay() { location.href = 'gojek://pay'; }\ndocument.getElementById('b').addEventListener('click', pay);"
        let page = extract("<script>\(hostile)</script>\n<script>\(merchant)</script>")
        let pay = page.navigations.first { $0.raw == "gojek://pay" }
        XCTAssertEqual(pay?.trigger, .scriptHandler)
        XCTAssertEqual(page.warnings.count, 1)
    }

    func testThePageBudgetCoversEveryScript() {
        let hostile = (0..<6).map { i in
            "function h\(i)() { " + (0..<30).map { "setTimeout(h\((i + 1) % 6), \(Int(pow(31.0, Double($0 % 6))) * ($0 / 6 + 1)));" }
                .joined(separator: " ") + " }"
        }.joined(separator: "\n")
        // Each script calls the functions of the first, with its own budget; together they pass the page's.
        let callers = (0..<6).map { _ in "<script>h0();</script>" }.joined(separator: "\n")
        let page = extract("<script>\(hostile)</script>\n\(callers)")
        XCTAssertEqual(page.warnings.count, 1)
        XCTAssertTrue(page.warnings[0].contains("the page's budget of \(ScriptPlacement.stepsPerPage) steps"), page.warnings[0])
    }
}
