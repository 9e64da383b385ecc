import Checks
import Foundation
import LinkAuditModel
import Policies
import WHATWGURL

/// Writes report files: each format streams its file through a `ReportSink`, side by side
/// with the others (each reads the findings in its own pass), to a temporary name renamed
/// into place, so a reader never sees half a report.
enum ReportFiles {
    /// Writes every format but `jsonl` into `outDir`; returns the paths, in format order.
    /// `readFailure` tells, after the passes, whether the findings could all be read back:
    /// if not, no file is renamed into place.
    static func write(_ report: Report, formats: Set<ReportFormat>, into outDir: String,
                      readFailure: () -> String?) throws -> [String] {
        try createDirectory(outDir)
        let chosen = formats.sorted().filter { $0 != .jsonl }
        let sinks = WrittenSinks()
        DispatchQueue.concurrentPerform(iterations: chosen.count) { i in
            do {
                let sink = try ReportSink(path: outDir + "/" + chosen[i].fileName)
                sinks.add(sink)
                write(chosen[i], report, to: sink)
                try sink.finish()
            } catch {
                sinks.fail(error)
            }
        }
        if let error = sinks.failure ?? readFailure().map(LinkAuditError.io) {
            sinks.discardAll()
            throw error
        }
        try sinks.commitAll()
        return chosen.map { outDir + "/" + $0.fileName }
    }

    /// One format's file as text, in memory.
    static func render(_ format: ReportFormat, _ report: Report) -> String {
        let sink = ReportSink()
        write(format, report, to: sink)
        return sink.text
    }

    static func write(_ format: ReportFormat, _ report: Report, to sink: ReportSink) {
        switch format {
        case .csv: FindingsCSV.write(report, to: sink)
        case .md: SummaryMarkdown.write(report, to: sink)
        case .sarif: FindingsSARIF.write(report, to: sink)
        case .junit: JUnitXML.write(report, to: sink)
        case .json: FindingsJSON.write(report, to: sink)
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

/// The sinks of the formats being written side by side, and the first error.
private final class WrittenSinks: @unchecked Sendable {
    private let lock = NSLock()
    private var sinks: [ReportSink] = []
    private(set) var failure: Error?

    func add(_ sink: ReportSink) {
        lock.lock()
        sinks.append(sink)
        lock.unlock()
    }

    func fail(_ error: Error) {
        lock.lock()
        if failure == nil { failure = error }
        lock.unlock()
    }

    func discardAll() {
        for sink in sinks { sink.discard() }
    }

    /// Renames every file into place only once all were written.
    func commitAll() throws {
        for sink in sinks { try sink.commit() }
    }
}
