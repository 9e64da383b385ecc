/// The records of `links.jsonl` and `pages.jsonl`, one JSON object per line. Field order
/// is the contract's: page, line, source, trigger, frame, delayMs, raw, url, scheme, …
extension Navigation {
    public var jsonBytes: [UInt8] {
        var json = JSONText()
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
        if let verdicts {
            var object = JSONText()
            for name in verdicts.keys.sorted() {
                guard let verdict = verdicts[name] else { continue }
                object.raw(dynamic: name, verdict.jsonBytes)
            }
            json.raw("verdicts", object.closed())
        }
        if let findings {
            json.raw("findings", JSONText.array(findings.map { ref in
                var item = JSONText()
                item.field("code", ref.code)
                item.raw("profiles", JSONText.array(ref.profiles.map(JSONText.string)))
                return item.closed()
            }))
        }
        return json.closed()
    }

    public var jsonLine: String { String(decoding: jsonBytes, as: UTF8.self) }
}

extension Verdict {
    var jsonBytes: [UInt8] {
        var json = JSONText()
        json.field("outcome", outcome.rawValue)
        json.field("reason", reason)
        if let details {
            for key in details.keys.sorted() {
                json.field(dynamic: key, details[key] ?? "")
            }
        }
        return json.closed()
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
        if let problems { json.raw("problems", JSONText.array(problems.map(JSONText.string))) }
        return json.closed()
    }

    public var jsonLine: String { String(decoding: jsonBytes, as: UTF8.self) }
}
