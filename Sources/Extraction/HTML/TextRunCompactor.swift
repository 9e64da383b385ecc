/// Shrinks the text between tags before libxml2 sees it. The extractor never reads that
/// text (no `characters` handler), yet libxml2's `htmlParseCharData` decodes it character
/// by character: about half of its time on ordinary pages.
///
/// A run of text is what lies between the `>` of a construct `MarkupScanner` read with
/// certainty and the next `<`, when that `<` also opens such a construct. What the parser
/// does with a run, with `characters` unset, depends only on:
/// - where it starts and ends (`<` ends `htmlParseCharData`; `&` starts a reference: a run
///   holding one is written otherwise, `writeWithReferences`);
/// - whether each piece it hands on is blank (`areBlanks`): a non-blank piece calls
///   `htmlCheckParagraph`, which may open implied `<html>`, `<body>`, `<p>` elements;
///   pieces are cut every 1000 bytes (HTML_PARSER_BIG_BUFFER_SIZE) and at the end;
/// - its first byte, which after `</html>` (epilog state) decides between reading the
///   text (blank first) and stopping (anything else);
/// - its `\n`s, which advance `ctxt->input->line`, read at every event.
/// So a run becomes: its leading blanks, `x`, then its CRs and LFs in order. A run of
/// 1000 bytes or more keeps its first piece as is (the first `htmlCheckParagraph` happens
/// at that cut, on the line it reaches; later calls change nothing, the paragraph being
/// open by then). Blank-only runs are copied unchanged.
///
/// Anything the scanner does not understand (odd `<`, `<?` without a name, `<![CDATA[`, unfinished
/// markup, NUL, malformed UTF-8) ends compaction: the rest of the page is copied as is.
/// The text before the first tag is never compacted (libxml2 is still choosing between
/// its start, misc and content states there).
enum TextRunCompactor {
    /// HTML_PARSER_BIG_BUFFER_SIZE: the size of the text pieces `htmlParseCharData` flushes.
    static let pieceSize = 1000

    /// The compacted page, or nil when nothing was worth compacting.
    static func compact(_ html: UnsafeRawBufferPointer) -> [UInt8]? {
        var found: Found? = nil
        return compact(html, found: &found)
    }

    /// What the pass read with certainty, for `ReadTextCompactor` next: as ranges of the
    /// result (of the page when the result is nil), in order.
    struct Found {
        /// The text of each `<script>` and `<style>`.
        var rawTexts: [Range<Int>] = []
        /// Each quoted attribute value of the start tags, without its quotes (only when
        /// `recordsValues`).
        var values: [Range<Int>] = []
        var recordsValues = false
        /// The attributes of the start tags of elements the extractor reads no attribute of
        /// (`TagName.other`, no event handler), from the end of the tag's name to the end of
        /// its last attribute (only when `recordsUnread`):
        /// `MarkupScanner.startTag(at:values:unread:unreadTaken:)`.
        var unread: [Range<Int>] = []
        var recordsUnread = false
        /// The `=` and value of each attribute of an `<a>` or `<area>` the extractor does not
        /// read, from the end of the attribute's name (only when `recordsUnread`).
        var unreadValues: [Range<Int>] = []
    }

    /// The same, and (when `found` is not nil) what the pass read with certainty.
    static func compact(_ html: UnsafeRawBufferPointer, found: inout Found?) -> [UInt8]? {
        var aligned = NoAlignment()
        return compact(html, found: &found, aligning: &aligned)
    }

    /// The same, for a page read as written: it is aligned (`TokenizerAlignment`) in place
    /// while it is read (`FusedAlignment`), and cut tags are counted in `limits`.
    static func compact(aligning html: UnsafeMutableRawBufferPointer, found: inout Found?,
                        limits: ExtractionLimits?) -> [UInt8]? {
        guard let base = html.baseAddress, html.count > 0 else { return nil }
        var alignment = FusedAlignment(base.assumingMemoryBound(to: UInt8.self), count: html.count)
        let compacted = compact(UnsafeRawBufferPointer(html), found: &found, aligning: &alignment)
        alignment.finish()
        alignment.count(into: limits)
        return compacted
    }

