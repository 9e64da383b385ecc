import Dispatch

/// Writes the listing formats' files — findings.csv, findings.json, findings.sarif,
/// junit.xml — in one pass over the report's findings: each finding is read back (from the
/// spill when it went to disk, `SortedFindings`) and decoded once, and every format renders
/// its share of each page from the same list, the formats side by side on their own threads,
/// a batch of pages at a time. A format put together from the pages' fragments
/// (`ListingFile.takesFragments`) needs no pass, and is written beside it.
///
/// Each file gets the same calls, in the same order, as when it is rendered alone
/// (`ListingFile.write`, `ReportFiles.render`): the same bytes (`ReportSpillTests`,
/// `ReportGoldenTests` compare them).
enum ListingPass {
    /// One file per format in `formats` (listing formats only), each to its drain; returns
    /// each format's note, in the order given.
    static func write(_ formats: [ReportFormat], _ report: Report, drains: [ByteDrain]) -> [String?] {
        let files: [ListingOutput] = zip(formats, drains).map { format, drain in
            switch format {
            case .csv: ListingWriter(FindingsCSV(report), report, drain: drain)
            case .json: ListingWriter(FindingsJSON(report), report, drain: drain)
            case .sarif: ListingWriter(FindingsSARIF(report), report, drain: drain)
            case .junit: ListingWriter(JUnitXML(report), report, drain: drain)
            case .md, .jsonl: preconditionFailure("\(format) lists no findings")
            }
        }
        let fromFragments = files.filter(\.fromFragments)
        let passing = files.filter { !$0.fromFragments }
        // Pages in pieces when every format of the pass takes them so (read here: the
        // task-local does not reach the threads below).
        let piece = passing.allSatisfy(\.takesPagesInPieces) ? PageGroups.pieceFindings : Int.max
        let pieces = PageGroups.pieceFindings
        DispatchQueue.concurrentPerform(iterations: fromFragments.count + (passing.isEmpty ? 0 : 1)) { i in
            if i < fromFragments.count {
                fromFragments[i].writeFragments(report, pieces: pieces)
            } else {
                pass(report, passing, piece: piece)
            }
        }
        return files.map { $0.finish() }
    }

    /// Findings (and page groups) gathered before the formats render them.
    private static let batchFindings = 4096

    private static func pass(_ report: Report, _ files: [ListingOutput], piece: Int) {
        var batch: [(page: PageStats?, findings: [Finding])] = []
        var size = 0
        func render() {
            let groups = batch
            if files.count == 1 {
                for group in groups { files[0].share(group.page, group.findings) }
            } else {
                DispatchQueue.concurrentPerform(iterations: files.count) { i in
                    for group in groups { files[i].share(group.page, group.findings) }
                }
            }
            batch.removeAll(keepingCapacity: true)
            size = 0
        }
        let body = { (page: PageStats?, findings: [Finding]) in
            batch.append((page, findings))
            size += findings.count + 1
            if size >= batchFindings { render() }
        }
        // With a baseline, CSV and SARIF list the fixed findings among the current ones:
        // the pass reads both, and the other formats leave the fixed out (`ListingFile.share`).
        if files.contains(where: \.listsFixed) {
            PageGroups.walk(report.pages, report.rows.makeIterator(), piece: piece, body)
        } else {
            PageGroups.walk(report.pages, report.findings.makeIterator(), piece: piece, body)
        }
        render()
    }
}

/// A listing file being written by `ListingPass`.
private protocol ListingOutput: AnyObject, Sendable {
    var fromFragments: Bool { get }
    var listsFixed: Bool { get }
    var takesPagesInPieces: Bool { get }
    func writeFragments(_ report: Report, pieces: Int)
    func share(_ page: PageStats?, _ findings: [Finding])
    /// Ends the file and hands what is left to the drain; the format's note.
    func finish() -> String?
}

/// One format's file: its state and its buffer, used by one thread at a time.
private final class ListingWriter<Format: ListingFormat>: ListingOutput, @unchecked Sendable {
    private var format: Format
    private var out: ByteBuffer
    private var listed = false
    let fromFragments: Bool
    var listsFixed: Bool { Format.listsFixed }
    var takesPagesInPieces: Bool { Format.takesPagesInPieces }

    init(_ format: Format, _ report: Report, drain: ByteDrain) {
        self.format = format
        out = ByteBuffer(capacity: ByteBuffer.drainSize * 2, drain: drain)
        fromFragments = ListingFile.takesFragments(format, report)
        format.prologue(to: &out)
    }

    func writeFragments(_ report: Report, pieces: Int) {
        ListingFile.writeFragments(&format, report, listed: &listed, pieces: pieces, to: &out)
    }

    func share(_ page: PageStats?, _ findings: [Finding]) {
        ListingFile.share(&format, page, findings, listed: &listed, to: &out)
    }

    func finish() -> String? {
        format.epilogue(listed: listed, to: &out)
        out.drainAll()
        return format.note
    }
}
