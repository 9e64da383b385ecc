import LinkAuditModel

/// A streamed page's share of `links.jsonl` and of the report (README Limits), made chunk by
/// chunk on the worker that reads the page and kept on disk, not in memory: each chunk's
/// lines and its sorted finding rows go to one unlinked temporary file (`SpillFile`). What
/// stays in memory is the page's verdict-set memo and counts, and a byte per line (its
/// set, in case the page has more sets than a file keeps defined at once; 4 bytes past
/// 255 sets: `LineEntries`).
///
/// The lines are the plain way's (`PageLinks`) byte for byte: the page's definitions must
/// come before its first line, and are known only once every chunk is classified, so the
/// writer reads the lines back after writing them (`LinksOutput.write(_:)`).
package struct StreamedPageParts {
    private var memo = VerdictSetMemo()
    private let file: SpillFile
    private var lineRanges: [Range<Int>] = []
    private var rowRanges: [Range<Int>] = []
    /// Each line's entry in `memo` (-1: no verdicts).
    private var lineEntries = LineEntries()
    private let parts: ReportParts?
    private var part: ReportPart?
    /// Navigations added so far.
    package private(set) var navigations = 0

    /// `parts`: nil when no report is made (the streaming mode). Throws when the temporary
    /// file cannot be made in `directory`.
    package init(page: PageRecord, parts: ReportParts?, directory: String) throws {
        file = try SpillFile(directory: directory)
        self.parts = parts
        part = parts?.begin(page: page)
    }

    /// The page's next navigations, classified and checked, in page order.
    package mutating func add(_ chunk: [Navigation]) throws {
        guard !chunk.isEmpty else { return }
        navigations += chunk.count
        // Written a slice at a time, as the rows below: a huge page need not hold a chunk's
        // lines (about 500 bytes a deep link) beside its own bytes.
        lineRanges.append(try file.appendRun { write in
            var json = JSONText(capacity: Self.slice + (Self.slice >> 2))
            for (position, navigation) in chunk.enumerated() {
                var entry: Int32 = -1
                if let set = navigation.verdicts {
                    let index = memo.index(of: set, link: position)
                    entry = Int32(index)
                    navigation.writeJSON(to: &json, verdicts: .reference(memo.definition(at: index)))
                } else {
                    navigation.writeJSON(to: &json, verdicts: nil)
                }
                json.newline()
                lineEntries.append(entry)
                if json.count >= Self.slice {
                    try write(json.bytes)
                    json = JSONText(capacity: Self.slice + (Self.slice >> 2))
                }
            }
            if json.count > 0 { try write(json.bytes) }
        })
        guard let parts, part != nil else { return }
        let rows = parts.rows(of: chunk, into: &part!, memo: &memo)
        guard !rows.isEmpty else { return }
        // Encoded a slice at a time: a chunk's rows take several megabytes encoded (about
        // 2 KB a deep link), which a huge page need not hold beside its own bytes.
        rowRanges.append(try file.appendRun { write in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(Self.slice + (Self.slice >> 2))
            var run = FindingRunWriter()
            for finding in rows {
                run.append(finding, to: &bytes)
                if bytes.count >= Self.slice {
                    try write(bytes)
                    bytes.removeAll(keepingCapacity: true)
                }
            }
            if !bytes.isEmpty { try write(bytes) }
        })
    }

    /// Bytes of lines or encoded finding rows written at a time.
    static let slice = 1 << 20

    /// The page's lines as the writer takes them, and its report part (nil without a
    /// report), with its final record.
    package mutating func finish(record: PageRecord) -> (links: SpooledPageLinks, report: ReportPart?) {
        let definitions = memo.definitions
        var lineSets: [Int32]?
        if definitions.count > LinksFormat.setsInForce {
            let position = Dictionary(uniqueKeysWithValues: definitions.enumerated().map { ($1.key, Int32($0)) })
            lineSets = lineEntries.map { $0 < 0 ? -1 : position[memo.definition(at: Int($0)).key]! }
        }
        lineEntries = LineEntries()
        let links = SpooledPageLinks(definitions: definitions, file: file, ranges: lineRanges, lineSets: lineSets)
        guard let parts, var report = part else { return (links, nil) }
        parts.end(&report, record: record, spilled: rowRanges.isEmpty ? nil : SpilledRows(file: file, ranges: rowRanges))
        return (links, report)
    }
}

/// Each line of a streamed page and its entry in the page's verdict-set memo (-1: none): a
/// byte a line while every entry is below 255 (nearly every page: a few sets), four bytes
/// a line from the first that is not.
struct LineEntries {
    private var narrow: [UInt8] = []
    private var wide: [Int32]?

    mutating func append(_ entry: Int32) {
        if wide == nil {
            if entry >= -1 && entry < 255 {
                narrow.append(UInt8(entry + 1))
                return
            }
            wide = narrow.map { Int32($0) - 1 }
            narrow = []
        }
        wide!.append(entry)
    }

    func map<T>(_ transform: (Int32) -> T) -> [T] {
        wide?.map(transform) ?? narrow.map { transform(Int32($0) - 1) }
    }
}

/// A streamed page's `links.jsonl` lines, in a temporary file: as `PageLinks`, with the
/// lines read back by the writer.
package struct SpooledPageLinks: Sendable {
    let definitions: [VerdictSetDefinition]
    let file: SpillFile
    let ranges: [Range<Int>]
    let lineSets: [Int32]?
}
