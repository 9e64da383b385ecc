import Glibc

/// Takes from libxml2, after `TextRunCompactor`, the texts the extractor can read itself
/// from the bytes before: the text of `<script>` and `<style>` elements, and quoted
/// attribute values. libxml2 decodes both character by character (two calls a byte) only to
/// hand them back: on the dense corpus that was most of its parse (Benchmarks/README.md,
/// issue 17).
///
/// **Scripts' text.** What libxml2 does with raw text, with `characters` unset, depends only
/// on where it ends (`</` and the element's name, found with certainty by
/// `MarkupScanner.rawText`) and on its `\n`s (the line of every later event). So a text
/// becomes its CRs and LFs, in order, and the extractor reads the script from the bytes
/// before (`DocumentState.beginScript`), found by where the text starts in the bytes libxml2
/// reads. Left as written: a text holding `</` (`FormOwnership` looks for `</form` in the
/// bytes libxml2 reads), or a character `htmlParseScript` drops (XML's `IS_CHAR`: C0 controls
/// but tab, LF and CR; U+FFFE, U+FFFF; a surrogate), so that its `cdataBlock` text is not
/// its bytes.
///
/// **Attribute values.** libxml2 reports a value, not what it does with it (the page's own
/// charset is ignored: `HTML_PARSE_IGNORE_ENC`), and counts its `\n`s. So a quoted value of a
/// start tag `MarkupScanner` read with certainty (a `<meta>`'s aside) becomes a mark, its number among
/// the page's compacted values, and its LFs: one character of Unicode's private use area,
/// U+E000 plus the number, for the first `oneCharacterMarks` values of a page that holds no
/// byte 0xEE (no character from U+E000 to U+EFFF), else U+0001 and the number in decimal; `Attributes` reads the value as written by that
/// number (`Values`), decoding one holding `&` as `RawStartTag` decodes a value written so
/// (`CharacterReferences.decodeAttribute`, the same bytes). Left as written: an `id`'s or a
/// `class`'s value holding `&` (`Attributes.parsed` reads libxml2's decoding), `<` (so every `<`
/// `RawStartTag` or `FormOwnership` meets is still there), a C0 control but tab and LF, or
/// shorter than 8 bytes; and every value of a page holding U+0001 or `&#` (a value libxml2
/// decoded could then begin with the mark). One character, because libxml2 2.9.14's
/// `htmlParseHTMLAttribute` starts a value's buffer at 100 bytes and grows it (a `realloc`)
/// as soon as it holds a character and is asked for another: a mark of two characters or
/// more cost every value a `realloc`, ~2 % of the dense corpus's extraction (issue 17).
///
/// **Attributes nobody reads.** `DocumentState.startElement` reads nothing of an element
/// `TagName` does not know (`div`, `span`, `td` …) but whether it has attributes (where its
/// tag ends, `tagRegionStart`) and whether one is an event handler. So such a tag's
/// attributes (`unread`: from the end of its name to the end of its last attribute) become
/// their LFs and ` a`: libxml2 reports one attribute `a` without a value. Left as written:
/// a tag with an attribute named `on…`, or a value holding `<`
/// (`MarkupScanner.startTag(at:values:unread:unreadTaken:)`). Of an `<a>` or `<area>`, the
/// extractor reads `href`, `xlink:href`, `target`, `id` and `class`; of an `<iframe>`, `src`,
/// `srcdoc`, `name`, `sandbox`, `id`, `class`, `target`; of a `<button>` or `<input>`, `type`
/// and `formaction`, `form`, `formmethod`, `formtarget`: every other attribute goes whole,
/// name and value (`unreadValues`), its LFs kept, under the same conditions (of a tag all
/// of whose attributes would go, the first one's name stays).
///
/// A text is left as written, too, when compacting it saves nothing. The plain ways are
/// the page as `TextRunCompactor` leaves it (`HTMLExtractor.compactsScriptText`,
/// `compactsAttributeValues`, `compactsUnreadValues` off); `ReadTextCompactionTests`
/// compares the navigations.
enum ReadTextCompactor {
    /// Where each compacted script text starts in the bytes libxml2 reads, and where it lies
    /// in the bytes before (ascending, one entry a text).
    struct Texts {
        var starts: [Int] = []
        var originals: [Range<Int>] = []
        /// The next entry a script start may match: scripts start in order.
        var cursor = 0

