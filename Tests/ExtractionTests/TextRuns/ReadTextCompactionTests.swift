import XCTest
@testable import Extraction
import LinkAuditModel
import TestSupport

/// `ReadTextCompactor` takes scripts' text and attribute values away from libxml2; the
/// extractor then reads them from the bytes before. The plain way (both switches off:
/// libxml2 reads every text and value and reports them) is the reference: the navigations,
/// their parse places and the page's warnings must be the same with either or both on, on
/// the repository's pages and on generated ones with every case the compactor must leave
/// alone.
final class ReadTextCompactionTests: XCTestCase {
    private func extraction(_ bytes: [UInt8], scripts: Bool, values: Bool, unread: Bool) -> [String] {
        HTMLExtractor.$compactsScriptText.withValue(scripts) {
            HTMLExtractor.$compactsAttributeValues.withValue(values) {
              HTMLExtractor.$compactsUnreadValues.withValue(unread) {
                var owned = bytes
                let page = HTMLExtractor.extractPage(owning: &owned, pageURL: "https://shop.example/pay/index.html",
                                                     streamAbove: Int.max)
                guard case .whole(let navigations) = page.extraction else { return ["streamed"] }
                let html = String(decoding: bytes, as: UTF8.self)
                let again = HTMLExtractor.extract(html: html, pageURL: "https://shop.example/pay/index.html")
                return navigations.map { "\($0) \(String(describing: $0.place.value))" } + page.warnings
                    + ["again:"] + again.map { "\($0) \(String(describing: $0.place.value))" }
              }
            }
        }
    }

    /// What the compactor takes away from `bytes` (prepared as the extractor prepares a page).
    private func compacted(_ bytes: [UInt8]) -> ReadTextCompactor.Compacted? {
        var page = bytes
        HTMLExtractor.prepare(&page, limits: ExtractionLimits())
        return page.withUnsafeBytes { html in
            var found: TextRunCompactor.Found? = TextRunCompactor.Found(recordsValues: true, recordsUnread: true)
            let text = TextRunCompactor.compact(html, found: &found)
            if let text {
                return text.withUnsafeBytes {
                    ReadTextCompactor.compact($0, found: found!, scripts: true, values: true, unread: true)
                }
            }
            return ReadTextCompactor.compact(html, found: found!, scripts: true, values: true, unread: true)
        }
    }

    /// Compares every way with the plain one; returns what the compactor took (scripts, values).
    @discardableResult
    private func assertSame(_ bytes: [UInt8], _ label: String, file: StaticString = #filePath,
                            line: UInt = #line) -> (scripts: Bool, values: Bool, unread: Bool) {
        let plain = extraction(bytes, scripts: false, values: false, unread: false)
        for (scripts, values, unread) in [(true, false, false), (false, true, false), (false, false, true), (true, true, true)] {
            let other = extraction(bytes, scripts: scripts, values: values, unread: unread)
            if other != plain {
                let at = (0..<min(plain.count, other.count)).first { plain[$0] != other[$0] } ?? min(plain.count, other.count)
                XCTFail("\(label) (scripts \(scripts), values \(values), unread \(unread)): record \(at) differs: "
                        + "\(plain.dropFirst(at).first ?? "<none>") vs \(other.dropFirst(at).first ?? "<none>")", file: file, line: line)
            }
        }
        let taken = compacted(bytes)
        let withoutUnread = taken.map { $0.bytes.count } == compactedWithoutUnread(bytes).map { $0.bytes.count }
        return (taken.map { !$0.texts.starts.isEmpty } ?? false, taken?.values != nil, taken != nil && !withoutUnread)
    }

    private func compactedWithoutUnread(_ bytes: [UInt8]) -> ReadTextCompactor.Compacted? {
        var page = bytes
        HTMLExtractor.prepare(&page, limits: ExtractionLimits())
        return page.withUnsafeBytes { html in
            var found: TextRunCompactor.Found? = TextRunCompactor.Found(recordsValues: true)
            let text = TextRunCompactor.compact(html, found: &found)
            if let text { return text.withUnsafeBytes { ReadTextCompactor.compact($0, found: found!, scripts: true, values: true) } }
            return ReadTextCompactor.compact(html, found: found!, scripts: true, values: true)
        }
    }

