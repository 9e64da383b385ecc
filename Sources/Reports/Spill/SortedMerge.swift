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
        return SortedMerge(runs: runs.map { RunReader($0) })
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
    /// Runs each of whose records comes before every record of the next (`FindingSpill`
    /// knows by their pages), read one after the other: the merge then compares them with
    /// nothing.
    indirect case sequence([ReadableRun])
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

/// Reads one run, wherever it is (a sequence of runs one after the other).
struct RunReader<Record: SpillRecord> {
    private enum Cursor {
        case file(RunCursor<Record>)
        case memory(ChunkCursor<Record>)
    }

    /// The runs to read, a sequence flattened.
    private var pending: [ReadableRun<Record>]
    private var opened = 0
    private var cursor: Cursor?

    init(_ run: ReadableRun<Record>) {
        pending = Self.flattened(run)
    }

    mutating func next() -> Record? {
        while true {
            // Taken out while read, so its buffer is not shared (and copied) meanwhile.
            switch cursor.take() {
            case .file(var file):
                let record = file.next()
                cursor = .file(file)
                if let record { return record }
            case .memory(var memory):
                let record = memory.next()
                cursor = .memory(memory)
                if let record { return record }
            case nil:
                break
            }
            guard opened < pending.count else { return nil }
            switch pending[opened] {
            case .file(let file, let range): cursor = .file(RunCursor(file: file, range: range))
            case .memory(let chunks): cursor = .memory(ChunkCursor(chunks: chunks))
            case .sequence: preconditionFailure("sequences are flattened")
            }
            opened += 1
        }
    }

    /// The runs of a sequence (of sequences), in order; without recursion.
    private static func flattened(_ run: ReadableRun<Record>) -> [ReadableRun<Record>] {
        var out: [ReadableRun<Record>] = []
        var stack = [run]
        while let top = stack.popLast() {
            if case .sequence(let runs) = top { stack += runs.reversed() } else { out.append(top) }
        }
        return out
    }
}

/// A k-way merge of sorted runs through a binary heap of their heads. Runs are numbered
/// in the order they were made and equal records come out by run number, which keeps the
/// order a single stable sort would give.
struct SortedMerge<Record: SpillRecord>: IteratorProtocol {
    private var cursors: [RunReader<Record>]
    /// Heads of the runs: (record, run number), a min-heap on (order, run).
    private var heap: [(record: Record, run: Int)] = []

    /// One run (a spill that never went to disk: the inventory's pages, most runs' page
    /// entries): its records are handed on as read, with no heap between, where each went
    /// through the heap's slot and was copied out of it again, its strings retained and
    /// released each time (issue 17).
    private let single: Bool

    init(runs: [RunReader<Record>]) {
        cursors = runs
        single = runs.count == 1
        if single { return }
        heap.reserveCapacity(runs.count)
        for run in runs.indices {
            if let head = cursors[run].next() { push((head, run)) }
        }
    }

    mutating func next() -> Record? {
        if single { return cursors[0].next() }
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
