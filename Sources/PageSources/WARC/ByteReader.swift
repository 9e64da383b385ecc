/// Line- and length-oriented reading over a `ByteSource`, with bytes that can be pushed
/// back (to resynchronise after a record whose Content-Length lied).
///
/// The stream can *break*: the source skipped damaged data (a corrupt gzip member), or the
/// reader was told to pass over bytes it could not keep (`unread(_:thenSkip:)`). At a
/// break, reads end as at the end of the data; `resume()` hands over the stretch skipped
/// and reading goes on after it. Memory: the buffer holds at most what one read asked for
/// plus one chunk of the source (`peakBuffered` says how much it ever held, for tests).
final class ByteReader {
    private let source: ByteSource
    private var buffer: [UInt8] = []
    private var position = 0
    /// Reads stop: the end of the data, or a break (`pendingBreak`) until `resume()`.
    private var stopped = false
    private var pendingBreak: (stretch: DamagedStretch, resumeAt: Int?)?
    /// What comes before the source's next bytes: bytes given back, and breaks among them.
    private var queued: [Queued] = []
    private enum Queued {
        case bytes([UInt8])
        case skip(DamagedStretch, resumeAt: Int)
    }

    /// Bytes handed out so far (the offset of the next byte in the decompressed stream).
    private(set) var offset = 0
    /// The most bytes the buffer ever held.
    private(set) var peakBuffered = 0

    /// The size of the pieces asked of the source.
    static let chunk = 1 << 16

    init(_ source: ByteSource) {
        self.source = source
    }

    private var available: Int { buffer.count - position }

    /// Makes at least `count` bytes available if the stream has them before its end or
    /// its next break.
    private func fill(_ count: Int) throws {
        while available < count, !stopped {
            if position > 0, position >= buffer.count / 2 {
                buffer.removeFirst(position)
                position = 0
            }
            if !queued.isEmpty {
                switch queued.removeFirst() {
                case .bytes(let bytes): buffer += bytes
                case .skip(let stretch, let resumeAt):
                    stopped = true
                    pendingBreak = (stretch, resumeAt)
                }
            } else {
                let chunk = try source.read(max: max(Self.chunk, count - available))
                if chunk.isEmpty {
                    stopped = true
                    if let stretch = source.takeBreak() { pendingBreak = (stretch, nil) }
                } else {
                    buffer += chunk
                }
            }
            peakBuffered = max(peakBuffered, buffer.count)
        }
    }

    /// Reads stopped at a break (not at the true end of the data).
    var atBreak: Bool { pendingBreak != nil }

    /// No byte left before the end of the data or the next break.
    var atEnd: Bool {
        get throws {
            try fill(1)
            return available == 0
        }
    }

    /// At a break with every byte before it read: the stretch skipped, and reading goes on
    /// after it. Nil at the true end of the data (or while bytes before the break remain).
    func resume() -> DamagedStretch? {
        guard available == 0, let pending = pendingBreak else { return nil }
        pendingBreak = nil
        stopped = false
        if let resumeAt = pending.resumeAt { offset = resumeAt }
        return pending.stretch
    }

    /// The next line without its CRLF (or LF), nil at the end or a break. Lines longer
    /// than `limit` are cut there (a binary or corrupt stream has no line breaks).
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

    /// Up to `count` bytes (fewer only at the end of the stream or a break).
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

    /// A record's block as it is read: the first bytes, kept, and the first record start
    /// inside it, with the bytes from there on, in case the Content-Length was too big.
    struct Block {
        /// The first `keep` bytes.
        var kept: [UInt8] = []
        /// Bytes read: fewer than asked only at the end of the data or a break.
        var count = 0
        /// Offset in the block of the first record start inside it (`RecordStartFinder`).
        var recordStart: Int?
        /// The bytes from `max(recordStart, keep)` on, up to the `capture` bound.
        var captured: [UInt8] = []
        /// The bound stopped the capture: bytes after it are not held.
        var captureFull = false
        /// The finder, fed to the end of the block, to look on past it.
        var finder = RecordStartFinder(afterBlankLine: true)
    }

