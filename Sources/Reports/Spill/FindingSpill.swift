import Foundation

/// The findings of a run, page by page in the order added, held in memory up to a bound and
/// spilled beyond it: each full batch is put in report order and appended to a temporary
/// file as one run. `sorted()` merges the runs and the last batch back into report order,
/// so a report of any size needs memory for about two batches only.
///
/// A batch is a list of pages' blocks (`FindingBlock`), each already in report order: putting
/// a batch in order sorts its blocks by page. A page whose findings come twice (a page added
/// again) would not be in order inside one run, so its second block starts a new one: the
/// merge puts it after the first among equals, as one stable sort of everything would.
/// Full batches are encoded and written by a thread of their own (`SpillWriter`), so the
/// run's in-order writer, which adds the blocks, never waits on the disk.
///
/// A value: copies share the runs already written (they never change) and keep their own
/// batch.
struct FindingSpill: Sendable {
    let limits: SpillLimits
    private var batch: [FindingBlock] = []
    private var batchPages: Set<String> = []
    /// Footprint of the batch and of the runs still in memory.
    private var held = 0
    private var writer: SpillWriter?
    private var runs: [SpilledRun] = []
    /// Each run's first and last page, when known (`sorted` reads runs that follow each
    /// other in sequence).
    private var bounds: [PageBounds?] = []
    /// Set once a run could not be written: the rest stays in the batch.
    private var inMemory = false

    init(limits: SpillLimits) {
        self.limits = limits
    }

    var isEmpty: Bool { batch.isEmpty && runs.isEmpty }

    /// How many runs went to disk (tests check that a small bound spills).
    var spilledRuns: Int { resolved.filter(\.isOnDisk).count }

    /// Set when a run could not be written: the findings then stay in memory.
    var failure: String? { writer?.failure }

    /// One page's findings, in report order.
    mutating func append(_ block: FindingBlock) {
        guard block.count > 0 else { return }
        if batchPages.contains(block.page) { seal() }
        batch.append(block)
        batchPages.insert(block.page)
        held += block.footprint
        if held >= limits.batchBytes, !inMemory { spill() }
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

    /// A streamed page's rows, already on disk as sorted runs in chunk order (README
    /// Limits): they follow every block added before them, as a page added again does.
    mutating func append(_ spilled: SpilledRows) {
        guard !spilled.ranges.isEmpty else { return }
        seal()
        batchPages.removeAll()
        for range in spilled.ranges {
            runs.append(.foreign(spilled.file, range))
            bounds.append(nil)
        }
    }

    /// Every finding in report order (page, line, code, URL; ties in the order added).
    /// Runs whose pages all come before the next run's (a run of pages added in report
    /// order) are read in sequence rather than merged: each record then costs the merge no
    /// comparison (the merge of the dense corpus's runs compared every finding's page,
    /// Benchmarks/README.md, issue 17). `sequencing: false` merges every run (the plain
    /// way; `ReportSpillTests` compares).
    func sorted(sequencing: Bool = true) -> SortedFindings {
        let last = Self.ordered(batch)
        let runs = batch.isEmpty ? resolved : resolved + [.memory(last)]
        let bounds = batch.isEmpty ? bounds : bounds + [PageBounds(last)]
        let file = writer?.file
        var readable: [(run: ReadableRun<Finding>, bounds: PageBounds?)] = []
        for (run, bound) in zip(runs, bounds) {
            let made: ReadableRun<Finding>? = switch run {
            case .file(let range): file.map { .file($0, range) }
            case .foreign(let own, let range): .file(own, range)
            case .memory(let blocks): .memory(blocks.map(\.findings))
            case .writing: preconditionFailure("runs are resolved before they are read")
            }
            if let made { readable.append((made, bound)) }
        }
        guard sequencing else { return SortedFindings(runs: readable.map(\.run)) }
        var sequences: [ReadableRun<Finding>] = []
        var current: [ReadableRun<Finding>] = []
        var previous: PageBounds?
        for (run, bound) in readable {
            let follows = if let previous, let bound { previous.last < bound.first } else { false }
            if !current.isEmpty, !follows {
                sequences.append(current.count == 1 ? current[0] : .sequence(current))
                current = []
            }
            current.append(run)
            previous = bound
        }
        if !current.isEmpty { sequences.append(current.count == 1 ? current[0] : .sequence(current)) }
        return SortedFindings(runs: sequences)
    }

    /// Why findings could not be read back from disk, if that happened.
    var readFailure: String? {
        if let failed = writer?.file?.failed { return failed }
        for case .foreign(let file, _) in runs { if let failed = file.failed { return failed } }
        return nil
    }

    /// The runs, those being written waited for.
    private var resolved: [SpilledRun] {
        runs.map { run in
            if case .writing(let id) = run, let writer { return writer.result(id) }
            return run
        }
    }

    /// Ends the batch: its blocks in page order become a run, in memory for now.
    private mutating func seal() {
        guard !batch.isEmpty else { return }
        let ordered = Self.ordered(batch)
        runs.append(.memory(ordered))
        bounds.append(PageBounds(ordered))
        batch.removeAll()
        batchPages.removeAll()
    }

    /// Hands every run still in memory to the spill's writer, each keeping its place among
    /// the runs; after a failure they stay in memory.
    private mutating func spill() {
        if writer == nil { writer = SpillWriter(directory: limits.directory) }
        guard let writer, writer.failure == nil else {
            inMemory = true
            return
        }
        seal()
        for i in runs.indices {
            guard case .memory(let blocks) = runs[i] else { continue }
            runs[i] = .writing(writer.write(blocks))
        }
        held = 0
    }

    /// The blocks in page order: the standard library's sort is documented stable.
    private static func ordered(_ blocks: [FindingBlock]) -> [FindingBlock] {
        blocks.sorted { $0.page < $1.page }
    }

    /// A finding's memory, roughly: the struct, its longer strings and its lists (strings
    /// shared between findings are counted each time, which errs on the safe side).
    static func footprint(_ finding: Finding) -> Int {
        footprint(page: finding.page.utf8.count, file: finding.file?.utf8.count ?? 0, raw: finding.raw.utf8.count,
                  url: finding.url.utf8.count, message: finding.message.utf8.count, profiles: finding.profiles.count,
                  outcomes: finding.outcomes.count)
    }

    /// `footprint` from its parts' sizes (`ReportParts` has them in hand as it makes a row).
    @inline(__always)
    static func footprint(page: Int, file: Int, raw: Int, url: Int, message: Int, profiles: Int, outcomes: Int) -> Int {
        256 + page + raw + url + message + file + 16 * profiles + 64 * outcomes
    }
}

/// Encodes and appends runs to the spill file on a serial queue of its own, in the order
/// they are handed over; `result` waits for one. A run that cannot be written stays in
/// memory, and so does every later one (`failure`).
final class SpillWriter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "linkaudit.spill")
    private let directory: String
    /// Touched on `queue` only.
    private var spillFile: SpillFile?
    private var done: [Int: SpilledRun] = [:]
    private var failed: String?
    /// Touched by the one caller only.
    private var next = 0

    init(directory: String) {
        self.directory = directory
    }

    var file: SpillFile? { queue.sync { spillFile } }
    var failure: String? { queue.sync { failed } }

    /// Starts writing `blocks` as one run; the number to ask `result` for.
    func write(_ blocks: [FindingBlock]) -> Int {
        let id = next
        next += 1
        queue.async { [self] in
            guard failed == nil else {
                done[id] = .memory(blocks)
                return
            }
            do {
                if spillFile == nil { spillFile = try SpillFile(directory: directory) }
                done[id] = .file(try spillFile!.appendRun { write in
                    var bytes: [UInt8] = []
                    bytes.reserveCapacity(1 << 20 + 4096)
                    var run = FindingRunWriter()
                    for block in blocks {
                        block.encoded(into: &bytes, run: &run)
                        // Written in slices so the run is never held twice.
                        if bytes.count >= 1 << 20 {
                            try write(bytes)
                            bytes.removeAll(keepingCapacity: true)
                        }
                    }
                    try write(bytes)
                })
            } catch {
                failed = "\(error)"
                done[id] = .memory(blocks)
            }
        }
        return id
    }

    /// Run `id` once written (or kept in memory).
    func result(_ id: Int) -> SpilledRun {
        queue.sync { done[id]! }
    }
}

