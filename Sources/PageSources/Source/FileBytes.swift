import Glibc
import LinkAuditModel

/// Reads a page file straight into the byte array the reader works on: one open, fstat
/// and read, where `Data(contentsOf:)` plus a conversion to `[UInt8]` copied every page
/// twice and asked Foundation for the file's attributes first.
enum FileBytes {
    enum Outcome {
        case bytes([UInt8])
        /// Larger than the limit: not read at all.
        case tooLarge(Int)
    }

    /// nil when the file cannot be read this way (missing, not a regular file, a read
    /// error): the caller then goes through Foundation, whose error text the report shows.
    static func read(_ path: String, maxBytes: Int) -> Outcome? {
        // Non-blocking: should a FIFO appear here after the inputs were collected, opening it
        // returns at once (and fstat turns it away) instead of waiting for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        if size > maxBytes { return .tooLarge(size) }
        if size == 0 { return .bytes([]) }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            while count < size {
                let n = Glibc.read(fd, base + count, size - count)
                if n > 0 {
                    count += n
                } else if n == 0 {
                    break  // the file shrank while being read: keep what is there
                } else if errno != EINTR {
                    failed = true
                    return
                }
            }
        }
        return failed ? nil : .bytes(bytes)
    }
}
