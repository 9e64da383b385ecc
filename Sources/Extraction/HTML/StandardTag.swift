import Glibc

/// A tag as the HTML Standard's tokenizer delimits it (Docs/PLATFORM.md §F: tag open,
/// tag name, attribute name and value states, self-closing start tag state). Used by
/// `TokenizerAlignment` to find where a browser's tags end; libxml2 does the real parse.
struct StandardTag {
    /// Just past the closing `>`.
    var end: Int
    /// The tag name's bytes (as written; compare case-insensitively).
    var name: Range<Int>
    /// The `/` of a closing `/>` (the self-closing flag), if any.
    var solidus: Int?
    /// Where the attribute past the `maxAttributes`th starts, when the tag has more.
    var excessAttributes: Int?

    static let tab: UInt8 = 0x09, lf: UInt8 = 0x0A, ff: UInt8 = 0x0C, cr: UInt8 = 0x0D, space: UInt8 = 0x20

    /// The tokenizer's whitespace (CR counts: input preprocessing turns it into LF).
    @inline(__always) static func isSpace(_ b: UInt8) -> Bool {
        b == space || b == lf || b == tab || b == ff || b == cr
    }

    // The bytes that end a tag's parts, all below 64: a set is a bit per byte, so a byte is
    // tested with a shift instead of five to eight comparisons (AlignmentShortcutTests checks
    // each set against its predicate on every byte).
    /// Whitespace: tab, LF, FF, CR, space.
    static let spaces: UInt64 = 0x0000_0001_0000_3600
    /// A tag name ends at whitespace, `/` or `>`.
    static let nameEnds: UInt64 = 0x4000_8001_0000_3600
    /// An attribute name at whitespace, `/`, `>` or `=`.
    static let attributeNameEnds: UInt64 = 0x6000_8001_0000_3600
    /// An unquoted value at whitespace or `>`.
    static let unquotedValueEnds: UInt64 = 0x4000_0001_0000_3600

    @inline(__always) static func isIn(_ set: UInt64, _ b: UInt8) -> Bool {
        b < 64 && (set >> UInt64(b)) & 1 != 0
    }

    /// The tag whose name starts at `nameStart` (after `<` or `</`), or nil when the page
    /// ends inside it (the tokenizer then emits nothing).
    /// `blank` receives each byte libxml2 would read otherwise than the tokenizer and that
    /// must become a space for both to agree: a form feed between attributes (not blank
    /// to libxml2), a `/` not followed by `>` (libxml2 drops the attribute after it).
    static func scan(_ p: UnsafePointer<UInt8>, _ n: Int, nameStart: Int, blank: (Int) -> Void) -> StandardTag? {
        read(p, n, nameStart: nameStart, maxAttributes: nil, blank: blank)
    }

    /// The tag read again, counting its attributes: `excessAttributes` is where the one past
    /// the `maxAttributes`th starts. A separate entry, so that the scan of every tag does
    /// not pay for counting (only a tag long enough to hold that many is read again).
    static func countingAttributes(_ p: UnsafePointer<UInt8>, _ n: Int, nameStart: Int,
                                   maxAttributes: Int) -> StandardTag? {
        read(p, n, nameStart: nameStart, maxAttributes: maxAttributes, blank: { _ in })
    }

    @inline(__always)
    private static func read(_ p: UnsafePointer<UInt8>, _ n: Int, nameStart: Int, maxAttributes: Int?,
                             blank: (Int) -> Void) -> StandardTag? {
        var i = nameStart
        while i < n, !isIn(nameEnds, p[i]) { i += 1 }
        let name = nameStart..<i
        var attributes = 0
        var excess: Int?
        // Before attribute name: whitespace, `/` (self-closing when `>` follows), `>`.
        while i < n {
            let b = p[i]
            if isIn(spaces, b) {
                if b == ff { blank(i) }
                i += 1
                continue
            }
            if b == 0x3E { return StandardTag(end: i + 1, name: name, solidus: nil, excessAttributes: excess) }
            if b == 0x2F {
                if i + 1 < n && p[i + 1] == 0x3E {
                    return StandardTag(end: i + 2, name: name, solidus: i, excessAttributes: excess)
                }
                blank(i)
                i += 1
                continue
            }
            // Attribute name: its first byte may be `=`; it runs to whitespace, `/`, `>` or `=`.
            if let maxAttributes {
                attributes += 1
                if attributes == maxAttributes + 1 { excess = i }
            }
            i += 1
            while i < n, !isIn(attributeNameEnds, p[i]) { i += 1 }
            while i < n, isIn(spaces, p[i]) {
                if p[i] == ff { blank(i) }
                i += 1
            }
            guard i < n else { return nil }
            guard p[i] == 0x3D else { continue }
            i += 1
            while i < n, isIn(spaces, p[i]) {
                if p[i] == ff { blank(i) }
                i += 1
            }
            guard i < n else { return nil }
            let q = p[i]
            if q == 0x22 || q == 0x27 {
                guard let close = find(q, p, from: i + 1, n) else { return nil }
                i = close + 1
            } else {
                // Unquoted: to whitespace or `>` (a `/` belongs to the value).
                while i < n, !isIn(unquotedValueEnds, p[i]) { i += 1 }
            }
        }
        return nil
    }

    /// Index of the first `byte` at or after `start`, or nil. Most searches end within a few
    /// bytes (the `<` after a tag, a short attribute value): the first eight are tested as one
    /// word (the lowest flagged byte of `MarkupScanner.byte` is exact) before memchr's call,
    /// about thirty instructions however near the byte is. `findPlain` is the reference
    /// (AlignmentShortcutTests).
    @inline(__always)
    static func find(_ byte: UInt8, _ p: UnsafePointer<UInt8>, from start: Int, _ n: Int) -> Int? {
        guard start + 8 <= n else { return findPlain(byte, p, from: start, n) }
        let word = UInt64(littleEndian: UnsafeRawPointer(p + start).loadUnaligned(as: UInt64.self))
        let hit = MarkupScanner.byte(word, byte)
        if hit != 0 { return start + hit.trailingZeroBitCount >> 3 }
        return findPlain(byte, p, from: start + 8, n)
    }

    /// `find` with memchr alone.
    @inline(__always)
    static func findPlain(_ byte: UInt8, _ p: UnsafePointer<UInt8>, from start: Int, _ n: Int) -> Int? {
        guard start < n, let hit = memchr(p + start, Int32(byte), n - start) else { return nil }
        return UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - p
    }

    /// Whether the bytes at `i` spell `word` (lower-case ASCII) in any case.
    @inline(__always)
    static func matches(_ p: UnsafePointer<UInt8>, _ n: Int, at i: Int, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard i + count <= n else { return false }
        let w = word.utf8Start
        for k in 0..<count where p[i + k] | 0x20 != w[k] { return false }
        return true
    }

    /// Whether the name is exactly `word`, in any case.
    @inline(__always)
    static func named(_ p: UnsafePointer<UInt8>, _ name: Range<Int>, _ word: StaticString) -> Bool {
        name.count == word.utf8CodeUnitCount && matches(p, name.upperBound, at: name.lowerBound, word)
    }
}