    private static func compact<A: ConstructAlignment>(_ html: UnsafeRawBufferPointer, found: inout Found?,
                                                       aligning alignment: inout A) -> [UInt8]? {
        guard let base = html.baseAddress, html.count > 0 else { return nil }
        let input = base.assumingMemoryBound(to: UInt8.self)
        // The lists at about a page's size (a quoted value every 64 bytes or so of markup, an
        // unread tag's attributes half as often), bounded: grown by doubling from empty, they
        // were reallocated some twenty times a page (issue 17).
        if found != nil {
            let room = min(html.count / 64, Self.foundReserve)
            if found!.recordsValues { found!.values.reserveCapacity(room) }
            if found!.recordsUnread { found!.unread.reserveCapacity(room / 2) }
        }
        var saved = 0
        let result = [UInt8](unsafeUninitializedCapacity: html.count) { out, count in
            count = compact(MarkupScanner(p: input, end: html.count), into: out.baseAddress!, found: &found,
                            aligning: &alignment)
            saved = html.count - count
        }
        return saved > 0 ? result : nil
    }

    /// The most `found.values` is reserved for before the pass (16 bytes a range).
    static let foundReserve = 4096

    /// One pass over the page; returns the bytes written (never more than read).
    private static func compact<A: ConstructAlignment>(_ s: MarkupScanner, into out: UnsafeMutablePointer<UInt8>,
                                                       found: inout Found?, aligning alignment: inout A) -> Int {
        let p = s.p
        var o = 0
        /// The rest of the page as it stands, once aligned.
        func copyRest(from i: Int, at o: Int) -> Int {
            alignment.finish()
            return TextRunCompactor.copyRest(s, from: i, to: out, at: o)
        }
        // The text before the first tag is copied, but still checked for NUL and UTF-8.
        guard let first = scanRun(s, from: 0), first.lt < s.end else {
            return copyRest(from: 0, at: 0)
        }
        out.update(from: p, count: first.lt)
        o = first.lt
        var i = first.lt
        var run: Run? = nil
        // Whether libxml2 is still in its misc or prolog state (every construct so far a
        // comment, doctype or processing instruction, every run blank): there `SKIP_BLANKS`
        // passes a run's leading blanks, and its text pieces start at its first non-blank.
        var prolog = first.firstText == nil
        // A construct's quoted values, as read (one buffer for the whole page).
        var values: [Range<Int>]? = found?.recordsValues == true ? [] : nil
        var unread: [Range<Int>]? = found?.recordsUnread == true ? [] : nil
        var linkValues = false
        // Whether the construct just written opened an element text inside changes nothing
        // in (`opensQuietElement`), so that the run after it becomes its line breaks alone.
        let dropsText = HTMLExtractor.dropsTextInElements
        var opened = false
        var opens = false
        // Where the last such start tag began (`<`) and where its copy ends, for `closesOpened`.
        let folds = dropsText && HTMLExtractor.foldsEmptyElements
        var openedAt = 0
        var openedEnd = -1
        // Start tags written that libxml2 may still hold open (not `/>`, not folded): with the
        // three elements it may imply (`html`, `head` or `body`, a `<p>` over `html` or `head`),
        // its stack is never deeper. A fold needs the element within `OpenElementBound.maxOpen`,
        // which closes an element past it from its start-tag event — unless that ends `/>`.
        var pushed = 0
        var pushes = false
        while true {
            // `i` is at a `<`; `run` is the text before it, not yet written.
            var text: Range<Int>? = nil
            if values != nil && !values!.isEmpty { values!.removeAll(keepingCapacity: true) }
            if unread != nil && !unread!.isEmpty { unread!.removeAll(keepingCapacity: true) }
            // `FusedAlignment`: the construct is aligned before it is read, or read first
            // (with `NoAlignment` it is simply read).
            guard alignment.reach(i) else { return copyRest(from: run?.start ?? i, at: o) }
            let readFirst = alignment.readsFirst(s, at: i)
            if !readFirst { alignment.align(i) }
            var read = markup(s, at: i, rawText: &text, values: &values, unread: &unread, linkValues: &linkValues,
                              opens: &opens, pushes: &pushes)
            if readFirst, let end = read, !alignment.passes(s, from: i, to: end) {
                alignment.align(i)
                text = nil
                values?.removeAll(keepingCapacity: true)
                unread?.removeAll(keepingCapacity: true)
                read = markup(s, at: i, rawText: &text, values: &values, unread: &unread, linkValues: &linkValues,
                              opens: &opens, pushes: &pushes)
            }
            if let end = read, !alignment.catchUp(to: end) { read = nil }
            guard let construct = read else {
                return copyRest(from: run?.start ?? i, at: o)
            }
            let inOpened = opened
            if let run {
                o = opened ? writeBreaksAlone(of: run, s, to: out, at: o) : write(run, s, prolog: prolog, to: out, at: o)
                if run.firstText != nil { prolog = false }
            }
            opened = dropsText && opens
            if pushes { pushed += 1 }
            if folds && inOpened && o == openedEnd && pushed + 3 <= OpenElementBound.maxOpen
                && s.p[i + 1] == MarkupScanner.slash && closesOpened(s, endTag: i, end: construct, startTag: openedAt) {
                // `<X …>` and nothing but its own `</X>` after it: `<X … />` (issue 17).
                out[o - 1] = 0x20
                out[o] = MarkupScanner.slash
                out[o + 1] = MarkupScanner.gt
                o += 2
                pushed -= 1
                guard let next = scanRun(s, from: construct) else { return copyRest(from: construct, at: o) }
                if next.lt == s.end { return copyRest(from: construct, at: o) }
                run = next
                i = next.lt
                continue
            }
            if prolog && s.p[i + 1] != MarkupScanner.bang && s.p[i + 1] != MarkupScanner.question { prolog = false }
            if found != nil {
                if let values { for v in values { found!.values.append((o + v.lowerBound - i)..<(o + v.upperBound - i)) } }
                if let unread, !unread.isEmpty {
                    if linkValues {
                        for v in unread { found!.unreadValues.append((o + v.lowerBound - i)..<(o + v.upperBound - i)) }
                    } else {
                        for v in unread { found!.unread.append((o + v.lowerBound - i)..<(o + v.upperBound - i)) }
                    }
                }
                if let text { found!.rawTexts.append((o + text.lowerBound - i)..<(o + text.upperBound - i)) }
            }
            out.advanced(by: o).update(from: p + i, count: construct - i)
            o += construct - i
            if opened {
                openedAt = i
                openedEnd = o
            }
            guard let next = scanRun(s, from: construct) else {
                return copyRest(from: construct, at: o)
            }
            if next.lt == s.end {
                return copyRest(from: construct, at: o)
            }
            run = next
            i = next.lt
        }
    }

