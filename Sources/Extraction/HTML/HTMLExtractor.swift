import CLibXML2
import LinkAuditModel
import WHATWGURL

/// Extracts every navigation a page can start, in one SAX pass of libxml2's HTML parser
/// (no DOM is built). The bytes must already be UTF-8 (see `PageDecoder`): the parser
/// is told to ignore the page's own charset declarations.
public enum HTMLExtractor {
    /// Limits nested `srcdoc` documents, which a hostile page could nest without end.
    package static let maxSrcdocDepth = 4

    /// Whether pages go through `TextRunCompactor` first. Only the equivalence tests turn
    /// it off (task-local, so parallel tests do not see each other's setting).
    @TaskLocal static var compactsTextRuns = true

    /// Whether the text of scripts and styles, and attribute values, are taken from libxml2
    /// too (`ReadTextCompactor`), when text runs are compacted. Only the equivalence tests
    /// turn them off.
    @TaskLocal static var compactsScriptText = true
    @TaskLocal static var compactsAttributeValues = true
    /// Whether the attribute values of elements the extractor reads nothing of but their
    /// names go before libxml2 sees them (`ReadTextCompactor`, `unread`). Only the
    /// equivalence tests turn it off.
    @TaskLocal static var compactsUnreadValues = true
    /// Whether `extractPage(owning:…)` aligns a page it compacts while `TextRunCompactor` reads
    /// it (`FusedAlignment`: one pass over the tags), rather than first (`prepare`). Only the
    /// equivalence tests turn it off.
    @TaskLocal static var fusesAlignment = true
    /// Whether `TextRunCompactor` leaves of a text run read just inside an element it opened
    /// (`opensQuietElement`) only its line breaks, rather than its compacted form. Only the
    /// equivalence tests turn it off.
    @TaskLocal static var dropsTextInElements = true
    /// Whether, with `dropsTextInElements`, such an element's start tag followed by nothing
    /// but its own end tag goes to libxml2 as `<X … />` (`TextRunCompactor.closesOpened`).
    /// Only the equivalence tests turn it off.
    @TaskLocal static var foldsEmptyElements = true

    /// - Parameter encoding: the Encoding Standard name the page was decoded from
    ///   (`PageEncoding.name`); the query of each URL in it is percent-encoded in that
    ///   encoding, as a browser sends it (Docs/PLATFORM.md §F.12).
    public static func extract(utf8 html: UnsafeRawBufferPointer, pageURL: String,
                               encoding: String = "UTF-8") -> [Navigation] {
        extractPage(utf8: html, pageURL: pageURL, encoding: encoding).navigations
    }

    /// The navigations, and warnings for what the page's limits cut (README Limits): a
    /// line each for the page's record in `pages.jsonl`.
    public static func extractPage(utf8 html: UnsafeRawBufferPointer, pageURL: String,
                                   encoding: String = "UTF-8") -> (navigations: [Navigation], warnings: [String]) {
        let limits = ExtractionLimits()
        let state = mainDocument(pageURL: pageURL, encoding: encoding, limits: limits)
        parse(html, into: state)
        let navigations = state.finish()
        return (navigations, limits.warnings)
    }

    /// How a page was read: whole, or — past `streamAbove` navigations — its first pass of
    /// two (`StreamedPage`).
    public enum PageExtraction {
        case whole([Navigation])
        case streamed(StreamedPage)
    }

    /// `extractPage`, for a page that may be too large to hold: past `streamAbove`
    /// navigations, the page's plain links are left to a second pass (`StreamedPage`).
    public static func extractPage(utf8 html: UnsafeRawBufferPointer, pageURL: String, encoding: String = "UTF-8",
                                   streamAbove threshold: Int) -> (extraction: PageExtraction, warnings: [String]) {
        let limits = ExtractionLimits()
        let state = mainDocument(pageURL: pageURL, encoding: encoding, limits: limits)
        state.stream = StreamPass(threshold: threshold)
        parse(html, into: state)
        let gathered = state.finishGathered(pageURL: pageURL, encoding: encoding, prepared: false)
        if let streamed = gathered.streamed { return (.streamed(streamed), limits.warnings) }
        if let whole = gathered.whole { return (.whole(whole), limits.warnings) }
        // Lines that go back (never seen in practice): the plain way, whole.
        let plain = extractPage(utf8: html, pageURL: pageURL, encoding: encoding)
        return (.whole(plain.navigations), plain.warnings)
    }

