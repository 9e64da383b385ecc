import Checks
import Foundation
import LinkAuditModel
import Policies
import WHATWGURL

/// Bytes on their way to one report file, or to a string in memory (`render`). The buffer
/// goes to disk whenever it passes 64 KB, so a report of any size needs only that much;
/// the file is written under a temporary name and renamed by `commit`.
final class ReportSink {
    /// Pending bytes; writers append here and call `flushIfFull` between items.
    var bytes: [UInt8] = []
    private var file: UnsafeMutablePointer<FILE>?
    private let path: String?
    private var failed = false
    /// Renamed into place or dropped: nothing left to clean up.
    private var settled = false

    /// In memory: the bytes stay in `bytes`.
    init() {
        path = nil
    }

    init(path: String) throws {
        self.path = path
        guard let file = fopen(path + ".partial", "wb") else { throw LinkAuditError.io("cannot write \(path)") }
        self.file = file
        bytes.reserveCapacity(1 << 17)
    }

    deinit { discard() }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    func flushIfFull() {
        if file != nil, bytes.count >= 1 << 16 { flush() }
    }

    private func flush() {
        guard let file, !bytes.isEmpty else { return }
        if fwrite(bytes, 1, bytes.count, file) != bytes.count { failed = true }
        bytes.removeAll(keepingCapacity: true)
    }

    /// Writes what is left and closes the file (still under its temporary name).
    func finish() throws {
        guard let open = file, let path else { return }
        flush()
        file = nil
        if fclose(open) != 0 || failed {
            unlink(path + ".partial")
            throw LinkAuditError.io("cannot write \(path)")
        }
    }

    func commit() throws {
        guard let path else { return }
        try finish()
        settled = true
        guard rename(path + ".partial", path) == 0 else {
            unlink(path + ".partial")
            throw LinkAuditError.io("cannot write \(path)")
        }
    }

    /// Drops the file: an error elsewhere means the reports would not agree.
    func discard() {
        guard let path, !settled else { return }
        settled = true
        if let open = file {
            fclose(open)
            file = nil
        }
        unlink(path + ".partial")
    }
}
