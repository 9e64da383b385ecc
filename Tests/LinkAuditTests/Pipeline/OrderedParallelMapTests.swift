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
}
