/// What a report spills to disk and reads back in order — findings (`FindingSpill`), page
/// records (`PageSpill`), the pages of the scheme inventory (`InventorySpill`) — through one
/// seam: runs sorted in memory up to a bound, appended to an unlinked file (`SpillFile`),
/// read back a record at a time (`RunCursor`) and merged (`SortedMerge`).
///
/// A record is written as a length prefix and a body of its own making (`SpillBytes` has
/// the pieces); only this program reads it back, in the same run, so there is no versioning.
protocol SpillRecord: Sendable {
    /// The order of the merged sequence; records that tie come out in the order added.
    static func ordered(_ a: Self, _ b: Self) -> Bool
    /// Appends the record's body (no length prefix) to `out`.
    func encode(into out: inout [UInt8])
    /// Reads a body written by `encode`.
    static func decode(_ body: UnsafeBufferPointer<UInt8>) -> Self
    /// What one run's reader decodes with (`decode`, unless a record shares what its run
    /// repeats: `Finding`'s `FindingRunReader`).
    static func decoder() -> (UnsafeBufferPointer<UInt8>) -> Self
    /// `records` put in `ordered` order, ties in the order given (a run before it is
    /// written, or the batch still in memory): the standard library's stable sort unless a
    /// record sorts a batch faster (`InventoryPage.sorted`).
    static func sorted(_ records: [Self]) -> [Self]
}

extension SpillRecord {
    static func decoder() -> (UnsafeBufferPointer<UInt8>) -> Self {
        { decode($0) }
    }

    /// The standard library's sort is documented stable.
    static func sorted(_ records: [Self]) -> [Self] {
        records.sorted(by: ordered)
    }
}

extension SpillRecord {
    /// Appends one record with its length prefix. The body is encoded where it ends up,
    /// after a one-byte prefix that a body of 128 bytes or more widens (its bytes moved up):
    /// encoded into an array of its own, each record was an allocation grown two or three
    /// times and a copy, ~1,500 instructions an inventory page, most of it in the serial
    /// end of a run (Benchmarks/README.md, issue 17). `appendPlain` is the plain version;
    /// `ReportSpillTests` compares the two.
    func append(to out: inout [UInt8]) {
        let start = out.count
        out.append(0)
        encode(into: &out)
        let length = out.count - start - 1
        if length < 0x80 {
            out[start] = UInt8(truncatingIfNeeded: length)
            return
        }
        var prefix: [UInt8] = []
        SpillBytes.appendVarint(UInt64(length), to: &prefix)
        out.insert(contentsOf: repeatElement(0, count: prefix.count - 1), at: start)
        for (i, byte) in prefix.enumerated() { out[start + i] = byte }
    }

    /// `append(to:)` the plain way: the body encoded on its own, then its length and it.
    func appendPlain(to out: inout [UInt8]) {
        var body: [UInt8] = []
        encode(into: &body)
        SpillBytes.appendVarint(UInt64(body.count), to: &out)
        out.append(contentsOf: body)
    }
}

/// The pieces records are made of: LEB128 integers and length-prefixed UTF-8 strings.
enum SpillBytes {
    static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            out.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }

    static func appendInt(_ value: Int, to out: inout [UInt8]) {
        appendVarint(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))), to: &out)
    }

    /// The bytes copied where they lie (`withBorrowedUTF8`): appended from the string's UTF-8
    /// view, they went one at a time through the generic sequence path.
    static func appendString(_ text: String, to out: inout [UInt8]) {
        appendVarint(UInt64(text.utf8.count), to: &out)
        text.withBorrowedUTF8 { out.append(contentsOf: $0) }
    }

    /// Reads the record length at `offset`: its value and the bytes the prefix took, or
    /// nil when the prefix itself is cut off at the end of `bytes`.
    static func recordLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (length: Int, prefix: Int)? {
        var value: UInt64 = 0, shift: UInt64 = 0, i = offset
        while i < bytes.count {
            let byte = bytes[i]
            value |= UInt64(byte & 0x7F) << shift
            i += 1
            if byte & 0x80 == 0 { return (Int(value), i - offset) }
            shift += 7
        }
        return nil
    }

    /// Walks a record body; records come from this program, so they are well formed.
    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func byte() -> UInt8 {
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func varint() -> UInt64 {
            var value: UInt64 = 0, shift: UInt64 = 0
            while true {
                let byte = byte()
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
        }

        mutating func int() -> Int {
            let zigzag = Int64(bitPattern: varint())
            return Int((zigzag >> 1) ^ -(zigzag & 1))
        }

        mutating func string() -> String {
            let count = Int(varint())
            defer { offset += count }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
        }
    }
}
