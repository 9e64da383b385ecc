import Glibc
import LinkAuditModel

/// A report file written under a temporary name beside its final one and renamed into
/// place by `commit`, so the final name only ever holds a whole file: a run that fails
/// or is interrupted leaves what was there before (or nothing), never half a file. Every
/// report file is written through one (links.jsonl and pages.jsonl included); the
/// streaming mode's standard output is a `StreamOutput` instead.
///
/// Write failures are remembered and thrown by `close` or `commit`, never trapped on; a
/// file dropped without `commit` (an error elsewhere, a thrown write) removes its
/// temporary file.
final class AtomicFile: ByteDrain {
    let path: String
    /// A hidden name in the same folder: the rename stays on one file system, so it is atomic.
    let temporaryPath: String
    private var descriptor: Int32
    /// The error number of the first failed write (0: none); later writes are skipped.
    private var failure: Int32 = 0
    private var state = State.writing
    /// Whether bytes handed over are kept to go out with the next (`GatheredWrites`).
    let gathers = GatheredWrites.gathers
    /// Bytes handed over and not written yet.
    private var gathered = GatheredWrites()

    private enum State {
        case writing, committed, discarded
    }

    init(path: String) throws {
        self.path = path
        if let slash = path.lastIndex(of: "/") {
            temporaryPath = String(path[...slash]) + "." + String(path[path.index(after: slash)...]) + ".partial"
        } else {
            temporaryPath = "." + path + ".partial"
        }
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw LinkAuditError.io("cannot write \(path)") }
    }

    /// A file already written in full at `temporaryPath` (`CSVDraft`), to be renamed to
    /// `path` by `commit` or removed by `discard`. It need not be in `path`'s folder, only
    /// on its file system.
    init(written temporaryPath: String, path: String) {
        self.path = path
        self.temporaryPath = temporaryPath
        descriptor = -1
    }

    deinit { discard() }

    func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == 0, descriptor >= 0 else { return }
        if !gathered.isEmpty {
            // What was kept goes first, and `bytes` with it in the same call.
            failure = gathered.write(to: descriptor, at: nil, then: bytes)
        } else {
            failure = DescriptorWrite.all(bytes, to: descriptor)
        }
    }

    func write(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) {
        guard failure == 0, descriptor >= 0 else { return }
        writeGathered()
        guard failure == 0 else { return }
        failure = DescriptorWrite.all(first, second, to: descriptor)
    }

    func write(owned: OwnedBytes) {
        guard failure == 0, descriptor >= 0 else { return }
        guard gathers else {
            withExtendedLifetime(owned) { failure = DescriptorWrite.all(UnsafeRawBufferPointer(owned.buffer), to: descriptor) }
            return
        }
        if gathered.add(owned) { writeGathered() }
    }

    /// Writes what was handed over and kept.
    private func writeGathered() {
        guard failure == 0, descriptor >= 0, !gathered.isEmpty else { return }
        failure = gathered.write(to: descriptor, at: nil)
    }

    /// Closes the file, still under its temporary name; throws (and removes it) if any
    /// write failed.
    func close() throws {
        guard descriptor >= 0 else { return }
        writeGathered()
        let closed = Glibc.close(descriptor)
        descriptor = -1
        if closed != 0, failure == 0 { failure = errno }
        guard failure == 0 else {
            let reason = String(cString: strerror(failure))
            discard()
            throw LinkAuditError.io("cannot write \(path): \(reason)")
        }
    }

    /// Closes the file and puts it in place (`FileReplacement`).
    func commit() throws {
        guard state != .committed else { return }
        guard state == .writing else { throw LinkAuditError.io("cannot write \(path): dropped") }
        try close()
        state = .committed
        if let failed = FileReplacement.replace(path, with: temporaryPath) {
            let reason = String(cString: strerror(failed))
            unlink(temporaryPath)
            throw LinkAuditError.io("cannot write \(path): \(reason)")
        }
    }

    /// Drops the file: nothing appears at `path`.
    func discard() {
        guard state == .writing else { return }
        state = .discarded
        gathered = GatheredWrites()
        if descriptor >= 0 {
            _ = Glibc.close(descriptor)
            descriptor = -1
        }
        unlink(temporaryPath)
    }
}