    /// (Ranges of `page` itself: with `dropsTextInElements` off, the text runs here are left as they are.)
    private func found(_ page: [UInt8]) -> TextRunCompactor.Found {
        var found: TextRunCompactor.Found? = TextRunCompactor.Found(recordsValues: true)
        _ = HTMLExtractor.$dropsTextInElements.withValue(false) {
            page.withUnsafeBytes { TextRunCompactor.compact($0, found: &found) }
        }
        return found!
    }

    func testCompactedForm() throws {
        let page = Array(("<p>a</p><script>var a = 1;\nlocation.href = 'x://y';\r\n</script><style>p {}</style>"
            + "<a href=\"gojek://pay/a\nb\" id=a title='a&amp;b long'>b</a><meta content=\"0; url=x://refresh\">").utf8)
        let found = found(page)
        XCTAssertEqual(found.rawTexts.map { String(decoding: page[$0], as: UTF8.self) },
                       ["var a = 1;\nlocation.href = 'x://y';\r\n", "p {}"])
        XCTAssertEqual(found.values.map { String(decoding: page[$0], as: UTF8.self) }, ["gojek://pay/a\nb", "a&amp;b long"])
        let compacted = try XCTUnwrap(page.withUnsafeBytes {
            ReadTextCompactor.compact($0, found: found, scripts: true, values: true, oneCharacter: false)
        })
        XCTAssertEqual(String(decoding: compacted.bytes, as: UTF8.self),
                       "<p>a</p><script>\n\r\n</script><style></style><a href=\"\u{1}0\n\" id=a title='\u{1}1'>b</a>"
                       + "<meta content=\"0; url=x://refresh\">")
        // One character a mark (U+E000 plus the number), where the page holds no byte 0xEE.
        let oneCharacter = try XCTUnwrap(page.withUnsafeBytes { ReadTextCompactor.compact($0, found: found, scripts: true, values: true) })
        XCTAssertEqual(String(decoding: oneCharacter.bytes, as: UTF8.self),
                       "<p>a</p><script>\n\r\n</script><style></style><a href=\"\u{E000}\n\" id=a title='\u{E001}'>b</a>"
                       + "<meta content=\"0; url=x://refresh\">")
        let marked = try XCTUnwrap(oneCharacter.values)
        XCTAssertTrue(marked.oneCharacter)
        page.withUnsafeBytes { bytes in
            marked.page = bytes
            for (mark, value) in [("\u{E000}\n", "gojek://pay/a\nb"), ("\u{E001}", "a&b long"), ("\u{1}1", "a&b long")] {
                let c = Array(mark.utf8CString).map { UInt8(bitPattern: $0) }
                XCTAssertEqual(c.withUnsafeBufferPointer { marked.original($0.baseAddress!) }, value, mark.debugDescription)
            }
            // Past the page's values, or a character after the mark: not a mark.
            for text in ["\u{E002}", "\u{E000}x", "\u{E000}\u{E000}"] {
                let c = Array(text.utf8CString).map { UInt8(bitPattern: $0) }
                XCTAssertNil(c.withUnsafeBufferPointer { marked.original($0.baseAddress!) }, text.debugDescription)
            }
            marked.page = nil
        }
        // A page holding a character from U+E000 to U+EFFF keeps the decimal marks, and a
        // value beginning with such a character is read as it is.
        let privateUse = Array("<a href=\"\u{E000}pay://long/value\">\u{E123}</a>".utf8)
        let privateFound = self.found(privateUse)
        let decimal = try XCTUnwrap(privateUse.withUnsafeBytes {
            ReadTextCompactor.compact($0, found: privateFound, scripts: true, values: true)
        })
        XCTAssertEqual(String(decoding: decimal.bytes, as: UTF8.self), "<a href=\"\u{1}0\">\u{E123}</a>")
        XCTAssertEqual(decimal.values?.oneCharacter, false)
        XCTAssertEqual(compacted.texts.starts, [16, 35])
        XCTAssertEqual(compacted.texts.originals, found.rawTexts)
        XCTAssertEqual(try XCTUnwrap(compacted.values).ranges, found.values)
        // A value holding `&` comes back decoded the HTML Standard's way.
        let second = Array("\u{1}1".utf8CString).map { UInt8(bitPattern: $0) }
        let values = try XCTUnwrap(compacted.values)
        page.withUnsafeBytes { bytes in
            values.page = bytes
            XCTAssertEqual(second.withUnsafeBufferPointer { values.original($0.baseAddress!) }, "a&b long")
            values.page = nil
        }
        let onlyScripts = try XCTUnwrap(page.withUnsafeBytes { ReadTextCompactor.compact($0, found: found, scripts: true, values: false) })
        XCTAssertNil(onlyScripts.values)
        let onlyValues = try XCTUnwrap(page.withUnsafeBytes { ReadTextCompactor.compact($0, found: found, scripts: false, values: true) })
        XCTAssertTrue(onlyValues.texts.starts.isEmpty)
    }

