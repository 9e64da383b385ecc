/// Reads WARC records one at a time from a `.warc` or `.warc.gz` (per-record members or
/// whole-file gzip) without loading the file. Damage is reported and reading goes on:
///
/// - A record's block is what its `Content-Length` says when the bytes after it are the
///   record end (CRLF CRLF) and then the next record's `WARC/` version line, more blank
///   lines, or the end of the data. When they are not, the length is wrong, and the record
///   ends where the next one starts (a version line after a blank line): inside the
///   declared block when the length is too big, after it when too small (looked for up to
///   `recoveryLimit` bytes on). A block holding a whole WARC file whose length is right is
///   kept whole: only a length that does not fit is corrected.
/// - A header block over `HeaderFields.sizeLimit`, or without a valid Content-Length,
///   makes the record unreadable; the bytes up to the next version line are skipped.
/// - Bytes between records that are not WARC, corrupt gzip members (see
///   `GzipByteSource`) and whatever could not be held to recover from a too-big length
///   are skipped, each as a `DamagedStretch` (`takeDamage()`).
public final class WARCReader {
    private let reader: ByteReader
    /// Offsets in the file, or in the inflated data of a `.warc.gz`.
    private let place: DamagedStretch.Place
    private var count = 0
    private var damage: [DamagedStretch] = []

    /// How far the reader looks for the true end of a record whose Content-Length is
    /// wrong: past its declared end, and past the part of its block it keeps (4 MiB). Records
    /// swallowed further into a too-big length than this are skipped and reported.
    public static let recoveryLimit = 4 << 20

    private let file: FileByteSource?
    /// The inflater of a `.warc.gz`, when records' positions are asked for (`positions`).
    private let gzip: GzipByteSource?
    /// Whether each record says where it can be read again (`WARCRecord.position`).
    private let positions: Bool

    /// `positions`: give each record the place it can be read again from (`WARCRecord.position`).
    public init(path: String, positions: Bool = false) throws {
        let opened = try ByteSources.open(path: path)
        reader = ByteReader(opened.source)
        place = opened.gzip ? .inflated : .file
        file = opened.file
        gzip = positions ? opened.source as? GzipByteSource : nil
        gzip?.tracksMembers = true
        self.positions = positions
    }

    /// Whether the file is gzip (by its first two bytes, as `init(path:)` reads it).
    public var isGzip: Bool { place == .inflated }

    /// A reader standing at a record read before (`WARCRecord.position`), in a file that is
    /// gzip or not as `gzip` says: the next record it gives is that one.
    public init(path: String, at position: RecordPosition, gzip isGzip: Bool) throws {
        let opened = try FileByteSource(path: path, from: position.file)
        let source: ByteSource = isGzip ? try GzipByteSource(opened) : opened
        reader = ByteReader(source)
        place = isGzip ? .inflated : .file
        file = opened
        gzip = nil
        positions = false
        var left = position.skip
        while left > 0 {
            let skipped = try reader.read(min(left, ByteReader.chunk))
            guard !skipped.isEmpty else { break }
            left -= skipped.count
        }
    }

    /// An archive already in memory, plain or gzip (the fuzzing harness, `Fuzz/`).
    public init(bytes: [UInt8]) throws {
        let opened = try ByteSources.memory(bytes)
        reader = ByteReader(opened.source)
        place = opened.gzip ? .inflated : .file
        file = nil
        gzip = nil
        positions = false
    }

    init(source: ByteSource, inflated: Bool = false) {
        reader = ByteReader(source)
        place = inflated ? .inflated : .file
        file = nil
        gzip = nil
        positions = false
    }

    /// Bytes of the file read so far (compressed ones for a `.warc.gz`), ahead of the
    /// records handed out by at most a read buffer.
    public var fileBytesRead: Int { file?.consumed ?? 0 }

    /// The most bytes the reader's buffer ever held (for tests of the memory bound).
    var peakBuffered: Int { reader.peakBuffered }

    /// The stretches skipped since the last call, in the order of the data. Those met
    /// before a record are there when `next()` returns it.
    public func takeDamage() -> [DamagedStretch] {
        defer { damage = [] }
        return damage
    }

    /// The next record, nil at the end. `keep` decides from the fields whether the
    /// block is wanted; `maxBlock` bounds what is kept of it.
    public func next(keep: (HeaderFields) -> Bool = { _ in true }, maxBlock: Int = 64 << 20) throws -> WARCRecord? {
        guard let start = try findRecordStart() else { return nil }
        count += 1
        var record = WARCRecord(number: count, offset: start, fields: HeaderFields(), block: [], problem: nil)
        if positions {
            if let gzip {
                record.position = gzip.member(at: start).map { RecordPosition(file: $0.file, skip: $0.skip) }
            } else if place == .file {
                record.position = RecordPosition(file: start, skip: 0)
            }
        }
        var lines: [[UInt8]] = []
        var size = 0
        while true {
            guard let line = try reader.readLine() else {
                record.fields = HeaderFields.parse(lines: lines)
                record.problem = "truncated: the data ends inside its WARC header"
                record.unreadable = true
                return record
            }
            if line.isEmpty { break }
            size += line.count + 2
            if size > HeaderFields.sizeLimit {
                record.fields = HeaderFields.parse(lines: lines)
                record.problem = "its WARC header is over \(HeaderFields.sizeLimit) bytes (the limit)"
                record.unreadable = true
                return record
            }
            lines.append(line)
        }
        record.fields = HeaderFields.parse(lines: lines)
        guard let lengthText = record.fields["Content-Length"], let length = Int(lengthText), length >= 0 else {
            record.problem = "its Content-Length is missing or not a number"
            record.unreadable = true
            return record
        }
        let keepLimit = keep(record.fields) ? max(0, maxBlock) : 0
        try readBlock(of: &record, length: length, keep: keepLimit)
        return record
    }

