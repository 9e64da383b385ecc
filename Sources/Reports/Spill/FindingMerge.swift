import Foundation

/// Every finding of a report in report order, from the spilled runs and the blocks still
/// in memory; each iteration reads the runs again, so every report format can take its
/// own pass (side by side: reads do not share a position).
struct SortedFindings: Sequence, Sendable {
    let file: SpillFile?
    /// In the order they were made (the batch still in memory last).
    let runs: [SpilledRun]
    /// How many passes were begun (the reports take one: `ListingPass`).
    let passes = PassCount()

    func makeIterator() -> FindingMerge {
        passes.increment()
        return FindingMerge(runs: runs.compactMap { run in
            switch run {
            case .file(let range): file.map { .file(RunCursor(file: $0, range: range)) }
            case .foreign(let own, let range): .file(RunCursor(file: own, range: range))
            case .memory(let blocks): .memory(BlockCursor(blocks: blocks))
            case .writing: preconditionFailure("runs are resolved before they are read (FindingSpill.sorted)")
            }
        })
    }
}

/// A counter shared by the copies of one report's findings.
final class PassCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// Reads one run, wherever it is.
enum RunReader {
    case file(RunCursor)
    case memory(BlockCursor)

    mutating func next() -> Finding? {
        switch self {
        case .file(var cursor):
            let finding = cursor.next()
            self = .file(cursor)
            return finding
        case .memory(var cursor):
            let finding = cursor.next()
            self = .memory(cursor)
            return finding
        }
    }
}

/// A k-way merge of sorted runs through a binary heap of their heads. Runs are numbered
/// in the order they were made and equal findings come out by run number, which keeps the
/// order a single stable sort would give.
struct FindingMerge: IteratorProtocol {
    private var cursors: [RunReader]
    /// Heads of the runs: (finding, run number), a min-heap on (report order, run).
    private var heap: [(finding: Finding, run: Int)] = []

    init(runs: [RunReader]) {
        cursors = runs
        heap.reserveCapacity(runs.count)
        for run in runs.indices {
            if let head = pull(run) { push((head, run)) }
        }
    }

    mutating func next() -> Finding? {
        guard let top = heap.first else { return nil }
        if let head = pull(top.run) {
            heap[0] = (head, top.run)
            siftDown(0)
        } else {
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                siftDown(0)
            }
        }
        return top.finding
    }

    private mutating func pull(_ run: Int) -> Finding? {
        cursors[run].next()
    }

    private func before(_ a: Int, _ b: Int) -> Bool {
        if Finding.ordered(heap[a].finding, heap[b].finding) { return true }
        if Finding.ordered(heap[b].finding, heap[a].finding) { return false }
        return heap[a].run < heap[b].run
    }

    private mutating func push(_ entry: (finding: Finding, run: Int)) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard before(child, parent) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < heap.count, before(left, first) { first = left }
            if right < heap.count, before(right, first) { first = right }
            guard first != parent else { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}
