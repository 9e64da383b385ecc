import Checks
import LinkAuditModel
import Policies
import WHATWGURL

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
    /// A value that writes itself (at the indent given) — a finding's object, written
    /// straight into bytes by `SARIFResult` instead of built as a tree first.
    case written((inout [UInt8], _ indent: Int) -> Void)

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
        case .array, .object, .stream, .written: return false
        default: return true
        }
    }

    /// The document's frame: streamed arrays flush the sink between their items; each
    /// item, and anything that holds no stream, is written by `write(into:indent:)`.
    private func write(into sink: ReportSink, indent: Int) {
        switch self {
        case .stream(let next):
            guard var item = next() else { Self.append("[]", to: &sink.bytes); return }
            sink.bytes.append(0x5B)
            var first = true
            while true {
                Self.newline(after: !first, indent: indent + 2, to: &sink.bytes)
                item.write(into: &sink.bytes, indent: indent + 2)
                sink.flushIfFull()
                first = false
                guard let following = next() else { break }
                item = following
            }
            Self.newline(after: false, indent: indent, to: &sink.bytes)
            sink.bytes.append(0x5D)
        case .object(let pairs) where pairs.contains(where: { $0.1.holdsStream }):
            sink.bytes.append(0x7B)
            for (i, (key, value)) in pairs.enumerated() {
                Self.newline(after: i > 0, indent: indent + 2, to: &sink.bytes)
                JSONText.appendString(key, to: &sink.bytes)
                Self.append(": ", to: &sink.bytes)
                value.write(into: sink, indent: indent + 2)
            }
            Self.newline(after: false, indent: indent, to: &sink.bytes)
            sink.bytes.append(0x7D)
        case .array(let items) where items.contains(where: \.holdsStream):
            sink.bytes.append(0x5B)
            for (i, item) in items.enumerated() {
                Self.newline(after: i > 0, indent: indent + 2, to: &sink.bytes)
                item.write(into: sink, indent: indent + 2)
            }
            Self.newline(after: false, indent: indent, to: &sink.bytes)
            sink.bytes.append(0x5D)
        default:
            write(into: &sink.bytes, indent: indent)
        }
    }

    /// Whether a stream sits anywhere inside (the few values of a document's frame).
    private var holdsStream: Bool {
        switch self {
        case .stream: return true
        case .object(let pairs): return pairs.contains { $0.1.holdsStream }
        case .array(let items): return items.contains(where: \.holdsStream)
        default: return false
        }
    }

    /// Writes straight into the sink's bytes: no intermediate arrays for punctuation or
    /// indentation (this runs for every value of every result).
    private func write(into out: inout [UInt8], indent: Int) {
        switch self {
        case .string(let value): JSONText.appendString(value, to: &out)
        case .int(let value): JSONText.appendInt(value, to: &out)
        case .bool(let value): Self.append(value ? "true" : "false", to: &out)
        case .written(let write): write(&out, indent)
        case .array(let items):
            if items.isEmpty { Self.append("[]", to: &out); return }
            // Short lists of scalars (profiles, tags) stay on one line.
            if items.allSatisfy(\.isScalar) {
                out.append(0x5B)
                for (i, item) in items.enumerated() {
                    if i > 0 { Self.append(", ", to: &out) }
                    item.write(into: &out, indent: indent)
                }
                out.append(0x5D)
                return
            }
            out.append(0x5B)
            for (i, item) in items.enumerated() {
                Self.newline(after: i > 0, indent: indent + 2, to: &out)
                item.write(into: &out, indent: indent + 2)
            }
            Self.newline(after: false, indent: indent, to: &out)
            out.append(0x5D)
        case .stream(let next):
            // Inside a value written whole (not expected in a report): no flushing here.
            guard var item = next() else { Self.append("[]", to: &out); return }
            out.append(0x5B)
            var first = true
            while true {
                Self.newline(after: !first, indent: indent + 2, to: &out)
                item.write(into: &out, indent: indent + 2)
                first = false
                guard let following = next() else { break }
                item = following
            }
            Self.newline(after: false, indent: indent, to: &out)
            out.append(0x5D)
        case .object(let pairs):
            if pairs.isEmpty { Self.append("{}", to: &out); return }
            out.append(0x7B)
            for (i, (key, value)) in pairs.enumerated() {
                Self.newline(after: i > 0, indent: indent + 2, to: &out)
                JSONText.appendString(key, to: &out)
                out.append(0x3A)
                out.append(0x20)
                value.write(into: &out, indent: indent + 2)
            }
            Self.newline(after: false, indent: indent, to: &out)
            out.append(0x7D)
        }
    }

    private static func append(_ text: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `,` when `comma`, then a newline and `indent` spaces.
    private static func newline(after comma: Bool, indent: Int, to out: inout [UInt8]) {
        if comma { out.append(0x2C) }
        out.append(0x0A)
        for _ in 0..<indent { out.append(0x20) }
    }
}