    /// The construct at `<` (index `lt`), with the raw text of `<script>`/`<style>` and
    /// their end tag; its end, or nil if uncertain.
    /// `opens`: whether it is a start tag after which libxml2's current element is the element
    /// it opens, one text inside changes nothing in (`opensQuietElement`).
    private static func markup(_ s: MarkupScanner, at lt: Int, rawText: inout Range<Int>?,
                               values: inout [Range<Int>]?, unread: inout [Range<Int>]?,
                               linkValues: inout Bool, opens: inout Bool, pushes: inout Bool) -> Int? {
        linkValues = false
        opens = false
        pushes = false
        guard lt + 1 < s.end else { return nil }
        let b = s.p[lt + 1]
        if MarkupScanner.isLetter(b) {
            // An element the extractor reads nothing of but its name: its attributes go.
            var taken = false
            let tag: (end: Int, nameEnd: Int, selfClosing: Bool)
            let known = unread != nil ? s.name(at: lt + 1).map { tagName(s, (lt + 1)..<$0) } : nil
            if known == .other {
                guard let scanned = s.startTag(at: lt, values: &values, unread: &unread, unreadTaken: &taken) else {
                    return nil
                }
                tag = scanned
            } else if let readOf = readAttributes(known) {
                // A link, a frame, a submit button: the attributes the extractor does not read of it go.
                guard let scanned = s.startTag(at: lt, values: &values, unread: &unread, unreadTaken: &taken,
                                               readOf: readOf) else { return nil }
                tag = scanned
                linkValues = taken
                if taken && values != nil && !values!.isEmpty {
                    // Those values are no longer there to be marked.
                    values!.removeAll { v in unread!.contains { $0.lowerBound < v.lowerBound && v.upperBound <= $0.upperBound } }
                }
                taken = false
            } else {
                guard let scanned = s.startTag(at: lt, values: &values) else { return nil }
                tag = scanned
            }
            if taken && values != nil && !values!.isEmpty { values!.removeAll(keepingCapacity: true) }
            let name = (lt + 1)..<tag.nameEnd
            let key = NameKey(s, name)
            pushes = !tag.selfClosing
            // A `<meta>`'s values are left to libxml2 (it looks at them: `htmlCheckMeta`).
            if values != nil && !values!.isEmpty && key == .meta { values!.removeAll(keepingCapacity: true) }
            // libxml2 reads the content of script and style as raw text (`htmlParseScript`)
            // unless `/>` ended the element at once.
            if !tag.selfClosing && (key == .script || key == .style) {
                guard let end = s.rawText(from: tag.end, name: name) else { return nil }
                // The text ends at the end tag's `<`, the last one of the construct.
                var close = end - 1
                while close > tag.end && s.p[close] != MarkupScanner.lt { close -= 1 }
                if close > tag.end { rawText = tag.end..<close }
                return end
            }
            opens = !tag.selfClosing && opensQuietElement(key)
            return tag.end
        }
        if b == MarkupScanner.slash { return s.endTag(at: lt) }
        if b == MarkupScanner.question { return s.processingInstruction(at: lt) }
        if b == MarkupScanner.bang {
            guard lt + 3 < s.end else { return nil }
            if s.p[lt + 2] == MarkupScanner.dash && s.p[lt + 3] == MarkupScanner.dash { return s.comment(at: lt) }
            return s.doctype(at: lt)
        }
        return nil
    }