    /// Texts the compactor must leave as written: `</` (FormOwnership reads the bytes
    /// libxml2 reads), characters libxml2 drops from script text, nothing to save.
    func testTextsLeftAlone() throws {
        for text in ["a</b>c", "a\u{1}b", "a\u{0C}b", "a\u{FFFF}b", "a\u{FFFE}b", "\n\n", "a\u{7}\nb"] {
            let page = Array("<script>\(text)</script>".utf8)
            let content = 8..<(page.count - 9)
            XCTAssertEqual(String(decoding: page[content], as: UTF8.self), text)
            let found = TextRunCompactor.Found(rawTexts: [content])
            XCTAssertNil(page.withUnsafeBytes { ReadTextCompactor.compact($0, found: found, scripts: true, values: true) },
                         text.debugDescription)
        }
        // And one it takes, for contrast.
        let page = Array("<script>a\tb\n</script>".utf8)
        XCTAssertNotNil(page.withUnsafeBytes {
            ReadTextCompactor.compact($0, found: TextRunCompactor.Found(rawTexts: [8..<12]), scripts: true, values: true)
        })
    }

    /// Values left as written: `<`, controls, short ones, a `<meta>`'s, an `id`'s or a
    /// `class`'s holding `&`; and every value of a page holding U+0001 or `&#`.
    func testValuesLeftAlone() {
        XCTAssertNotNil(compacted(Array("<a href=\"gojek://a&amp;b=c\">x</a>".utf8))?.values)
        XCTAssertNil(compacted(Array("<a ID=\"pay&amp;button-long\" Class=\"wallet&amp;link\">x</a>".utf8))?.values)
        for value in ["x://a<b/c/d", "x://a\u{2}b/c/d", "x://a", "gojek://a\u{0B}b/c"] {
            let page = Array("<a href=\"\(value)\">x</a>".utf8)
            XCTAssertNil(compacted(page)?.values, value.debugDescription)
        }
        XCTAssertNil(compacted(Array("<meta content=\"0; url=x://refresh/a\">".utf8))?.values)
        XCTAssertNotNil(compacted(Array("<a href=\"gojek://pay/a/b\">x</a>".utf8))?.values)
        // (U+0001 and `&#` in text libxml2 still reads: inside `<a>`, `dropsTextInElements` takes the text.)
        XCTAssertNil(compacted(Array("<a href=\"gojek://pay/a/b\">x</a>\u{1}".utf8))?.values)
        XCTAssertNil(compacted(Array("<a href=\"gojek://pay/a/b\">x</a>&#65;".utf8))?.values)
        HTMLExtractor.$dropsTextInElements.withValue(false) {
            XCTAssertNil(compacted(Array("<a href=\"gojek://pay/a/b\">x\u{1}</a>".utf8))?.values)
            XCTAssertNil(compacted(Array("<a href=\"gojek://pay/a/b\">&#65;</a>".utf8))?.values)
        }
    }

