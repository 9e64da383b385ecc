/// Line- and length-oriented reading over a `ByteSource`, with bytes that can be pushed
/// back (to resynchronise after a record whose Content-Length lied).
final class ByteReader {
    private let source: ByteSource
    private var buffer: [UInt8] = []
    private var position = 0
    private var ended = false
    /// Bytes handed out so far (the offset of the next byte in the decompressed stream).
    private(set) var offset = 0

    init(_ source: ByteSource) {
        self.source = source
    }

    private var available: Int { buffer.count - position }

    /// Makes at least `count` bytes available if the stream has them.
    private func fill(_ count: Int) throws {
        while available < count, !ended {
            if position > 0, position >= buffer.count / 2 {
                buffer.removeFirst(position)
                position = 0
            }
            let chunk = try source.read(max: max(1 << 16, count - available))
            if chunk.isEmpty { ended = true } else { buffer += chunk }
        }
    }

    var atEnd: Bool {
        get throws {
            try fill(1)
            return available == 0
        }
    }

    /// The next line without its CRLF (or LF), nil at the end. Lines longer than
    /// `limit` are cut there (a binary or corrupt stream has no line breaks).
    func readLine(limit: Int = 64 << 10) throws -> [UInt8]? {
        var line: [UInt8] = []
        while true {
            try fill(1)
            if available == 0 { return line.isEmpty ? nil : line }
            let b = buffer[position]
            position += 1
            offset += 1
            if b == 0x0A {
                if line.last == 0x0D { line.removeLast() }
                return line
            }
            line.append(b)
            if line.count >= limit { return line }
        }
    }

    /// Up to `count` bytes (fewer only at the end of the stream).
    func read(_ count: Int) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(min(count, 1 << 24))
        var remaining = count
        while remaining > 0 {
            try fill(min(remaining, 1 << 20))
            if available == 0 { break }
            let n = min(remaining, available)
            out += buffer[position..<position + n]
            position += n
            offset += n
            remaining -= n
        }
        return out
    }

    /// Skips up to `count` bytes without keeping them; returns how many were skipped.
    func skip(_ count: Int) throws -> Int {
        var remaining = count
        while remaining > 0 {
            try fill(1)
            if available == 0 { break }
            let n = min(remaining, available)
            position += n
            offset += n
            remaining -= n
        }
        return count - remaining
    }

    /// Puts bytes back in front of the stream.
    func unread(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        buffer = bytes + buffer[position...]
        position = 0
        offset -= bytes.count
    }
}
