import Checks
import Foundation
import LinkAuditModel
import Policies
import WHATWGURL

/// Buffered line output to a file or stdout: JSONL files can hold millions of lines.
public final class LineWriter {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private let ownsHandle: Bool

    public init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw LinkAuditError.io("cannot create \(path)")
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw LinkAuditError.io("cannot open \(path) for writing")
        }
        self.handle = handle
        ownsHandle = true
        buffer.reserveCapacity(1 << 16)
    }

    public init(handle: FileHandle) {
        self.handle = handle
        ownsHandle = false
    }

    public func write(line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    public func write(line: [UInt8]) {
        buffer.append(contentsOf: line)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Lines already joined and newline-terminated.
    public func write(lines: [UInt8]) {
        buffer.append(contentsOf: lines)
        if buffer.count >= 1 << 16 { flush() }
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        // Straight from the buffer: `Data(buffer)` would copy every byte once more.
        buffer.withUnsafeBytes { bytes in
            var done = 0
            while done < bytes.count {
                let n = Glibc.write(handle.fileDescriptor, bytes.baseAddress! + done, bytes.count - done)
                if n > 0 {
                    done += n
                } else if n < 0, errno == EINTR {
                    continue
                } else {
                    handle.write(Data(bytes[done...]))  // let FileHandle report what went wrong
                    break
                }
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    public func close() {
        flush()
        if ownsHandle { try? handle.close() }
    }
}