    /// The tags of which the attributes the extractor does not read go whole (issue 17).
    @inline(__always)
    private static func readAttributes(_ tag: TagName?) -> MarkupScanner.ReadAttributes? {
        switch tag {
        case .a, .area: return .link
        case .iframe: return .frame
        case .button, .input: return .submitter
        default: return nil
        }
    }

    /// The element named `name` as `DocumentState.startElement` knows it (`TagName.other`:
    /// one it reads no attribute of), by `TagName` itself: the name lower-cased as
    /// `htmlParseHTMLName` makes it.
    @inline(__always)
    private static func tagName(_ s: MarkupScanner, _ name: Range<Int>) -> TagName {
        // The longest name `TagName` knows has 8 bytes.
        guard name.count <= 8 else { return .other }
        var lowered: (UInt64, UInt64) = (0, 0)
        return withUnsafeMutableBytes(of: &lowered) { buffer in
            let b = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            for k in 0..<name.count {
                let c = s.p[name.lowerBound + k]
                b[k] = c >= 0x41 && c <= 0x5A ? c | 0x20 : c
            }
            return TagName(UnsafePointer(b))
        }
    }

    /// A text run from `start` to the next `<` (or the end of the page).
    struct Run {
        var start: Int
        /// The `<` ending the run, or the end of the page.
        var lt: Int
        /// First byte that is not a blank, or nil for a blank-only run.
        var firstText: Int?
        /// LFs from `firstText` on, and whether a CR is among them.
        var newlines: Int
        var hasCR: Bool
        /// Holds a control byte or DEL: copied as is.
        var keep: Bool
        /// The first `&`, and the LFs from `firstText` to it.
        var amp: Int?
        var newlinesBeforeAmp = 0
    }

