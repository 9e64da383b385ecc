import Glibc

/// Rewrites, byte for byte in place, the few places where libxml2 2.9.14 would build
/// elements a browser never builds, or drop ones it does (Docs/PLATFORM.md §F.5):
/// - the content of text-only elements (`<textarea>`, `<title>`: RCDATA; `<xmp>`, `<iframe>`,
///   `<noembed>`, `<noframes>`: RAWTEXT; `<plaintext>`: to the end of the page) has its
///   `<` turned into `x`, so libxml2 reads text where it would read tags;
/// - in `<script>` and `<style>`, which libxml2 reads as raw text up to the first `</script`
///   (`</style`), such a sequence the browser does not take as the end (script data
///   double-escaped by `<!--` … `<script>`, or `</scripts`) has its `/` turned into a space;
/// - in a tag, a form feed and a `/` not before `>` become spaces (`StandardTag.scan`), and a
///   byte of the name libxml2 would end the name at becomes `-` (`keepNameWhole`);
/// - the `/` of `/>` on a non-void HTML element becomes a space: a browser ignores it
///   (`<script src=x />` still opens a script), libxml2 would close the element at once;
/// - `</body>` and `</html>` become comments of the same length: a browser's tree builder
///   never closes anything for them and reprocesses later content in the body, where
///   libxml2 would stop reading after `</html>`.
/// - a start tag's attributes past its `maxAttributesPerTag`th become spaces: libxml2 2.9
///   checks each attribute's name against every one before it ("Attribute redefined"), so
///   100,000 attributes on one tag cost 5 billion comparisons (minutes); a browser keeps
///   only the first of a repeated name anyway, and no real page comes near the cap.
/// Every rewrite keeps the length and every CR and LF, so offsets and line numbers stay.
/// One forward pass; each construct is read once.
enum TokenizerAlignment {
    /// Attributes read per start tag (README Limits, Docs/PLATFORM.md §F.5).
    static let maxAttributesPerTag = 1_000

    /// The aligned page, or nil when nothing needed rewriting. Tags cut to
    /// `maxAttributesPerTag` are counted in `limits` (`lineOffset`: the page line before
    /// the document's first, for a `srcdoc` document). `plain` scans every tag in full
    /// (no `bareTag`) and compares every name with each name the pass looks for, without
    /// `AlignmentTagNames`' shortcut: the reference its tests compare with
    /// (AlignmentShortcutTests).
    static func align(_ html: UnsafeRawBufferPointer, limits: ExtractionLimits? = nil, lineOffset: Int = 0,
                      plain: Bool = false) -> [UInt8]? {
        guard let base = html.baseAddress, html.count > 0 else { return nil }
        var pass = Pass(p: base.assumingMemoryBound(to: UInt8.self), n: html.count, plain: plain)
        pass.run()
        pass.count(into: limits, lineOffset: lineOffset)
        return pass.out
    }

    /// The most rewrites `alignInPlace` notes before it copies the page instead: what
    /// stays of a page beside it is then at most these (16 bytes each, 1 MB).
    static let maxNotedRewrites = 65_536