    /// The same, taking the page's bytes over so that no more than two copies of a huge
    /// page are alive at once (README Limits): the page is read as the tokenizer reads it
    /// (`InputStream`, `TokenizerAlignment`) in place of `html`, whose original bytes go
    /// as soon as that is done, and `html` is left holding those bytes — what a streamed
    /// page's second pass reads (`StreamedPage.plainNavigations`).
    ///
    /// `spillDirectory`: a page of `spillsFrom` bytes or more is then kept there, in an
    /// unlinked temporary file, while libxml2 parses its own copy (`SpilledPage`), and
    /// `html` is left empty: the page is held once, not twice. Without it, or should the
    /// file fail, the page stays in `html`.
    public static func extractPage(owning html: inout [UInt8], pageURL: String, encoding: String = "UTF-8",
                                   streamAbove threshold: Int,
                                   spillDirectory: String? = nil) -> (extraction: PageExtraction, warnings: [String]) {
        let limits = ExtractionLimits()
        InputStream.preprocessInPlace(&html)
        // A page that will be compacted is aligned as it is compacted (`FusedAlignment`); the
        // others (too large, or kept in a file) as `prepare` aligns them.
        let fused = fusesAlignment && compactsTextRuns && html.count < min(chunk, compactsBelow)
            && (spillDirectory == nil || html.count < spillsFrom)
        if !fused { TokenizerAlignment.alignInPlace(&html, limits: limits, lineOffset: 0) }
        var spilled: SpilledPage?
        if let spillDirectory, html.count >= spillsFrom, html.count < chunk {
            spilled = html.withUnsafeBytes { SpilledPage($0, directory: spillDirectory) }
            if spilled != nil { html = [] }
        }
        let state = mainDocument(pageURL: pageURL, encoding: encoding, limits: limits)
        state.stream = StreamPass(threshold: threshold)
        if let page = spilled, !parse(spilled: page, into: state) {
            // The file could not be read back: the page from its mapping, in memory.
            html = Array(page.bytes)
            spilled = nil
        }
        if fused {
            html.withUnsafeMutableBytes { parse(aligning: $0, into: state) }
        } else if spilled == nil {
            html.withUnsafeBytes { parse($0, into: state, prepared: true) }
        }
        let gathered = state.finishGathered(pageURL: pageURL, encoding: encoding, prepared: true, spilled: spilled)
        if let streamed = gathered.streamed { return (.streamed(streamed), limits.warnings) }
        if let whole = gathered.whole { return (.whole(whole), limits.warnings) }
        // Lines that go back (never seen in practice): the plain way, whole, with what the
        // alignment counted.
        let again = ExtractionLimits()
        again.cappedTags = limits.cappedTags
        again.firstCappedTagLine = limits.firstCappedTagLine
        let plain = mainDocument(pageURL: pageURL, encoding: encoding, limits: again)
        if let page = spilled, parse(spilled: page, into: plain) { return (.whole(plain.finish()), again.warnings) }
        if let page = spilled { html = Array(page.bytes) }
        html.withUnsafeBytes { parse($0, into: plain, prepared: true) }
        return (.whole(plain.finish()), again.warnings)
    }

    /// Pages this long or longer go to a file while they are parsed, given a directory
    /// (`extractPage(owning:…)`): those `TextRunCompactor` leaves as written, so that both
    /// ways give libxml2 the same bytes. Only the equivalence tests lower it (task-local).
    @TaskLocal static var spillsFrom = compactsBelow

    /// The most records a document's list is made room for before its parse (`compactAndFeed`).
    static let pendingReserve = 2048

