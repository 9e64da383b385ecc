/// One WARC record: its named fields and, when asked for, its content block.
public struct WARCRecord {
    /// Record number in the file, from 1.
    public var number: Int
    /// Offset of the record in the (decompressed) stream.
    public var offset: Int
    public var fields: HeaderFields
    /// The content block, when the reader was asked to keep it.
    public var block: [UInt8]
    /// Why the record is not whole (truncated, wrong Content-Length), if it is not.
    public var problem: String?
    /// The block is longer than the reader was asked to keep: `block` holds its start.
    public var blockCut = false
    /// The record could not be read at all (its header is over `HeaderFields.sizeLimit`, or
    /// it has no valid Content-Length): the bytes up to the next record are skipped.
    public var unreadable = false
    /// Where it can be read again, when the reader was asked (`WARCReader(path:positions:)`).
    public var position: RecordPosition?

    /// `response`, `request`, `revisit`, `resource`, `metadata`, `warcinfo`, … (lower case).
    public var type: String { fields["WARC-Type"]?.lowercased() ?? "" }

    /// `WARC-Target-URI` without the angle brackets WARC/1.0 examples put around it.
    public var targetURI: String? {
        guard var uri = fields["WARC-Target-URI"] else { return nil }
        if uri.hasPrefix("<"), uri.hasSuffix(">") { uri = String(uri.dropFirst().dropLast()) }
        return uri
    }
}

/// Where a record starts, to read it again without reading what comes before it: the file
/// offset of its own bytes in a plain `.warc`, of the gzip member that holds it in a
/// `.warc.gz` (with a member per record, as WARC 1.1 recommends, `skip` is 0; in a file
/// gzipped whole it is how far into the inflated data the record starts).
public struct RecordPosition: Sendable, Equatable {
    public var file: Int
    public var skip: Int

    public init(file: Int, skip: Int) {
        self.file = file
        self.skip = skip
    }
}

/// Header fields (WARC or HTTP): ordered, looked up case-insensitively.
public struct HeaderFields: Sendable {
    public private(set) var pairs: [(name: String, value: String)] = []

    /// The most bytes a header block (a WARC record's, or the HTTP response's inside it)
    /// may take, lines and line ends counted: 256 KiB. Real ones take a few hundred bytes;
    /// a longer one is reported unreadable instead of being held.
    public static let sizeLimit = 256 << 10

    public init() {}

    public subscript(_ name: String) -> String? {
        let lower = name.lowercased()
        return pairs.first { $0.name.lowercased() == lower }?.value
    }

    mutating func append(_ name: String, _ value: String) {
        pairs.append((name, value))
    }

    /// Parses `Name: value` lines; a line starting with space or tab continues the last
    /// field (obsolete folding, still seen in old archives).
    static func parse(lines: [[UInt8]]) -> HeaderFields {
        var fields = HeaderFields()
        for line in lines {
            if let first = line.first, first == 0x20 || first == 0x09, !fields.pairs.isEmpty {
                let more = String(decoding: line, as: UTF8.self).trimmingASCIIWhitespace
                fields.pairs[fields.pairs.count - 1].value += " " + more
                continue
            }
            guard let colon = line.firstIndex(of: 0x3A) else { continue }
            let name = String(decoding: line[..<colon], as: UTF8.self).trimmingASCIIWhitespace
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingASCIIWhitespace
            fields.append(name, value)
        }
        return fields
    }
}