    /// Reads the block and settles where the record really ends (see the type's comment).
    private func readBlock(of record: inout WARCRecord, length: Int, keep: Int) throws {
        let blockStart = reader.offset
        let block = try reader.readBlock(length, keep: keep, capture: Self.recoveryLimit)
        record.block = block.kept
        record.blockCut = length > keep && keep > 0
        if block.count == length, try endsWhereItSays() { return }

        if let inside = block.recordStart {
            // Too big: the record ends where the one inside it starts. Give that one back,
            // with what follows it, as far as it was held.
            let end = inside - block.finder.terminator
            setBlock(of: &record, length: end, kept: block.kept, keep: keep, more: [])
            record.problem = "Content-Length \(length) does not match the record (it holds \(end) bytes)"
            let recovered = (inside < block.kept.count ? Array(block.kept[inside...]) : []) + block.captured
            if block.captureFull {
                let from = blockStart + max(inside, keep) + block.captured.count
                reader.unread(recovered, thenSkip: DamagedStretch(
                    start: from, end: blockStart + block.count, place: place,
                    reason: "inside record \(record.number), whose Content-Length \(length) is too big, more than "
                        + "\(Self.recoveryLimit) bytes past the next record's start: skipped"))
            } else {
                reader.unread(recovered)
            }
            return
        }
        if block.count < length {
            let cause = reader.atBreak ? "damaged data" : "the end of the file"
            record.problem = "truncated: Content-Length \(length), only \(block.count) bytes before \(cause)"
            return
        }
        // Too small (or something else follows the block): the record runs on to the next
        // start. The start may begin in the block's last bytes (a length too big by 1–5).
        let more = try reader.readUntilRecordStart(finder: block.finder, limit: Self.recoveryLimit)
        guard let at = more.start else {
            reader.unread(more.bytes)
            record.problem = "Content-Length \(length) does not match the record"
            return
        }
        let terminator = more.terminator
        if at >= 0 {
            reader.unread(Array(more.bytes[at...]))
        } else {
            reader.unread(Array(block.finder.tail.suffix(-at)) + more.bytes)
        }
        let end = length + at - terminator
        setBlock(of: &record, length: end, kept: block.kept, keep: keep,
                 more: at - terminator > 0 ? Array(more.bytes[..<(at - terminator)]) : [])
        record.problem = "Content-Length \(length) does not match the record (it holds \(end) bytes)"
    }

    /// Sets the block to its first `length` bytes, from `kept` and then `more`, up to `keep`.
    private func setBlock(of record: inout WARCRecord, length: Int, kept: [UInt8], keep: Int, more: [UInt8]) {
        guard keep > 0 else { return }
        let end = max(0, length)
        if end <= kept.count {
            record.block = Array(kept[..<end])
        } else {
            record.block = kept + more.prefix(min(end, keep) - kept.count)
        }
        record.blockCut = end > keep
    }

    /// After a block: the record end (CRLF CRLF, or LF LF) and then the next record's
    /// version line, more blank lines, or the end of the data. Reads only the record end.
    private func endsWhereItSays() throws -> Bool {
        let crlf: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
        let trailer = try reader.read(4)
        let used: Int
        if trailer == crlf {
            used = 4
        } else if trailer.starts(with: [0x0A, 0x0A]) {
            used = 2  // bare LFs, as some writers emit
        } else if trailer.count < 4, crlf.starts(with: trailer) || [0x0A].starts(with: trailer), try reader.atEnd {
            return true  // the data ends within the record end: nothing after it is lost
        } else {
            reader.unread(trailer)
            return false
        }
        reader.unread(Array(trailer[used...]))
        let next = try reader.read(6)
        reader.unread(next)
        if next.count < 6 || next[0] == 0x0D || next[0] == 0x0A { return true }
        if Self.isVersionLine(next) { return true }
        reader.unread(Array(trailer[..<used]))
        return false
    }

    /// Reads up to the next version line; bytes on the way that are not blank lines are
    /// reported as a damaged stretch, and so is every break of the data. Returns the
    /// offset of the version line, nil at the end.
    private func findRecordStart() throws -> Int? {
        var junkStart: Int?
        var lineStart = reader.offset
        func reportJunk(upTo end: Int) {
            guard let from = junkStart else { return }
            damage.append(DamagedStretch(start: from, end: end, place: place,
                                         reason: "\(end - from) bytes that are not a WARC record: skipped"))
            junkStart = nil
        }
        while true {
            guard let line = try reader.readLine() else {
                reportJunk(upTo: reader.offset)
                if let stretch = reader.resume() {
                    damage.append(stretch)
                    lineStart = reader.offset
                    continue
                }
                return nil
            }
            if Self.isVersionLine(line) {
                reportJunk(upTo: lineStart)
                return lineStart
            }
            if !line.isEmpty, junkStart == nil { junkStart = lineStart }
            lineStart = reader.offset
        }
    }

    /// `WARC/` and a digit: `WARC/1.0`, `WARC/1.1`, `WARC/0.18`.
    private static func isVersionLine<C: Collection>(_ line: C) -> Bool where C.Element == UInt8, C.Index == Int {
        line.count >= 6 && line.starts(with: Array("WARC/".utf8)) && (0x30...0x39).contains(line[line.startIndex + 5])
    }
}
