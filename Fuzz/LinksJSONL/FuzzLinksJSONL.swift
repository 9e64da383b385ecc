import Foundation
import LinkAuditModel
import Reports

/// The fuzzing harness for `links.jsonl` and `pages.jsonl` (issue 16): any bytes as a run's
/// `links.jsonl` (up to a NUL byte) and the `pages.jsonl` beside it (the rest), in a
/// scratch folder, read as `linkaudit report` reads them — cut into lines in the reader's
/// own chunks and in chunks of a few bytes, which must give the same records, lines and
/// warnings; every record written back must read the same — then rebuilt into every
/// report format. A crash, a hang or a broken bound is a finding; each found becomes a
/// test in Tests/ReportsTests/Fuzz/.
///
/// Run with libFuzzer by `Scripts/fuzz.sh FuzzLinksJSONL` (README, "Fuzzing"); built
/// without `FUZZING` it replays files instead (`FuzzDriver`).
enum LinksJSONLFuzzing {
    /// One scratch folder per process, written over by each input.
    static let folder: String = {
        let path = NSTemporaryDirectory() + "linkaudit-fuzz-jsonl-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
    /// Lines longer than this are skipped, so that short inputs reach the overlong path.
    static let maxLineBytes = 4096

    static func run(_ bytes: [UInt8]) {
        let cut = bytes.firstIndex(of: 0) ?? bytes.endIndex
        let links = folder + "/links.jsonl", pages = folder + "/pages.jsonl"
        guard FileManager.default.createFile(atPath: links, contents: Data(bytes[..<cut])),
              FileManager.default.createFile(atPath: pages, contents: Data(bytes[cut...].dropFirst())) else {
            fatalError("cannot write the scratch folder \(folder)")
        }
        let lineCount = bytes[..<cut].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }

        let whole = navigations(JSONLines(path: links, maxLineBytes: maxLineBytes))
        let pieces = navigations(JSONLines(path: links, maxLineBytes: maxLineBytes, chunkBytes: 61))
        precondition(whole.records == pieces.records && whole.lines == pieces.lines && whole.warnings == pieces.warnings,
                     "the lines depend on where the reads end")
        precondition(whole.records.count + whole.warnings.count <= lineCount, "more records than lines")
        for (record, line) in zip(whole.records, whole.lines) {
            precondition(line.count <= maxLineBytes && !line.contains(0x0A), "a line over the limit or with a newline")
            let again = try? LinksJSONLReader.navigation(record.jsonLine)
            precondition(again == record, "a record written back reads otherwise: \(record.jsonLine)")
        }
        for streamed in [false, true] {
            let lines = JSONLines(path: streamed ? links : pages, maxLineBytes: maxLineBytes, chunkBytes: 61)
            try? LinksJSONLReader.pages(lines, streamed: streamed, warn: { _ in }) { record, _ in
                let again = try? JSONDecoder().decode(PageRecord.self, from: Data(record.jsonBytes))
                precondition(again == record, "a page record written back reads otherwise: \(record.jsonLine)")
            }
        }
        // As `linkaudit report` rebuilds a run, into every format.
        let rebuild = ReportRebuild(inputs: [folder], outDir: folder + "/reports", formats: Set(ReportFormat.allCases))
        do {
            _ = try rebuild.run(warn: { _ in })
        } catch {
            fatalError("the reports of a readable run were not written: \(error)")
        }
    }

    static func navigations(_ lines: JSONLines) -> (records: [Navigation], lines: [Data], warnings: [String]) {
        var out: (records: [Navigation], lines: [Data], warnings: [String]) = ([], [], [])
        try? LinksJSONLReader.navigations(lines, warn: { out.warnings.append($0) }) { record, line in
            out.records.append(record)
            out.lines.append(line)
        }
        return out
    }
}