    /// `html` as the tokenizer reads it: line ends and NULs (`InputStream`), then the
    /// alignment (`TokenizerAlignment`), each replacing the bytes before it.
    /// Both are made in `html` itself when they can be (`InputStream.preprocessInPlace`,
    /// `TokenizerAlignment.alignInPlace`): a huge page is then never held twice here.
    static func prepare(_ html: inout [UInt8], limits: ExtractionLimits) {
        InputStream.preprocessInPlace(&html)
        TokenizerAlignment.alignInPlace(&html, limits: limits, lineOffset: 0)
    }

    /// The state of a page's own document (the main frame), before its first byte is read.
    private static func mainDocument(pageURL: String, encoding: String, limits: ExtractionLimits) -> DocumentState {
        let document = WebURL.parse(pageURL)
        return DocumentState(page: pageURL, documentURL: document, fallbackBase: document,
                             frame: .main, lineOffset: 0, scriptsAllowed: true, depth: 0,
                             queryEncoder: QueryEncoders.encoder(for: encoding), limits: limits)
    }

    public static func extract(html: String, pageURL: String, encoding: String = "UTF-8") -> [Navigation] {
        var html = html
        return html.withUTF8 { extract(utf8: UnsafeRawBufferPointer($0), pageURL: pageURL, encoding: encoding) }
    }

    /// Runs libxml2's push parser over the whole buffer at once, feeding `state`.
    /// `prepared`: `html` is read as the tokenizer reads it already (`prepare`).
    static func parse(_ html: UnsafeRawBufferPointer, into state: DocumentState, prepared: Bool = false) {
        LibXML.initialize()
        var sax = handler()
        let user = Unmanaged.passUnretained(state).toOpaque()
        let started = { (parser: htmlParserCtxtPtr, source: UnsafeRawBufferPointer) in
            state.parser = parser
            state.source = source
        }
        if prepared {
            compactAndFeed(html, sax: &sax, user: user, reader: state, started: started)
        } else {
            run(html, sax: &sax, user: user, limits: state.limits, lineOffset: state.lineOffset, reader: state,
                started: started)
        }
        letGo(of: state)
    }

    /// What a parse lent the state, dropped when libxml2 is done: the parser, the bytes it read
    /// and the texts and values pointing into them.
    private static func letGo(of state: DocumentState) {
        state.parser = nil
        state.source = nil
        state.pageText = nil
        state.scriptTexts = nil
        state.compactedValues?.page = nil
        state.compactedValues = nil
    }

    /// `parse` of a page whose line ends and NULs are read as the tokenizer reads them
    /// (`InputStream`), aligned (`TokenizerAlignment`) in place as it is compacted
    /// (`FusedAlignment`): `html` is then as `prepare` leaves a page.
    static func parse(aligning html: UnsafeMutableRawBufferPointer, into state: DocumentState) {
        LibXML.initialize()
        var sax = handler()
        let user = Unmanaged.passUnretained(state).toOpaque()
        compactAndFeed(UnsafeRawBufferPointer(html), sax: &sax, user: user, reader: state, aligning: html,
                       limits: state.limits) { parser, source in
            state.parser = parser
            state.source = source
        }
        letGo(of: state)
    }

    /// `parse` of a prepared page kept in a file (`SpilledPage`): libxml2's push parser gets
    /// its buffer filled from the file, then parses it as it parses a page pushed in one
    /// final chunk (`feed`), the same events. False when the file could not be read
    /// (nothing was parsed).
    static func parse(spilled page: SpilledPage, into state: DocumentState) -> Bool {
        LibXML.initialize()
        var sax = handler()
        let user = Unmanaged.passUnretained(state).toOpaque()
        guard let ctxt = htmlCreatePushParserCtxt(&sax, user, nil, 0, nil, XML_CHAR_ENCODING_UTF8) else { return false }
        defer { htmlFreeParserCtxt(ctxt) }
        htmlCtxtUseOptions(ctxt, Int32(options))
        guard let input = ctxt.pointee.input, let buffer = input.pointee.buf, page.fill(buffer),
              let content = xmlBufContent(buffer.pointee.buffer) else { return false }
        // Where `htmlParseChunk` leaves the input after pushing a chunk: nothing read yet.
        input.pointee.base = UnsafePointer(content)
        input.pointee.cur = UnsafePointer(content)
        input.pointee.end = UnsafePointer(content + xmlBufUse(buffer.pointee.buffer))
        // The extractor's own reads of the page are few (`FormOwnership`); the ids and
        // classes its scripts name were read before the page went to the file.
        state.elements.wanted = page.wanted
        state.parser = ctxt
        state.source = page.bytes
        _ = htmlParseChunk(ctxt, nil, 0, 1)
        state.parser = nil
        state.source = nil
        return true
    }

