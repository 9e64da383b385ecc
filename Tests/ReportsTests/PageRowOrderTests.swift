import LinkAuditModel
@testable import Reports
import TestSupport
import XCTest

/// A page's rows ordered by line and code rank (`PageRowOrder`) must come in the order a
/// stable sort by `Finding.ordered` gives them: the same line, code and URL in any mix,
/// no line, codes equal only by canonical equivalence, rows of several pages.
final class PageRowOrderTests: XCTestCase {
    private func row(page: String, line: Int?, code: String, url: String) -> Finding {
        Finding(page: page, file: nil, line: line, source: "a[href]", trigger: "tap", frame: "main", raw: url, url: url,
                code: code, severity: .error, profiles: [], outcomes: [], message: "m")
    }

    private func assertSameOrder(_ rows: [Finding], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        rows.withUnsafeBufferPointer { buffer in
            let keyed = PageRowOrder.order(buffer)
            let plain = PageRowOrder.order(buffer, plain: true)
            XCTAssertEqual(keyed, plain, label, file: file, line: line)
            // The plain version is a stable sort by `Finding.ordered`.
            let stable = rows.indices.sorted { a, b in
                Finding.ordered(rows[a], rows[b]) || (!Finding.ordered(rows[b], rows[a]) && a < b)
            }
            XCTAssertEqual(plain, stable, label, file: file, line: line)
        }
    }

    func testRowsOfAPageComeInTheOrderTheFindingsSortGives() {
        // "E\u{301}" and "\u{C9}" are one code to `==` (canonical equivalence), two in bytes.
        let codes = ["ERR_UNKNOWN_URL_SCHEME", "OPEN_FAILED", "FALLBACK_NOT_USED", "INTENT_SCHEME_ON_IOS", "A", "B",
                     "CAF\u{C9}", "CAFE\u{301}", "CAFF"]
        var numbers = SeededNumbers(state: 17)
        for round in 0..<300 {
            let count = numbers.next(60)
            let lines = 1 + numbers.next(12)
            let rows = (0..<count).map { _ in
                row(page: "https://shop.example/p", line: numbers.next(8) == 0 ? nil : numbers.next(lines),
                    code: codes[numbers.next(round % 2 == 0 ? 4 : codes.count)],
                    url: "gojek://pay?o=\(numbers.next(5))")
            }
            assertSameOrder(rows, "round \(round)")
        }
    }

    func testRowsOfSeveralPagesAndEdgeCases() {
        assertSameOrder([], "none")
        assertSameOrder([row(page: "p", line: 3, code: "A", url: "u")], "one")
        let mixed = [row(page: "https://b.example/", line: 1, code: "A", url: "u"),
                     row(page: "https://a.example/", line: 9, code: "B", url: "u"),
                     row(page: "https://b.example/", line: 0, code: "A", url: "v"),
                     row(page: "https://a.example/", line: nil, code: "A", url: "u")]
        assertSameOrder(mixed, "several pages")
        let same = (0..<20).map { row(page: "p", line: 4, code: "SAME", url: "u\($0 % 3)") }
        assertSameOrder(same, "equal rows keep their order")
    }
}
