import Foundation
import LinkAuditModel

/// Writes report files: each format streams its file into a `ByteBuffer` drained into an
/// `AtomicFile`, side by side with the others (each reads the findings in its own pass),
/// and the files are renamed into place only once all were written, so a reader never
/// sees half a report or reports that disagree.
enum ReportFiles {
    /// Writes every format but `jsonl` into `outDir`; returns the paths, in format order.
    /// `readFailure` tells, after the passes, whether the findings could all be read back:
    /// if not, no file is renamed into place.
    static func write(_ report: Report, formats: Set<ReportFormat>, into outDir: String,
                      readFailure: () -> String?) throws -> [String] {
        try createDirectory(outDir)
        let chosen = formats.sorted().filter { $0 != .jsonl }
        let files = WrittenFiles()
        DispatchQueue.concurrentPerform(iterations: chosen.count) { i in
            do {
                let file = try AtomicFile(path: outDir + "/" + chosen[i].fileName)
                files.add(file)
                var out = ByteBuffer(capacity: ByteBuffer.drainSize * 2, drain: file)
                write(chosen[i], report, to: &out)
                out.drainAll()
                try file.close()
            } catch {
                files.fail(error)
            }
        }
        if let error = files.failure ?? readFailure().map(LinkAuditError.io) {
            files.discardAll()
            throw error
        }
        try files.commitAll()
        return chosen.map { outDir + "/" + $0.fileName }
    }

    /// One format's file as text, in memory.
    static func render(_ format: ReportFormat, _ report: Report) -> String {
        var out = ByteBuffer(capacity: ByteBuffer.drainSize)
        write(format, report, to: &out)
        return out.text
    }

    static func write(_ format: ReportFormat, _ report: Report, to out: inout ByteBuffer) {
        switch format {
        case .csv: ListingFile.write(FindingsCSV.self, report, to: &out)
        case .md: SummaryMarkdown.write(report, to: &out)
        case .sarif: ListingFile.write(FindingsSARIF.self, report, to: &out)
        case .junit: ListingFile.write(JUnitXML.self, report, to: &out)
        case .json: ListingFile.write(FindingsJSON.self, report, to: &out)
        case .jsonl: break
        }
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
    private(set) var failure: Error?

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
