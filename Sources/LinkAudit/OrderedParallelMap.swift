import Dispatch
import Foundation

/// Runs `work` over `count` items on `workers` threads and hands the results to `emit`
/// in input order, one at a time. At most `window` results wait for an earlier one, so
/// memory stays bounded however large the corpus: a page is read, parsed, written and
/// released.
public enum OrderedParallelMap {
    public static func run<Result>(count: Int, workers: Int, window: Int? = nil,
                                   work: @escaping (Int) -> Result, emit: (Int, Result) -> Void) {
        guard count > 0 else { return }
        let workers = max(1, min(workers, count))
        if workers == 1 {
            for i in 0..<count { emit(i, work(i)) }
            return
        }
        let state = State<Result>(window: window ?? workers * 4)
        withoutActuallyEscaping(emit) { emit in
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while true {
                    guard let i = state.claim(count: count) else { return }
                    let result = work(i)
                    state.finish(i, result, emit: emit)
                }
            }
        }
    }

    /// The same over a stream: `next` is called by one worker at a time, so a sequential
    /// source (an archive being read) feeds all the workers; while it blocks, finished
    /// results are still emitted.
    ///
    /// `weight` and `budget` bound the held results by size as well: a worker takes no new
    /// item while the results waiting to be emitted weigh `budget` or more (the result
    /// everything waits for is always being worked on, so the wait ends). With a budget the
    /// count window can be wide, so one page many times slower than the rest (a 3.7 MB
    /// page among pages of 13 KB) does not leave the other workers idle for want of room
    /// (Benchmarks/README.md, issue 17: two cores).
    public static func run<Item, Result>(next: @escaping () -> Item?, workers: Int, window: Int? = nil,
                                         weight: ((Result) -> Int)? = nil, budget: Int = .max,
                                         work: @escaping (Item) -> Result, emit: (Result) -> Void) {
        let workers = max(1, workers)
        if workers == 1 {
            while let item = next() { emit(work(item)) }
            return
        }
        let state = StreamState<Item, Result>(window: window ?? workers * 4, weight: weight, budget: budget, next: next)
        withoutActuallyEscaping(emit) { emit in
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while let (index, item) = state.claim() {
                    state.finish(index, work(item), emit: emit)
                }
            }
        }
    }

    private final class StreamState<Item, Result>: @unchecked Sendable {
        private let lock = NSCondition()
        private let sourceLock = NSLock()
        private var next = 0
        private var nextToEmit = 0
        private var done: [Int: Result] = [:]
        private let window: Int
        private let source: () -> Item?
        private var exhausted = false
        private var emitting = false
        private let weight: ((Result) -> Int)?
        private let budget: Int
        /// What the results in `done` weigh.
        private var held = 0

        init(window: Int, weight: ((Result) -> Int)?, budget: Int, next: @escaping () -> Item?) {
            self.window = max(1, window)
            self.weight = weight
            self.budget = budget
            source = next
        }

        /// Whether a worker must wait before taking another item.
        private var full: Bool {
            next - nextToEmit >= window || (held >= budget && next > nextToEmit)
        }

        func claim() -> (Int, Item)? {
            // One caller of `source` at a time, in order; but `source` is called outside the
            // results' lock, so while it blocks (a crawl waiting for its next page) the pages
            // before it are still written (and the progress line counts them).
            sourceLock.lock()
            defer { sourceLock.unlock() }
            lock.lock()
            while !exhausted, full { lock.wait() }
            guard !exhausted else {
                lock.unlock()
                return nil
            }
            lock.unlock()
            let item = source()
            lock.lock()
            defer { lock.unlock() }
            guard let item else {
                exhausted = true
                lock.broadcast()
                return nil
            }
            next += 1
            return (next - 1, item)
        }

        /// One thread at a time emits, in order and outside the lock: writing a page's
        /// lines and report part (a spill, even) must not stop the other workers.
        func finish(_ index: Int, _ result: Result, emit: (Result) -> Void) {
            let size = weight?(result) ?? 0
            lock.lock()
            done[index] = result
            held += size
            guard !emitting else {
                lock.unlock()
                return
            }
            emitting = true
            while let ready = done.removeValue(forKey: nextToEmit) {
                held -= weight?(ready) ?? 0
                lock.unlock()
                emit(ready)
                lock.lock()
                nextToEmit += 1
                lock.broadcast()
            }
            emitting = false
            lock.unlock()
        }
    }

    private final class State<Result>: @unchecked Sendable {
        private let lock = NSCondition()
        private var next = 0
        private var nextToEmit = 0
        private var done: [Int: Result] = [:]
        private let window: Int
        private var emitting = false

        init(window: Int) {
            self.window = max(1, window)
        }

        /// The next index to work on, waiting while too many results are held back.
        func claim(count: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            while next < count, next - nextToEmit >= window { lock.wait() }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }

        /// As `StreamState.finish`: one emitter at a time, outside the lock.
        func finish(_ index: Int, _ result: Result, emit: (Int, Result) -> Void) {
            lock.lock()
            done[index] = result
            guard !emitting else {
                lock.unlock()
                return
            }
            emitting = true
            while let ready = done.removeValue(forKey: nextToEmit) {
                let position = nextToEmit
                lock.unlock()
                emit(position, ready)
                lock.lock()
                nextToEmit += 1
                lock.broadcast()
            }
            emitting = false
            lock.unlock()
        }
    }
}