    /// Reads a run; nil on NUL or malformed UTF-8 (compaction must stop).
    @inline(__always)
    private static func scanRun(_ s: MarkupScanner, from start: Int) -> Run? {
        let p = s.p
        var run = Run(start: start, lt: s.end, firstText: nil, newlines: 0, hasCR: false, keep: false, amp: nil)
        var i = start
        while i < s.end {
            // Once text has begun, words of printable ASCII other than `&` and `<` change
            // nothing but the position.
            if run.firstText != nil {
                i = s.skipPlainText(from: i)
                guard i < s.end else { break }
            }
            let b = p[i]
            if b == 0x3C {
                run.lt = i
                break
            }
            if MarkupScanner.isBlank(b) {
                // Line breaks in the leading blanks are copied with them.
                if run.firstText != nil {
                    if b == 0x0A { run.newlines += 1 } else if b == 0x0D { run.hasCR = true }
                }
                i += 1
                continue
            }
            if run.firstText == nil { run.firstText = i }
            if b < 0x80 {
                if b < 0x20 {
                    if b == 0 { return nil }
                    run.keep = true
                } else if b == 0x26 {
                    if run.amp == nil {
                        run.amp = i
                        run.newlinesBeforeAmp = run.newlines
                    }
                } else if b == 0x7F {
                    run.keep = true
                }
                i += 1
            } else {
                let n = s.utf8Length(at: i)
                if n == 0 { return nil }
                i += n
            }
        }
        return run
    }

    /// A run read inside an element that was just opened and that text changes nothing in
    /// (`opensQuietElement`): its CRs and LFs alone, in order, so libxml2 counts the same
    /// lines; a run without any goes altogether, and with it a content-state step and a call
    /// of `htmlParseCharData` (issue 17).
    @inline(__always)
    private static func writeBreaksAlone(of run: Run, _ s: MarkupScanner, to out: UnsafeMutablePointer<UInt8>,
                                        at o: Int) -> Int {
        // The leading blanks' breaks are not counted by `scanRun`: copied.
        let text = run.firstText ?? run.lt
        let o = writeLineBreaks(of: s.p, run.start..<text, copying: true, lineFeeds: 0, to: out, at: o)
        guard text < run.lt else { return o }
        return writeLineBreaks(of: s.p, text..<run.lt, copying: run.hasCR, lineFeeds: run.newlines, to: out, at: o)
    }

    /// Writes `run` compacted when allowed, else as is.
    @inline(__always)
    private static func write(_ run: Run, _ s: MarkupScanner, prolog: Bool, to out: UnsafeMutablePointer<UInt8>,
                              at o: Int) -> Int {
        if run.amp != nil { return writeWithReferences(run, s, to: out, at: o) }
        let p = s.p
        var o = o
        var keepEnd = run.firstText ?? run.lt
        // Where the first piece starts: in the misc and prolog states, after the blanks.
        let pieceStart = prolog ? keepEnd : run.start
        if run.lt - pieceStart >= pieceSize {
            // Keep the first piece whole: through byte 1000 and to the end of its character.
            keepEnd = max(keepEnd, pieceStart + pieceSize)
            while keepEnd < run.lt && p[keepEnd] & 0xC0 == 0x80 { keepEnd += 1 }
        }
        let rest = keepEnd..<run.lt
        var compactable = run.firstText != nil && !run.keep && !rest.isEmpty
        if compactable && keepEnd > run.firstText! {
            // A kept first piece: only compact a rest that holds text, or a blank tail
            // would turn into a non-blank piece.
            compactable = false
            for k in rest where !MarkupScanner.isBlank(p[k]) { compactable = true; break }
        }
        guard compactable, rest.count > 1 + (run.hasCR ? 0 : run.newlines) else {
            out.advanced(by: o).update(from: p + run.start, count: run.lt - run.start)
            return o + run.lt - run.start
        }
        out.advanced(by: o).update(from: p + run.start, count: keepEnd - run.start)
        o += keepEnd - run.start
        out[o] = 0x78 // "x"
        o += 1
        return writeLineBreaks(of: p, rest, copying: run.hasCR || keepEnd > run.firstText!,
                               lineFeeds: run.newlines, to: out, at: o)
    }

