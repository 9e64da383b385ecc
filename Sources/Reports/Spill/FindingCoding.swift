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
        var reader = SpillBytes.Reader(body)
        let flags = reader.byte()
        let line = flags & hasLine != 0 ? reader.int() : nil
        let page = reader.string()
        let file = flags & hasFile != 0 ? reader.string() : nil
        let source = reader.string(), trigger = reader.string(), frame = reader.string()
        let raw = reader.string(), url = reader.string(), code = reader.string()
        let profiles = (0..<Int(reader.varint())).map { _ in reader.string() }
        let outcomes = (0..<Int(reader.varint())).map { _ in
            let profile = reader.string(), outcome = reader.string()
            return ProfileOutcome(profile, outcome, reason: reader.string())
        }
        let message = reader.string()
        let suppressed = flags & hasSuppressed != 0 ? reader.string() : nil
        return Finding(page: page, file: file, line: line, source: source, trigger: trigger, frame: frame, raw: raw,
                       url: url, code: code, severity: FindingCoding.severity((flags >> 3) & 3), profiles: profiles,
                       outcomes: outcomes, message: message, suppressed: suppressed,
                       baseline: FindingCoding.baseline((flags >> 5) & 3))
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
