import Foundation
import LinkAuditModel

/// Reads a JSON Lines file line by line in 1 MiB chunks, so a links.jsonl of millions of
/// records never has to fit in memory. Blank lines are skipped; a trailing CR is dropped.
/// Each byte is looked at once for its newline (the search resumes where the last one
/// stopped, so one 32 MB line costs as much as 32 MB of short ones), and a line longer
/// than `maxLineBytes` is not held: it is skipped to its end and reported by number.
package struct JSONLines {
    /// Far past any record linkaudit writes (a record holds one navigation or one page).
    package static let defaultMaxLineBytes = 64 << 20

    let path: String
    var maxLineBytes = JSONLines.defaultMaxLineBytes
    /// How much is read at a time. Only the fuzzing harness (`Fuzz/LinksJSONL`) makes both
    /// limits small, so that its short inputs cross chunk ends and the line limit.
    var chunkBytes = 1 << 20

    package init(path: String, maxLineBytes: Int = JSONLines.defaultMaxLineBytes, chunkBytes: Int = 1 << 20) {
        self.path = path
        self.maxLineBytes = maxLineBytes
        self.chunkBytes = chunkBytes
    }

    /// Calls `body` with each non-blank line and its 1-based number, and `overlong` with
    /// the number of each line over the limit.
    func forEach(overlong: (_ number: Int) -> Void = { _ in },
                 _ body: (_ number: Int, _ line: Data) throws -> Void) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw LinkAuditError.usage("cannot read \(path)")
        }
        defer { try? handle.close() }
        var pending = Data()
        var scanned = 0  // bytes of `pending` known to hold no newline
        var skipping = false  // inside a line over the limit: drop bytes up to its newline
        var number = 0
        func emit(_ line: Data) throws {
            number += 1
            var line = line
            if line.last == 0x0D { line.removeLast() }
            if line.contains(where: { $0 != 0x20 && $0 != 0x09 }) { try body(number, line) }
        }
        while true {
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: chunkBytes) ?? Data()
            } catch {
                throw LinkAuditError.io("cannot read \(path): \(error.localizedDescription)")
            }
            if chunk.isEmpty { break }
            pending.append(chunk)
            var start = pending.startIndex
            var from = start + scanned
            while let newline = pending[from...].firstIndex(of: 0x0A) {
                if skipping {
                    skipping = false
                } else if newline - start > maxLineBytes {
                    number += 1
                    overlong(number)
                } else {
                    try emit(pending.subdata(in: start..<newline))
                }
                start = newline + 1
                from = start
            }
            pending = pending.subdata(in: start..<pending.endIndex)
            scanned = pending.count
            if pending.count > maxLineBytes {
                if !skipping {
                    number += 1
                    overlong(number)
                }
                skipping = true
                pending.removeAll(keepingCapacity: false)
                scanned = 0
            }
        }
        if !pending.isEmpty, !skipping {
            if pending.count > maxLineBytes {
                number += 1
                overlong(number)
            } else {
                try emit(pending)
            }
        }
    }
}