        /// The text as written of the raw text starting at `start` in the bytes libxml2
        /// reads, if it was compacted.
        mutating func original(startingAt start: Int) -> Range<Int>? {
            while cursor < starts.count && starts[cursor] < start { cursor += 1 }
            guard cursor < starts.count, starts[cursor] == start else { return nil }
            return originals[cursor]
        }
    }

    /// The compacted attribute values, by number: where each lies in the bytes before,
    /// which are `page` while libxml2 parses.
    final class Values {
        var ranges: [Range<Int>] = []
        /// Whether the first marks are one character (U+E000 plus the number): the page holds
        /// no byte 0xEE, so a value libxml2 reports beginning with one is a mark.
        var oneCharacter = false
        var page: UnsafeRawBufferPointer?
        /// The bytes of a value holding `&` as decoded, kept from one such value to the next.
        private var decoded: [UInt8] = []

        /// The value as written behind libxml2's value `c`, when `c` is a mark (else nil).
        func original(_ c: UnsafePointer<UInt8>) -> String? {
            guard let page else { return nil }
            var k = 1
            var n = 0
            if c[0] == ReadTextCompactor.mark {
                while k < 12 && c[k] >= 0x30 && c[k] <= 0x39 {
                    n = n * 10 + Int(c[k] - 0x30)
                    k += 1
                }
                guard k > 1 else { return nil }
            } else if oneCharacter, c[0] == ReadTextCompactor.oneCharacterLead, c[1] & 0xC0 == 0x80, c[2] & 0xC0 == 0x80 {
                n = Int(c[1] & 0x3F) << 6 | Int(c[2] & 0x3F)
                k = 3
            } else {
                return nil
            }
            guard c[k] == 0 || c[k] == 0x0A, n < ranges.count else { return nil }
            let value = UnsafeRawBufferPointer(rebasing: page[ranges[n]])
            // A value holding `&` is decoded as `RawStartTag` decodes one written so (the
            // HTML Standard's way), from the same bytes.
            if memchr(value.baseAddress!, 0x26, value.count) != nil {
                return CharacterReferences.decodeAttribute(value.bindMemory(to: UInt8.self), into: &decoded)
            }
            return String(decoding: value, as: UTF8.self)
        }
    }

    /// The mark a compacted value begins with, before its number in decimal.
    static let mark: UInt8 = 0x01
    /// The first byte of a one-character mark (U+E000 to U+EFFF), and how many values of a
    /// page get one.
    static let oneCharacterLead: UInt8 = 0xEE
    static let oneCharacterMarks = 0x1000

    /// Shorter values are left as written: the mark and number would save little.
    static let shortestValue = 8

    struct Compacted {
        var bytes: [UInt8]
        var texts: Texts
        var values: Values?
    }

    /// `html` with the script texts and (`values`) attribute values of `found` (ranges of
    /// `html`, ascending, from `TextRunCompactor.compact(_:found:)`) compacted, and where they
    /// were; nil when nothing could be.
    static func compact(_ html: UnsafeRawBufferPointer, found: TextRunCompactor.Found, scripts: Bool,
                        values: Bool, unread: Bool = false, oneCharacter: Bool = true) -> Compacted? {
        guard let base = html.baseAddress else { return nil }
        let p = base.assumingMemoryBound(to: UInt8.self)
        let rawTexts = scripts ? found.rawTexts : []
        let valueRanges = values && !found.values.isEmpty && valuesMayGo(p, html.count) ? found.values : []
        let unreadRanges = unread ? found.unread : []
        let unreadValues = unread ? found.unreadValues : []
        guard !rawTexts.isEmpty || !valueRanges.isEmpty || !unreadRanges.isEmpty || !unreadValues.isEmpty else {
            return nil
        }
        // Each list at most one entry a range it is made from: grown by doubling, they were
        // reallocated some nine times a page (issue 17).
        var texts = Texts()
        texts.starts.reserveCapacity(rawTexts.count)
        texts.originals.reserveCapacity(rawTexts.count)
        var kept: [Range<Int>] = []
        kept.reserveCapacity(valueRanges.count)
        var dropped = 0
        let oneCharacter = oneCharacter && !valueRanges.isEmpty
            && memchr(p, Int32(oneCharacterLead), html.count) == nil
        let bytes = [UInt8](unsafeUninitializedCapacity: html.count) { out, count in
            count = copy(p, html.count, into: out.baseAddress!, rawTexts: rawTexts, values: valueRanges,
                         unread: unreadRanges, unreadValues: unreadValues, oneCharacter: oneCharacter,
                         texts: &texts, kept: &kept, dropped: &dropped)
        }
        guard !texts.starts.isEmpty || !kept.isEmpty || dropped > 0 else { return nil }
        var values: Values? = nil
        if !kept.isEmpty {
            values = Values()
            values!.ranges = kept
            values!.oneCharacter = oneCharacter
        }
        return Compacted(bytes: bytes, texts: texts, values: values)
    }

