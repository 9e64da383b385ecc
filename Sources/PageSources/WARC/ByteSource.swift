import Foundation

/// A stream of bytes read in chunks: a plain file, or a gzip file inflated on the fly.
protocol ByteSource: AnyObject {
    /// Up to `max` next bytes; empty at the end, or at a break (`takeBreak`). Throws on a
    /// read error, or on damage the source does not skip.
    func read(max: Int) throws -> [UInt8]
    /// After `read` returned empty: the damaged stretch it stopped at, when the stream
    /// goes on after it (nil at the true end). Asked once per break.
    func takeBreak() -> DamagedStretch?
}

extension ByteSource {
    func takeBreak() -> DamagedStretch? { nil }
}

/// An input that cannot be read: the words say why, without the path (the record that
/// reports it names the file).
struct ReadFailure: Error, CustomStringConvertible {
    let description: String
}

final class FileByteSource: ByteSource {
    private let handle: FileHandle
    /// Bytes read from the file so far (compressed ones under a gzip stream): how far into
    /// the file reading is, for the progress line.
    private(set) var consumed = 0

    /// Opens without blocking and refuses anything but a regular file: opening a FIFO
    /// (or reading a device) would wait forever for a writer.
    /// `offset`: where reading starts (a record read again, `WARCReader(path:at:gzip:)`).
    init(path: String, from offset: Int = 0) throws {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw ReadFailure(description: "cannot open: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw ReadFailure(description: "cannot open: \(String(cString: strerror(errno)))")
        }
        if info.st_mode & S_IFMT != S_IFREG {
            close(fd)
            let status = FileKind.notRegularStatus(mode: info.st_mode) ?? "not a regular file"
            throw ReadFailure(description: status.hasPrefix("unreadable: ") ? String(status.dropFirst(12)) : status)
        }
        guard offset == 0 || lseek(fd, off_t(offset), SEEK_SET) == off_t(offset) else {
            close(fd)
            throw ReadFailure(description: "cannot seek to \(offset): \(String(cString: strerror(errno)))")
        }
        handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    func read(max: Int) throws -> [UInt8] {
        do {
            let bytes = [UInt8](try handle.read(upToCount: max) ?? Data())
            consumed += bytes.count
            return bytes
        } catch {
            throw ReadFailure(description: "cannot read: \((error as NSError).localizedDescription)")
        }
    }
}

/// Opens an archive as plain or gzip by its first two bytes, whatever its name says.
enum ByteSources {
    /// The stream to read, whether it is inflated, and the file under it (which counts the
    /// bytes taken from disk, for the progress line).
    static func open(path: String) throws -> (source: ByteSource, gzip: Bool, file: FileByteSource) {
        let file = try FileByteSource(path: path)
        let head = try file.read(max: 2)
        let sniffed = try sniff(head, then: file)
        return (sniffed.source, sniffed.gzip, file)
    }

    /// An archive already in memory (the fuzzing harness, tests).
    static func memory(_ bytes: [UInt8]) throws -> (source: ByteSource, gzip: Bool) {
        try sniff(Array(bytes.prefix(2)), then: MemoryByteSource(Array(bytes.dropFirst(2))))
    }

    private static func sniff(_ head: [UInt8], then rest: ByteSource) throws -> (source: ByteSource, gzip: Bool) {
        let all = PrefixedByteSource(head, then: rest)
        return head == [0x1F, 0x8B] ? (try GzipByteSource(all, resync: true), true) : (all, false)
    }
}

/// Bytes already read, then the rest of a source.
final class PrefixedByteSource: ByteSource {
    private var prefix: [UInt8]
    private let rest: ByteSource

    init(_ prefix: [UInt8], then rest: ByteSource) {
        self.prefix = prefix
        self.rest = rest
    }

    func read(max: Int) throws -> [UInt8] {
        guard prefix.isEmpty else {
            let n = min(max, prefix.count)
            defer { prefix.removeFirst(n) }
            return Array(prefix[..<n])
        }
        return try rest.read(max: max)
    }
}

/// Bytes already in memory, as a source.
final class MemoryByteSource: ByteSource {
    private var bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func read(max: Int) throws -> [UInt8] {
        let n = min(max, bytes.count - position)
        defer { position += n }
        return Array(bytes[position..<position + n])
    }
}
