import CZlib

/// Inflates gzip data as it is read. A WARC `.gz` is usually a gzip member per record, as
/// WARC 1.1's annex on compression recommends ("Record-at-time compression": each record
/// compressed on its own, so that each record's byte range is a valid gzip file), so after
/// each member ends, inflating starts again on the bytes that follow.
///
/// With `resync`, damage does not end the stream: at a corrupt member (or the file's end
/// inside one) the source reports a break (`takeBreak`) naming the damaged member's bytes,
/// scans on for the next `1F 8B 08` that starts a member whose data begins with a WARC
/// version line, and goes on from there. Memory: one chunk of input, up to
/// `lookBehind` compressed bytes kept to look for that member in, and the output asked for.
final class GzipByteSource: ByteSource {
    enum Failure: Error, CustomStringConvertible {
        case corrupt(String)
        /// The data ends inside a member.
        case unfinished

        var description: String {
            switch self {
            case .corrupt(let why): return why
            case .unfinished: return "gzip data ends in the middle of a member"
            }
        }
    }

    /// Compressed bytes kept behind the inflater's position: a member cut short is found
    /// again when the next one starts within this distance of where the damage showed.
    static let lookBehind = 1 << 20
    /// Compressed bytes a candidate member may take to give its first bytes: a gzip header
    /// and a deflate block header need far fewer; the bound keeps a scan over planted
    /// `1F 8B 08` bytes linear.
    static let candidateInput = 1 << 10

    private let input: ByteSource
    private let resync: Bool
    private var stream = z_stream()
    /// Compressed bytes read and still held: `window[0]` is at file offset `windowStart`;
    /// the inflater has taken `window[..<consumed]`.
    private var window: [UInt8] = []
    private var windowStart = 0
    private var consumed = 0
    private var inputEnded = false
    /// File offset of the member being inflated, and whether it ended.
    private var memberStart = 0
    private var memberEnded = false
    /// The first bytes of a member found after damage, inflated to check it, handed out first.
    private var ready: [UInt8] = []
    /// Damage met, to report through `takeBreak` before any byte after it.
    private var pendingBreak: DamagedStretch?
    /// Inflated bytes handed out so far.
    private var handedOut = 0
    /// Where the members not yet asked about start: file offset and inflated offset, in
    /// order. Asked in order (`member(at:)`), so it holds only the members inflated ahead of
    /// the record being read (the reader's buffer).
    private var members: [(file: Int, inflated: Int)] = [(0, 0)]
    private var membersHead = 0
    /// Whether member starts are kept for `member(at:)` (only a reader that asks does).
    var tracksMembers = false

