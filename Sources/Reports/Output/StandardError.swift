import Foundation
import Glibc

/// Standard error, written through one path that never traps. `FileHandle.write` raises
/// on a closed or full stderr and takes the run down with a backtrace (which was seen
/// holding the process's streams for minutes); here a failed write is remembered, later
/// ones are skipped, and the command line exits 3 at the end — there is nowhere left to
/// say why.
package enum StandardError {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var failure: Int32 = 0

    /// Writes `text` as it is (a line needs its own newline).
    package static func write(_ text: String) {
        lock.withLock {
            guard failure == 0 else { return }
            var bytes = Array(text.utf8)
            failure = bytes.withUnsafeMutableBytes { DescriptorWrite.all(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
        }
    }

    /// One line, newline added.
    package static func line(_ text: String) {
        write(text + "\n")
    }

    /// A write to standard error has failed.
    package static var failed: Bool { lock.withLock { failure != 0 } }
}
