import LinkAuditModel

/// A finding as compact bytes, for the runs a report spills to disk (`SpillRecord`):
/// length-prefixed UTF-8 fields and LEB128 integers, no keys. A run is written by one
/// `FindingRunWriter` and read back in order by one `FindingRunReader`, so a record leaves
/// out what the run's previous record already said, and what one verdict set and code
/// decide — the code, the profiles, every profile's outcome and reason, the message: the
/// same few hundred bytes on thousands of rows — is written once per run and then named by
/// its number:
///
///     record = length(varint) flags(byte) marks(byte) [line(zigzag varint)] [page [file]]
///              [source trigger frame] [raw [url]] texts [suppressed]
///     texts  = tag(varint) [code profiles outcomes(profile outcome reason) message]
///
/// `flags`: has a file, a line, a suppression; the severity and baseline codes. `marks`:
/// the page and file are the previous record's, so are source, trigger and frame, the URL
/// is the raw link, the raw link and URL are the previous record's (the link's next
/// finding: an `intent:` link's ~500-byte URI was written three or four times a link,
/// Benchmarks/README.md, issue 17). `tag`: 0 the texts follow; 1 they follow and take the run's next
/// number; n ≥ 2 they are those numbered n − 2.
///
/// Encoding each finding whole, and decoding it back, were a quarter of the dense corpus's
/// default-formats run (Benchmarks/README.md, issue 17), and rows decoded with texts of
/// their own made `CSVRowCells`, which finds cells by the outcomes array, render them
/// again. `encode(into:)` writes a record that stands alone (no marks, texts inline, no
/// number): the plain version, which `decode(_:)` reads; `FindingCodingTests` compares a
/// run written and read whole with it.
extension Finding: SpillRecord {
    func encode(into body: inout [UInt8]) {
        var alone = FindingRunWriter(limit: 0)
        alone.encode(self, into: &body)
    }

    static func decode(_ body: UnsafeBufferPointer<UInt8>) -> Finding {
        FindingRunReader().decode(body)
    }

    /// A run's records, read in order by one reader.
    static func decoder() -> (UnsafeBufferPointer<UInt8>) -> Finding {
        let reader = FindingRunReader()
        return { reader.decode($0) }
    }
}

/// What a finding's verdict set and code decide, as a run numbers them.
typealias FindingTexts = (code: String, profiles: [String], outcomes: [ProfileOutcome], message: String)

enum FindingMarks {
    static let hasFile: UInt8 = 1, hasLine: UInt8 = 2, hasSuppressed: UInt8 = 4
    static let samePage: UInt8 = 1, samePlacement: UInt8 = 2, urlIsRaw: UInt8 = 4, sameLink: UInt8 = 8
}

/// Writes one run's findings, in the order they will be read (`FindingRunReader`).
/// Bounded: texts are numbered while fewer than `limit` are and their bytes stay under
/// `byteLimit`, past which they are written inline, so a reader holds at most that much.
struct FindingRunWriter {
    static let limit = 1_024, byteLimit = 256 << 10

    private let limit: Int
    private let byteLimit: Int
    private var previous: Finding?
    /// Numbered texts by their outcomes array's address (a shared array's, held by the
    /// sample so the address stays its own), compared by value after.
    private var numbered: [Int: [(sample: Finding, number: Int)]] = [:]
    private var count = 0
    private var bytes = 0
    private var body: [UInt8] = []

    init(limit: Int = FindingRunWriter.limit, byteLimit: Int = FindingRunWriter.byteLimit) {
        self.limit = limit
        self.byteLimit = byteLimit
    }

    /// Appends one record, with its length prefix.
    mutating func append(_ finding: Finding, to out: inout [UInt8]) {
        var body = self.body
        self.body = []
        body.removeAll(keepingCapacity: true)
        encode(finding, into: &body)
        SpillBytes.appendVarint(UInt64(body.count), to: &out)
        out.append(contentsOf: body)
        self.body = body
    }

    /// Appends one record's body.
    mutating func encode(_ finding: Finding, into body: inout [UInt8]) {
        var flags: UInt8 = 0
        if finding.file != nil { flags |= FindingMarks.hasFile }
        if finding.line != nil { flags |= FindingMarks.hasLine }
        if finding.suppressed != nil { flags |= FindingMarks.hasSuppressed }
        flags |= FindingCoding.severityCode(finding.severity) << 3
        flags |= FindingCoding.baselineCode(finding.baseline) << 5
        var marks: UInt8 = 0
        if let previous, previous.page == finding.page, previous.file == finding.file { marks |= FindingMarks.samePage }
        if let previous, previous.source == finding.source, previous.trigger == finding.trigger,
           previous.frame == finding.frame {
            marks |= FindingMarks.samePlacement
        }
        let raw = finding.raw, url = finding.url
        if let previous, previous.raw == raw, previous.url == url {
            marks |= FindingMarks.sameLink
        } else if url == raw {
            marks |= FindingMarks.urlIsRaw
        }
        body.append(flags)
        body.append(marks)
        if let line = finding.line { SpillBytes.appendInt(line, to: &body) }
        if marks & FindingMarks.samePage == 0 {
            SpillBytes.appendString(finding.page, to: &body)
            if let file = finding.file { SpillBytes.appendString(file, to: &body) }
        }
        if marks & FindingMarks.samePlacement == 0 {
            for field in [finding.source, finding.trigger, finding.frame] { SpillBytes.appendString(field, to: &body) }
        }
        if marks & FindingMarks.sameLink == 0 {
            SpillBytes.appendString(raw, to: &body)
            if marks & FindingMarks.urlIsRaw == 0 { SpillBytes.appendString(url, to: &body) }
        }
        appendTexts(finding, to: &body)
        if let suppressed = finding.suppressed { SpillBytes.appendString(suppressed, to: &body) }
        if limit > 0 { previous = finding }
    }