    /// The attributes of an element the extractor reads nothing of but its name become their
    /// LFs and ` a`; an element with an event handler, or a value holding `<`, keeps them; an
    /// element the extractor reads keeps them too (long values get the mark).
    func testUnreadValuesForm() throws {
        // (The text inside elements as `write` leaves it: `dropsTextInElements` off.)
        func form(_ page: String) -> String? {
            HTMLExtractor.$dropsTextInElements.withValue(false) {
                compacted(Array(page.utf8)).map { String(decoding: $0.bytes, as: UTF8.self) }
            }
        }
        XCTAssertEqual(form("<div class=\"line\" id=l1>a</div>"), "<div a>a</div>")
        XCTAssertEqual(form("<DIV Class = 'a\nb'title=\"t\">a</div>"), "<DIV\n a>a</div>")
        XCTAssertEqual(form("<br data-x=\"\"/>"), "<br a/>")
        XCTAssertEqual(form("<img src=\"a.png\" alt=\"a&amp;b\">"), "<img a>")
        XCTAssertNil(form("<div title=\"a<b\" class=\"wallet\">a</div>"))
        XCTAssertNil(form("<div class=\"wallet\" ONclick=\"go()\">a</div>"))
        XCTAssertNil(form("<div class=\"wallet\" on>a</div>"))
        XCTAssertEqual(form("<a class=\"wallet\" href=\"gojek://pay/long\">a</a>"),
                       "<a class=\"wallet\" href=\"\u{E000}\">a</a>")
        XCTAssertEqual(form("<Meta name=\"viewport\" content=\"width=device-width\">"), nil)
        XCTAssertEqual(form("<svg viewBox=\"0 0 10 10\"><path d=\"M0 0L10 10\"/></svg>"),
                       "<svg viewBox=\"\u{E000}\"><path a/></svg>")
        // Of a link, a frame, a submit button, the attributes the extractor does not read go
        // whole, their LFs kept, a space where a name would touch what comes before.
        XCTAssertEqual(form("<a name=\"l00046\" id=\"l1\" href=\"x://pay/long/path\">a</a>"),
                       "<a  id=\"l1\" href=\"\u{E000}\">a</a>")
        XCTAssertEqual(form("<AREA Title='a\nb'Target=t shape=rect>"), "<AREA \nTarget=t >")
        XCTAssertEqual(form("<a rel=\"noopener\"target=_blank>x</a>"), "<a  target=_blank>x</a>")
        XCTAssertEqual(form("<area coords alt href=x://a/b/long>"), "<area   href=x://a/b/long>")
        XCTAssertEqual(form("<iframe src=\"x://frame/long\" title=\"Pay\" width=\"1\" height=\"1\"></iframe>"),
                       "<iframe src=\"\u{E000}\"   ></iframe>")
        XCTAssertEqual(form("<iframe title=\"t\"name=n sandbox>x</iframe>"), "<iframe  name=n sandbox>x</iframe>")
        XCTAssertEqual(form("<button class=\"w\" type=\"button\" id=b>x</button>"), "<button  type=\"button\" >x</button>")
        XCTAssertEqual(form("<input name=q value=\"a\nb\" type=submit formaction=x://f/long/>"),
                       "<input  \n type=submit formaction=x://f/long/>")
        // Every attribute unread: the first one's name stays, so libxml2 still reports an array.
        XCTAssertEqual(form("<button class=\"w\">x</button>"), "<button class>x</button>")
        XCTAssertEqual(form("<input disabled name=q>"), "<input disabled >")
        XCTAssertEqual(form("<a rel=nofollow>x</a>"), "<a rel>x</a>")
        XCTAssertNil(form("<button class=\"w\" onclick=\"go()\">x</button>"))
        XCTAssertNil(form("<button>x</button><a>y</a><input><iframe></iframe><area/>"))
        XCTAssertNil(form("<a name=\"n\" onclick=\"go()\">x</a>"))
        XCTAssertNil(form("<a title=\"a<b\" name=\"n\">x</a>"))
        // Nothing shorter to write: as written.
        XCTAssertNil(form("<td x>\n<td\n\ny>"))
    }

    func testRepositoryPages() throws {
        var scripts = 0, values = 0, unread = 0
        let pages = try Repository.htmlPages()
        for page in pages {
            let taken = assertSame(page.bytes, page.name)
            if taken.scripts { scripts += 1 }
            if taken.values { values += 1 }
            if taken.unread { unread += 1 }
        }
        XCTAssertGreaterThan(pages.count, 10)
        XCTAssertGreaterThan(scripts, 10)
        XCTAssertGreaterThan(values, 10)
        XCTAssertGreaterThan(unread, 10)
    }

