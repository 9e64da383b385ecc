import Foundation
import LinkAuditModel

/// The temporary file a report's sorted runs go to (findings, page records, inventory
/// pages, page fragments: each kind a file of its own). It is unlinked as soon as
/// it is created: nothing is left behind when the run ends, fails or is killed, and the
/// space is freed when the last reader lets go of the descriptor.
///
/// Runs are appended under a lock and read with `pread`, so several report formats can
/// read their own positions of the same file side by side.
final class SpillFile: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    /// Bytes appended so far, the gathered ones included.
    private var size = 0
    private var failure: String?
    /// Whether `append(gathering:)` keeps bytes to write them with the next (`GatheredWrites`).
    private let gathers = GatheredWrites.gathers
    /// Bytes appended by `append(gathering:)` and not written yet.
    private var gathered = GatheredWrites()
    /// What the file holds, for messages: `findings`, `pages`…
    private let name: String

    /// The file's name while it keeps one (`init(path:name:)`): removed with the file
    /// unless handed over (`handOver`).
    private var keptPath: String?

    /// A new, already unlinked file in `directory`.
    init(directory: String, name: String = "findings") throws {
        self.name = name
        var template = Array((directory + "/.linkaudit-\(name)-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw LinkAuditError.io("cannot create a temporary file in \(directory)") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
    }

    /// A new file at `path` that keeps its name, so it can become a report file
    /// (`CSVDraft`); removed when dropped unless handed over first.
    init(path: String, name: String) throws {
        self.name = name
        descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw LinkAuditError.io("cannot create \(path)") }
        keptPath = path
    }

    deinit {
        close(descriptor)
        if let keptPath { unlink(keptPath) }
    }

    /// The kept name, which the file no longer removes: its new owner renames or removes
    /// it. Nothing is appended after.
    func handOver() -> String? {
        lock.lock()
        defer { lock.unlock() }
        writeGathered()
        defer { keptPath = nil }
        return keptPath
    }

    /// Writes what `append(gathering:)` kept; a failure is remembered (`failed`). Reads and
    /// `handOver` do it first themselves.
    func settle() {
        lock.lock()
        defer { lock.unlock() }
        writeGathered()
    }

    /// Bytes appended so far.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return size
    }

    /// Appends one run, written by `body` in as many slices as it likes, and returns
    /// where it went. The lock is held throughout: a run is one contiguous range.
    func appendRun(_ body: ((_ slice: [UInt8]) throws -> Void) throws -> Void) throws -> Range<Int> {
        lock.lock()
        defer { lock.unlock() }
        try writeGatheredOrThrow()
        let start = size
        try body { bytes in try bytes.withUnsafeBytes { try write($0) } }
        return start..<size
    }

    /// Appends `bytes` as one run, and returns where it went.
    func append(_ bytes: UnsafeRawBufferPointer) throws -> Range<Int> {
        lock.lock()
        defer { lock.unlock() }
        try writeGatheredOrThrow()
        let start = size
        try write(bytes)
        return start..<size
    }

    /// Appends `owned` as one run, and returns where it went; it may be kept and written
    /// later with the runs after it (`GatheredWrites`), so a failure to write it is thrown
    /// by a later append, or remembered (`failed`) when it is written by a read, `settle`
    /// or `handOver`.
    func append(gathering owned: OwnedBytes) throws -> Range<Int> {
        lock.lock()
        defer { lock.unlock() }
        let start = size
        guard gathers else {
            try withExtendedLifetime(owned) { try write(UnsafeRawBufferPointer(owned.buffer)) }
            return start..<size
        }
        size += owned.count
        if gathered.add(owned) { try writeGatheredOrThrow() }
        return start..<size
    }

    private var writeFailure: String { "cannot write the temporary \(name) file (disk full?)" }

    /// Writes at the end; the lock is held.
    private func write(_ bytes: UnsafeRawBufferPointer) throws {
        var written = 0
        while written < bytes.count {
            let count = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(size + written))
            guard count > 0 else { throw LinkAuditError.io(writeFailure) }
            written += count
        }
        size += bytes.count
    }

    /// Writes the gathered bytes where they belong, just before the end; the lock is held.
    private func writeGatheredOrThrow() throws {
        guard !gathered.isEmpty else { return }
        let offset = size - gathered.bytes
        guard gathered.write(to: descriptor, at: offset) == 0 else { throw LinkAuditError.io(writeFailure) }
    }

    /// `writeGatheredOrThrow`, the failure remembered for the reports read from the file.
    private func writeGathered() {
        do {
            try writeGatheredOrThrow()
        } catch {
            if failure == nil { failure = writeFailure }
        }
    }

    /// Reads up to `buffer.count` bytes at `offset`; a failed read is remembered (see
    /// `failed`) and reads as the end of the data.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        if gathers { settle() }
        let count = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
        guard count >= 0 else {
            lock.lock()
            failure = "cannot read the temporary \(name) file: \(String(cString: strerror(errno)))"
            lock.unlock()
            return 0
        }
        return count
    }

    /// Why a read failed, if one did: the reports written from it are incomplete.
    var failed: String? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }
}
