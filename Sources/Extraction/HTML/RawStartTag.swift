import CLibXML2
import Glibc

/// The start tag libxml2 has just reported, found again in its input buffer so that
/// attribute values can be read as written: 2.9.14's `htmlParseHTMLAttribute` has already
/// decoded HTML 4 references by then, losing what the HTML Standard decodes differently
/// (`&amp;colon;` and `&colon;` both arrive as `&colon;`; `&#0;` cuts the value short).
///
/// libxml2 calls `startElement` with `input->cur` on the tag's `>` (or `/>`, or the end).
/// The tag's `<` lies between the end of the previous tag that had attributes and there;
/// the reader tries each `<` + this element's name from the nearest back, re-reading the
/// attributes exactly as `htmlParseStartTag` does, and takes the first reading that ends at
/// `cur` with the attribute names libxml2 reported. Regions of successive tags do not
/// overlap and at most `maxCandidates` readings are tried per tag, so the work stays linear.
struct RawStartTag {
    /// The values holding an `&`, by their index in libxml2's attribute array (name/value
    /// pairs, so the value slot's index), as byte ranges of `bytes`.
    let bytes: UnsafePointer<UInt8>
    let referenced: [(slot: Int, range: Range<Int>)]

    static let maxCandidates = 8

    /// The raw values of the tag being reported, or nil when none holds an `&` (libxml2's
    /// values are then the values as written) or the tag cannot be found with certainty.
    /// `regionStart` is the input offset where the previous tag with attributes ended.
    static func read(_ input: UnsafePointer<xmlParserInput>, name: UnsafePointer<xmlChar>,
                     attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>, regionStart: Int) -> RawStartTag? {
        guard let found = find(input, name: name, attributes: attributes, regionStart: regionStart, everyValue: false),
              !found.values.isEmpty else { return nil }
        return RawStartTag(bytes: found.bytes, referenced: found.values)
    }

    /// Where the tag being reported lies in libxml2's input, for finding it again.
    struct Place {
        let input: UnsafePointer<xmlParserInput>
        let name: UnsafePointer<xmlChar>
        /// As for `read`.
        let regionStart: Int
    }

    /// How many line feeds lie between the start of the value in `slot` (as `value(slot:)`
    /// counts) and the end of the tag: libxml2 reports a tag at its end's line, so the value
    /// starts that many lines before. Nil when the tag cannot be found with certainty.
    static func lineFeedsAfterValue(slot: Int, _ place: Place,
                                    attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>) -> Int? {
        guard let found = find(place.input, name: place.name, attributes: attributes, regionStart: place.regionStart,
                               everyValue: true),
              let value = found.values.first(where: { $0.slot == slot }) else { return nil }
        var lineFeeds = 0
        for i in value.range.lowerBound..<found.end where found.bytes[i] == 0x0A { lineFeeds += 1 }
        return lineFeeds
    }

    /// The tag being reported, found again from the nearest `<` back (see above), with its
    /// values holding an `&` (or, `everyValue`, all its values) and its end, as offsets of
    /// `bytes`. With `everyValue` false, a region without an `&` is not searched.
    private static func find(_ input: UnsafePointer<xmlParserInput>, name: UnsafePointer<xmlChar>,
                             attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>, regionStart: Int,
                             everyValue: Bool) -> (bytes: UnsafePointer<UInt8>, end: Int,
                                                   values: [(slot: Int, range: Range<Int>)])? {
        let input = input.pointee
        guard let base = input.base, let cur = input.cur else { return nil }
        let consumed = Int(input.consumed)
        let end = cur - base
        let start = max(0, regionStart - consumed)
        guard start < end, everyValue || memchr(base + start, 0x26, end - start) != nil else { return nil }
        let scanner = Reader(p: base, end: Int(input.end! - base))
        var candidates = 0
        var lt = end - 1
        while lt >= start && candidates < maxCandidates {
            if base[lt] == 0x3C, scanner.nameMatches(at: lt + 1, name) {
                candidates += 1
                if let values = scanner.attributes(from: lt, endingAt: end, matching: attributes, everyValue: everyValue) {
                    return (base, end, values)
                }
            }
            lt -= 1
        }
        return nil
    }

    /// The value in `slot` decoded per the HTML Standard, or nil when it had no `&`.
    func value(slot: Int) -> String? {
        for entry in referenced where entry.slot == slot {
            return CharacterReferences.decodeAttribute(
                UnsafeBufferPointer(start: bytes + entry.range.lowerBound, count: entry.range.count))
        }
        return nil
    }

    /// `htmlParseStartTag`'s reading of a tag, byte for byte.
    private struct Reader {
        let p: UnsafePointer<UInt8>
        let end: Int

