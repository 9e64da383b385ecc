import Checks
import LinkAuditModel
import Policies
import WHATWGURL

/// The layout of `JSONValue`'s printing (two-space indents, `"key": value`, one member
/// per line, `{}`/`[]` when empty, short lists of strings on one line), for writers that
/// print their values straight into a report's bytes (through a `ByteStage`) instead of building a `JSONValue`
/// tree first. Callers open and close containers; these add the punctuation.
enum PrettyLayout {
    /// `,` when not the first member, a newline, `indent` spaces, then `"key": `. Keys
    /// are plain literals, so they need no escaping.
    @inline(__always)
    static func key(_ name: StaticString, first: Bool = false, indent: Int, to out: inout ByteStage) {
        newline(comma: !first, indent: indent, to: &out)
        out.put(0x22)
        out.put(name)
        out.put("\": ")
    }

    /// A key that comes from the data (a profile name): escaped like any string.
    static func key(dynamic name: String, first: Bool, indent: Int, to out: inout ByteStage) {
        newline(comma: !first, indent: indent, to: &out)
        out.put(jsonString: name)
        out.put(": ")
    }

    /// `key: "value"` and `key: 12`, the members most objects are made of.
    @inline(__always)
    static func member(_ name: StaticString, _ value: String, first: Bool = false, indent: Int, to out: inout ByteStage) {
        key(name, first: first, indent: indent, to: &out)
        out.put(jsonString: value)
    }

    @inline(__always)
    static func member(_ name: StaticString, _ value: Int, first: Bool = false, indent: Int, to out: inout ByteStage) {
        key(name, first: first, indent: indent, to: &out)
        out.put(decimal: value)
    }

    /// `["a", "b"]` on one line, as `JSONValue` prints arrays of scalars.
    static func strings(_ values: [String], to out: inout ByteStage) {
        out.put(0x5B)
        for (i, value) in values.enumerated() {
            if i > 0 { out.put(", ") }
            out.put(jsonString: value)
        }
        out.put(0x5D)
    }

    /// A newline and `indent` spaces, then `}` or `]`: the end of a non-empty container
    /// whose members sat at `indent + 2`.
    @inline(__always)
    static func close(_ bracket: UInt8, indent: Int, to out: inout ByteStage) {
        newline(comma: false, indent: indent, to: &out)
        out.put(bracket)
    }

    /// `,` when `comma`, then a newline and `indent` spaces.
    @inline(__always)
    static func newline(comma: Bool, indent: Int, to out: inout ByteStage) {
        if comma { out.put(0x2C) }
        out.put(0x0A)
        var left = indent
        while left > 0 {
            let run = Swift.min(left, spaces.utf8CodeUnitCount)
            out.put(UnsafeBufferPointer(start: spaces.utf8Start, count: run))
            left -= run
        }
    }

    private static let spaces: StaticString = "                "
}
