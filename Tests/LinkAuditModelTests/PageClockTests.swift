import XCTest
@testable import LinkAuditModel

/// The page clock's arithmetic saturates instead of trapping (Docs/PLATFORM.md §F.13).
final class PageClockTests: XCTestCase {
    func testDelayIsKeptInRange() {
        XCTAssertEqual([-5, 0, 1500, PageClock.maxDelayMs, .max].map(PageClock.delay), [0, 0, 1500, 2_147_483_647, 2_147_483_647])
    }

    func testSumSaturates() {
        XCTAssertEqual(PageClock.sum(1000, .max), .max)
        XCTAssertEqual(PageClock.sum(-1000, .min), .min)
        XCTAssertEqual(PageClock.sum(1000, 2000), 3000)
    }

    func testDifferenceSaturates() {
        XCTAssertEqual(PageClock.difference(.max, -1), .max)
        XCTAssertEqual(PageClock.difference(0, .min), .max)
        XCTAssertEqual(PageClock.difference(.min, 1), .min)
        XCTAssertEqual(PageClock.difference(1000, 3000), -2000)
    }

    func testProductSaturates() {
        XCTAssertEqual(PageClock.product(3, .max), .max)
        XCTAssertEqual(PageClock.product(-3, .max), .min)
        XCTAssertEqual(PageClock.product(Int.max, 1000), .max)
        XCTAssertEqual(PageClock.product(2, 1000), 2000)
    }
}
