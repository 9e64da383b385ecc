/// The records of `links.jsonl` and `pages.jsonl`, one JSON object per line. Field order
/// is the contract's: page, line, source, trigger, frame, delayMs, raw, url, scheme, …
extension Navigation {
    public var jsonLine: String {
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
                object.raw(name, verdict.json)
            }
            json.raw("verdicts", object.closed())
        }
        if let findings {
            let items = findings.map { ref -> String in
                var item = JSONText()
                item.field("code", ref.code)
                item.raw("profiles", "[" + ref.profiles.map(JSONText.string).joined(separator: ",") + "]")
                return item.closed()
            }
            json.raw("findings", "[" + items.joined(separator: ",") + "]")
        }
        return json.closed()
    }
}

extension Verdict {
    var json: String {
        var json = JSONText()
        json.field("outcome", outcome.rawValue)
        json.field("reason", reason)
        for key in (details ?? [:]).keys.sorted() {
            json.field(key, details?[key])
        }
        return json.closed()
    }
}

extension PageRecord {
    public var jsonLine: String {
        var json = JSONText()
        json.field("page", page)
        json.field("file", file)
        json.field("bytes", bytes)
        json.field("status", status)
        json.field("encoding", encoding)
        json.field("navigations", navigations)
        json.field("warning", warning)
        return json.closed()
    }
}