    /// `align`, for a page the caller owns: the rewrites are noted while the pass reads
    /// the page as written, then made in `html` itself, so a huge page is not held twice
    /// (README Limits). A page with more than `maxNotedRewrites` gets `align`'s copy.
    static func alignInPlace(_ html: inout [UInt8], limits: ExtractionLimits? = nil, lineOffset: Int = 0) {
        let (copy, noted) = html.withUnsafeBytes { bytes -> ([UInt8]?, [(Int, UInt8)]) in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return (nil, []) }
            var pass = Pass(p: base.assumingMemoryBound(to: UInt8.self), n: bytes.count, noting: true)
            pass.run()
            pass.count(into: limits, lineOffset: lineOffset)
            return (pass.out, pass.noted ?? [])
        }
        if let copy {
            html = copy
            return
        }
        // In the order made: a byte rewritten twice keeps the later one, as in `align`.
        for (i, byte) in noted { html[i] = byte }
    }

    struct Pass {
        let p: UnsafePointer<UInt8>
        let n: Int
        var out: [UInt8]?
        /// The rewrites so far, when noted rather than made in a copy (`alignInPlace`).
        var noted: [(Int, UInt8)]?
        /// The page itself, when the rewrites are made in it as they come (`FusedAlignment`:
        /// no construct is read again once rewritten, so the pass reads what `align` reads).
        let direct: UnsafeMutablePointer<UInt8>?
        /// Rewrites made in `direct`.
        var rewrites = 0
        /// Open `<svg>`/`<math>` elements: foreign content, where none of this applies.
        var foreign = 0
        /// Start tags cut to `maxAttributesPerTag`, and where the first one starts.
        var cappedTags = 0
        var firstCappedTag: Int?
        /// Every tag's name compared in full (`align(_:plain:)`).
        let plain: Bool

        init(p: UnsafePointer<UInt8>, n: Int, noting: Bool = false, plain: Bool = false) {
            self.p = p
            self.n = n
            self.plain = plain
            self.direct = nil
            if noting { noted = [] }
        }

        init(direct page: UnsafeMutablePointer<UInt8>, n: Int) {
            self.p = UnsafePointer(page)
            self.n = n
            self.plain = false
            self.direct = page
        }

        /// Rewrites byte `i`. Every read of the pass is of `p`, the page as written.
        mutating func set(_ i: Int, _ byte: UInt8) {
            if let direct {
                direct[i] = byte
                rewrites += 1
                return
            }
            if out == nil {
                if noted != nil {
                    if noted!.count < TokenizerAlignment.maxNotedRewrites {
                        noted!.append((i, byte))
                        return
                    }
                    out = Array(UnsafeBufferPointer(start: p, count: n))
                    for (k, earlier) in noted! { out![k] = earlier }
                    noted = nil
                } else {
                    out = Array(UnsafeBufferPointer(start: p, count: n))
                }
            }
            out![i] = byte
        }

        /// Tags cut to `maxAttributesPerTag`, counted in `limits`.
        func count(into limits: ExtractionLimits?, lineOffset: Int) {
            guard let limits, let first = firstCappedTag else { return }
            limits.cappedTags += cappedTags
            if limits.firstCappedTagLine == nil {
                limits.firstCappedTagLine = lineOffset + 1 + UnsafeBufferPointer(start: p, count: first).reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            }
        }

        mutating func run(from start: Int = 0) {
            var i = start
            while let lt = StandardTag.find(0x3C, p, from: i, n) {
                guard let next = step(at: lt), next < n else { return }
                i = next
            }
        }

        /// The construct at the `<` at `lt`: where reading goes on, or nil when the pass stops
        /// (the page ends inside it).
        mutating func step(at lt: Int) -> Int? {
            var i = lt
            guard lt + 1 < n else { return nil }
            let b = p[lt + 1]
            if MarkupScanner.isLetter(b) {
                if !plain, let tag = bareTag(nameStart: lt + 1) {
                    return startTag(tag)
                }
                guard let tag = StandardTag.scan(p, n, nameStart: lt + 1, blank: { set($0, 0x20) }) else { return nil }
                keepNameWhole(tag.name)
                // An attribute and its separator take two bytes or more: only a tag this long
                // can hold too many.
                if tag.end - tag.name.upperBound > 2 * maxAttributesPerTag,
                   let excess = StandardTag.countingAttributes(p, n, nameStart: lt + 1,
                                                               maxAttributes: maxAttributesPerTag)?.excessAttributes {
                    dropAttributes(from: excess, of: tag, at: lt)
                }
                i = startTag(tag)
            } else if b == 0x2F {
                guard lt + 2 < n else { return nil }
                if !plain, let tag = bareTag(nameStart: lt + 2) {
                    endTag(tag, at: lt)
                    i = tag.end
                } else if MarkupScanner.isLetter(p[lt + 2]) {
                    guard let tag = StandardTag.scan(p, n, nameStart: lt + 2, blank: { set($0, 0x20) }) else { return nil }
                    keepNameWhole(tag.name)
                    endTag(tag, at: lt)
                    i = tag.end
                } else if p[lt + 2] == 0x3E {
                    i = lt + 3
                } else {
                    i = bogusComment(from: lt + 2)
                }
            } else if b == 0x21 {
                i = markupDeclaration(at: lt)
            } else if b == 0x3F {
                i = bogusComment(from: lt + 2)
            } else {
                i = lt + 1
            }
            return i
        }

        /// `<name>` or `</name>` whose name (from a letter at `nameStart`) is lower-case letters
        /// and digits, with `>` right after it: what `StandardTag.scan` reads of such a tag (no
        /// attributes, nothing to blank, no `/>`) and `keepNameWhole` leaves as it is, found
        /// without either; most of a page's tags (`</a>`, `<td>`). Otherwise nil.
        @inline(__always)
        func bareTag(nameStart: Int) -> StandardTag? {
            guard nameStart < n, p[nameStart] &- 0x61 < 26 else { return nil }
            var k = nameStart + 1
            while k < n {
                let c = p[k]
                if c &- 0x61 < 26 || c &- 0x30 < 10 {
                    k += 1
                    continue
                }
                guard c == 0x3E else { return nil }
                return StandardTag(end: k + 1, name: nameStart..<k, solidus: nil, excessAttributes: nil)
            }
            return nil
        }

        /// Where reading goes on after a start tag (past the text of a text-only element).
        mutating func startTag(_ tag: StandardTag) -> Int {
            let name = tag.name
            // Nearly every tag: in HTML content, without `/>`, named none of the names below.
            if !plain && foreign == 0 && tag.solidus == nil && !AlignmentTagNames.startMayMatter(p, name) {
                return tag.end
            }
            if foreign > 0 {
                if named("svg", name) || named("math", name) {
                    if tag.solidus == nil { foreign += 1 }
                } else if ForeignContent.breaksOut(p, name) {
                    foreign = 0
                } else {
                    renameForeignStyle(name)
                    return tag.end
                }
            }
            if named("svg", name) || named("math", name) {
                // Self-closing is honoured on foreign elements.
                if tag.solidus == nil { foreign = 1 }
                return tag.end
            }
            if let solidus = tag.solidus,
               !(plain ? VoidElements.contains(p, name) : AlignmentTagNames.isVoid(p, name)) {
                set(solidus, 0x20)
            }
            switch TextOnly.kind(p, name) {
            case nil:
                return tag.end
            case .escapable?:
                let close = appropriateEndTag(name, from: tag.end)
                mask(tag.end..<close)
                return close
            case .rawInLibXML?:
                return rawText(name, from: tag.end, scriptData: false)
            case .script?:
                return rawText(name, from: tag.end, scriptData: true)
            case .plaintext?:
                mask(tag.end..<n)
                return n
            }
        }

        mutating func endTag(_ tag: StandardTag, at lt: Int) {
            if !plain && foreign == 0 && !AlignmentTagNames.endMayMatter(p, tag.name) { return }
            if foreign > 0 {
                if named("svg", tag.name) || named("math", tag.name) { foreign -= 1 }
                renameForeignStyle(tag.name)
                return
            }
            guard named("body", tag.name) || named("html", tag.name) else { return }
            // `<!--` … `-->` over the same bytes, its line breaks moved inside (the name and
            // `>` leave room for them).
            let end = tag.end
            set(lt + 1, 0x21)
            set(lt + 2, 0x2D)
            set(lt + 3, 0x2D)
            var o = lt + 4
            for k in (lt + 4)..<end where p[k] == 0x0A || p[k] == 0x0D {
                set(o, p[k])
                o += 1
            }
            for k in o..<(end - 3) { set(k, 0x20) }
            set(end - 3, 0x2D)
            set(end - 2, 0x2D)
            set(end - 1, 0x3E)
        }

        /// The attributes from `start` to the end of the tag become spaces (line breaks stay).
        mutating func dropAttributes(from start: Int, of tag: StandardTag, at lt: Int) {
            for k in start..<(tag.solidus ?? tag.end - 1) where p[k] != 0x0A && p[k] != 0x0D && p[k] != 0x20 {
                set(k, 0x20)
            }
            cappedTags += 1
            if firstCappedTag == nil { firstCappedTag = lt }
        }

        /// In foreign content `<style>` is an ordinary element whose content is markup
        /// (`<svg><style><a href=x>` is an SVG link; §F.8), where libxml2 reads any `<style>`
        /// as raw text: its start and end tags are renamed in place to `stylz`, an unknown
        /// element of the same length. (HTML integration points such as `<foreignObject>`
        /// are not told apart here, as elsewhere in this pass.)
        mutating func renameForeignStyle(_ name: Range<Int>) {
            if named("style", name) { set(name.upperBound - 1, 0x7A) }
        }

        /// A tag name holding a byte libxml2 ends names at (`<a!>`, `<a<b>`, `<script\u{FFFD}>`,
        /// non-ASCII) names, to a browser, an element no HTML rule knows; libxml2 would read
        /// its first part as the name (`<a!>` as `<a>`, a link) and the rest as attributes.
        /// Such bytes become `-`, so libxml2 reads one unknown name too.
        @inline(__always)
        mutating func keepNameWhole(_ name: Range<Int>) {
            var k = name.lowerBound
            while k < name.upperBound {
                let b = p[k]
                // Lower-case letters, nearly every byte of every name, are decided first.
                if b &- 0x61 >= 26, !MarkupScanner.isNameChar(b) { set(k, 0x2D) }
                k += 1
            }
        }

        /// Turns every `<` in `range` into text.
        mutating func mask(_ range: Range<Int>) {
            var i = range.lowerBound
            while let lt = StandardTag.find(0x3C, p, from: i, range.upperBound) {
                set(lt, 0x78)
                i = lt + 1
            }
        }

        /// The start of the end tag closing an RCDATA/RAWTEXT element (`</name` followed by
        /// whitespace, `/` or `>`), or the end of the page.
        func appropriateEndTag(_ name: Range<Int>, from start: Int) -> Int {
            var i = start
            while let lt = StandardTag.find(0x3C, p, from: i, n) {
                if isEndTag(name, at: lt) { return lt }
                i = lt + 1
            }
            return n
        }

        /// `</name` + whitespace, `/` or `>` at `lt`.
        func isEndTag(_ name: Range<Int>, at lt: Int) -> Bool {
            let after = lt + 2 + name.count
            guard after < n, p[lt + 1] == 0x2F, sameName(name, at: lt + 2) else { return false }
            let b = p[after]
            return StandardTag.isSpace(b) || b == 0x2F || b == 0x3E
        }

        func sameName(_ name: Range<Int>, at i: Int) -> Bool {
            guard i + name.count <= n else { return false }
            for k in 0..<name.count where p[i + k] | 0x20 != p[name.lowerBound + k] | 0x20 { return false }
            return true
        }

        /// A `<style>`'s or `<script>`'s text: libxml2 stops at any `</name` prefix, the
        /// browser at its appropriate end tag, and in script data not while double-escaped.
        /// Returns where the end tag starts.
        mutating func rawText(_ name: Range<Int>, from start: Int, scriptData: Bool) -> Int {
            // 0: script data (or RAWTEXT), 1: escaped (after `<!--`), 2: double-escaped.
            var state = 0
            var i = start
            while i < n {
                let b = p[i]
                if b == 0x3C {
                    if i + 1 < n && p[i + 1] == 0x2F && sameName(name, at: i + 2) {
                        if isEndTag(name, at: i) {
                            if state != 2 { return i }
                            state = 1
                        }
                        // libxml2 would stop here: the `/` becomes a space.
                        set(i + 1, 0x20)
                        i += 2 + name.count
                        continue
                    }
                    if scriptData && state == 0 && StandardTag.matches(p, n, at: i + 1, "!--") {
                        state = 1
                        i += 2  // the `--` may also open `-->` (`<!-->`)
                        continue
                    }
                    if state == 1 && StandardTag.matches(p, n, at: i + 1, "script") && i + 7 < n {
                        let d = p[i + 7]
                        if StandardTag.isSpace(d) || d == 0x2F || d == 0x3E { state = 2 }
                    }
                    i += 1
                } else if b == 0x2D && state != 0 && i + 2 < n && p[i + 1] == 0x2D && p[i + 2] == 0x3E {
                    state = 0
                    i += 3
                } else {
                    i = scriptData && state != 0 ? i + 1 : (StandardTag.find(0x3C, p, from: i + 1, n) ?? n)
                }
            }
            return n
        }

        /// `<!` …: a comment, a DOCTYPE, a CDATA section in foreign content, or a bogus comment.
        func markupDeclaration(at lt: Int) -> Int {
            if StandardTag.matches(p, n, at: lt + 2, "--") { return comment(from: lt + 4) }
            if foreign > 0 && lt + 9 <= n && memcmp(p + lt + 2, "[CDATA[", 7) == 0 {
                var i = lt + 9
                while let b = StandardTag.find(0x5D, p, from: i, n) {
                    if b + 2 < n && p[b + 1] == 0x5D && p[b + 2] == 0x3E { return b + 3 }
                    i = b + 1
                }
                return n
            }
            return bogusComment(from: lt + 2)
        }

        /// After `<!--`: `>` or `->` close it at once, else it runs to `-->` or `--!>`
        /// (any number of `-` before the `>`).
        func comment(from start: Int) -> Int {
            if start < n && p[start] == 0x3E { return start + 1 }
            if start + 1 < n && p[start] == 0x2D && p[start + 1] == 0x3E { return start + 2 }
            var i = start
            while let dash = StandardTag.find(0x2D, p, from: i, n) {
                guard dash + 1 < n, p[dash + 1] == 0x2D else { i = dash + 1; continue }
                var m = dash + 2
                while m < n && p[m] == 0x2D { m += 1 }
                if m < n && p[m] == 0x3E { return m + 1 }
                if m + 1 < n && p[m] == 0x21 && p[m + 1] == 0x3E { return m + 2 }
                i = m
            }
            return n
        }

        /// Bogus comments and DOCTYPEs end at the first `>`.
        func bogusComment(from start: Int) -> Int {
            StandardTag.find(0x3E, p, from: start, n).map { $0 + 1 } ?? n
        }

        func named(_ word: StaticString, _ name: Range<Int>) -> Bool {
            StandardTag.named(p, name, word)
        }
    }
}