    /// Reads `length` bytes of a block (fewer at the end of the data or a break), keeping
    /// the first `keep` and, from the first record start inside, up to `capture` more:
    /// memory stays within `keep + capture` plus a chunk, whatever the length says.
    func readBlock(_ length: Int, keep: Int, capture: Int) throws -> Block {
        var block = Block()
        block.kept.reserveCapacity(min(keep, length, 1 << 24))
        var remaining = length
        while remaining > 0 {
            try fill(min(remaining, Self.chunk))
            if available == 0 { break }
            let n = min(remaining, available)
            let pieceStart = block.count
            let piece = buffer[position..<position + n]
            if block.kept.count < keep { block.kept += piece.prefix(keep - block.kept.count) }
            let tailBefore = block.finder.tail
            if block.recordStart == nil, let at = piece.withUnsafeBytes({ block.finder.feed($0) }) {
                block.recordStart = at
                // A start straddling the previous piece: its first bytes are in the finder's tail.
                let from = max(at, keep)
                if from < pieceStart { append(tailBefore.suffix(pieceStart - from), to: &block, capture: capture) }
            }
            if let start = block.recordStart {
                let from = max(start, keep, pieceStart)
                if from < pieceStart + n { append(piece.dropFirst(from - pieceStart), to: &block, capture: capture) }
            }
            position += n
            offset += n
            remaining -= n
            block.count += n
        }
        return block
    }

    private func append<C: Collection>(_ bytes: C, to block: inout Block, capture: Int) where C.Element == UInt8 {
        guard !block.captureFull else { return }
        let room = capture - block.captured.count
        if bytes.count > room {
            block.captured += bytes.prefix(room)
            block.captureFull = true
        } else {
            block.captured += bytes
        }
    }

    /// Reads on until the next record start (`finder` carries on from the bytes before),
    /// at most `limit` bytes. Returns the bytes read and where the start is, counted from
    /// the first of them: negative when it began in the bytes the finder saw before (at
    /// most 5 back), nil when none was found; and the length of the record end before it
    /// (`RecordStartFinder.terminator`). The caller gives back what it does not keep.
    func readUntilRecordStart(finder: RecordStartFinder, limit: Int) throws
        -> (bytes: [UInt8], start: Int?, terminator: Int) {
        var finder = finder
        let origin = finder.fed
        var bytes: [UInt8] = []
        while bytes.count < limit {
            try fill(1)
            if available == 0 { break }
            let n = min(limit - bytes.count, available)
            let piece = buffer[position..<position + n]
            let hit = piece.withUnsafeBytes { finder.feed($0) }
            bytes += piece
            position += n
            offset += n
            if let hit { return (bytes, hit - origin, finder.terminator) }
        }
        return (bytes, nil, 0)
    }

    /// Puts bytes back in front of the stream.
    func unread(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        // Bytes just read are still in the buffer: step back over them (a peek at each
        // record's end would otherwise copy the buffer every time).
        if bytes.count <= position, buffer[(position - bytes.count)..<position].elementsEqual(bytes) {
            position -= bytes.count
            offset -= bytes.count
            return
        }
        buffer = bytes + buffer[position...]
        position = 0
        offset -= bytes.count
        peakBuffered = max(peakBuffered, buffer.count)
    }

    /// Puts `bytes` back in front of the stream, then a break for `skipped`, which ends at
    /// the current offset: the stretch between them is passed over, and reported when the
    /// reader resumes after it.
    func unread(_ bytes: [UInt8], thenSkip skipped: DamagedStretch) {
        let resumeAt = offset
        var after: [Queued] = [.skip(skipped, resumeAt: resumeAt)]
        if available > 0 { after.append(.bytes(Array(buffer[position...]))) }
        if stopped, let pending = pendingBreak {
            after.append(.skip(pending.stretch, resumeAt: pending.resumeAt ?? resumeAt + available))
        }
        // A pending end of the data needs no entry: the source says so again when asked.
        queued = after + queued
        pendingBreak = nil
        stopped = false
        buffer = bytes
        position = 0
        offset = resumeAt - skipped.count - bytes.count
        peakBuffered = max(peakBuffered, buffer.count)
    }
}
