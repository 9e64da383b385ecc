import Foundation
import LinkAuditModel

/// Reads a JSON Lines file line by line in 1 MiB chunks, so a links.jsonl of millions of
/// records never has to fit in memory. Blank lines are skipped; a trailing CR is dropped.
struct JSONLines {
    let path: String

    /// Calls `body` with each non-blank line and its 1-based number.
    func forEach(_ body: (_ number: Int, _ line: Data) throws -> Void) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw LinkAuditError.usage("cannot read \(path)")
        }
        defer { try? handle.close() }
        var pending = Data()
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
                chunk = try handle.read(upToCount: 1 << 20) ?? Data()
            } catch {
                throw LinkAuditError.io("cannot read \(path): \(error.localizedDescription)")
            }
            if chunk.isEmpty { break }
            pending.append(chunk)
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(of: 0x0A) {
                try emit(pending.subdata(in: start..<newline))
                start = newline + 1
            }
            pending = pending.subdata(in: start..<pending.endIndex)
        }
        if !pending.isEmpty { try emit(pending) }
    }
}
