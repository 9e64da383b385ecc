import Foundation
import XCTest
@testable import LinkAuditModel

/// A worker takes up the item it set down, not the one another worker set down after it.
final class WorkerShelfTests: XCTestCase {
    /// One thread: the last item first (a stack), then none.
    func testOneThreadTakesItsItemsLastFirst() {
        let shelf = WorkerShelf<Int>()
        XCTAssertNil(shelf.take())
        shelf.give(1)
        shelf.give(2)
        XCTAssertEqual(shelf.take(), 2)
        XCTAssertEqual(shelf.take(), 1)
        XCTAssertNil(shelf.take())
    }

    /// Two threads set an item down each, the other thread last: each takes its own back;
    /// a thread with none there takes the other's.
    func testEachThreadTakesItsOwnItemBack() {
        let shelf = WorkerShelf<String>()
        shelf.give("main")
        onAnotherThread { shelf.give("other") }
        XCTAssertEqual(shelf.take(), "main", "not the item the other thread set down last")
        var taken: [String?] = []
        onAnotherThread {
            taken.append(shelf.take())
            taken.append(shelf.take())
        }
        XCTAssertEqual(taken, ["other", nil])
        shelf.give("main again")
        onAnotherThread { taken.append(shelf.take()) }
        XCTAssertEqual(taken.last, "main again", "another thread's item when it has none of its own")
    }

    func testItemsPastTheLimitAreDropped() {
        let shelf = WorkerShelf<Int>(limit: 2)
        for i in 0..<5 { shelf.give(i) }
        XCTAssertEqual(shelf.count, 2)
        XCTAssertEqual(shelf.take(), 1)
        XCTAssertEqual(shelf.take(), 0)
    }

    /// Runs `body` on a thread of its own and waits for it.
    private func onAnotherThread(_ body: @escaping () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.start()
        done.wait()
    }
}
