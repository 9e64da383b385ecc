import XCTest
@testable import PageSources

/// Politeness: in-flight limits overall and per host, and the delay between request
/// starts to one host (which must not hold back other hosts).
final class FetchHostGateTests: XCTestCase {
    private final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [(String, Date)] = []
        private var running = 0
        private(set) var maxRunning = 0

        func started(_ name: String) {
            lock.withLock {
                events.append((name, Date()))
                running += 1
                maxRunning = max(maxRunning, running)
            }
        }

        func finished() { lock.withLock { running -= 1 } }
        var starts: [(String, Date)] { lock.withLock { events } }
    }

    func testDelaySpacesStartsToOneHostOnly() {
        let gate = HostGate(total: 8, perHost: 2, delay: 0.3)
        let recorder = Recorder()
        let done = expectation(description: "all started")
        done.expectedFulfillmentCount = 4
        for name in ["a1", "a2", "a3", "b1"] {
            let host = String(name.prefix(1))
            gate.acquire(host: host) {
                recorder.started(name)
                gate.release(host: host)
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 3)
        let starts = Dictionary(uniqueKeysWithValues: recorder.starts)
        let first = starts["a1"]!
        XCTAssertGreaterThanOrEqual(starts["a2"]!.timeIntervalSince(first), 0.29)
        XCTAssertGreaterThanOrEqual(starts["a3"]!.timeIntervalSince(starts["a2"]!), 0.29)
        XCTAssertLessThan(starts["b1"]!.timeIntervalSince(first), 0.25, "another host is not held back")
    }

    func testInFlightLimits() {
        for (total, perHost, hosts) in [(2, 4, ["x", "y", "z"]), (8, 1, ["x"])] {
            let gate = HostGate(total: total, perHost: perHost, delay: 0)
            let recorder = Recorder()
            let done = expectation(description: "all ran")
            done.expectedFulfillmentCount = 9
            for i in 0..<9 {
                let host = hosts[i % hosts.count]
                gate.acquire(host: host) {
                    recorder.started(host)
                    FetchQueue.callbacks.asyncAfter(deadline: .now() + 0.02) {
                        recorder.finished()
                        gate.release(host: host)
                        done.fulfill()
                    }
                }
            }
            wait(for: [done], timeout: 5)
            XCTAssertEqual(recorder.maxRunning, min(total, perHost * hosts.count))
        }
    }
}
