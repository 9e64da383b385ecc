import XCTest
@testable import PageSources

/// Politeness as a pure schedule: in-flight limits overall and per host, and `--delay`
/// spacing the moments requests go on the wire to one host, without holding back others.
final class HostScheduleTests: XCTestCase {
    private let ms: UInt64 = 1_000_000

    func testDelaySpacesWireStartsToOneHostOnly() {
        var schedule = HostSchedule(total: 8, perHost: 2, delay: 0.3)
        var started = schedule.starts(waiting: ["a", "a", "b"], now: 0)
        XCTAssertEqual(started.positions, [0, 2], "the second request to a waits; b does not")
        // a's first request is still connecting: the next waits for it to reach the wire.
        XCTAssertEqual(schedule.starts(waiting: ["a"], now: 400 * ms).positions, [])
        schedule.wired(host: "a", now: 500 * ms)  // a slow handshake: on the wire at 500 ms
        started = schedule.starts(waiting: ["a"], now: 600 * ms)
        XCTAssertEqual(started.positions, [], "300 ms after the wire, not after the start")
        XCTAssertEqual(started.wakeAt, 800 * ms)
        XCTAssertEqual(schedule.starts(waiting: ["a"], now: 800 * ms).positions, [0])
    }

    func testFailingBeforeTheWireFreesTheHost() {
        var schedule = HostSchedule(total: 8, perHost: 2, delay: 0.2)
        XCTAssertEqual(schedule.starts(waiting: ["a"], now: 0).positions, [0])
        schedule.finished(host: "a", wired: false, now: 10 * ms)  // connection refused
        XCTAssertEqual(schedule.starts(waiting: ["a"], now: 100 * ms).positions, [], "still spaced from the start")
        XCTAssertEqual(schedule.starts(waiting: ["a"], now: 200 * ms).positions, [0])
    }

    func testInFlightLimits() {
        var schedule = HostSchedule(total: 2, perHost: 4, delay: 0)
        XCTAssertEqual(schedule.starts(waiting: ["x", "y", "z"], now: 0).positions, [0, 1])
        XCTAssertEqual(schedule.starts(waiting: ["z"], now: 0).positions, [])
        schedule.finished(host: "x", wired: true, now: 0)
        XCTAssertEqual(schedule.starts(waiting: ["z"], now: 0).positions, [0])

        var perHost = HostSchedule(total: 8, perHost: 1, delay: 0)
        XCTAssertEqual(perHost.starts(waiting: ["x", "x", "y"], now: 0).positions, [0, 2])
        XCTAssertEqual(perHost.running, 2)
    }

    func testDelayIsClampedToItsRange() {
        XCTAssertEqual(HostSchedule(total: 1, perHost: 1, delay: -5).delay, 0)
        XCTAssertEqual(HostSchedule(total: 1, perHost: 1, delay: 1e300).delay, 3600 * 1_000_000_000)
    }
}
