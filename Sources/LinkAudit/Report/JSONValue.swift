/// A JSON document built in a fixed key order and printed with two-space indents, for the
/// report files people and diff tools read whole (SARIF, findings.json). Strings are
/// escaped by `JSONText`, the writer links.jsonl uses.
indirect enum JSONValue {
    case string(String)
    case int(Int)
    case bool(Bool)
    case array([JSONValue])
    case object([(String, JSONValue)])
    /// An array whose elements (objects) are made one at a time while writing and
    /// dropped after: a report's tens of thousands of results never sit in memory as a tree.
    case generated(count: Int, element: (Int) -> JSONValue)

    /// An object from pairs whose nil values are left out.
    static func object(_ pairs: [(String, JSONValue?)]) -> JSONValue {
        .object(pairs.compactMap { key, value in value.map { (key, $0) } })
    }

    static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    var text: String {
        var out: [UInt8] = []
        write(into: &out, indent: 0)
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object, .generated: return false
        default: return true
        }
    }

    private func write(into out: inout [UInt8], indent: Int) {
        switch self {
        case .string(let value): JSONText.appendString(value, to: &out)
        case .int(let value): JSONText.appendInt(value, to: &out)
        case .bool(let value): out.append(contentsOf: Array((value ? "true" : "false").utf8))
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: Array("[]".utf8)); return }
            // Short lists of scalars (profiles, tags) stay on one line.
            if items.allSatisfy(\.isScalar) {
                out.append(0x5B)
                for (i, item) in items.enumerated() {
                    if i > 0 { out.append(contentsOf: [0x2C, 0x20]) }
                    item.write(into: &out, indent: indent)
                }
                out.append(0x5D)
                return
            }
            out.append(0x5B)
            for (i, item) in items.enumerated() {
                out.append(contentsOf: Array((i > 0 ? ",\n" : "\n").utf8))
                out.append(contentsOf: Array(repeating: 0x20, count: indent + 2))
                item.write(into: &out, indent: indent + 2)
            }
            out.append(0x0A)
            out.append(contentsOf: Array(repeating: 0x20, count: indent))
            out.append(0x5D)
        case .generated(let count, let element):
            if count == 0 { out.append(contentsOf: Array("[]".utf8)); return }
            out.append(0x5B)
            for i in 0..<count {
                out.append(contentsOf: Array((i > 0 ? ",\n" : "\n").utf8))
                out.append(contentsOf: Array(repeating: 0x20, count: indent + 2))
                element(i).write(into: &out, indent: indent + 2)
            }
            out.append(0x0A)
            out.append(contentsOf: Array(repeating: 0x20, count: indent))
            out.append(0x5D)
        case .object(let pairs):
            if pairs.isEmpty { out.append(contentsOf: Array("{}".utf8)); return }
            out.append(0x7B)
            for (i, (key, value)) in pairs.enumerated() {
                out.append(contentsOf: Array((i > 0 ? ",\n" : "\n").utf8))
                out.append(contentsOf: Array(repeating: 0x20, count: indent + 2))
                JSONText.appendString(key, to: &out)
                out.append(contentsOf: [0x3A, 0x20])
                value.write(into: &out, indent: indent + 2)
            }
            out.append(0x0A)
            out.append(contentsOf: Array(repeating: 0x20, count: indent))
            out.append(0x7D)
        }
    }
}
