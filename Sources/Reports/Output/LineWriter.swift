import Foundation
import LinkAuditModel

/// Buffered JSON Lines output (`links.jsonl`, `pages.jsonl`: they can hold millions of
/// lines): to a report file written atomically (`AtomicFile`: nothing at the final name
/// until `commit`), or to a stream such as standard output, which gets the lines as they
/// are flushed.
package final class LineWriter {
    private var buffer: ByteBuffer
    private let file: AtomicFile?
    private let stream: StreamOutput?

    /// A file at `path`, under a temporary name until `commit`.
    package init(path: String) throws {
        let file = try AtomicFile(path: path)
        self.file = file
        stream = nil
        buffer = ByteBuffer(capacity: ByteBuffer.drainSize * 2, drain: file)
    }

    /// A stream the writer does not own (standard output).
    package init(handle: FileHandle) {
        let stream = StreamOutput(descriptor: handle.fileDescriptor)
        file = nil
        self.stream = stream
        buffer = ByteBuffer(capacity: ByteBuffer.drainSize * 2, drain: stream)
    }

    package func write(line: [UInt8]) {
        buffer.append(line)
        buffer.append(0x0A)
        buffer.drainIfFull()
    }

    /// Lines already joined and newline-terminated.
    package func write(lines: [UInt8]) {
        buffer.append(lines)
        buffer.drainIfFull()
    }

    /// Lines already joined and newline-terminated, passed on without a copy when they are
    /// many (`ByteBuffer.append(passing:)`).
    package func write(lines: OwnedBytes) {
        buffer.append(passing: lines)
    }

    /// Passes on what is buffered: a stream's reader sees the lines so far.
    package func flush() {
        buffer.drainAll()
    }

    /// Writes what is left, then renames a file into place; throws if any write failed.
    package func commit() throws {
        buffer.drainAll()
        try file?.commit()
        if let stream, stream.failure != 0 {
            throw LinkAuditError.io("cannot write the output stream: \(String(cString: strerror(stream.failure)))")
        }
    }

    /// Drops a file's temporary (nothing appears at its path); a stream keeps what it got.
    package func discard() {
        file?.discard()
    }
}
