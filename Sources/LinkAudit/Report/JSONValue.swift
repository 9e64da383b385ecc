/// A JSON document built in a fixed key order and printed with two-space indents, for the
/// report files people and diff tools read whole (SARIF, findings.json). Strings are
/// escaped by `JSONText`, the writer links.jsonl uses.
indirect enum JSONValue {
    case string(String)
    case int(Int)
    case bool(Bool)
    case array([JSONValue])
    case object([(String, JSONValue)])
    /// An array whose elements (objects) are pulled one at a time while writing (nil
    /// ends it) and written out: a report's hundreds of thousands of results never sit in
    /// memory, as a tree or as text.
    case stream(next: () -> JSONValue?)

    /// An object from pairs whose nil values are left out.
    static func object(_ pairs: [(String, JSONValue?)]) -> JSONValue {
        .object(pairs.compactMap { key, value in value.map { (key, $0) } })
    }

    static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    var text: String {
        let sink = ReportSink()
        write(to: sink)
        return sink.text
    }

    /// The document and a final newline.
    func write(to sink: ReportSink) {
        write(into: sink, indent: 0)
        sink.bytes.append(0x0A)
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object, .stream: return false
        default: return true
        }
    }

    private func write(into sink: ReportSink, indent: Int) {
        switch self {
        case .string(let value): JSONText.appendString(value, to: &sink.bytes)
        case .int(let value): JSONText.appendInt(value, to: &sink.bytes)
        case .bool(let value): sink.bytes.append(contentsOf: Array((value ? "true" : "false").utf8))
        case .array(let items):
            if items.isEmpty { sink.bytes.append(contentsOf: Array("[]".utf8)); return }
            // Short lists of scalars (profiles, tags) stay on one line.
            if items.allSatisfy(\.isScalar) {
                sink.bytes.append(0x5B)
                for (i, item) in items.enumerated() {
                    if i > 0 { sink.bytes.append(contentsOf: [0x2C, 0x20]) }
                    item.write(into: sink, indent: indent)
                }
                sink.bytes.append(0x5D)
                return
            }
            sink.bytes.append(0x5B)
            for (i, item) in items.enumerated() {
                sink.bytes.append(contentsOf: Array((i > 0 ? ",\n" : "\n").utf8))
                sink.bytes.append(contentsOf: Array(repeating: 0x20, count: indent + 2))
                item.write(into: sink, indent: indent + 2)
            }
            sink.bytes.append(0x0A)
            sink.bytes.append(contentsOf: Array(repeating: 0x20, count: indent))
            sink.bytes.append(0x5D)
        case .stream(let next):
            guard var item = next() else { sink.bytes.append(contentsOf: Array("[]".utf8)); return }
            sink.bytes.append(0x5B)
            var first = true
            while true {
                sink.bytes.append(contentsOf: Array((first ? "\n" : ",\n").utf8))
                sink.bytes.append(contentsOf: Array(repeating: 0x20, count: indent + 2))
                item.write(into: sink, indent: indent + 2)
                sink.flushIfFull()
                first = false
                guard let following = next() else { break }
                item = following
            }
            sink.bytes.append(0x0A)
            sink.bytes.append(contentsOf: Array(repeating: 0x20, count: indent))
            sink.bytes.append(0x5D)
        case .object(let pairs):
            if pairs.isEmpty { sink.bytes.append(contentsOf: Array("{}".utf8)); return }
            sink.bytes.append(0x7B)
            for (i, (key, value)) in pairs.enumerated() {
                sink.bytes.append(contentsOf: Array((i > 0 ? ",\n" : "\n").utf8))
                sink.bytes.append(contentsOf: Array(repeating: 0x20, count: indent + 2))
                JSONText.appendString(key, to: &sink.bytes)
                sink.bytes.append(contentsOf: [0x3A, 0x20])
                value.write(into: sink, indent: indent + 2)
            }
            sink.bytes.append(0x0A)
            sink.bytes.append(contentsOf: Array(repeating: 0x20, count: indent))
            sink.bytes.append(0x7D)
        }
    }
}
