/// An external sort of small records added one at a time (a page's record, a page of the
/// scheme inventory): held in memory up to a bound, then put in order (a stable sort) and
/// appended to an unlinked file as one run; `sorted()` merges the runs and what is left in
/// memory back into one ordered sequence, ties in the order added (`SortedMerge` takes equal
/// records by run number). So a run of any number of pages holds about one batch of them.
///
/// A value: copies share the runs already written (they never change) and keep their own
/// batch. A run that cannot be written stays in memory, and so does every later batch.
struct RecordSpill<Record: SpillRecord>: Sendable {
    /// The file's name (`pages`, `inventory`) and where it goes.
    let name: String
    let directory: String
    /// Estimated bytes held before a batch goes to disk.
    let batchBytes: Int
    private var batch: [Record] = []
    /// Whether no record of the batch comes before one added ahead of it: the batch is then
    /// its own stable sort. A run's page records mostly come in page order, and sorting them
    /// copied every record, half of it on the run's serial end (issue 17).
    private var batchInOrder = true
    /// Sorts every batch, in order or not (the plain way, for `RecordSpillOrderTests`).
    var sortsEveryBatch = false
    private var held = 0
    private var file: SpillFile?
    private var runs: [ReadableRun<Record>] = []
    /// Why a run could not be written, if one could not (the rest stays in memory).
    private(set) var failure: String?

    init(name: String, directory: String, batchBytes: Int) {
        self.name = name
        self.directory = directory
        self.batchBytes = batchBytes
    }

    /// Records added so far that are held in memory.
    var inMemory: Int { batch.count + runs.reduce(0) { if case .memory(let chunks) = $1 { $0 + chunks[0].count } else { $0 } } }

    /// How many runs went to disk.
    var spilledRuns: Int { runs.filter { if case .file = $0 { true } else { false } }.count }

    /// Adds a record of about `footprint` bytes in memory.
    mutating func append(_ record: Record, footprint: Int) {
        if batchInOrder, !batch.isEmpty, Record.ordered(record, batch[batch.count - 1]) { batchInOrder = false }
        batch.append(record)
        held += footprint
        if held >= batchBytes { spill() }
    }

    /// Every record in order, ties in the order added.
    func sorted() -> SortedRuns<Record> {
        SortedRuns(runs: batch.isEmpty ? runs : runs + [.memory([ordered(batch)])])
    }

    /// Why records could not be read back from disk, if that happened.
    var readFailure: String? { file?.failed }

    private mutating func spill() {
        let run = ordered(batch)
        batch.removeAll(keepingCapacity: true)
        batchInOrder = true
        held = 0
        guard failure == nil else {
            runs.append(.memory([run]))
            return
        }
        do {
            let file = try file ?? SpillFile(directory: directory, name: name)
            self.file = file
            runs.append(.file(file, try file.appendRun { write in
                var bytes: [UInt8] = []
                bytes.reserveCapacity(1 << 16 + 4096)
                for record in run {
                    record.append(to: &bytes)
                    // Written in slices so the run is never held twice.
                    if bytes.count >= 1 << 16 {
                        try write(bytes)
                        bytes.removeAll(keepingCapacity: true)
                    }
                }
                try write(bytes)
            }))
        } catch {
            failure = "\(error)"
            runs.append(.memory([run]))
        }
    }

    /// The batch in order, ties in the order added (`SpillRecord.sorted`, unless it is so).
    private func ordered(_ records: [Record]) -> [Record] {
        batchInOrder && !sortsEveryBatch ? records : Record.sorted(records)
    }
}
