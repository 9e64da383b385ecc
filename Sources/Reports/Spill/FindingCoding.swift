import LinkAuditModel

/// A finding as compact bytes, for the runs a report spills to disk: length-prefixed
/// UTF-8 fields and LEB128 integers, no keys. Only this program reads them back, in the
/// same run, so there is no versioning.
///
///     record = length(varint) flags(byte) [line(zigzag varint)] page [file] source trigger
///              frame raw url code profiles outcomes(profile outcome reason) message [suppressed]
enum FindingCoding {
    private static let hasFile: UInt8 = 1, hasLine: UInt8 = 2, hasSuppressed: UInt8 = 4

    /// Appends one record (with its length prefix) to `out`.
    static func append(_ finding: Finding, to out: inout [UInt8]) {
        var body: [UInt8] = []
        body.reserveCapacity(finding.page.utf8.count + finding.raw.utf8.count + finding.url.utf8.count
            + finding.message.utf8.count + 160)
        var flags: UInt8 = 0
        if finding.file != nil { flags |= hasFile }
        if finding.line != nil { flags |= hasLine }
        if finding.suppressed != nil { flags |= hasSuppressed }
        flags |= severityCode(finding.severity) << 3
        flags |= baselineCode(finding.baseline) << 5
        body.append(flags)
        if let line = finding.line { appendVarint(UInt64(bitPattern: Int64((line << 1) ^ (line >> 63))), to: &body) }
        appendString(finding.page, to: &body)
        if let file = finding.file { appendString(file, to: &body) }
        for field in [finding.source, finding.trigger, finding.frame, finding.raw, finding.url, finding.code] {
            appendString(field, to: &body)
        }
        appendVarint(UInt64(finding.profiles.count), to: &body)
        for profile in finding.profiles { appendString(profile, to: &body) }
        appendVarint(UInt64(finding.outcomes.count), to: &body)
        for outcome in finding.outcomes {
            appendString(outcome.profile, to: &body)
            appendString(outcome.outcome, to: &body)
            appendString(outcome.reason, to: &body)
        }
        appendString(finding.message, to: &body)
        if let reason = finding.suppressed { appendString(reason, to: &body) }
        appendVarint(UInt64(body.count), to: &out)
        out.append(contentsOf: body)
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

    /// Decodes one record body (without its length prefix).
    static func decode(_ body: UnsafeBufferPointer<UInt8>) -> Finding {
        var reader = Reader(bytes: body)
        let flags = reader.byte()
        var line: Int?
        if flags & hasLine != 0 {
            let zigzag = Int64(bitPattern: reader.varint())
            line = Int((zigzag >> 1) ^ -(zigzag & 1))
        }
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
                       url: url, code: code, severity: severity((flags >> 3) & 3), profiles: profiles, outcomes: outcomes,
                       message: message, suppressed: suppressed, baseline: baseline((flags >> 5) & 3))
    }

    private static func severityCode(_ severity: Severity) -> UInt8 {
        switch severity {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    private static func severity(_ code: UInt8) -> Severity {
        code == 0 ? .info : code == 1 ? .warning : .error
    }

    private static func baselineCode(_ state: BaselineState?) -> UInt8 {
        switch state {
        case nil: return 0
        case .new: return 1
        case .persisting: return 2
        case .fixed: return 3
        }
    }

    private static func baseline(_ code: UInt8) -> BaselineState? {
        [nil, .new, .persisting, .fixed][Int(code)]
    }

    private static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            out.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }

    private static func appendString(_ text: String, to out: inout [UInt8]) {
        appendVarint(UInt64(text.utf8.count), to: &out)
        out.append(contentsOf: text.utf8)
    }

    /// Walks a record body; records come from `append`, so they are well formed.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

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

        mutating func string() -> String {
            let count = Int(varint())
            defer { offset += count }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
        }
    }
}