    /// The copy itself: returns the bytes written (never more than read).
    private static func copy(_ p: UnsafePointer<UInt8>, _ count: Int, into o: UnsafeMutablePointer<UInt8>,
                             rawTexts: [Range<Int>], values: [Range<Int>], unread: [Range<Int>],
                             unreadValues: [Range<Int>], oneCharacter: Bool, texts: inout Texts,
                             kept: inout [Range<Int>], dropped: inout Int) -> Int {
        var read = 0
        var written = 0
        var t = 0
        var v = 0
        var u = 0
        var w = 0
        // The four lists merged in order (a value lies in a start tag, a text after one;
        // a value is in one list or another).
        while t < rawTexts.count || v < values.count || u < unread.count || w < unreadValues.count {
            let textAt = t < rawTexts.count ? rawTexts[t].lowerBound : Int.max
            let valueAt = v < values.count ? values[v].lowerBound : Int.max
            let unreadAt = u < unread.count ? unread[u].lowerBound : Int.max
            let unreadValueAt = w < unreadValues.count ? unreadValues[w].lowerBound : Int.max
            if unreadValueAt < textAt && unreadValueAt < valueAt && unreadValueAt < unreadAt {
                let range = unreadValues[w]
                w += 1
                guard range.lowerBound >= read, range.upperBound < count else { continue }
                // The attribute, name and value, becomes its LFs, and a space where the next name
                // would touch what comes before (the blanks before it stay).
                o.advanced(by: written).update(from: p + read, count: range.lowerBound - read)
                written += range.lowerBound - read
                let breaks = lineBreaks(p, range)
                if breaks > 0 {
                    written = TextRunCompactor.writeLineBreaks(of: p, range, copying: true, lineFeeds: breaks, to: o,
                                                               at: written)
                }
                let next = p[range.upperBound]
                if breaks == 0 && !MarkupScanner.isBlank(next) && next != MarkupScanner.gt
                    && next != MarkupScanner.slash {
                    o[written] = 0x20
                    written += 1
                }
                dropped += 1
                read = range.upperBound
                continue
            }
            if unreadAt < textAt && unreadAt < valueAt {
                let range = unread[u]
                u += 1
                guard range.lowerBound >= read, range.upperBound < count else { continue }
                // The attributes become their LFs and one attribute `a` without a value, so
                // that libxml2 still reports an array (`DocumentState.tagRegionStart`).
                let breaks = lineBreaks(p, range)
                guard breaks + 2 < range.count else { continue }
                o.advanced(by: written).update(from: p + read, count: range.lowerBound - read)
                written += range.lowerBound - read
                if breaks > 0 {
                    written = TextRunCompactor.writeLineBreaks(of: p, range, copying: true, lineFeeds: breaks, to: o,
                                                               at: written)
                }
                o[written] = 0x20
                o[written + 1] = 0x61 // "a"
                written += 2
                dropped += 1
                read = range.upperBound
                continue
            }
            let isText = textAt < valueAt
            let range = isText ? rawTexts[t] : values[v]
            if isText { t += 1 } else { v += 1 }
            guard range.lowerBound >= read, range.upperBound <= count else { continue }
            if isText {
                guard let breaks = compactableText(p, range) else { continue }
                o.advanced(by: written).update(from: p + read, count: range.lowerBound - read)
                written += range.lowerBound - read
                texts.starts.append(written)
                texts.originals.append(range)
                written = TextRunCompactor.writeLineBreaks(of: p, range, copying: breaks.hasCR,
                                                           lineFeeds: breaks.lineBreaks, to: o, at: written)
            } else {
                guard range.count >= shortestValue, let lineFeeds = compactableValue(p, range) else { continue }
                // The mark — U+E000 plus the value's number, or U+0001 and the number in
                // decimal — then its LFs.
                let number = kept.count
                let inOne = oneCharacter && number < oneCharacterMarks
                var width = 3
                if !inOne {
                    width = 2
                    var scale = 10
                    while number >= scale {
                        scale *= 10
                        width += 1
                    }
                }
                guard width + lineFeeds < range.count else { continue }
                o.advanced(by: written).update(from: p + read, count: range.lowerBound - read)
                written += range.lowerBound - read
                kept.append(range)
                if inOne {
                    o[written] = oneCharacterLead
                    o[written + 1] = 0x80 | UInt8(truncatingIfNeeded: number >> 6)
                    o[written + 2] = 0x80 | UInt8(truncatingIfNeeded: number & 0x3F)
                } else {
                    o[written] = mark
                    var rest = number
                    for k in stride(from: width - 1, to: 0, by: -1) {
                        o[written + k] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
                        rest /= 10
                    }
                }
                written += width
                o.advanced(by: written).initialize(repeating: 0x0A, count: lineFeeds)
                written += lineFeeds
            }
            read = range.upperBound
        }
        o.advanced(by: written).update(from: p + read, count: count - read)
        return written + count - read
    }

