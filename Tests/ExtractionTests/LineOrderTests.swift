@testable import Extraction
import LinkAuditModel
import XCTest

/// A page's records put in line order in place (`DocumentState.putInLineOrder`, moves along
/// the sorted order's cycles) equal the sorted copy (`inLineOrder`): stable, on lists in
/// order, reversed, with runs of one line and at random.
final class LineOrderTests: XCTestCase {
    private func records(_ lines: [Int]) -> [Navigation] {
        lines.enumerated().map { position, line in
            Navigation(page: "https://a.example/", line: line, source: "a[href]", trigger: .tap, frame: .main,
                       raw: "upi://\(position)", url: "upi://\(position)", scheme: "upi")
        }
    }

    func testInPlaceEqualsTheSortedCopy() {
        var state: UInt64 = 17
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        var cases: [[Int]] = [[], [1], [2, 1], [1, 2, 3], [3, 2, 1], [5, 5, 1, 5, 1], Array((0..<50).reversed())]
        for _ in 0..<500 {
            let count = next() % 40
            let spread = 1 + next() % 12
            cases.append((0..<count).map { _ in 1 + next() % spread })
        }
        for lines in cases {
            let navigations = records(lines)
            var inPlace = navigations
            DocumentState.putInLineOrder(&inPlace)
            let copy = DocumentState.inLineOrder(navigations)
            XCTAssertEqual(inPlace.map(\.raw), copy.map(\.raw), "\(lines)")
            XCTAssertEqual(inPlace, copy, "\(lines)")
        }
    }
}
