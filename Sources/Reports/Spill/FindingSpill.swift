import Foundation

/// The findings of a run, page by page in the order added, held in memory up to a bound and
/// spilled beyond it: each full batch is put in report order and appended to a temporary
/// file as one run. `sorted()` merges the runs and the last batch back into report order,
/// so a report of any size needs memory for one batch only.
///
/// A batch is a list of pages' blocks (`FindingBlock`), each already in report order and
/// encoded by the worker that read the page: putting a batch in order sorts its blocks by
/// page, and spilling it copies their bytes. A page whose findings come twice (a page added
/// again) would not be in order inside one run, so its second block starts a new one: the
/// merge puts it after the first among equals, as one stable sort of everything would.
///
/// A value: copies share the runs already written (they never change) and keep their own
/// batch.
struct FindingSpill: Sendable {
    let limits: SpillLimits
    private var batch: [FindingBlock] = []
    private var batchPages: Set<String> = []
    /// Bytes of the batch and of the runs still in memory.
    private var heldBytes = 0
    private var file: SpillFile?
    private var runs: [SpilledRun] = []
    /// Set when a run could not be written: the findings then stay in memory.
    private(set) var failure: String?

    init(limits: SpillLimits) {
        self.limits = limits
    }

    var isEmpty: Bool { batch.isEmpty && runs.isEmpty }

    /// How many runs went to disk (tests check that a small bound spills).
    var spilledRuns: Int { runs.filter(\.isOnDisk).count }

    /// One page's findings, in report order.
    mutating func append(_ block: FindingBlock) {
        guard block.count > 0 else { return }
        if batchPages.contains(block.page) { seal() }
        batch.append(block)
        batchPages.insert(block.page)
        heldBytes += block.bytes.count
        if heldBytes >= limits.batchBytes, failure == nil { spill() }
    }

    /// Findings of any pages, in the order added (each page's in report order, stably).
    mutating func append(contentsOf findings: [Finding]) {
        var start = 0
        while start < findings.count {
            var end = start + 1
            while end < findings.count, findings[end].page == findings[start].page { end += 1 }
            append(FindingBlock(page: findings[start].page, sorted: findings[start..<end].sorted(by: Finding.ordered)))
            start = end
        }
    }

    /// Every finding in report order (page, line, code, URL; ties in the order added).
    func sorted() -> SortedFindings {
        SortedFindings(file: file, runs: batch.isEmpty ? runs : runs + [.memory(Self.ordered(batch))])
    }

    /// Why findings could not be read back from disk, if that happened.
    var readFailure: String? { file?.failed }

    /// Ends the batch: its blocks in page order become a run, in memory for now.
    private mutating func seal() {
        guard !batch.isEmpty else { return }
        runs.append(.memory(Self.ordered(batch)))
        batch.removeAll()
        batchPages.removeAll()
    }

    /// Writes every run still in memory to the file, each in its place among the runs.
    private mutating func spill() {
        seal()
        do {
            if file == nil { file = try SpillFile(directory: limits.directory) }
            for i in runs.indices {
                guard case .memory(let blocks) = runs[i] else { continue }
                runs[i] = .file(try file!.appendRun { write in
                    var bytes: [UInt8] = []
                    bytes.reserveCapacity(1 << 20 + 4096)
                    for block in blocks {
                        bytes += block.bytes
                        // Written in slices so the run is never held twice.
                        if bytes.count >= 1 << 20 {
                            try write(bytes)
                            bytes.removeAll(keepingCapacity: true)
                        }
                    }
                    try write(bytes)
                })
            }
            heldBytes = 0
        } catch {
            failure = "\(error)"
        }
    }

    /// The blocks in page order: the standard library's sort is documented stable.
    private static func ordered(_ blocks: [FindingBlock]) -> [FindingBlock] {
        blocks.sorted { $0.page < $1.page }
    }
}

/// One run of findings in report order: a range of the spill file, or blocks kept in
/// memory (the last batch, or every batch when the file could not be written).
enum SpilledRun: Sendable {
    case file(Range<Int>)
    case memory([FindingBlock])

    var isOnDisk: Bool {
        if case .file = self { return true }
        return false
    }
}

/// Where a report's findings spill to and how much of them stays in memory.
public struct SpillLimits: Sendable {
    /// A folder for the temporary file (the run's output folder, or TMPDIR).
    public var directory: String
    /// Bytes of encoded findings held in memory before they are spilled.
    public var batchBytes: Int

    public init(directory: String = SpillLimits.temporaryDirectory, batchBytes: Int = 32 << 20) {
        self.directory = directory
        self.batchBytes = batchBytes
    }

    public static var temporaryDirectory: String {
        ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }
}
