import Foundation

/// Strings compared and hashed by their UTF-8 bytes, for the memos that tell verdicts and
/// verdict sets apart (`DecisionMemo`'s `VerdictBytes`, `VerdictSetMemo`'s
/// `VerdictSetValue`): String's own `==` and hash work on Unicode canonical equivalence,
/// which costs a walk over every character and is not what a report's bytes need.
public enum TextBytes {
    /// The same UTF-8 bytes.
    public static func same(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                x.count == y.count && (x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
    }

    /// A hash of the length and the first and last eight bytes: cheap, and enough for
    /// strings that differ near an end (identifiers, URLs, reasons); equal hashes are then
    /// told apart by `same`.
    public static func hash(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { bytes in
            var head: UInt64 = 0, tail: UInt64 = 0
            let count = bytes.count
            for i in 0..<min(8, count) {
                head |= UInt64(bytes[i]) << UInt64(8 * i)
                tail |= UInt64(bytes[count - 1 - i]) << UInt64(8 * i)
            }
            return mix(mix(UInt64(count), head), tail)
        }
    }

    /// Two hashes folded into one.
    public static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var x = (a ^ b) &* 0x9E37_79B9_7F4A_7C15
        x ^= x >> 29
        return x
    }
}

extension String {
    /// Whether it is `name`, a name whose equals all have its bytes (ASCII without `K`, `;`
    /// or `` ` ``: a script's identifiers, finding codes, a link's source): `==` with the UTF-8
    /// lengths compared first. `==` on two unequal strings is a call into the runtime's
    /// ordering; a length is read inline, and most names asked about differ in length
    /// (~120,000 such comparisons a hundred dense pages in the script scanner alone,
    /// Benchmarks/README.md, issue 17).
    @inlinable @inline(__always)
    public func isName(_ name: String) -> Bool {
        utf8.count == name.utf8.count && self == name
    }
}
