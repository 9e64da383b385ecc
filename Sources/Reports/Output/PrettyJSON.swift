/// Indented JSON for the report files people and diff tools read whole (findings.json,
/// SARIF): two-space indents, `"key": value`, one member per line, `{}`/`[]` when empty,
/// short lists of strings on one line. Printed straight into a `ByteBuffer` as the
/// values come (no tree is built first): callers open and close containers, these add
/// the punctuation. `JSONText` is the compact writer beside it; both escape with
/// `JSONString`.
enum PrettyJSON {
    /// `,` when not the first member, a newline, `indent` spaces, then `"key": `. Keys
    /// are plain literals, so they need no escaping.
    @inline(__always)
    static func key(_ name: StaticString, first: Bool = false, indent: Int, to out: inout ByteBuffer) {
        newline(comma: !first, indent: indent, to: &out)
        out.append(0x22)
        out.append(name)
        out.append("\": ")
    }

    /// A key that comes from the data (a profile name): escaped like any string.
    static func key(dynamic name: String, first: Bool, indent: Int, to out: inout ByteBuffer) {
        newline(comma: !first, indent: indent, to: &out)
        out.append(jsonString: name)
        out.append(": ")
    }

    /// `key: "value"` and `key: 12`, the members most objects are made of.
    @inline(__always)
    static func member(_ name: StaticString, _ value: String, first: Bool = false, indent: Int,
                       to out: inout ByteBuffer) {
        key(name, first: first, indent: indent, to: &out)
        out.append(jsonString: value)
    }

    @inline(__always)
    static func member(_ name: StaticString, _ value: Int, first: Bool = false, indent: Int, to out: inout ByteBuffer) {
        key(name, first: first, indent: indent, to: &out)
        out.append(decimal: value)
    }

    /// `["a", "b"]` on one line.
    static func strings(_ values: [String], to out: inout ByteBuffer) {
        out.append(0x5B)
        for (i, value) in values.enumerated() {
            if i > 0 { out.append(", ") }
            out.append(jsonString: value)
        }
        out.append(0x5D)
    }

    /// A newline and `indent` spaces, then `}` or `]`: the end of a non-empty container
    /// whose members sat at `indent + 2`.
    @inline(__always)
    static func close(_ bracket: UInt8, indent: Int, to out: inout ByteBuffer) {
        newline(comma: false, indent: indent, to: &out)
        out.append(bracket)
    }

    /// `,` when `comma`, then a newline and `indent` spaces.
    @inline(__always)
    static func newline(comma: Bool, indent: Int, to out: inout ByteBuffer) {
        if comma { out.append(0x2C) }
        out.append(0x0A)
        var left = indent
        while left > 0 {
            let run = Swift.min(left, spaces.utf8CodeUnitCount)
            out.append(UnsafeBufferPointer(start: spaces.utf8Start, count: run))
            left -= run
        }
    }

    private static let spaces: StaticString = "                "
}