    /// The CRs and LFs in `range` (found with `memchr`: most attributes hold none).
    @inline(__always) private static func lineBreaks(_ p: UnsafePointer<UInt8>, _ range: Range<Int>) -> Int {
        func count(_ byte: Int32) -> Int {
            var n = 0
            var k = range.lowerBound
            while k < range.upperBound, let hit = memchr(p + k, byte, range.upperBound - k) {
                n += 1
                k = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - p + 1
            }
            return n
        }
        return count(0x0A) + count(0x0D)
    }

    /// No U+0001 and no `&#` in the page: libxml2's values then begin with the mark only
    /// where this compactor put it.
    private static func valuesMayGo(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        guard count > 0, memchr(p, Int32(mark), count) == nil else { return false }
        var from = 0
        while from < count, let hit = memchr(p + from, 0x26, count - from) {
            let at = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - p
            if at + 1 < count && p[at + 1] == 0x23 { return false }
            from = at + 1
        }
        return true
    }

    /// Eight bytes from `k`, the first in the lowest bits.
    @inline(__always) private static func word(_ p: UnsafePointer<UInt8>, _ k: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self))
    }

    /// The value's LFs when it may be compacted (see above), else nil. Words of eight bytes
    /// with no C0 control or `<` are passed over at once.
    private static func compactableValue(_ p: UnsafePointer<UInt8>, _ value: Range<Int>) -> Int? {
        var lineFeeds = 0
        var k = value.lowerBound
        let end = value.upperBound
        while k < end {
            while k + 8 <= end {
                let w = word(p, k)
                let stop = ((w &- MarkupScanner.ones &* 0x20) & ~w & MarkupScanner.highs)
                    | MarkupScanner.byte(w, MarkupScanner.lt)
                if stop != 0 { break }
                k += 8
            }
            guard k < end else { break }
            let b = p[k]
            if b == 0x3C { return nil }
            if b < 0x20 {
                if b == 0x0A { lineFeeds += 1 } else if b != 0x09 { return nil }
            }
            k += 1
        }
        return lineFeeds
    }

    /// What compacting a script text writes: its CRs and LFs (`lineBreaks`), or, when it
    /// holds no CR, as many LFs as it has.
    private struct Breaks {
        var lineBreaks = 0
        var hasCR = false
    }

    /// The text's line breaks when it may be compacted (see above), else nil. Words of
    /// eight printable ASCII bytes other than `<` are passed over at once.
    private static func compactableText(_ p: UnsafePointer<UInt8>, _ text: Range<Int>) -> Breaks? {
        var breaks = Breaks()
        var k = text.lowerBound
        let end = text.upperBound
        while k < end {
            while k + 8 <= end {
                let w = word(p, k)
                // A byte below 0x20, at or above 0x80, or `<`.
                let stop = (w & MarkupScanner.highs) | ((w &- MarkupScanner.ones &* 0x20) & ~w & MarkupScanner.highs)
                    | MarkupScanner.byte(w, MarkupScanner.lt)
                if stop != 0 { break }
                k += 8
            }
            guard k < end else { break }
            let b = p[k]
            if b >= 0x20 {
                if b == 0x3C, k + 1 < end, p[k + 1] == 0x2F { return nil }
                if b == 0xEF, k + 2 < end, p[k + 1] == 0xBF, p[k + 2] == 0xBE || p[k + 2] == 0xBF { return nil }
                if b == 0xED, k + 1 < end, p[k + 1] >= 0xA0 { return nil }
            } else if b == 0x0A {
                breaks.lineBreaks += 1
            } else if b == 0x0D {
                breaks.lineBreaks += 1
                breaks.hasCR = true
            } else if b != 0x09 {
                return nil
            }
            k += 1
        }
        return breaks.lineBreaks < text.count ? breaks : nil
    }
}
