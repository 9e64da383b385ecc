/// Writes a pretty-printed JSON object member by member straight into bytes, in exactly
/// `JSONValue`'s layout (two-space indents, `"key": value`, `{}` when empty). For the
/// per-finding objects of the report files: building a `JSONValue` tree for each of
/// hundreds of thousands of findings cost more than everything else in the report.
/// (SARIF results; findings.json and JUnit stage their bytes with `ByteStage` and
/// `PrettyLayout` instead.)
struct PrettyJSON {
    /// Indent of the object's own braces.
    let indent: Int
    private var first = true

    /// Opens an object whose braces sit at `indent`.
    init(opening out: ByteBuffer, indent: Int) {
        self.indent = indent
        out.append(0x7B)
    }

    /// `,` (after the first member), newline, indent, then the quoted key and `": "`.
    mutating func key(_ name: StaticString, _ out: ByteBuffer) {
        startMember(out)
        out.append(0x22)
        Self.append(name, out)
        Self.append("\": ", out)
    }

    /// A key that is data (profile names).
    mutating func key(_ name: String, _ out: ByteBuffer) {
        startMember(out)
        JSONText.appendString(name, to: out)
        Self.append(": ", out)
    }

    mutating func string(_ name: StaticString, _ value: String, _ out: ByteBuffer) {
        key(name, out)
        JSONText.appendString(value, to: out)
    }

    mutating func int(_ name: StaticString, _ value: Int, _ out: ByteBuffer) {
        key(name, out)
        JSONText.appendInt(value, to: out)
    }

    /// A list of strings, on one line as `JSONValue` prints short scalar lists.
    mutating func strings(_ name: StaticString, _ values: [String], _ out: ByteBuffer) {
        key(name, out)
        out.append(0x5B)
        for (i, value) in values.enumerated() {
            if i > 0 { Self.append(", ", out) }
            JSONText.appendString(value, to: out)
        }
        out.append(0x5D)
    }

    /// A nested object under `name`; `body` writes its members.
    mutating func object(_ name: StaticString, _ out: ByteBuffer, _ body: (inout PrettyJSON, ByteBuffer) -> Void) {
        key(name, out)
        var inner = PrettyJSON(opening: out, indent: indent + 2)
        body(&inner, out)
        inner.close(out)
    }

    /// A one-element list holding an object (SARIF's `locations`, `suppressions`).
    mutating func objectList(_ name: StaticString, _ out: ByteBuffer, _ body: (inout PrettyJSON, ByteBuffer) -> Void) {
        key(name, out)
        out.append(0x5B)
        Self.newline(indent: indent + 4, out)
        var inner = PrettyJSON(opening: out, indent: indent + 4)
        body(&inner, out)
        inner.close(out)
        Self.newline(indent: indent + 2, out)
        out.append(0x5D)
    }

    mutating func close(_ out: ByteBuffer) {
        if first {
            out.append(0x7D)  // {}
            return
        }
        Self.newline(indent: indent, out)
        out.append(0x7D)
    }

    private mutating func startMember(_ out: ByteBuffer) {
        if !first { out.append(0x2C) }
        first = false
        Self.newline(indent: indent + 2, out)
    }

    static func newline(indent: Int, _ out: ByteBuffer) {
        out.write(maxBytes: indent + 1) { start in
            start.pointee = 0x0A
            (start + 1).initialize(repeating: 0x20, count: indent)
            return indent + 1
        }
    }

    static func append(_ text: StaticString, _ out: ByteBuffer) {
        out.append(text)
    }
}
