import LinkAuditModel

/// A streamed page's share of `links.jsonl` and of the report (README Limits), made chunk by
/// chunk on the worker that reads the page and kept on disk, not in memory: each chunk's
/// lines and its sorted finding rows go to one unlinked temporary file (`SpillFile`). What
/// stays in memory is the page's counts, its verdict-set memo (let go of past `memoLimit`
/// sets), its sets' definitions (past `LinksFormat.setsInForce` in the file too: ~60 bytes
/// a set, `StreamedPageSets`), and a byte per line (its set, in case the page has more sets
/// than a file keeps defined at once; 4 bytes past 255 sets: `LineEntries`).
///
/// The lines are the plain way's (`PageLinks`) byte for byte: the page's definitions must
/// come before its first line, and are known only once every chunk is classified, so the
/// writer reads the lines back after writing them (`LinksOutput.write(_:)`).
package struct StreamedPageParts {
    private var memo = VerdictSetMemo()
    private let file: SpillFile
    private var lineRanges: [Range<Int>] = []
    private var rowRanges: [Range<Int>] = []
    /// The page's sets as its lines refer to them, past the memo's lifetime.
    private var sets: StreamedPageSets
    /// Each line's definition in `sets` (-1: no verdicts).
    private var lineEntries = LineEntries()
    private let parts: ReportParts?
    private var part: ReportPart?
    /// Past this many sets, the memo is let go of after a chunk (`StreamedPageSets`).
    private let memoLimit: Int
    /// Navigations added so far.
    package private(set) var navigations = 0

    /// The most sets the page's memo holds before it is let go of, after the chunk that
    /// passes it: with chunks of at most 4,096 links (`PageStream.chunk`), ~25 MB at most.
    static let defaultMemoLimit = 4_096

    /// `parts`: nil when no report is made (the streaming mode). Throws when the temporary
    /// file cannot be made in `directory`.
    package init(page: PageRecord, parts: ReportParts?, directory: String) throws {
        try self.init(page: page, parts: parts, directory: directory, memoLimit: Self.defaultMemoLimit,
                      keptDefinitions: SpooledDefinitions.defaultKeptLimit)
    }

    /// Tests set the bounds low, so that a small page lets its memo go and spills its
    /// definitions.
    init(page: PageRecord, parts: ReportParts?, directory: String, memoLimit: Int, keptDefinitions: Int) throws {
        file = try SpillFile(directory: directory)
        self.parts = parts
        self.memoLimit = max(1, memoLimit)
        sets = StreamedPageSets(definitions: SpooledDefinitions(file: file, keptLimit: keptDefinitions))
        part = parts?.begin(page: page)
    }

    /// The page's next navigations, classified and checked, in page order.
    package mutating func add(_ chunk: [Navigation]) throws {
        guard !chunk.isEmpty else { return }
        navigations += chunk.count
        // Each line's definition first: a definition past the kept ones goes to the file,
        // which the lines' run below holds while it is written.
        var numbers: [Int32] = []
        numbers.reserveCapacity(chunk.count)
        // The links read in place: copied out of the chunk, each was retained and released
        // field by field (issue 17).
        try chunk.withUnsafeBufferPointer { links in
            for position in links.indices {
                var number: Int32 = -1
                if let set = links[position].verdicts {
                    number = try sets.number(of: memo.index(of: set, link: position), in: memo)
                }
                numbers.append(number)
                lineEntries.append(number)
            }
        }
        // Written a slice at a time, as the rows below: a huge page need not hold a chunk's
        // lines (about 500 bytes a deep link) beside its own bytes.
        lineRanges.append(try file.appendRun { write in
            var json = JSONText(capacity: Self.slice + (Self.slice >> 2))
            try chunk.withUnsafeBufferPointer { links in
                for position in links.indices {
                    let number = numbers[position]
                    links[position].writeJSON(
                        to: &json, verdicts: number < 0 ? nil : .reference(quotedKey: sets.definitions.reference(at: Int(number))))
                    json.newline()
                    if json.count >= Self.slice {
                        try write(json.bytes)
                        json = JSONText(capacity: Self.slice + (Self.slice >> 2))
                    }
                }
            }
            if json.count > 0 { try write(json.bytes) }
        })
        defer {
            if memo.entries.count > memoLimit {
                memo = VerdictSetMemo()
                sets.forgetEntries()
            }
        }
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
        let definitions = sets.definitions
        var lineSets: [Int32]?
        if definitions.count > LinksFormat.setsInForce {
            lineSets = lineEntries.map { $0 }
        }
        lineEntries = LineEntries()
        let links = SpooledPageLinks(definitions: definitions, file: file, ranges: lineRanges, lineSets: lineSets)
        guard let parts, var report = part else { return (links, nil) }
        parts.end(&report, record: record, spilled: rowRanges.isEmpty ? nil : SpilledRows(file: file, ranges: rowRanges))
        return (links, report)
    }
}

/// Each line of a streamed page and its set's definition (`StreamedPageSets`; -1: none): a
/// byte a line while every number is below 255 (nearly every page: a few sets), four bytes
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
    let definitions: SpooledDefinitions
    let file: SpillFile
    let ranges: [Range<Int>]
    let lineSets: [Int32]?
}
