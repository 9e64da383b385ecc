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
}