/// The elements whose content the tokenizer reads as text, outside foreign content.
enum TextOnly {
    /// RCDATA and RAWTEXT elements libxml2 parses as markup.
    case escapable
    /// `<style>`: raw text in libxml2 too.
    case rawInLibXML
    case script
    case plaintext

    static func kind(_ p: UnsafePointer<UInt8>, _ name: Range<Int>) -> TextOnly? {
        guard name.count >= 3 && name.count <= 9 else { return nil }
        switch p[name.lowerBound] | 0x20 {
        case 0x74:  // t
            return StandardTag.named(p, name, "textarea") || StandardTag.named(p, name, "title") ? .escapable : nil
        case 0x78:  // x
            return StandardTag.named(p, name, "xmp") ? .escapable : nil
        case 0x69:  // i
            return StandardTag.named(p, name, "iframe") ? .escapable : nil
        case 0x6E:  // n
            return StandardTag.named(p, name, "noembed") || StandardTag.named(p, name, "noframes") ? .escapable : nil
        case 0x73:  // s
            if StandardTag.named(p, name, "script") { return .script }
            return StandardTag.named(p, name, "style") ? .rawInLibXML : nil
        case 0x70:  // p
            return StandardTag.named(p, name, "plaintext") ? .plaintext : nil
        default:
            return nil
        }
    }
}

/// Void elements: `/>` on them changes nothing in either parser.
enum VoidElements {
    static let names: Set<String> = [
        "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "image", "img", "input",
        "keygen", "link", "meta", "param", "source", "track", "wbr",
    ]

    static func contains(_ p: UnsafePointer<UInt8>, _ name: Range<Int>) -> Bool {
        name.count <= 8 && names.contains(lowercased(p, name))
    }

    static func lowercased(_ p: UnsafePointer<UInt8>, _ name: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: p + name.lowerBound, count: name.count).map {
            $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0
        }, as: UTF8.self)
    }
}

/// HTML start tags that end foreign content (the tree builder's "in foreign content" list).
enum ForeignContent {
    static let breakouts: Set<String> = [
        "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed",
        "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr",
        "ol", "p", "pre", "ruby", "s", "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u",
        "ul", "var", "font",
    ]

    static func breaksOut(_ p: UnsafePointer<UInt8>, _ name: Range<Int>) -> Bool {
        name.count <= 10 && breakouts.contains(VoidElements.lowercased(p, name))
    }
}
