import LinkAuditModel

/// The records of `links.jsonl` and `pages.jsonl`, one JSON object per line. Field order
/// is the contract's: page, line, source, trigger, frame, delayMs, raw, url, scheme, …
extension Navigation {
    public var jsonBytes: [UInt8] {
        var json = JSONText(capacity: 512)
        var sets = VerdictSetJSON()
        writeJSON(to: &json, sets: &sets)
        return json.bytes
    }

    public var jsonLine: String { String(decoding: jsonBytes, as: UTF8.self) }

    /// Appends this record as one JSON object (no newline).
    func writeJSON(to json: inout JSONText, sets: inout VerdictSetJSON) {
        json.open()
        json.field("page", page)
        json.field("line", line)
        json.field("source", source)
        json.field("trigger", trigger.rawValue)
        json.field("frame", frame.rawValue)
        json.field("delayMs", delayMs)
        json.field("raw", raw)
        json.field("url", url)
        json.field("scheme", scheme)
        json.field("partial", partial)
        json.field("context", context)
        json.field("condition", condition)
        json.field("framedPage", framedPage)
        if let verdicts { json.raw("verdicts", sets.bytes(verdicts)) }
        if let findings {
            json.objects("findings", findings) { item, ref in
                item.field("code", ref.code)
                item.strings("profiles", ref.profiles)
            }
        }
        json.close()
    }

    /// A page's records as `links.jsonl` lines, in one buffer.
    package static func jsonLines(_ navigations: [Navigation]) -> [UInt8] {
        var json = JSONText(capacity: navigations.count * 640)
        var sets = VerdictSetJSON()
        for navigation in navigations {
            navigation.writeJSON(to: &json, sets: &sets)
            json.newline()
        }
        return json.bytes
    }
}

extension Verdict {
    package var jsonBytes: [UInt8] {
        var json = JSONText(capacity: 128)
        writeJSON(to: &json)
        return json.bytes
    }

    /// `{"outcome":…,"reason":…}` with the details flattened after them, keys sorted.
    func writeJSON(to json: inout JSONText) {
        json.open()
        json.field("outcome", outcome.rawValue)
        json.field("reason", reason.rawValue)
        if let details {
            for key in details.keys.sorted() {
                json.field(dynamic: key, details[key] ?? "")
            }
        }
        json.close()
    }
}

extension PageRecord {
    public var jsonBytes: [UInt8] {
        var json = JSONText()
        json.field("page", page)
        json.field("file", file)
        json.field("bytes", bytes)
        json.field("status", status)
        json.field("encoding", encoding)
        json.field("navigations", navigations)
        json.field("warning", warning)
        json.field("httpStatus", httpStatus)
        json.field("association", association)
        if let problems { json.strings("problems", problems) }
        return json.closed()
    }

    public var jsonLine: String { String(decoding: jsonBytes, as: UTF8.self) }
}
