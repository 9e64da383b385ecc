import Foundation
import LinkAuditModel

/// Writes report files: each format streams its file into a `ByteBuffer` drained into an
/// `AtomicFile`, summary.md beside the formats that list findings, which share one pass
/// over them (`ListingPass`); the files are renamed into place only once all were written,
/// so a reader never sees half a report or reports that disagree.
enum ReportFiles {
    /// Writes every format but `jsonl` into `outDir`; returns the paths, in format order,
    /// and the formats' notes on what they left out (for stderr). `readFailure` tells,
    /// after the passes, whether the findings could all be read back: if not, no file is
    /// renamed into place.
    static func write(_ report: Report, formats: Set<ReportFormat>, into outDir: String,
                      readFailure: () -> String?) throws -> (paths: [String], notes: [String]) {
        try createDirectory(outDir)
        let chosen = formats.sorted().filter { $0 != .jsonl }
        // findings.csv written while the pages came, when it stands for the file (`CSVDraft`).
        let draft = chosen.contains(.csv) ? report.fragments?.csvFile(FindingsCSV(report), in: outDir) : nil
        let listing = chosen.filter { $0 != .md && !($0 == .csv && draft != nil) }
        let files = WrittenFiles()
        var opened: [AtomicFile] = []
        do {
            for format in chosen {
                let file = try format == .csv ? draft ?? AtomicFile(path: outDir + "/" + format.fileName)
                    : AtomicFile(path: outDir + "/" + format.fileName)
                files.add(file)
                opened.append(file)
            }
        } catch {
            files.discardAll()
            throw error
        }
        let file = Dictionary(uniqueKeysWithValues: zip(chosen, opened))
        let jobs = (chosen.contains(.md) ? 1 : 0) + (listing.isEmpty ? 0 : 1)
        DispatchQueue.concurrentPerform(iterations: jobs) { job in
            if job == 0, let markdown = file[.md] {
                var out = ByteBuffer(capacity: ByteBuffer.drainSize * 2, drain: markdown)
                write(.md, report, to: &out)
                out.drainAll()
            } else {
                let notes = ListingPass.write(listing, report, drains: listing.map { file[$0]! })
                for (format, note) in zip(listing, notes) {
                    if let note { files.note(note, format: chosen.firstIndex(of: format)!) }
                }
            }
        }
        for file in opened {
            do { try file.close() } catch { files.fail(error) }
        }
        if let error = files.failure ?? readFailure().map(LinkAuditError.io) {
            files.discardAll()
            throw error
        }
        try files.commitAll()
        return (chosen.map { outDir + "/" + $0.fileName }, files.notes)
    }

    /// One format's file as text, in memory.
    static func render(_ format: ReportFormat, _ report: Report) -> String {
        var out = ByteBuffer(capacity: ByteBuffer.drainSize)
        write(format, report, to: &out)
        return out.text
    }

    /// Returns the format's note on what it left out, if any.
    @discardableResult
    static func write(_ format: ReportFormat, _ report: Report, to out: inout ByteBuffer) -> String? {
        switch format {
        case .csv: return ListingFile.write(FindingsCSV.self, report, to: &out)
        case .md: SummaryMarkdown.write(report, to: &out)
        case .sarif: return ListingFile.write(FindingsSARIF.self, report, to: &out)
        case .junit: return ListingFile.write(JUnitXML.self, report, to: &out)
        case .json: return ListingFile.write(FindingsJSON.self, report, to: &out)
        case .jsonl: break
        }
        return nil
    }

    static func createDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw LinkAuditError.io("cannot create \(path)")
        }
    }
}

/// The files of the formats being written side by side, and the first error.
private final class WrittenFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [AtomicFile] = []
    private var notesByFormat: [Int: String] = [:]
    private(set) var failure: Error?

    /// The notes in format order, whichever format finished first.
    var notes: [String] { notesByFormat.sorted { $0.key < $1.key }.map(\.value) }

    func note(_ text: String, format: Int) {
        lock.lock()
        notesByFormat[format] = text
        lock.unlock()
    }

    func add(_ file: AtomicFile) {
        lock.lock()
        files.append(file)
        lock.unlock()
    }

    func fail(_ error: Error) {
        lock.lock()
        if failure == nil { failure = error }
        lock.unlock()
    }

    func discardAll() {
        for file in files { file.discard() }
    }

    /// Renames every file into place only once all were written.
    func commitAll() throws {
        for file in files { try file.commit() }
    }
}
