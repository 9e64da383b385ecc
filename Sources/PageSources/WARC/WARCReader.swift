/// Reads WARC records one at a time from a `.warc` or `.warc.gz` (per-record members or
/// whole-file gzip) without loading the file. Damage is reported and reading goes on:
/// a truncated record ends the file with a problem, a record whose Content-Length lies is
/// reported and the reader finds the next `WARC/` line.
public final class WARCReader {
    private let reader: ByteReader
    private var count = 0
    /// Problems met between records (garbage skipped), for the caller to report.
    public private(set) var notes: [String] = []

    /// Blocks not kept are still read up to this size so a lying Content-Length can be
    /// recovered from; larger ones are skipped.
    static let inspectLimit = 1 << 20

    private let file: FileByteSource?

    public init(path: String) throws {
        let opened = try ByteSources.open(path: path)
        reader = ByteReader(opened.stream)
        file = opened.file
    }

    init(source: ByteSource) {
        reader = ByteReader(source)
        file = nil
    }

    /// Bytes of the file read so far (compressed ones for a `.warc.gz`), ahead of the
    /// records handed out by at most a read buffer.
    public var fileBytesRead: Int { file?.consumed ?? 0 }

    /// The next record, nil at the end. `keep` decides from the fields whether the
    /// block is wanted; `maxBlock` bounds what is kept.
    public func next(keep: (HeaderFields) -> Bool = { _ in true }, maxBlock: Int = 64 << 20) throws -> WARCRecord? {
        var skipped = 0
        var start = reader.offset
        while true {
            guard let line = try reader.readLine() else {
                if skipped > 0 { notes.append("\(skipped) bytes after the last record are not WARC") }
                return nil
            }
            if line.starts(with: Array("WARC/".utf8)) { break }
            if !line.isEmpty { skipped += line.count + 1 }
            start = reader.offset
        }
        if skipped > 0 { notes.append("skipped \(skipped) bytes that are not WARC before the record at offset \(start)") }
        count += 1
        var lines: [[UInt8]] = []
        while let line = try reader.readLine(), !line.isEmpty { lines.append(line) }
        let fields = HeaderFields.parse(lines: lines)
        var record = WARCRecord(number: count, offset: start, fields: fields, block: [], problem: nil)
        guard let lengthText = fields["Content-Length"], let length = Int(lengthText), length >= 0 else {
            record.problem = "record \(count) has no valid Content-Length"
            return record
        }
        let wanted = keep(fields)
        if wanted || length <= Self.inspectLimit {
            let block = try reader.read(wanted ? min(length, maxBlock) : length)
            if wanted && length > maxBlock { _ = try reader.skip(length - maxBlock) }
            if block.count < min(length, wanted ? maxBlock : length) {
                record.problem = "truncated: Content-Length \(length), only \(block.count) bytes before the end of the file"
                record.block = wanted ? block : []
                return record
            }
            record.block = wanted ? block : []
            try checkTrailer(&record, block: block, length: length, kept: wanted)
        } else {
            let got = try reader.skip(length)
            if got < length {
                record.problem = "truncated: Content-Length \(length), only \(got) bytes before the end of the file"
                return record
            }
            try checkTrailer(&record, block: nil, length: length, kept: false)
        }
        return record
    }

    /// A record ends with CRLF CRLF. When it does not, the Content-Length was wrong:
    /// look for the next record's start inside what was read and give the rest back.
    private func checkTrailer(_ record: inout WARCRecord, block: [UInt8]?, length: Int, kept: Bool) throws {
        let trailer = try reader.read(4)
        if trailer == [0x0D, 0x0A, 0x0D, 0x0A] || trailer.isEmpty { return }
        if trailer.starts(with: [0x0A, 0x0A]) {  // bare LFs, as some writers emit
            reader.unread(Array(trailer.dropFirst(2)))
            return
        }
        record.problem = "Content-Length \(length) does not match the record"
        guard let block else {
            reader.unread(trailer)
            return
        }
        let all = block + trailer
        let marker: [UInt8] = Array("\r\n\r\nWARC/".utf8)
        if let cut = Self.firstIndex(of: marker, in: all) {
            if kept { record.block = Array(block[..<min(cut, block.count)]) }
            reader.unread(Array(all[(cut + 4)...]))
        } else {
            reader.unread(trailer)
        }
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        outer: for i in 0...(haystack.count - needle.count) {
            for j in 0..<needle.count where haystack[i + j] != needle[j] { continue outer }
            return i
        }
        return nil
    }
}