    /// A page of more values than one-character marks (the rest get decimal ones), and pages
    /// holding a private-use character (decimal marks only) or beginning a value with one:
    /// the same navigations as the plain way.
    func testPagesPastTheOneCharacterMarks() {
        var many = "<html><body>\n"
        for i in 0..<(ReadTextCompactor.oneCharacterMarks + 40) {
            many += "<a href=\"gojek://pay/order/\(i)\">\(i)</a>\n"
        }
        XCTAssertEqual(assertSame(Array(many.utf8), "many values").values, true)
        let privateUse = "<a href=\"gojek://pay/one/long\">a</a><p>\u{E123}</p><a href=\"\u{E000}\u{E001}x://long/value\">b</a>"
        XCTAssertEqual(assertSame(Array(privateUse.utf8), "a private-use character").values, true)
        let higher = "<a href=\"gojek://pay/one/long\">a</a><p>\u{F123}\u{10FFFD}</p>"
        XCTAssertEqual(assertSame(Array(higher.utf8), "private use past U+EFFF").values, true)
    }

    func testGeneratedPages() {
        let pieces = [
            "<p>text</p>\n", "<a href=\"x://a\">a</a>", "<a id=\"w1\" href=\"#\">b</a>", "<button id=\"b\">b</button>",
            "<script>location.href = 'tel:1';</script>",
            "<script>\nsetTimeout(function () { window.location.href = 'gojek://pay'; }, 500);\n</script>",
            "<script>document.getElementById('w1').addEventListener('click', function () { location.href = 'dana://x'; });</script>",
            "<script>var s = '</div>'; location.href = 'line://pay';</script>",
            "<script>var f = '</form>';</script>", "<form action=\"x://form/long/action\"><button>go</button>",
            "</form>", "<script>var c = '\u{1}'; location.replace('ovo://a');</script>",
            "<script>var c = '\u{FFFF}'; window.open('intent://a#Intent;scheme=x;end');</script>",
            "<script type=\"application/json\" id=\"cfg\">{\"url\": \"gcash://pay\"}</script>",
            "<script>var cfg = JSON.parse(document.getElementById('cfg').textContent); location.href = cfg.url;</script>",
            "<script src=\"a.js\">location.href = 'x://ignored';</script>", "<script/>", "<script></script>",
            "<style>a { color: red }\n</style>", "<script>function go() { location.href = 'paypay://a'; }\ngo();</script>",
            "<noscript><a href=\"x://ns\">n</a></noscript>", "<template><script>location.href = 'x://t';</script></template>",
            "<iframe srcdoc=\"&lt;script&gt;location.href = 'kakaotalk://a';&lt;/script&gt;\"></iframe>",
            "<SCRIPT>location.href = 'momo://upper';</SCRIPT >", "<script>if (a < b) { location.href = 'x://lt'; }</script>",
            "<svg><script>location.href = 'x://svg';</script></svg>", "<p>é\u{1F600}</p>",
            "<script>var e = 'é\u{1F600}';\r\nlocation.href = 'x://é';</script>",
            "<button onclick=\"location.href='tel:2'\">t</button>", "\n", "<div>", "</div>", "&amp;", "<!-- c -->",
            "<script>", "</script>", "<", "<p title=\"a\nb\">x</p>",
            // Values of every kind the extractor reads.
            "<a id=\"payment-button-long\" class=\"wallet-link primary\" href=\"gojek://pay/very/long/path\">g</a>",
            "<script>document.querySelector('.wallet-link').href = 'dana://rewritten/long';</script>",
            "<script>document.getElementById('payment-button-long').click();</script>",
            "<a href=\"x://a&amp;b=long-value\">amp</a>", "<p title=\"a<b long value here\">lt</p>",
            "<a href=\"gojek://pay/with\nline/feed/inside\" title=\"two\nlines\nhere and more\">lf</a>",
            "<a href=gojek://unquoted/long/value>u</a>", "<a href='gojek://single/quoted/value'>s</a>",
            "<a href=\"x://first-long-value\" href=\"x://second-long-value\">dup</a>",
            "<meta http-equiv=\"refresh\" content=\"0; url=x://meta-long-target\">",
            "<iframe src=\"kakaotalk://long/frame/src\" sandbox=\"allow-scripts allow-top-navigation\"></iframe>",
            "<form action=\"line://pay/long/action\"><button formaction=\"tel:+1-555-long-number\">f</button></form>",
            "<base href=\"https://base.example/long/path/\">", "<base target=\"frame-name-long\">",
            "<a href=\"https://shop.example/long/path\" target=\"frame-name-long\">t</a>",
            "<iframe name=\"frame-name-long\" src=\"about:blank#long-fragment\"></iframe>",
            "<button onclick=\"location.href='tngdwallet://pay?token=TNG-ORD-long'\" onmouseover=\"void 0; // long handler\">h</button>",
            "<a href=\"javascript:location.href='gcash://from/javascript/url'\">js</a>",
            "<img src=\"x.png\" onerror=\"location.href='momo://from/onerror/handler'\">",
            "<area href=\"intent://pay#Intent;scheme=gojek;package=com.gojek.app;end\" coords=\"0,0,10,10\">",
            "<a href=\"gojek://tab\there/long\">tab</a>", "<link rel=\"alternate\" href=\"android-app://com.example/long\">",
            "<meta property=\"al:android:url\" content=\"tngdwallet://pay?token=long\">", "&#65;", "\u{1}",
            // Elements the extractor reads nothing of but their names (their values go).
            "<div class=\"wallet-link\" id=\"payment-button-long\">", "<span class=line>", "<DIV CLASS=\"wallet-link\">",
            "<p title=\"a\nb\" data-x=y>x</p>", "<img src=\"x.png\" alt=\"a&amp;b\">", "<div title=\"a<b\" class=\"c\">",
            "<div onclick=\"location.href='x://div/onclick'\" class=\"wallet-link\">", "<div ONCLICK=\"location.href='x://upper'\">",
            "<body onload=\"location.href='x://body/onload'\" class=\"b\">", "<body class=\"b\">", "<html lang=\"en\">",
            "<div a=\"1\"b=\"2\" c='3'd=4>", "<br class=\"x\"/>", "<video poster=\"x://poster/long/value\"></video>",
            "<svg viewBox=\"0 0 1 1\"><a xlink:href=\"x://svg/xlink/long\">s</a></svg>",
            "<math display=\"block\"><a href=\"x://math/long/value\">m</a></math>",
            "<form id=\"f1\" action=\"x://form/f1/action\"></form><input form=\"f1\" type=\"submit\" formaction=\"x://input/long\">",
            "<div id=\"w1\" class=\"wallet-link\">d</div>", "<script>document.getElementById('w1').click();</script>",
            "<section class=\"a\" class=\"b\">dup</section>", "<textarea name=\"t\">a<b</textarea>",
            "<title lang=\"en\">t &amp; u</title>", "<noscript class=\"n\"><a href=\"x://ns/long\">n</a></noscript>",
            "<template id=\"tpl\"><a class=\"wallet-link\" href=\"x://tpl/long\">t</a></template>",
            "<object data=\"x://object/long/data\"></object>", "<embed src=\"x://embed/long/src\">",
            "<?xml version=\"1.0\"?>", "<div>std::vector&lt;int&gt;\n &amp;\n</div>", "text &amp; more\n\n",
            // Links' attributes the extractor does not read (their values go).
            "<a name=\"l00046\" id=\"l00046\" href=\"x://named/anchor/long\">n</a>", "<a id=\"w1\" name=\"w1\">anchor</a>",
            "<a title=\"a\nb\" href=x://t rel=nofollow data-x='1'>t</a>", "<a TITLE=\"t&amp;u\" HREF=\"x://upper/case/long\">u</a>",
            "<area alt=\"a\" shape=rect coords=\"0,0,1,1\" href=\"x://area/long\" target=\"frame-name-long\">",
            "<a name=n1 onclick=\"location.href='x://a/onclick'\">o</a>", "<a title=\"a<b\" href=\"x://lt/title/long\">l</a>",
            "<a download=\"f\" ping=\"x://ping\" href=\"x://dl/long&amp;q=1\">d</a>",
            "<a rel=\"noopener\"target=_blank class=\"wallet-link\" href=\"x://touch/long\">r</a>",
            "<svg><a title=\"s\" xlink:href=\"x://svg/xlink/title\">s</a></svg>",
            // Values holding `&`, read decoded the HTML Standard's way (ids and classes as libxml2 decodes them).
            "<a id=\"pay&amp;button-long\" class=\"wallet&amp;link primary\" href=\"gojek://pay?a=1&amp;b=2&copy;\">p</a>",
            "<script>document.getElementById('pay&button-long').click(); document.querySelector('.wallet&link').href = 'dana://amp/long';</script>",
            "<a href=\"x://q?a=1&ampb=2&notit;c&#x26;d&#0;e\" target=\"frame&amp;long\">r</a>", "<a href=\"x://a&\">t</a>",
            "<a id=\"pay&colon;x-long\" class=\"w&colon;x-long\" target=\"_blank\" href=\"x://ids/decoded/long\">i</a>"
                + "<script>document.getElementById('pay&colon;x-long').click();</script>",
            "<form id=\"f&colon;form-long\" action=\"x://form/colon/long\"></form>"
                + "<script>document.getElementById('f&colon;form-long').submit();</script>",
            "<iframe srcdoc=\"&lt;a href=&quot;x://srcdoc/amp&amp;q&quot;&gt;s&lt;/a&gt;\nline\"></iframe>",
            "<button onclick=\"location.href='x://h?a=1&amp;b=2'\">h</button>",
            // Frames' and submit buttons' attributes the extractor does not read (they go whole).
            "<iframe src=\"x://frame/title/long\" title=\"Pay\" width=\"1\" height=\"1\"></iframe>",
            "<iframe title=\"t\"name=\"frame-name-long\" src=x://named/frame/long\n allow=\"a\nb\"></iframe>",
            "<iframe loading=lazy title=\"only unread\"></iframe>", "<IFRAME TITLE=\"T\" SRCDOC=\"&lt;a href=x://up&gt;u\">",
            "<iframe id=\"payment-button-long\" class=\"wallet-link\" width=1 src=\"x://frame/id/long\"></iframe>",
            "<form action=\"x://form/b/long\"><button class=\"w\" type=\"submit\" id=\"b1\" formaction=\"x://b/long/act\">b</button></form>",
            "<form action=\"x://form/c/long\"><button class=\"w\">b</button><button class=w disabled>c</button></form>",
            "<form action=\"x://form/d/long\"><input name=\"q\" value=\"a\nb\" type=submit formaction=x://i/long/>",
            "<form id=\"f2\"></form><button form=\"f2\" class=w formmethod=post formaction=\"x://b/form/long\" title=t>f</button>",
            "<input type=image placeholder=\"p\" formaction=\"x://img/long\" formtarget=\"frame-name-long\" data-x>",
            "<button Class=\"w\" FORMACTION=\"x://upper/long\" Type=Submit>u</button>",
            "<a href=\"x://a/long\" rel=n hreflang=en/>", "<area shape=rect coords alt>", "<button>b</button>", "<a>a</a>",
            "<input>", "<iframe></iframe>", "<area/>",
        ]
        var seed: UInt64 = 0x5851_F42D_4C95_7F2D
        var scripts = 0, values = 0, unread = 0
        for n in 0..<1200 {
            var page = ""
            for _ in 0..<(3 + Int(seed % 30)) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                page += pieces[Int((seed >> 33) % UInt64(pieces.count))]
            }
            let taken = assertSame(Array(page.utf8), "page \(n): \(page.prefix(400).debugDescription)")
            if taken.scripts { scripts += 1 }
            if taken.values { values += 1 }
            if taken.unread { unread += 1 }
        }
        XCTAssertGreaterThan(scripts, 300)
        XCTAssertGreaterThan(values, 300)
        XCTAssertGreaterThan(unread, 300)
    }
}
