import Foundation

/// Finds where a WARC record starts in bytes that arrive in pieces: `WARC/` and a digit at
/// the start of a line that follows a blank line (CRLF CRLF, or LF LF as some writers
/// emit), which is how every record after the first begins — the previous one ends with
/// CRLF CRLF (WARC 1.1 §4). Used to tell where a record whose `Content-Length` lies
/// really ends. One pass, no backtracking: `memchr` to each `W`, then a fixed-size check.
struct RecordStartFinder {
    /// The last bytes fed (up to 10): a start and the line ends before it can straddle two pieces.
    private(set) var tail: [UInt8]
    /// Bytes fed so far: offsets returned count from the first byte fed.
    private(set) var fed = 0
    /// The line ends before the start found last (4 bytes for CRLF CRLF, 2 for LF LF): the
    /// record before it ends that many bytes before the start.
    private(set) var terminator = 0

    private static let version: [UInt8] = Array("WARC/".utf8)

    /// `afterBlankLine`: the first byte fed starts a line after a blank line (a block's first
    /// byte follows its header's blank line).
    init(afterBlankLine: Bool) {
        tail = afterBlankLine ? [0x0D, 0x0A, 0x0D, 0x0A] : []
    }

    /// Feeds the next piece; returns the offset of the first record start whose version
    /// digit lies in this piece (the `W` may be up to 5 bytes before it), if any.
    mutating func feed(_ piece: UnsafeRawBufferPointer) -> Int? {
        defer {
            fed += piece.count
            var joined = tail
            joined += piece.suffix(10)
            tail = Array(joined.suffix(10))
        }
        guard !piece.isEmpty else { return nil }
        // Starts that need bytes of earlier pieces: look at the tail and the piece's first bytes together.
        let seam = tail + piece.prefix(10)
        var w = 0
        while w + 5 < seam.count {
            let pieceIndex = w - tail.count
            if pieceIndex >= 4 { break }  // from here on the piece alone holds the bytes around it
            if w + 5 >= tail.count {
                terminator = Self.blankLineBefore(w, count: seam.count) { seam[$0] }
                if terminator > 0 { return fed + pieceIndex }
            }
            w += 1
        }
        // Starts that lie wholly in the piece.
        guard let base = piece.baseAddress else { return nil }
        var from = 4
        while from + 5 < piece.count {
            guard let hit = memchr(base + from, 0x57, piece.count - 5 - from) else { return nil }
            let at = base.distance(to: UnsafeRawPointer(hit))
            terminator = Self.blankLineBefore(at, count: piece.count) { piece[$0] }
            if terminator > 0 { return fed + at }
            from = at + 1
        }
        return nil
    }

    /// When `WARC/` and a digit are at `at` after a blank line: how many bytes before it
    /// end the record before (4 for CRLF CRLF, 3 for LF CRLF, 2 for LF LF); 0 when not a start.
    private static func blankLineBefore(_ at: Int, count: Int, _ byte: (Int) -> UInt8) -> Int {
        guard at >= 2, at + 5 < count else { return 0 }
        for i in 0..<5 where byte(at + i) != version[i] { return 0 }
        guard (0x30...0x39).contains(byte(at + 5)), byte(at - 1) == 0x0A else { return 0 }
        if byte(at - 2) == 0x0A { return 2 }
        guard at >= 3, byte(at - 2) == 0x0D, byte(at - 3) == 0x0A else { return 0 }
        return at >= 4 && byte(at - 4) == 0x0D ? 4 : 3
    }
}
