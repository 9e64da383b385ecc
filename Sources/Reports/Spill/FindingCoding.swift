import LinkAuditModel

/// A finding as compact bytes, for the runs a report spills to disk (`SpillRecord`):
/// length-prefixed UTF-8 fields and LEB128 integers, no keys.
///
///     record = length(varint) flags(byte) [line(zigzag varint)] page [file] source trigger
///              frame raw url code profiles outcomes(profile outcome reason) message [suppressed]
extension Finding: SpillRecord {
    private static let hasFile: UInt8 = 1, hasLine: UInt8 = 2, hasSuppressed: UInt8 = 4

    func encode(into body: inout [UInt8]) {
        body.reserveCapacity(body.count + page.utf8.count + raw.utf8.count + url.utf8.count + message.utf8.count + 160)
        var flags: UInt8 = 0
        if file != nil { flags |= Self.hasFile }
        if line != nil { flags |= Self.hasLine }
        if suppressed != nil { flags |= Self.hasSuppressed }
        flags |= FindingCoding.severityCode(severity) << 3
        flags |= FindingCoding.baselineCode(baseline) << 5
        body.append(flags)
        if let line { SpillBytes.appendInt(line, to: &body) }
        SpillBytes.appendString(page, to: &body)
        if let file { SpillBytes.appendString(file, to: &body) }
        for field in [source, trigger, frame, raw, url, code] { SpillBytes.appendString(field, to: &body) }
        SpillBytes.appendVarint(UInt64(profiles.count), to: &body)
        for profile in profiles { SpillBytes.appendString(profile, to: &body) }
        SpillBytes.appendVarint(UInt64(outcomes.count), to: &body)
        for outcome in outcomes {
            SpillBytes.appendString(outcome.profile, to: &body)
            SpillBytes.appendString(outcome.outcome, to: &body)
            SpillBytes.appendString(outcome.reason, to: &body)
        }
        SpillBytes.appendString(message, to: &body)
        if let suppressed { SpillBytes.appendString(suppressed, to: &body) }
    }

    static func decode(_ body: UnsafeBufferPointer<UInt8>) -> Finding {
        decode(body, sharing: nil)
    }

    /// A run's reader shares what its findings repeat (`FindingInterner`).
    static func decoder() -> (UnsafeBufferPointer<UInt8>) -> Finding {
        let interner = FindingInterner()
        return { decode($0, sharing: interner) }
    }

    /// `sharing`: the profiles, outcomes and message of a finding whose bytes for them were
    /// read before come back as the arrays and string made then (the same values).
    static func decode(_ body: UnsafeBufferPointer<UInt8>, sharing: FindingInterner?) -> Finding {
        var reader = SpillBytes.Reader(body)
        let flags = reader.byte()
        let line = flags & hasLine != 0 ? reader.int() : nil
        let page = reader.string()
        let file = flags & hasFile != 0 ? reader.string() : nil
        let source = reader.string(), trigger = reader.string(), frame = reader.string()
        let raw = reader.string(), url = reader.string(), code = reader.string()
        let (profiles, outcomes, message) = sharing?.texts(&reader, read: Self.readTexts) ?? Self.readTexts(&reader)
        let suppressed = flags & hasSuppressed != 0 ? reader.string() : nil
        return Finding(page: page, file: file, line: line, source: source, trigger: trigger, frame: frame, raw: raw,
                       url: url, code: code, severity: FindingCoding.severity((flags >> 3) & 3), profiles: profiles,
                       outcomes: outcomes, message: message, suppressed: suppressed,
                       baseline: FindingCoding.baseline((flags >> 5) & 3))
    }
}

extension Finding {
    /// A finding's profiles, outcomes and message, as `encode` wrote them.
    static func readTexts(_ reader: inout SpillBytes.Reader) -> FindingInterner.Texts {
        let profiles = (0..<Int(reader.varint())).map { _ in reader.string() }
        let outcomes = (0..<Int(reader.varint())).map { _ in
            let profile = reader.string(), outcome = reader.string()
            return ProfileOutcome(profile, outcome, reason: reader.string())
        }
        return (profiles, outcomes, reader.string())
    }
}

/// What a spilled run's findings repeat — the profiles, outcomes and message that one
/// verdict set and code decide, the same bytes on thousands of rows — made once per run
/// reader and shared: decoding them again for every row, and then rendering their
/// findings.csv cells again because each row's arrays were its own (`CSVRowCells` finds
/// cells by the outcomes array), was a quarter of the dense corpus's default-formats run
/// (Benchmarks/README.md, issue 17). Found by a digest of the bytes and compared byte for
/// byte; bounded: past `limit` texts it starts afresh. `Finding.decode(_:)` is the plain
/// version, and `FindingInternerTests` compares the two.
final class FindingInterner {
    typealias Texts = (profiles: [String], outcomes: [ProfileOutcome], message: String)

    static let limit = 1_024

    private struct Entry {
        let bytes: [UInt8]
        let texts: Texts
    }

    private var entries: [UInt64: [Entry]] = [:]
    private var count = 0

    /// The texts at the reader's place, read by `read` on first sight of their bytes.
    func texts(_ reader: inout SpillBytes.Reader, read: (inout SpillBytes.Reader) -> Texts) -> Texts {
        let start = reader.offset
        Self.skip(&reader)
        let bytes = UnsafeBufferPointer(rebasing: reader.bytes[start..<reader.offset])
        let digest = Self.digest(bytes)
        if let list = entries[digest] {
            for entry in list where entry.bytes.elementsEqual(bytes) { return entry.texts }
        }
        reader.offset = start
        let made = read(&reader)
        if count >= Self.limit {
            entries.removeAll(keepingCapacity: true)
            count = 0
        }
        entries[digest, default: []].append(Entry(bytes: Array(bytes), texts: made))
        count += 1
        return made
    }

    /// Past the texts without making them: the profiles, the outcomes' three strings each,
    /// the message.
    private static func skip(_ reader: inout SpillBytes.Reader) {
        func skipString() { reader.offset += Int(reader.varint()) }
        for _ in 0..<Int(reader.varint()) { skipString() }
        for _ in 0..<Int(reader.varint()) { skipString(); skipString(); skipString() }
        skipString()
    }

    /// The length and three eight-byte samples: rows of different texts differ in length or
    /// in their reasons' and message's ends; equal digests are compared whole.
    static func digest(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var digest = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
        for start in [0, bytes.count / 2, max(0, bytes.count - 8)] {
            var word: UInt64 = 0
            for i in start..<min(bytes.count, start + 8) { word = word << 8 | UInt64(bytes[i]) }
            digest = (digest ^ word) &* 0xBF58_476D_1CE5_E9B9
        }
        return digest
    }
}

/// The small codes a finding's flags byte holds.
enum FindingCoding {
    /// Appends one record (with its length prefix) to `out`.
    static func append(_ finding: Finding, to out: inout [UInt8]) {
        finding.append(to: &out)
    }

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