/// One run of findings in report order: a range of the spill file, blocks kept in memory
/// (the last batch, or every batch when the file could not be written), or one still being
/// written (`SpillWriter`).
enum SpilledRun: Sendable {
    case file(Range<Int>)
    case memory([FindingBlock])
    case writing(Int)
    /// A run a worker wrote to a file of its own (a streamed page's chunk: `SpilledRows`).
    case foreign(SpillFile, Range<Int>)

    var isOnDisk: Bool {
        if case .file = self { return true }
        return false
    }
}

/// A run's first and last page.
struct PageBounds {
    let first: String
    let last: String

    /// Of blocks in page order; nil for none.
    init?(_ blocks: [FindingBlock]) {
        guard let first = blocks.first?.page, let last = blocks.last?.page else { return nil }
        self.first = first
        self.last = last
    }
}

/// Where a report's findings spill to and how much of them stays in memory.
public struct SpillLimits: Sendable {
    /// A folder for the temporary file (the run's output folder, or TMPDIR).
    public var directory: String
    /// Estimated bytes of findings held in memory before they are spilled (see
    /// `FindingSpill.footprint`; one more batch may be on its way to disk).
    public var batchBytes: Int

    public init(directory: String = SpillLimits.temporaryDirectory, batchBytes: Int = 32 << 20) {
        self.directory = directory
        self.batchBytes = batchBytes
    }

    /// The bound for each spill of small records (page records, the inventory's pages): an
    /// eighth of the findings' (4 MB by default), so a run of any number of pages holds a
    /// few MB of them.
    var recordBatchBytes: Int { max(1, batchBytes / 8) }

    public static var temporaryDirectory: String {
        ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }
}

/// A streamed page's finding rows, one sorted run per chunk in page order, written by the
/// worker that read the page to a temporary file of its own (`StreamedPageParts`).
package struct SpilledRows: Sendable {
    let file: SpillFile
    let ranges: [Range<Int>]
}