    /// The extractor's SAX callbacks; the context is the `DocumentState`.
    private static func handler() -> htmlSAXHandler {
        var sax = htmlSAXHandler()
        // The caller holds `state` for the whole parse, so the callbacks borrow it
        // without a retain and release per event.
        sax.startElement = { ctx, name, atts in
            guard let ctx, let name else { return }
            Unmanaged<DocumentState>.fromOpaque(ctx)._withUnsafeGuaranteedRef {
                $0.startElement(name, Attributes(pointer: atts))
            }
        }
        sax.endElement = { ctx, name in
            guard let ctx, let name else { return }
            Unmanaged<DocumentState>.fromOpaque(ctx)._withUnsafeGuaranteedRef { $0.endElement(name) }
        }
        // Only script text is read. libxml2 hands the content of <script> and <style>
        // to `cdataBlock` when one is set, and all other text to `characters`, which is
        // left unset: most of a page's text would otherwise cross into Swift for nothing.
        sax.cdataBlock = { ctx, chars, len in
            guard let ctx, let chars, len > 0 else { return }
            Unmanaged<DocumentState>.fromOpaque(ctx)._withUnsafeGuaranteedRef {
                $0.scriptData(UnsafeBufferPointer(start: chars, count: Int(len)))
            }
        }
        return sax
    }

    /// Feeds `html` (its line ends and NULs as the tokenizer reads them, `InputStream`,
    /// aligned with the HTML Standard's tokenizer by `TokenizerAlignment`, then compacted
    /// unless the task-local switch says otherwise) to libxml2's push parser with the
    /// extractor's options; `started` receives the parser context and the bytes it reads
    /// (offsets in the context count from their start) before the first event.
    ///
    /// `reader`: the document the events go to, which then reads its scripts' text and
    /// attribute values from the bytes before `ReadTextCompactor` (nil: libxml2 gets them
    /// all, as a handler of its own needs).
    static func run(_ html: UnsafeRawBufferPointer, sax: inout htmlSAXHandler, user: UnsafeMutableRawPointer,
                    limits: ExtractionLimits? = nil, lineOffset: Int = 0, reader: DocumentState? = nil,
                    started: (htmlParserCtxtPtr, UnsafeRawBufferPointer) -> Void) {
        if let preprocessed = InputStream.preprocessed(html) {
            preprocessed.withUnsafeBytes {
                alignAndFeed($0, sax: &sax, user: user, limits: limits, lineOffset: lineOffset, reader: reader,
                             started: started)
            }
        } else {
            alignAndFeed(html, sax: &sax, user: user, limits: limits, lineOffset: lineOffset, reader: reader,
                         started: started)
        }
    }

    private static func alignAndFeed(_ html: UnsafeRawBufferPointer, sax: inout htmlSAXHandler,
                                     user: UnsafeMutableRawPointer, limits: ExtractionLimits?, lineOffset: Int,
                                     reader: DocumentState?,
                                     started: (htmlParserCtxtPtr, UnsafeRawBufferPointer) -> Void) {
        // What libxml2 reads must first be tokenized as a browser does (not a shortcut:
        // the extraction depends on it, so both compaction modes get it).
        if let aligned = TokenizerAlignment.align(html, limits: limits, lineOffset: lineOffset) {
            aligned.withUnsafeBytes { compactAndFeed($0, sax: &sax, user: user, reader: reader, started: started) }
        } else {
            compactAndFeed(html, sax: &sax, user: user, reader: reader, started: started)
        }
    }

