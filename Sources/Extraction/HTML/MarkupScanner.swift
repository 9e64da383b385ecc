import Glibc

/// Recognises, byte by byte, the markup `TextRunCompactor` may step over, mirroring how
/// libxml2 2.9.14's HTML parser (push mode, recovery on) delimits it. Each scan returns
/// the offset just past the construct, or nil when the bytes are anything the scanner is
/// not certain libxml2 reads the same way; the compactor then stops compacting.
///
/// Every scan also refuses NUL and malformed UTF-8: libxml2 stops or substitutes at a NUL,
/// and on a malformed sequence `htmlCurrentChar` switches the rest of the input to
/// ISO-8859-1, after which byte counts (and so the 1000-byte text pieces) differ.
struct MarkupScanner {
    let p: UnsafePointer<UInt8>
    let end: Int

    static let lt: UInt8 = 0x3C, gt: UInt8 = 0x3E, slash: UInt8 = 0x2F, bang: UInt8 = 0x21
    static let dash: UInt8 = 0x2D, equals: UInt8 = 0x3D, quote: UInt8 = 0x22, apostrophe: UInt8 = 0x27
    static let question: UInt8 = 0x3F, ampersand: UInt8 = 0x26

    /// libxml2's IS_BLANK_CH: space, tab, LF, CR (not form feed).
    @inline(__always) static func isBlank(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
    }

