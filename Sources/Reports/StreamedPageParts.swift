import LinkAuditModel

/// A streamed page's share of `links.jsonl` and of the report (README Limits), made chunk by
/// chunk on the worker that reads the page and kept on disk, not in memory: each chunk's
/// lines and its sorted finding rows go to one unlinked temporary file (`SpillFile`). What
/// stays in memory is the page's verdict-set memo and counts, and 4 bytes per line (its
/// set, in case the page has more sets than a file keeps defined at once).
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
    private var lineEntries: [Int32] = []
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
        var json = JSONText(capacity: 256 * chunk.count + 64)
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
        }
        let lines = json.bytes
        lineRanges.append(try file.appendRun { try $0(lines) })
        guard let parts, part != nil else { return }
        let rows = parts.rows(of: chunk, into: &part!, memo: &memo)
        guard !rows.isEmpty else { return }
        // Encoded a slice at a time: a chunk's rows take several megabytes encoded (about
        // 2 KB a deep link), which a huge page need not hold beside its own bytes.
        rowRanges.append(try file.appendRun { write in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(Self.rowSlice + (Self.rowSlice >> 2))
            for finding in rows {
                FindingCoding.append(finding, to: &bytes)
                if bytes.count >= Self.rowSlice {
                    try write(bytes)
                    bytes.removeAll(keepingCapacity: true)
                }
            }
            if !bytes.isEmpty { try write(bytes) }
        })
    }

    /// Bytes of encoded finding rows written at a time.
    static let rowSlice = 1 << 20

    /// The page's lines as the writer takes them, and its report part (nil without a
    /// report), with its final record.
    package mutating func finish(record: PageRecord) -> (links: SpooledPageLinks, report: ReportPart?) {
        let definitions = memo.definitions
        var lineSets: [Int32]?
        if definitions.count > LinksFormat.setsInForce {
            let position = Dictionary(uniqueKeysWithValues: definitions.enumerated().map { ($1.key, Int32($0)) })
            lineSets = lineEntries.map { $0 < 0 ? -1 : position[memo.definition(at: Int($0)).key]! }
        }
        lineEntries = []
        let links = SpooledPageLinks(definitions: definitions, file: file, ranges: lineRanges, lineSets: lineSets)
        guard let parts, var report = part else { return (links, nil) }
        parts.end(&report, record: record, spilled: rowRanges.isEmpty ? nil : SpilledRows(file: file, ranges: rowRanges))
        return (links, report)
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