    private mutating func appendTexts(_ finding: Finding, to body: inout [UInt8]) {
        let address = finding.outcomes.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        if let known = numbered[address]?.first(where: { Self.sameTexts($0.sample, finding) }) {
            SpillBytes.appendVarint(UInt64(known.number + 2), to: &body)
            return
        }
        let numbering = count < limit && bytes < byteLimit
        let start = body.count
        body.append(numbering ? 1 : 0)
        SpillBytes.appendString(finding.code, to: &body)
        SpillBytes.appendVarint(UInt64(finding.profiles.count), to: &body)
        for profile in finding.profiles { SpillBytes.appendString(profile, to: &body) }
        SpillBytes.appendVarint(UInt64(finding.outcomes.count), to: &body)
        for outcome in finding.outcomes {
            SpillBytes.appendString(outcome.profile, to: &body)
            SpillBytes.appendString(outcome.outcome, to: &body)
            SpillBytes.appendString(outcome.reason, to: &body)
        }
        SpillBytes.appendString(finding.message, to: &body)
        guard numbering else { return }
        numbered[address, default: []].append((finding, count))
        count += 1
        bytes += body.count - start
    }

    /// Arrays shared by the rows of one verdict set compare by identity first.
    private static func sameTexts(_ a: Finding, _ b: Finding) -> Bool {
        a.outcomes == b.outcomes && a.code == b.code && a.message == b.message && a.profiles == b.profiles
    }
}

/// Reads one run's records in the order written (`FindingRunWriter`): the rows that share
/// numbered texts share their arrays and strings, the rows of one page its strings, and the
/// rows of one link its raw text and URL.
final class FindingRunReader {
    private var page = ""
    private var file: String?
    private var source = "", trigger = "", frame = ""
    private var raw = "", url = ""
    private var numbered: [FindingTexts] = []

    func decode(_ body: UnsafeBufferPointer<UInt8>) -> Finding {
        var reader = SpillBytes.Reader(body)
        let flags = reader.byte(), marks = reader.byte()
        let line = flags & FindingMarks.hasLine != 0 ? reader.int() : nil
        if marks & FindingMarks.samePage == 0 {
            page = reader.string()
            file = flags & FindingMarks.hasFile != 0 ? reader.string() : nil
        }
        if marks & FindingMarks.samePlacement == 0 {
            source = reader.string()
            trigger = reader.string()
            frame = reader.string()
        }
        if marks & FindingMarks.sameLink == 0 {
            raw = reader.string()
            url = marks & FindingMarks.urlIsRaw != 0 ? raw : reader.string()
        }
        let texts = readTexts(&reader)
        let suppressed = flags & FindingMarks.hasSuppressed != 0 ? reader.string() : nil
        return Finding(page: page, file: file, line: line, source: source, trigger: trigger, frame: frame, raw: raw,
                       url: url, code: texts.code, severity: FindingCoding.severity((flags >> 3) & 3),
                       profiles: texts.profiles, outcomes: texts.outcomes, message: texts.message,
                       suppressed: suppressed, baseline: FindingCoding.baseline((flags >> 5) & 3))
    }

    private func readTexts(_ reader: inout SpillBytes.Reader) -> FindingTexts {
        let tag = reader.varint()
        if tag >= 2 { return numbered[Int(tag - 2)] }
        let code = reader.string()
        let profiles = (0..<Int(reader.varint())).map { _ in reader.string() }
        let outcomes = (0..<Int(reader.varint())).map { _ in
            let profile = reader.string(), outcome = reader.string()
            return ProfileOutcome(profile, outcome, reason: reader.string())
        }
        let texts = (code, profiles, outcomes, reader.string())
        if tag == 1 { numbered.append(texts) }
        return texts
    }
}

/// The small codes a finding's flags byte holds.
enum FindingCoding {
    static func recordLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (length: Int, prefix: Int)? {
        SpillBytes.recordLength(bytes, at: offset)
    }

    static func decode(_ body: UnsafeBufferPointer<UInt8>) -> Finding {
        Finding.decode(body)
    }

    static func severityCode(_ severity: Severity) -> UInt8 {
        switch severity {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    static func severity(_ code: UInt8) -> Severity {
        code == 0 ? .info : code == 1 ? .warning : .error
    }

    static func baselineCode(_ state: BaselineState?) -> UInt8 {
        switch state {
        case nil: return 0
        case .new: return 1
        case .persisting: return 2
        case .fixed: return 3
        }
    }

    static func baseline(_ code: UInt8) -> BaselineState? {
        [nil, .new, .persisting, .fixed][Int(code)]
    }
}