        /// libxml2's IS_BLANK_CH.
        @inline(__always) func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

        @inline(__always) func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

        @inline(__always) func at(_ i: Int) -> UInt8 { i < end ? p[i] : 0 }

        /// `htmlParseHTMLName`: a letter, `_`, `:` or `.`, then letters, digits and `:-_.`,
        /// at most HTML_PARSER_BUFFER_SIZE (100) of them. Returns the end.
        func nameEnd(at start: Int) -> Int? {
            let b = at(start)
            guard isLetter(b) || b == 0x5F || b == 0x3A || b == 0x2E else { return nil }
            var i = start + 1
            while i - start < 100 {
                let c = at(i)
                guard isLetter(c) || (c >= 0x30 && c <= 0x39) || c == 0x3A || c == 0x2D || c == 0x5F || c == 0x2E
                else { break }
                i += 1
            }
            return i
        }

        /// Whether the name read at `start` is `name` (libxml2's, lower-cased).
        func nameMatches(at start: Int, _ name: UnsafePointer<xmlChar>) -> Bool {
            guard let nameEnd = nameEnd(at: start) else { return false }
            return equalsLowercased(start..<nameEnd, name)
        }

        func equalsLowercased(_ range: Range<Int>, _ name: UnsafePointer<xmlChar>) -> Bool {
            var k = 0
            for i in range {
                let b = p[i]
                let lower = b >= 0x41 && b <= 0x5A ? b + 0x20 : b
                if name[k] != lower { return false }
                k += 1
            }
            return name[k] == 0
        }

        func skipBlanks(_ start: Int) -> Int {
            var i = start
            while isBlank(at(i)) { i += 1 }
            return i
        }

        /// Reads the tag at `lt`; returns the values holding an `&` (or, `everyValue`, all of
        /// them) when the reading ends at `tagEnd` with the attributes libxml2 reported, else nil.
        func attributes(from lt: Int, endingAt tagEnd: Int, matching atts: UnsafeMutablePointer<UnsafePointer<xmlChar>?>,
                        everyValue: Bool) -> [(slot: Int, range: Range<Int>)]? {
            guard var i = nameEnd(at: lt + 1) else { return nil }
            var names: [Range<Int>] = []
            var referenced: [(slot: Int, range: Range<Int>)] = []
            i = skipBlanks(i)
            while i < tagEnd {
                let b = at(i)
                if b == 0 || b == 0x3E || (b == 0x2F && at(i + 1) == 0x3E) { break }
                if let attrEnd = nameEnd(at: i) {
                    let name = i..<attrEnd
                    i = skipBlanks(attrEnd)
                    var value: Range<Int>? = nil
                    if at(i) == 0x3D {
                        i = skipBlanks(i + 1)
                        let q = at(i)
                        // Values are read no further than `tagEnd`: a reading that would
                        // run past it is not this tag's.
                        if q == 0x22 || q == 0x27 {
                            var j = i + 1
                            while j < tagEnd, p[j] != q, p[j] != 0 { j += 1 }
                            if j == tagEnd && at(j) != 0 && at(j) != q { return nil }
                            value = (i + 1)..<j
                            i = at(j) == q ? j + 1 : j
                        } else {
                            var j = i
                            while j < tagEnd, p[j] != 0, p[j] != 0x3E, !isBlank(p[j]) { j += 1 }
                            if j == tagEnd && at(j) != 0 && at(j) != 0x3E { return nil }
                            value = i..<j
                            i = j
                        }
                    }
                    // A repeated name is dropped ("Attribute redefined"); the first wins.
                    if !names.contains(where: { sameName($0, name) }) {
                        let slot = names.count * 2
                        guard let reported = atts[slot], equalsLowercased(name, reported),
                              (atts[slot + 1] == nil) == (value == nil) else { return nil }
                        if let value, everyValue || memchr(p + value.lowerBound, 0x26, value.count) != nil {
                            referenced.append((slot + 1, value))
                        }
                        names.append(name)
                    }
                } else {
                    // A bogus attribute: skipped to the next blank or the end of the tag.
                    while true {
                        let c = at(i)
                        if c == 0 || isBlank(c) || c == 0x3E || (c == 0x2F && at(i + 1) == 0x3E) { break }
                        i += 1
                    }
                }
                i = skipBlanks(i)
            }
            guard i == tagEnd, atts[names.count * 2] == nil else { return nil }
            return referenced
        }

        private func sameName(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
            guard a.count == b.count else { return false }
            for k in 0..<a.count where p[a.lowerBound + k] | 0x20 != p[b.lowerBound + k] | 0x20 {
                // Names hold letters, digits and `:-_.`: only letters differ by 0x20.
                return false
            }
            return true
        }
    }
}