    @inline(__always) static func isLetter(_ b: UInt8) -> Bool {
        (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A
    }

    /// Characters `htmlParseHTMLName` accepts after the first (letters, digits, `:-_.`).
    @inline(__always) static func isNameChar(_ b: UInt8) -> Bool {
        isLetter(b) || (b >= 0x30 && b <= 0x39) || b == 0x3A || b == 0x2D || b == 0x5F || b == 0x2E
    }

    /// `isNameChar` read from bits, one a byte value below 0x80 (`-.0-9:` in the word for
    /// 0x00–0x3F, `A-Z_a-z` in the one for 0x40–0x7F): the name loops test each byte with a
    /// shift where six comparisons were as many branches (issue 17). `TextRunCompactionTests`
    /// holds it to `isNameChar` for every byte.
    @inline(__always) static func isNameByte(_ b: UInt8) -> Bool {
        let word: UInt64 = b < 0x40 ? 0x07FF_6000_0000_0000 : (b < 0x80 ? 0x07FF_FFFE_87FF_FFFE : 0)
        return (word &>> UInt64(b & 0x3F)) & 1 != 0
    }

    /// Length of the well-formed UTF-8 sequence led by `p[i]` (≥ 0x80), or 0. Strict (no
    /// overlongs, surrogates or values past U+10FFFF) and refusing U+FFFE/U+FFFF, which
    /// libxml2 drops from text (`IS_CHAR` fails) and would make byte counts differ.
    @inline(__always) func utf8Length(at i: Int) -> Int {
        let b0 = p[i]
        if b0 >= 0xC2 && b0 <= 0xDF {
            return i + 1 < end && p[i + 1] & 0xC0 == 0x80 ? 2 : 0
        }
        if b0 >= 0xE0 && b0 <= 0xEF {
            guard i + 2 < end, p[i + 1] & 0xC0 == 0x80, p[i + 2] & 0xC0 == 0x80 else { return 0 }
            let b1 = p[i + 1]
            if b0 == 0xE0 && b1 < 0xA0 { return 0 }
            if b0 == 0xED && b1 >= 0xA0 { return 0 }
            if b0 == 0xEF && b1 == 0xBF && p[i + 2] >= 0xBE { return 0 }
            return 3
        }
        if b0 >= 0xF0 && b0 <= 0xF4 {
            guard i + 3 < end, p[i + 1] & 0xC0 == 0x80, p[i + 2] & 0xC0 == 0x80,
                  p[i + 3] & 0xC0 == 0x80 else { return 0 }
            let b1 = p[i + 1]
            if b0 == 0xF0 && b1 < 0x90 { return 0 }
            if b0 == 0xF4 && b1 >= 0x90 { return 0 }
            return 4
        }
        return 0
    }

    // Eight bytes at a time: the text and attribute scans skip whole words in which no byte
    // needs a closer look (bit tricks from "Bit Twiddling Hacks": haszero / hasless).
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    @inline(__always) static func zeroByte(_ w: UInt64) -> UInt64 {
        (w &- ones) & ~w & highs
    }

    @inline(__always) static func byte(_ w: UInt64, _ b: UInt8) -> UInt64 {
        zeroByte(w ^ (ones &* UInt64(b)))
    }

    /// Non-zero when some byte of `w` is a control byte, DEL, non-ASCII, `&` or `<`.
    @inline(__always) static func textSpecial(_ w: UInt64) -> UInt64 {
        (w & highs) | ((w &- ones &* 0x20) & ~w & highs) | byte(w, 0x7F) | byte(w, 0x26) | byte(w, lt)
    }

    /// Eight bytes, the first in the lowest bits whatever the platform's byte order, so
    /// borrows run from earlier to later bytes.
    @inline(__always) func word(at i: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
    }

    /// The first byte from `i` on that is not printable ASCII other than `&` and `<` (or a
    /// position within 8 bytes of the end). In the word holding it, the lowest flagged byte
    /// is exact (the tricks' false positives only sit above a true one).
    @inline(__always) func skipPlainText(from start: Int) -> Int {
        var i = start
        while i + 8 <= end {
            let special = Self.textSpecial(word(at: i))
            if special != 0 { return i + special.trailingZeroBitCount >> 3 }
            i += 8
        }
        return i
    }

    /// Name as `htmlParseHTMLName` reads it: an ASCII letter, `_`, `:` or `.` first. Names of
    /// 100 bytes or more are refused: libxml2 cuts them at HTML_PARSER_BUFFER_SIZE (100) and
    /// reads the rest as something else.
    @inline(__always) func name(at start: Int) -> Int? {
        guard start < end else { return nil }
        let b = p[start]
        guard Self.isLetter(b) || b == 0x5F || b == 0x3A || b == 0x2E else { return nil }
        var i = start + 1
        while i < end && Self.isNameByte(p[i]) { i += 1 }
        return i - start < 100 ? i : nil
    }

    @inline(__always) func skipBlanks(_ start: Int) -> Int {
        var i = start
        while i < end && Self.isBlank(p[i]) { i += 1 }
        return i
    }

    /// A quoted attribute value from its opening quote: libxml2's `htmlParseHTMLAttribute`
    /// reads to the same quote (entities inside cannot run past it: `htmlParseName` and
    /// `htmlParseCharRef` stop at a quote).
    func quotedValue(at start: Int) -> Int? {
        let q = p[start]
        var i = start + 1
        while i < end {
            while i + 8 <= end {
                let w = word(at: i)
                if (w & Self.highs) | Self.zeroByte(w) | Self.byte(w, q) != 0 { break }
                i += 8
            }
            guard i < end else { return nil }
            let b = p[i]
            if b == q { return i + 1 }
            if b == 0 { return nil }
            if b >= 0x80 {
                let n = utf8Length(at: i)
                if n == 0 { return nil }
                i += n
            } else {
                i += 1
            }
        }
        return nil
    }

    /// An unquoted value: libxml2 reads it up to a blank or `>` (so `/` before `>` belongs
    /// to the value and does not self-close the tag).
    func unquotedValue(at start: Int) -> Int? {
        var i = start
        while i < end {
            let b = p[i]
            if Self.isBlank(b) || b == Self.gt { return i }
            if b == 0 { return nil }
            if b >= 0x80 {
                let n = utf8Length(at: i)
                if n == 0 { return nil }
                i += n
            } else {
                i += 1
            }
        }
        return nil
    }

    /// A start tag at `<` + ASCII letter, as `htmlParseStartTag` reads it: name, then
    /// (blanks, attribute name, optional `= value`)* and `>` or `/>`. Any attribute whose
    /// name libxml2 would refuse (and skip as "bogus") makes the scan give up.
    /// Returns the end and whether the tag closed with `/>` (libxml2 then ends the element
    /// at once, even `<script/>`).
    func startTag(at lt: Int) -> (end: Int, nameEnd: Int, selfClosing: Bool)? {
        var values: [Range<Int>]? = nil
        return startTag(at: lt, values: &values)
    }

    /// The same, adding to `values` (when not nil) each quoted value's text of at least
    /// `ReadTextCompactor.shortestValue` bytes, without its quotes, in order (left as they
    /// are when the scan gives up); and, for a tag whose attributes nobody reads (`unread`
    /// not nil), its attributes, from the end of its name to the end of its last attribute —
    /// unless an attribute's name starts with `on` (an event handler, whose value the
    /// extractor reads) or a value holds `<` (every `<` `RawStartTag` and `FormOwnership`
    /// meet stays where it is). `unreadTaken` says whether they were added.
    ///
    /// With `readOf` (a tag the extractor reads some attributes of: `ReadAttributes`, `unread`
    /// not nil), each attribute it does not read instead, whole — its name, and its `=` and
    /// value when it has one — under the same conditions; should every attribute of the tag
    /// go, the first one's name stays (libxml2 would otherwise report no attribute array,
    /// and `tagRegionStart` would not move).
    func startTag(at lt: Int, values: inout [Range<Int>]?, unread: inout [Range<Int>]?,
                  unreadTaken: inout Bool, readOf: ReadAttributes? = nil) -> (end: Int, nameEnd: Int, selfClosing: Bool)? {
        guard let nameEnd = name(at: lt + 1) else { return nil }
        var takes = unread != nil
        let before = unread?.count ?? 0
        let linkValues = readOf != nil
        var attributes = 0
        var firstNameEnd = 0
        var last = nameEnd
        var i = nameEnd
        while true {
            i = skipBlanks(i)
            guard i < end else { return nil }
            let b = p[i]
            if b == Self.gt || b == Self.slash {
                if b == Self.slash { guard i + 1 < end, p[i + 1] == Self.gt else { return nil } }
                // A `<` between the name and the end can only lie in a value: looked for once,
                // and only when something is to be taken.
                if takes && (linkValues ? unread!.count > before : last > nameEnd)
                    && memchr(p + nameEnd, Int32(Self.lt), i - nameEnd) != nil {
                    takes = false
                }
                if linkValues {
                    // Every attribute taken: the first one's name stays (its value, if any, goes).
                    if takes && attributes > 0 && unread!.count - before == attributes {
                        if firstNameEnd < unread![before].upperBound {
                            unread![before] = firstNameEnd..<unread![before].upperBound
                        } else {
                            unread!.remove(at: before)
                        }
                    }
                    if !takes && unread!.count > before { unread!.removeSubrange(before...) }
                    unreadTaken = takes && unread!.count > before
                } else {
                    unreadTaken = takes && last > nameEnd
                    if unreadTaken { unread!.append(nameEnd..<last) }
                }
                return b == Self.gt ? (i + 1, nameEnd, false) : (i + 2, nameEnd, true)
            }
            guard let attrEnd = name(at: i) else { return nil }
            if takes && p[i] | 0x20 == 0x6F && attrEnd > i + 1 && p[i + 1] | 0x20 == 0x6E { takes = false }
            let attrStart = i
            attributes += 1
            if attributes == 1 { firstNameEnd = attrEnd }
            last = attrEnd
            i = skipBlanks(attrEnd)
            guard i < end else { return nil }
            if p[i] != Self.equals {
                // An attribute without a value: its name alone goes.
                if takes, let readOf, !isRead(attrStart..<attrEnd, of: readOf) { unread!.append(attrStart..<attrEnd) }
            } else {
                i = skipBlanks(i + 1)
                guard i < end else { return nil }
                let v: Int
                if p[i] == Self.quote || p[i] == Self.apostrophe {
                    guard let quoted = quotedValue(at: i) else { return nil }
                    if values != nil && quoted - i - 2 >= ReadTextCompactor.shortestValue
                        && !(isParsedByName(attrStart..<attrEnd) && memchr(p + i, 0x26, quoted - i) != nil) {
                        values!.append((i + 1)..<(quoted - 1))
                    }
                    v = quoted
                } else {
                    guard let unquoted = unquotedValue(at: i) else { return nil }
                    v = unquoted
                }
                if takes, let readOf, !isRead(attrStart..<attrEnd, of: readOf) { unread!.append(attrStart..<v) }
                i = v
                last = v
            }
        }
    }

    /// `id` and `class`, which the extractor reads as libxml2 decoded them
    /// (`Attributes.parsed`): a value of theirs holding `&` stays for libxml2 to decode.
    func isParsedByName(_ name: Range<Int>) -> Bool {
        (name.count == 2 && p[name.lowerBound] | 0x20 == 0x69 && p[name.lowerBound + 1] | 0x20 == 0x64)
            || (name.count == 5 && p[name.lowerBound] | 0x20 == 0x63 && p[name.lowerBound + 1] | 0x20 == 0x6C
                && p[name.lowerBound + 2] | 0x20 == 0x61 && p[name.lowerBound + 3] | 0x20 == 0x73
                && p[name.lowerBound + 4] | 0x20 == 0x73)
    }

    /// The tags whose unread attributes go whole (`startTag(at:values:unread:unreadTaken:readOf:)`),
    /// by what the extractor reads of them.
    enum ReadAttributes {
        /// `<a>`, `<area>`: `isReadOnLinks`.
        case link
        /// `<iframe>`: `isReadOnFrames`.
        case frame
        /// `<button>`, `<input>`: `isReadOnSubmitters`.
        case submitter
    }

    func isRead(_ name: Range<Int>, of tag: ReadAttributes) -> Bool {
        switch tag {
        case .link: return isReadOnLinks(name)
        case .frame: return isReadOnFrames(name)
        case .submitter: return isReadOnSubmitters(name)
        }
    }

    /// Whether `name` is `text` in any case, as libxml2 lower-cases names.
    @inline(__always)
    private func isNamed(_ name: Range<Int>, _ text: StaticString) -> Bool {
        guard name.count == text.utf8CodeUnitCount else { return false }
        for k in 0..<name.count where p[name.lowerBound + k] | 0x20 != text.utf8Start[k] { return false }
        return true
    }

    /// Whether the attribute named `name` is one the extractor reads of an `<a>` or an
    /// `<area>`: `href`, `xlink:href` and `target` (`DocumentState.handleElement`), `id`
    /// and `class` (`ElementIndex.note`); any case, as libxml2 lower-cases names.
    func isReadOnLinks(_ name: Range<Int>) -> Bool {
        isNamed(name, "href") || isNamed(name, "target") || isNamed(name, "id") || isNamed(name, "class")
            || isNamed(name, "xlink:href")
    }

    /// Of an `<iframe>`: `name`, `sandbox`, `srcdoc`, `src` (`DocumentState.handleElement`),
    /// `id`, `class` and `target` (`ElementIndex.note`).
    func isReadOnFrames(_ name: Range<Int>) -> Bool {
        isNamed(name, "src") || isNamed(name, "srcdoc") || isNamed(name, "name") || isNamed(name, "sandbox")
            || isNamed(name, "id") || isNamed(name, "class") || isNamed(name, "target")
    }

    /// Of a `<button>` or an `<input>`: `formaction`, `type`, `form`, `formmethod` and
    /// `formtarget` (`DocumentState.submitter`; `ElementIndex.note` reads nothing of them).
    func isReadOnSubmitters(_ name: Range<Int>) -> Bool {
        isNamed(name, "type") || isNamed(name, "formaction") || isNamed(name, "form") || isNamed(name, "formmethod")
            || isNamed(name, "formtarget")
    }

    /// `startTag` without the unread values.
    func startTag(at lt: Int, values: inout [Range<Int>]?) -> (end: Int, nameEnd: Int, selfClosing: Bool)? {
        var unread: [Range<Int>]? = nil
        var taken = false
        return startTag(at: lt, values: &values, unread: &unread, unreadTaken: &taken)
    }

    /// `</name>` with only blanks before `>`. `htmlParseEndTag` reads the name the same way;
    /// anything else after it (where 2.9.14 reports "expected '>'") is left to libxml2.
    func endTag(at lt: Int) -> Int? {
        guard let nameEnd = name(at: lt + 2) else { return nil }
        let i = skipBlanks(nameEnd)
        return i < end && p[i] == Self.gt ? i + 1 : nil
    }

    /// `<!--` … `-->`. `htmlParseComment` also ends a comment at `<!-->`, `<!--->` and
    /// `--!>`; those forms are refused rather than modelled.
    func comment(at lt: Int) -> Int? {
        var i = lt + 4
        guard i + 1 < end, p[i] != Self.gt, !(p[i] == Self.dash && p[i + 1] == Self.gt) else { return nil }
        while i + 2 < end {
            let b = p[i]
            if b == Self.dash && p[i + 1] == Self.dash {
                if p[i + 2] == Self.gt { return i + 3 }
                if p[i + 2] == Self.bang { return nil }
            }
            if b == 0 { return nil }
            if b >= 0x80 {
                let n = utf8Length(at: i)
                if n == 0 { return nil }
                i += n
            } else {
                i += 1
            }
        }
        return nil
    }

    /// `<?` … `>`: `htmlParsePI` reads a target name (`htmlParseName`'s ASCII way: a letter,
    /// `_` or `:`, then letters, digits and `_-:.`, ended by an ASCII byte) and then every
    /// character to the first `>`, as the HTML Standard's tokenizer reads the same bytes as a
    /// bogus comment; the parser's state is the one before. No handler is set for it. Refused:
    /// any other first byte (libxml2 then reads what follows `<?` as text), a C0 control but
    /// a blank.
    func processingInstruction(at lt: Int) -> Int? {
        var i = lt + 2
        guard i < end, Self.isLetter(p[i]) || p[i] == 0x5F || p[i] == 0x3A else { return nil }
        i += 1
        while i < end && Self.isNameChar(p[i]) { i += 1 }
        while i < end {
            let b = p[i]
            if b == Self.gt { return i + 1 }
            if b < 0x20 && !Self.isBlank(b) { return nil }
            if b >= 0x80 {
                let n = utf8Length(at: i)
                if n == 0 { return nil }
                i += n
            } else {
                i += 1
            }
        }
        return nil
    }

    /// `<!DOCTYPE` … `>` in printable ASCII, every quote closed before the first `>` and no
    /// `>` inside quotes. `htmlParseDocTypeDecl` reads a name, an external ID whose literals
    /// run to the matching quote, then skips to `>`: under these conditions that is the
    /// first `>`.
    func doctype(at lt: Int) -> Int? {
        let word: StaticString = "DOCTYPE"
        guard lt + 9 < end else { return nil }
        for k in 0..<7 where p[lt + 2 + k] & 0xDF != word.utf8Start[k] { return nil }
        var i = lt + 9
        var open: UInt8 = 0
        while i < end {
            let b = p[i]
            if b < 0x20 && !Self.isBlank(b) || b >= 0x7F || b == Self.lt { return nil }
            if open != 0 {
                if b == open { open = 0 } else if b == Self.gt { return nil }
            } else if b == Self.quote || b == Self.apostrophe {
                open = b
            } else if b == Self.gt {
                return i + 1
            }
            i += 1
        }
        return nil
    }

    /// The raw text of a `<script>` or `<style>` (content from `start`, element name at
    /// `name`) and its end tag. In recovery mode `htmlParseScript` stops at the first `</`
    /// followed by the element's name in any case; the end tag must then be exactly that
    /// name, blanks and `>` (a longer name such as `</scripts>` would not close it).
    /// Words of eight ASCII bytes without `<` or NUL, which this loop only steps over, are
    /// skipped at once; `plain` reads every byte (the reference, ScriptRawTextTests).
    func rawText(from start: Int, name: Range<Int>, plain: Bool = false) -> Int? {
        let count = name.count
        var i = start
        while i < end {
            if !plain {
                while i + 8 <= end {
                    let w = word(at: i)
                    if (w & Self.highs) | Self.zeroByte(w) | Self.byte(w, Self.lt) != 0 { break }
                    i += 8
                }
                guard i < end else { return nil }
            }
            let b = p[i]
            if b == Self.lt {
                if i + 1 + count < end && p[i + 1] == Self.slash && matches(at: i + 2, name) {
                    let nameEnd = i + 2 + count
                    if Self.isNameChar(p[nameEnd]) { return nil }
                    let close = skipBlanks(nameEnd)
                    return close < end && p[close] == Self.gt ? close + 1 : nil
                }
                i += 1
            } else if b == 0 {
                return nil
            } else if b >= 0x80 {
                let n = utf8Length(at: i)
                if n == 0 { return nil }
                i += n
            } else {
                i += 1
            }
        }
        return nil
    }

    private func matches(at i: Int, _ name: Range<Int>) -> Bool {
        for k in 0..<name.count where p[i + k] | 0x20 != p[name.lowerBound + k] | 0x20 { return false }
        return true
    }
}
