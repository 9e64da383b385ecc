import XCTest
@testable import Extraction
import LinkAuditModel
import TestSupport

/// Numbers a page writes as timer and refresh delays enter the page's clock within
/// 0…2,147,483,647 ms, as a browser reads them (Docs/PLATFORM.md §F.13): none can trap.
final class TimerDelayRangeTests: XCTestCase {
    private func delay(_ argument: String) -> Int? {
        Extract.one("<script>setTimeout(function () { location.href = 'x://y' }, \(argument));</script>")?.delayMs
    }

    func testHugeDelayFiresAtOnce() { XCTAssertEqual(delay("1e19"), 0) }
    func testInfiniteDelayFiresAtOnce() { XCTAssertEqual(delay("1e999"), 0) }
    func testNegativeDelayFiresAtOnce() { XCTAssertEqual(delay("-5"), 0) }
    func testNaNAndInfinityFireAtOnce() { XCTAssertEqual([delay("NaN"), delay("Infinity"), delay("-Infinity")], [0, 0, 0]) }
    func testDelayPastSigned32BitsWrapsNegativeAndFiresAtOnce() { XCTAssertEqual(delay("2147483648"), 0) }
    func testLargestDelayIsKept() { XCTAssertEqual(delay("2147483647"), 2_147_483_647) }
    func testDelayIsTakenModulo2To32() { XCTAssertEqual(delay("4294967596"), 300) }  // Chromium: fires after 300 ms
    func testFractionIsDropped() { XCTAssertEqual(delay("1500.9"), 1500) }
    func testProductOverflowingDoubleFiresAtOnce() { XCTAssertEqual(delay("1e300 * 1e300"), 0) }

    func testWebIDLConversion() {
        XCTAssertEqual(TimerDelay.milliseconds(-0.5), 0)
        XCTAssertEqual(TimerDelay.milliseconds(-4_294_967_296 + 700), 700)
        XCTAssertEqual(TimerDelay.milliseconds(.greatestFiniteMagnitude), 0)
        // 9e18 mod 2^32 = 3,800,301,568: negative as a signed 32-bit value.
        XCTAssertEqual(TimerDelay.milliseconds(9e18), 0)
        XCTAssertEqual(TimerDelay.milliseconds(9e18 + 2_000_000_000), 1_505_334_272)
    }

    func testNestedTimersPastIntMaxAreHeldAtTheClocksMaximum() {
        let code = "setTimeout(function(){ setTimeout(function(){ setTimeout(function(){ location = 'x://y' }, 2147483647) }, 2147483647) }, 2147483647)"
        XCTAssertEqual(Extract.one("<script>\(code)</script>")?.delayMs, PageClock.maxDelayMs)
    }

    func testNestedTimersStillAdd() {
        XCTAssertEqual(Extract.one("<script>setTimeout(function(){ setTimeout(function(){ location='x://y' }, 2000000000) }, 2000000000)</script>")?.delayMs,
                       PageClock.maxDelayMs)
        XCTAssertEqual(Extract.one("<script>setTimeout(function(){ setTimeout(function(){ location='x://y' }, -5) }, 700)</script>")?.delayMs, 700)
    }

    func testRefreshOfTwentyDigitsIsHeldAtTheClocksMaximum() {
        let n = Extract.one(#"<meta http-equiv="refresh" content="99999999999999999999; url=gojek://pay">"#)
        XCTAssertEqual(n?.delayMs, PageClock.maxDelayMs)
        XCTAssertEqual(n?.url, "gojek://pay")
    }

    func testRefreshDelayInMilliseconds() {
        XCTAssertEqual(MetaRefresh.parse("5; url=x://y")?.delayMs, 5000)
        XCTAssertEqual(MetaRefresh.parse("2147483; url=x://y")?.delayMs, 2_147_483_000)
        XCTAssertEqual(MetaRefresh.parse("2147484; url=x://y")?.delayMs, PageClock.maxDelayMs)
        XCTAssertEqual(MetaRefresh.parse("99999999999999999999")?.delaySeconds, Int.max)
        XCTAssertEqual(MetaRefresh.parse("99999999999999999999")?.delayMs, PageClock.maxDelayMs)
    }
}
