import Foundation

/// The findings of a run, in the order they were added, held in memory up to a bound and
/// spilled beyond it: each full batch is sorted into report order and appended to a
/// temporary file as one run. `sorted()` merges the runs and the last batch back into
/// report order, so a report of any size needs memory for one batch only.
///
/// A value: copies share the runs already written (they never change) and keep their own
/// batch.
struct FindingSpill: Sendable {
    let limits: SpillLimits
    private var batch: [Finding] = []
    private var batchBytes = 0
    private var file: SpillFile?
    private var runs: [Range<Int>] = []
    /// Set when a run could not be written: the findings then stay in memory.
    private(set) var failure: String?

    init(limits: SpillLimits) {
        self.limits = limits
    }

    var isEmpty: Bool { batch.isEmpty && runs.isEmpty }

    /// How many runs went to disk (tests check that a small bound spills).
    var spilledRuns: Int { runs.count }

    mutating func append(contentsOf findings: [Finding]) {
        for finding in findings {
            batch.append(finding)
            batchBytes += Self.footprint(finding)
        }
        if batchBytes >= limits.batchBytes, failure == nil { spill() }
    }

    /// Every finding in report order (page, line, code, URL; ties in the order added).
    func sorted() -> SortedFindings {
        SortedFindings(file: file, runs: runs, tail: Self.sort(batch))
    }

    /// Why findings could not be read back from disk, if that happened.
    var readFailure: String? { file?.failed }

    private mutating func spill() {
        do {
            if file == nil { file = try SpillFile(directory: limits.directory) }
            let sorted = Self.sort(batch)
            runs.append(try file!.appendRun { write in
                var bytes: [UInt8] = []
                bytes.reserveCapacity(1 << 20 + 4096)
                for finding in sorted {
                    FindingCoding.append(finding, to: &bytes)
                    // Written in slices so the encoded run never doubles the batch's memory.
                    if bytes.count >= 1 << 20 {
                        try write(bytes)
                        bytes.removeAll(keepingCapacity: true)
                    }
                }
                try write(bytes)
            })
            batch.removeAll()
            batchBytes = 0
        } catch {
            failure = "\(error)"
        }
    }

    /// A stable sort, the same order as sorting every finding at once: the standard
    /// library's sort is documented stable, and it moves findings where pairing each with
    /// its offset copied them.
    private static func sort(_ findings: [Finding]) -> [Finding] {
        findings.sorted(by: Finding.ordered)
    }

    /// A finding's memory, roughly: the struct, its longer strings and its lists (strings
    /// shared between the findings of one navigation are counted each time, which errs
    /// on the safe side).
    static func footprint(_ finding: Finding) -> Int {
        256 + finding.page.utf8.count + finding.raw.utf8.count + finding.url.utf8.count + finding.message.utf8.count
            + (finding.file?.utf8.count ?? 0) + 16 * finding.profiles.count + 64 * finding.outcomes.count
    }
}

/// Where a report's findings spill to and how much of them stays in memory.
public struct SpillLimits: Sendable {
    /// A folder for the temporary file (the run's output folder, or TMPDIR).
    public var directory: String
    /// Estimated bytes of findings held in memory (see `footprint`).
    public var batchBytes: Int

    public init(directory: String = SpillLimits.temporaryDirectory, batchBytes: Int = 32 << 20) {
        self.directory = directory
        self.batchBytes = batchBytes
    }

    public static var temporaryDirectory: String {
        ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }
}
