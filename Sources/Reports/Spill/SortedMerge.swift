import Foundation

/// Every record of a spill in order, from the runs on disk and those still in memory; each
/// iteration reads the runs again, so every report format can take its own pass (side by
/// side: reads do not share a position).
struct SortedRuns<Record: SpillRecord>: Sequence, Sendable {
    /// In the order they were made (the batch still in memory last).
    let runs: [ReadableRun<Record>]
    /// How many passes were begun (the reports take one: `ListingPass`).
    let passes = PassCount()

    func makeIterator() -> SortedMerge<Record> {
        passes.increment()
        return SortedMerge(runs: runs.map { run in
            switch run {
            case .file(let file, let range): .file(RunCursor(file: file, range: range))
            case .memory(let chunks): .memory(ChunkCursor(chunks: chunks))
            }
        })
    }
}

/// Every finding of a report in report order (`FindingSpill.sorted`).
typealias SortedFindings = SortedRuns<Finding>
typealias FindingMerge = SortedMerge<Finding>

/// One sorted run, ready to be read: a range of a spill file, or records in memory (in
/// chunks that follow each other in order: a batch of pages' blocks).
enum ReadableRun<Record: SpillRecord>: Sendable {
    case file(SpillFile, Range<Int>)
    case memory([[Record]])
}

/// A counter shared by the copies of one report's records.
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

/// Reads records held in memory, one at a time, chunk after chunk.
struct ChunkCursor<Record> {
    private let chunks: [[Record]]
    private var chunk = 0
    private var index = 0

    init(chunks: [[Record]]) {
        self.chunks = chunks
    }

    mutating func next() -> Record? {
        while chunk < chunks.count {
            if index < chunks[chunk].count {
                defer { index += 1 }
                return chunks[chunk][index]
            }
            chunk += 1
            index = 0
        }
        return nil
    }
}

/// Reads one run, wherever it is.
enum RunReader<Record: SpillRecord> {
    case file(RunCursor<Record>)
    case memory(ChunkCursor<Record>)

    mutating func next() -> Record? {
        switch self {
        case .file(var cursor):
            let record = cursor.next()
            self = .file(cursor)
            return record
        case .memory(var cursor):
            let record = cursor.next()
            self = .memory(cursor)
            return record
        }
    }
}

/// A k-way merge of sorted runs through a binary heap of their heads. Runs are numbered
/// in the order they were made and equal records come out by run number, which keeps the
/// order a single stable sort would give.
struct SortedMerge<Record: SpillRecord>: IteratorProtocol {
    private var cursors: [RunReader<Record>]
    /// Heads of the runs: (record, run number), a min-heap on (order, run).
    private var heap: [(record: Record, run: Int)] = []

    init(runs: [RunReader<Record>]) {
        cursors = runs
        heap.reserveCapacity(runs.count)
        for run in runs.indices {
            if let head = cursors[run].next() { push((head, run)) }
        }
    }

    mutating func next() -> Record? {
        guard let top = heap.first else { return nil }
        if let head = cursors[top.run].next() {
            heap[0] = (head, top.run)
            siftDown(0)
        } else {
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                siftDown(0)
            }
        }
        return top.record
    }

    private func before(_ a: Int, _ b: Int) -> Bool {
        if Record.ordered(heap[a].record, heap[b].record) { return true }
        if Record.ordered(heap[b].record, heap[a].record) { return false }
        return heap[a].run < heap[b].run
    }

    private mutating func push(_ entry: (record: Record, run: Int)) {
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