    /// A run holding `&`. `htmlParseCharData` stops at each `&` and `htmlParseReference`
    /// reads the reference, so the run's text comes in pieces; every piece that ends at a `&`
    /// is not blank to `areBlanks` (it is not followed by `<`), and a named reference, known
    /// or not, calls `htmlCheckParagraph` too. So the run's first `htmlCheckParagraph` is at
    /// its first `&`, on the line that `&` is on (unless only blanks come before a `&#`: in
    /// the misc and prolog states `SKIP_BLANKS` passes the blanks without a piece, and a
    /// refused character reference calls nothing — copied as is), and later calls change nothing
    /// (no tag between: the element current after the first call stays current). The run
    /// becomes its leading blanks, then, when no line break follows its first `&`, `x` and
    /// its line breaks (that first call is at the run's end, on the same line); otherwise
    /// `x` (when text comes before the `&`), the line breaks before the `&`, `&quot;` (a
    /// named reference: a call there, on that line) and the line breaks after. The first
    /// `&` must be within the first piece (1000 bytes); `&quot;` rather than a numeric
    /// reference, as `ReadTextCompactor` looks for `&#` in the page.
    @inline(__always)
    private static func writeWithReferences(_ run: Run, _ s: MarkupScanner, to out: UnsafeMutablePointer<UInt8>,
                                            at o: Int) -> Int {
        let p = s.p
        let amp = run.amp!, first = run.firstText!
        var o = o
        let refused = run.keep || amp - run.start >= pieceSize - 1
            || (amp == first && amp + 1 < run.lt && p[amp + 1] == 0x23)
        // Whether a line break follows the first `&` (with a CR, looked for).
        var breaksAfter = run.newlines > run.newlinesBeforeAmp
        if !refused && !breaksAfter && run.hasCR {
            for k in amp..<run.lt where p[k] == 0x0D { breaksAfter = true; break }
        }
        let before = run.hasCR ? -1 : run.newlinesBeforeAmp, after = run.newlines - run.newlinesBeforeAmp
        // The compacted length, at most (with a CR, its breaks are at most the bytes they lie in).
        let length = first - run.start + 1 + (breaksAfter ? (run.hasCR ? run.lt - first : run.newlines) + 6
                                                          : (run.hasCR ? run.lt - first : run.newlines))
        guard !refused, length < run.lt - run.start else {
            out.advanced(by: o).update(from: p + run.start, count: run.lt - run.start)
            return o + run.lt - run.start
        }
        out.advanced(by: o).update(from: p + run.start, count: first - run.start)
        o += first - run.start
        if !breaksAfter {
            out[o] = 0x78 // "x"
            return writeLineBreaks(of: p, first..<run.lt, copying: run.hasCR, lineFeeds: run.newlines, to: out,
                                   at: o + 1)
        }
        if first < amp {
            out[o] = 0x78
            o += 1
        }
        o = writeLineBreaks(of: p, first..<amp, copying: run.hasCR, lineFeeds: before, to: out, at: o)
        for b in "&quot;".utf8 {
            out[o] = b
            o += 1
        }
        return writeLineBreaks(of: p, amp..<run.lt, copying: run.hasCR, lineFeeds: after, to: out, at: o)
    }

    /// Writes the line breaks of `range` at `o` and returns where they end: copied one by
    /// one when they may hold a CR (or their count is not the range's), else `lineFeeds`
    /// LFs at once. Both compactors keep a text's lines so libxml2 counts the same lines.
    @inline(__always)
    static func writeLineBreaks(of p: UnsafePointer<UInt8>, _ range: Range<Int>, copying: Bool, lineFeeds: Int,
                                to out: UnsafeMutablePointer<UInt8>, at o: Int) -> Int {
        var o = o
        if copying {
            for k in range where p[k] == 0x0A || p[k] == 0x0D {
                out[o] = p[k]
                o += 1
            }
        } else {
            out.advanced(by: o).initialize(repeating: 0x0A, count: lineFeeds)
            o += lineFeeds
        }
        return o
    }

    private static func copyRest(_ s: MarkupScanner, from i: Int, to out: UnsafeMutablePointer<UInt8>, at o: Int) -> Int {
        out.advanced(by: o).update(from: s.p + i, count: s.end - i)
        return o + s.end - i
    }
}
