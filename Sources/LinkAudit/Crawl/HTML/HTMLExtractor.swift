import CLibXML2

/// Extracts every navigation a page can start, in one SAX pass of libxml2's HTML parser
/// (no DOM is built). The bytes must already be UTF-8 (see `PageDecoder`): the parser
/// is told to ignore the page's own charset declarations.
public enum HTMLExtractor {
    /// Limits nested `srcdoc` documents, which a hostile page could nest without end.
    static let maxSrcdocDepth = 4

    public static func extract(utf8 html: UnsafeRawBufferPointer, pageURL: String) -> [Navigation] {
        let document = WebURL.parse(pageURL)
        let state = DocumentState(page: pageURL, documentURL: document, fallbackBase: document,
                                  frame: .main, lineOffset: 0, scriptsAllowed: true, depth: 0)
        parse(html, into: state)
        return state.finish()
    }

    public static func extract(html: String, pageURL: String) -> [Navigation] {
        var html = html
        return html.withUTF8 { extract(utf8: UnsafeRawBufferPointer($0), pageURL: pageURL) }
    }

    /// Runs libxml2's push parser over the whole buffer at once, feeding `state`.
    static func parse(_ html: UnsafeRawBufferPointer, into state: DocumentState) {
        LibXML.initialize()
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
        let options = HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_IGNORE_ENC.rawValue
        let user = Unmanaged.passUnretained(state).toOpaque()
        guard let ctxt = htmlCreatePushParserCtxt(&sax, user, nil, 0, nil, XML_CHAR_ENCODING_UTF8) else { return }
        defer { htmlFreeParserCtxt(ctxt) }
        htmlCtxtUseOptions(ctxt, Int32(options))
        state.parser = ctxt
        // libxml2 takes an Int32 length: feed very large pages in pieces.
        let chunk = 1 << 30
        var offset = 0
        let base = html.baseAddress?.assumingMemoryBound(to: CChar.self)
        repeat {
            let size = min(chunk, html.count - offset)
            let last = offset + size >= html.count
            _ = htmlParseChunk(ctxt, base.map { $0 + offset }, Int32(size), last ? 1 : 0)
            offset += size
        } while offset < html.count
        state.parser = nil
    }
}