    /// `aligning`: `html` itself, not yet aligned, when it is to be aligned as it is compacted
    /// (`FusedAlignment`; cut tags counted in `limits`). Such a page is always compacted.
    private static func compactAndFeed(_ html: UnsafeRawBufferPointer, sax: inout htmlSAXHandler,
                                       user: UnsafeMutableRawPointer, reader: DocumentState?,
                                       aligning: UnsafeMutableRawBufferPointer? = nil, limits: ExtractionLimits? = nil,
                                       started: (htmlParserCtxtPtr, UnsafeRawBufferPointer) -> Void) {
        // Pages of 1 GiB or more are fed in pieces, where libxml2 looks ahead for the end of
        // each construct before reading it: the compactor's reasoning assumes one final chunk.
        // Pages of 16 MB or more go as written too: a compacted copy would be a third copy
        // of the page beside the page and libxml2's buffer (README Limits, a huge page).
        guard aligning != nil || compactsTextRuns && html.count < min(chunk, compactsBelow) else {
            return feed(html, sax: &sax, user: user, started: started)
        }
        let scripts = compactsScriptText, values = compactsAttributeValues, unread = compactsUnreadValues
        var found: TextRunCompactor.Found? = reader != nil && (scripts || values || unread)
            ? TextRunCompactor.Found(recordsValues: values, recordsUnread: unread) : nil
        let compacted: [UInt8]?
        if let aligning {
            compacted = TextRunCompactor.compact(aligning: aligning, found: &found, limits: limits)
        } else {
            compacted = TextRunCompactor.compact(html, found: &found)
        }
        // About a record per long quoted value (a link's URL is one): the document's list made
        // once at about its size, at most `pendingReserve`, where doubling it copied every
        // record made so far some seven times a page (session 13, issue 17).
        if let reader, let found, reader.pending.isEmpty {
            reader.pending.reserveCapacity(min(found.values.count, pendingReserve))
        }
        func feedBoth(_ page: UnsafeRawBufferPointer) {
            // Scripts' text and values, then, are read from `page` (`DocumentState.pageText`).
            if let reader, let found, let read = ReadTextCompactor.compact(page, found: found, scripts: scripts,
                                                                            values: values, unread: unread) {
                read.bytes.withUnsafeBytes { fed in
                    feed(fed, sax: &sax, user: user) { parser, source in
                        reader.pageText = page
                        reader.scriptTexts = read.texts
                        read.values?.page = page
                        reader.compactedValues = read.values
                        started(parser, source)
                    }
                }
            } else {
                feed(page, sax: &sax, user: user, started: started)
            }
        }
        if let compacted {
            compacted.withUnsafeBytes { feedBoth($0) }
        } else {
            feedBoth(html)
        }
    }

    /// libxml2 takes an Int32 length: very large pages go in pieces of this size.
    static let chunk = 1 << 30

    /// Pages compacted (`TextRunCompactor`) are smaller than this.
    static let compactsBelow = 16 << 20

    /// The parser's options: recover, quietly, no network, the page's own charset ignored.
    private static let options = HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_IGNORE_ENC.rawValue

    private static func feed(_ html: UnsafeRawBufferPointer, sax: inout htmlSAXHandler, user: UnsafeMutableRawPointer,
                             started: (htmlParserCtxtPtr, UnsafeRawBufferPointer) -> Void) {
        guard let ctxt = htmlCreatePushParserCtxt(&sax, user, nil, 0, nil, XML_CHAR_ENCODING_UTF8) else { return }
        defer { htmlFreeParserCtxt(ctxt) }
        htmlCtxtUseOptions(ctxt, Int32(options))
        started(ctxt, html)
        var offset = 0
        let base = html.baseAddress?.assumingMemoryBound(to: CChar.self)
        repeat {
            let size = min(chunk, html.count - offset)
            let last = offset + size >= html.count
            _ = htmlParseChunk(ctxt, base.map { $0 + offset }, Int32(size), last ? 1 : 0)
            offset += size
        } while offset < html.count
    }
}
