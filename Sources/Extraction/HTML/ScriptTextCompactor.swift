/// Takes the text of `<script>` and `<style>` elements away from libxml2, after
/// `TextRunCompactor`: libxml2's `htmlParseScript` decodes it character by character
/// (two calls a byte) only to hand it back through `cdataBlock`, and on a page of inline
/// scripts that is as much as the rest of its parse of them (Benchmarks/README.md, issue 17).
/// The extractor reads a script's text from the bytes before this step instead
/// (`DocumentState.beginScript`), found by where the text starts in the bytes libxml2 reads.
///
/// What libxml2 does with raw text, with `characters` unset, depends only on where it ends
/// (`</` and the element's name, which `MarkupScanner.rawText` found with certainty) and on
/// its `\n`s (the line of every later event). So a text becomes its CRs and LFs, in order.
/// A text is left as written when any of these holds, so that what the extractor reads
/// stays what `cdataBlock` would have brought and every other reader sees the same bytes:
/// - it holds `</` (`FormOwnership` looks for `</form` in the bytes libxml2 reads);
/// - it holds a character `htmlParseScript` drops (XML's `IS_CHAR`: C0 controls but tab,
///   LF and CR; U+FFFE, U+FFFF; a surrogate), so its `cdataBlock` text is not its bytes;
/// - compacting saves nothing.
///
/// The plain way is the page as `TextRunCompactor` leaves it (`HTMLExtractor.compactsScriptText`
/// off); `ScriptTextCompactionTests` compares the navigations of both.
enum ScriptTextCompactor {
    /// Where each compacted text starts in the bytes libxml2 reads, and where it lies in the
    /// bytes before (ascending, one entry a text).
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

    /// `html` with the raw texts in `rawTexts` (ranges of `html`, ascending, from
    /// `TextRunCompactor.compact(_:rawTexts:)`) compacted, and where they were; nil when
    /// no text could be.
    static func compact(_ html: UnsafeRawBufferPointer, rawTexts: [Range<Int>]) -> (bytes: [UInt8], texts: Texts)? {
        guard let base = html.baseAddress, !rawTexts.isEmpty else { return nil }
        let p = base.assumingMemoryBound(to: UInt8.self)
        var texts = Texts()
        let bytes = [UInt8](unsafeUninitializedCapacity: html.count) { out, count in
            let o = out.baseAddress!
            var read = 0
            var written = 0
            for text in rawTexts where text.lowerBound >= read && text.upperBound <= html.count {
                guard let breaks = compactable(p, text) else { continue }
                o.advanced(by: written).update(from: p + read, count: text.lowerBound - read)
                written += text.lowerBound - read
                texts.starts.append(written)
                texts.originals.append(text)
                if breaks.hasCR {
                    for k in text where p[k] == 0x0A || p[k] == 0x0D {
                        o[written] = p[k]
                        written += 1
                    }
                } else {
                    o.advanced(by: written).initialize(repeating: 0x0A, count: breaks.lineBreaks)
                    written += breaks.lineBreaks
                }
                read = text.upperBound
            }
            o.advanced(by: written).update(from: p + read, count: html.count - read)
            count = written + html.count - read
        }
        return texts.starts.isEmpty ? nil : (bytes, texts)
    }

    /// What compacting a text writes: its CRs and LFs (`lineBreaks`), or, when it holds
    /// no CR, as many LFs as it has.
    private struct Breaks {
        var lineBreaks = 0
        var hasCR = false
    }

    /// The text's line breaks when it may be compacted (see above), else nil. Words of
    /// eight printable ASCII bytes other than `<` are passed over at once.
    private static func compactable(_ p: UnsafePointer<UInt8>, _ text: Range<Int>) -> Breaks? {
        var breaks = Breaks()
        var k = text.lowerBound
        let end = text.upperBound
        while k < end {
            while k + 8 <= end {
                let w = UInt64(littleEndian: UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self))
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
