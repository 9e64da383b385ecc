import XCTest
@testable import LinkAudit

final class OrderedParallelMapTests: XCTestCase {
    func testResultsComeOutInInputOrderWithBoundedWindow() {
        var emitted: [Int] = []
        let lock = NSLock()
        var inFlight = 0
        var maxInFlight = 0
        OrderedParallelMap.run(count: 500, workers: 4, window: 8, work: { i -> Int in
            lock.lock(); inFlight += 1; maxInFlight = max(maxInFlight, inFlight); lock.unlock()
            if i % 7 == 0 { usleep(200) }  // uneven work so results finish out of order
            lock.lock(); inFlight -= 1; lock.unlock()
            return i * 2
        }, emit: { index, value in
            XCTAssertEqual(value, index * 2)
            emitted.append(index)
        })
        XCTAssertEqual(emitted, Array(0..<500))
        XCTAssertLessThanOrEqual(maxInFlight, 4)
    }

    /// A stream source that blocks (the crawl waiting for a slow page) holds back only what
    /// comes after it: results before it are still emitted meanwhile (so their pages are
    /// written and counted). The source's third item waits for the second result's emit.
    func testABlockedStreamSourceDoesNotHoldBackEarlierResults() {
        let secondEmitted = DispatchSemaphore(value: 0)
        let lock = NSLock()
        var handed = 0
        var waitedOut = false
        var emitted: [Int] = []
        OrderedParallelMap.run(next: { () -> Int? in
            let item = lock.withLock { handed += 1; return handed - 1 }
            if item == 2, secondEmitted.wait(timeout: .now() + 5) == .timedOut { lock.withLock { waitedOut = true } }
            return item < 4 ? item : nil
        }, workers: 2, work: { item -> Int in
            if item == 1 { usleep(100_000) }  // finishes after the source has started waiting
            return item
        }, emit: { item in
            emitted.append(item)
            if item == 1 { secondEmitted.signal() }
        })
        XCTAssertEqual(emitted, [0, 1, 2, 3])
        XCTAssertFalse(waitedOut, "the second result was not emitted while the source waited")
    }

    /// The held results are bounded by weight as well as count: with a wide window and a
    /// slow first item, the other worker goes on until what waits weighs the budget, then
    /// waits; every result still comes out, in order.
    func testAStreamsHeldResultsStayWithinTheirBudget() {
        let lock = NSLock()
        var handed = 0
        var heldMax = 0
        var finished = Set<Int>()
        var emitted: [Int] = []
        OrderedParallelMap.run(next: { () -> Int? in
            lock.withLock { handed += 1; return handed <= 200 ? handed - 1 : nil }
        }, workers: 2, window: 1_000, weight: { _ in 10 }, budget: 100, work: { item -> Int in
            if item == 0 { usleep(200_000) }  // everything after it waits for it
            lock.withLock {
                finished.insert(item)
                heldMax = max(heldMax, finished.count - (emitted.last.map { $0 + 1 } ?? 0))
            }
            return item
        }, emit: { item in
            lock.withLock { emitted.append(item) }
        })
        XCTAssertEqual(emitted, Array(0..<200))
        // Ten results of weight 10 fill the budget; the worker that saw it full had taken one
        // more before, and the slow item's own result joins them.
        XCTAssertLessThanOrEqual(heldMax, 12)
        XCTAssertGreaterThanOrEqual(heldMax, 10, "the other worker kept working while the first item was slow")
    }
}
