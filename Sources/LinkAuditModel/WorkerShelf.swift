import Foundation

/// Where a worker sets down a table it keeps between pages (a classifier's `DecisionMemo`,
/// a report's table of recent verdict sets) and takes it up again: each taker gets back the
/// item its own thread set down last, and another thread's only when it has none there.
///
/// As a plain stack, a worker mostly took up the table the other worker had just set down:
/// each page's tables and the verdict sets they hold then moved between the cores' caches,
/// and every link retained and released objects the other core had touched last. A
/// two-worker run took 5 % more CPU and 10 % more time than two one-worker runs of half the
/// pages side by side, a third of the difference in `swift_retain`/`swift_release`
/// (Benchmarks/README.md, issue 17). `WorkerShelfTests` checks the order of taking.
package final class WorkerShelf<Item>: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [(owner: pthread_t, item: Item)] = []
    /// Items kept at most; past it, an item set down is dropped.
    package let limit: Int

    package init(limit: Int = .max) {
        self.limit = limit
    }

    /// The item this thread set down last, else the one another thread set down last; nil
    /// when there is none.
    package func take() -> Item? {
        let thread = pthread_self()
        lock.lock()
        defer { lock.unlock() }
        guard let index = idle.lastIndex(where: { pthread_equal($0.owner, thread) != 0 }) ?? idle.indices.last else {
            return nil
        }
        return idle.remove(at: index).item
    }

    /// Sets `item` down for this thread to take up again.
    package func give(_ item: Item) {
        let thread = pthread_self()
        lock.lock()
        defer { lock.unlock() }
        if idle.count < limit { idle.append((thread, item)) }
    }

    /// How many items are set down.
    package var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return idle.count
    }
}