    init(_ input: ByteSource, resync: Bool = false) throws {
        self.input = input
        self.resync = resync
        // 15 + 16: a gzip header, not a zlib one.
        guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure.corrupt("cannot start zlib")
        }
    }

    deinit { inflateEnd(&stream) }

    func takeBreak() -> DamagedStretch? {
        defer { pendingBreak = nil }
        return pendingBreak
    }

    func read(max: Int) throws -> [UInt8] {
        let bytes = try inflateNext(max: max)
        handedOut += bytes.count
        return bytes
    }

    /// The member that holds inflated offset `inflated`: its file offset, and how many of its
    /// inflated bytes come before `inflated` (0 for an archive with a member per record). A
    /// reader goes to a record again from there (`ArchiveFrames`). Offsets must be asked in
    /// order; nil when the member was already forgotten.
    func member(at inflated: Int) -> (file: Int, skip: Int)? {
        while membersHead + 1 < members.count, members[membersHead + 1].inflated <= inflated { membersHead += 1 }
        if membersHead > 1024, membersHead * 2 > members.count {
            members.removeFirst(membersHead)
            membersHead = 0
        }
        let found = members[membersHead]
        return found.inflated <= inflated ? (found.file, inflated - found.inflated) : nil
    }

    private func inflateNext(max: Int) throws -> [UInt8] {
        guard pendingBreak == nil else { return [] }
        if !ready.isEmpty {
            let n = min(max, ready.count)
            defer { ready.removeFirst(n) }
            return Array(ready[..<n])
        }
        var out = [UInt8](repeating: 0, count: max)
        var produced = 0
        while produced == 0 {
            if consumed == window.count, try !refill() {
                guard !memberEnded, stream.total_in > 0 else { return [] }
                // The file ends inside a member: what it held so far was handed out.
                guard resync else { throw Failure.unfinished }
                memberEnded = true
                return broken(DamagedStretch(start: memberStart, end: windowStart + window.count, place: .file,
                                             reason: "the file ends inside a gzip member"),
                              out, produced)
            }
            if memberEnded {
                // Another member follows the one that ended: start over on it.
                inflateReset(&stream)
                memberEnded = false
                memberStart = windowStart + consumed
                if tracksMembers { members.append((memberStart, handedOut + produced)) }
            }
            var message = ""
            let status = inflateStep(into: &out, at: &produced, inputLimit: Int.max, message: &message)
            switch status {
            case Z_OK, Z_BUF_ERROR: continue
            case Z_STREAM_END: memberEnded = true
            default:
                guard resync else { throw Failure.corrupt("gzip data is corrupt (zlib \(status))") }
                let damaged = memberStart
                // A member that does not even start as gzip: junk between members.
                let what = message == "incorrect header check" ? "not gzip data (\(message)): skipped"
                    : "corrupt gzip member (\(message)): read up to the damage, then skipped"
                let next = try findNextMember(after: damaged)
                if let next, tracksMembers { members.append((next, handedOut + produced)) }
                let reason = what + (next == nil ? " to the end of the file" : " to the next member")
                return broken(DamagedStretch(start: damaged, end: next ?? windowStart + window.count, place: .file,
                                             reason: reason),
                              out, produced)
            }
        }
        return Array(out[0..<produced])
    }

    /// Hands out what was inflated before the damage; the break comes next.
    private func broken(_ damage: DamagedStretch, _ out: [UInt8], _ produced: Int) -> [UInt8] {
        pendingBreak = damage
        return Array(out[0..<produced])
    }

    /// One `inflate` call from the window into `out[produced...]`, taking at most
    /// `inputLimit` compressed bytes. zlib's message is put in `message` on failure.
    private func inflateStep(into out: inout [UInt8], at produced: inout Int, inputLimit: Int,
                             message: inout String) -> Int32 {
        let available = min(window.count - consumed, inputLimit, Int(UInt32.max))
        let room = min(out.count - produced, Int(UInt32.max))
        guard available > 0, room > 0 else { return Z_BUF_ERROR }
        let status: Int32 = window.withUnsafeMutableBufferPointer { inBuf in
            out.withUnsafeMutableBufferPointer { outBuf in
                stream.next_in = inBuf.baseAddress.map { $0 + consumed }
                stream.avail_in = UInt32(available)
                stream.next_out = outBuf.baseAddress.map { $0 + produced }
                stream.avail_out = UInt32(room)
                return inflate(&stream, Z_NO_FLUSH)
            }
        }
        consumed += available - Int(stream.avail_in)
        produced += room - Int(stream.avail_out)
        if status != Z_OK, status != Z_STREAM_END, status != Z_BUF_ERROR {
            message = stream.msg.map { String(cString: $0) } ?? "zlib \(status)"
        }
        return status
    }

    /// Reads the next chunk of input; false at its end. Drops bytes far behind the
    /// inflater first, so the window stays within `2 × lookBehind` plus a chunk.
    private func refill() throws -> Bool {
        if consumed > 2 * Self.lookBehind { drop(upTo: windowStart + consumed - Self.lookBehind) }
        guard !inputEnded else { return false }
        let chunk = try input.read(max: 1 << 16)
        if chunk.isEmpty {
            inputEnded = true
            return false
        }
        window += chunk
        return true
    }

    /// Forgets the window's bytes before file offset `offset`.
    private func drop(upTo offset: Int) {
        let count = min(offset - windowStart, window.count)
        guard count > 0 else { return }
        window.removeFirst(count)
        windowStart += count
        consumed = Swift.max(0, consumed - count)
    }

    /// Looks on from `damaged + 1` (or the oldest byte still held) for the next member:
    /// `1F 8B 08` with no reserved flag set, whose data inflates to a WARC version line
    /// within `candidateInput` bytes. Sets the inflater on it and returns its offset, or
    /// nil at the end of the file.
    private func findNextMember(after damaged: Int) throws -> Int? {
        var from = Swift.max(damaged + 1, windowStart)
        while true {
            guard let candidate = try nextMagic(from: from) else {
                drop(upTo: windowStart + window.count)
                memberEnded = true
                return nil
            }
            if try startMember(at: candidate) { return candidate }
            from = candidate + 1
        }
    }

    /// The file offset of the next `1F 8B 08 FLG` (reserved bits of FLG clear) at or after
    /// `from`, reading on as needed; nil at the end of the file.
    private func nextMagic(from start: Int) throws -> Int? {
        var from = start
        while true {
            var i = from - windowStart
            while i + 3 < window.count {
                if window[i] == 0x1F, window[i + 1] == 0x8B, window[i + 2] == 0x08, window[i + 3] & 0xE0 == 0 {
                    return windowStart + i
                }
                i += 1
            }
            from = windowStart + Swift.max(i, from - windowStart)
            drop(upTo: from)
            consumed = window.count
            guard try refill() else { return nil }
        }
    }

    /// Starts inflating a member at `candidate`; true when its first inflated bytes are a
    /// WARC version line (they are then handed out first).
    private func startMember(at candidate: Int) throws -> Bool {
        inflateReset(&stream)
        consumed = candidate - windowStart
        var first = [UInt8](repeating: 0, count: 64)
        var got = 0
        var message = ""
        memberEnded = false
        while got < 6, consumed - (candidate - windowStart) < Self.candidateInput {
            if consumed == window.count, try !refill() { return false }
            let taken = consumed - (candidate - windowStart)
            let status = inflateStep(into: &first, at: &got, inputLimit: Self.candidateInput - taken, message: &message)
            if status == Z_STREAM_END {
                memberEnded = true
                break
            }
            if status != Z_OK, status != Z_BUF_ERROR { return false }
        }
        guard got >= 6, first.starts(with: Array("WARC/".utf8)), (0x30...0x39).contains(first[5]) else {
            memberEnded = false
            return false
        }
        memberStart = candidate
        ready = Array(first[..<got])
        return true
    }
}
