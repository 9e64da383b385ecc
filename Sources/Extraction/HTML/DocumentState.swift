import CLibXML2
import LinkAuditModel
import WHATWGURL

/// Everything one document's SAX pass collects. URLs are resolved and frames decided
/// only at the end (`finish`), because the base URL is the first `<base href>` wherever
/// it sits and a link's `target` may name an iframe declared after it.
final class DocumentState {
    let page: String
    let documentURL: WebURL?
    /// `documentURL` without its fragment, made once: every link with a fragment is compared
    /// with it (`onlyScrolls`), and making it again was ~200 instructions an `intent:` link
    /// (issue 17).
    let documentURLExcludingFragment: Substring?
    /// The base URL when the document has no `<base>`: its own URL, or for a `srcdoc`
    /// document its parent's base URL.
    let fallbackBase: WebURL?
    let frame: FrameKind
    let lineOffset: Int
    /// False inside a sandboxed iframe without `allow-scripts`: no script, no refresh.
    let scriptsAllowed: Bool
    let depth: Int
    /// The page's encoding for the query of every URL resolved in the document (nil:
    /// UTF-8); a `srcdoc` document has its parent's (§F.12).
    let queryEncoder: (any URLQueryEncoder)?
    /// The page's limits and what they cut, shared with its `srcdoc` documents.
    let limits: ExtractionLimits
    /// Its number among the page's documents (`ParsePlace.document`: 0 for the page's own),
    /// and the page's count of them, shared with its `srcdoc` documents.
    let number: Int
    let numbers: DocumentNumbers
    var parser: htmlParserCtxtPtr?
    /// Input offset just past the last start tag with attributes: the next one's `<` is
    /// after it (`RawStartTag`).
    @exclusivity(unchecked) var tagRegionStart = 0
    /// The bytes libxml2 is reading, while it reads them.
    var source: UnsafeRawBufferPointer?
    /// The same before `ReadTextCompactor` took scripts' text and values away (nil: `source`):
    /// where a compacted script's text is read, and the names scripts use (`ElementIndex`).
    var pageText: UnsafeRawBufferPointer?
    /// Where the scripts' text `ReadTextCompactor` compacted lies in `pageText`.
    var scriptTexts: ReadTextCompactor.Texts?
    /// The attribute values `ReadTextCompactor` compacted, for `Attributes`.
    var compactedValues: ReadTextCompactor.Values?
    /// The script being read has its text from `pageText`: libxml2's `cdataBlock` brings only
    /// its line breaks.
    private var scriptTextGiven = false

    var baseHref: String?
    var baseTarget: String?
    // The properties marked `@exclusivity(unchecked)` here and above are read or changed for
    // every element or link, and not checked for exclusive access at run time: only this
    // document's own SAX callbacks, one at a time, touch them, and each check was some 80
    // instructions, ~34,000 of them on a dense 100-page run (issue 17).
    @exclusivity(unchecked) var pending: [PendingNavigation] = []
    var scripts: [PlacedScript] = []
    /// Each `srcdoc` document with the page lines its attribute's value spans.
    var srcdocs: [(html: String, lines: ClosedRange<Int>, scriptsAllowed: Bool, sandbox: String?)] = []
    var iframeNames: Set<String> = []
    /// The HTML Standard's *form element pointer*: the live `<form>` whose controls the
    /// parser is reading. A second `<form>` while it is set is ignored (§F.9).
    var formPointer: FormContext?
    /// Forms inside `<template>`, which nest: the pointer is neither read nor set there.
    var templateForms: [FormContext] = []
    var formsByID: [String: FormContext] = [:]
    /// How far the source has been searched for a `</form>` that clears the pointer.
    var formEndSearched = 0
    /// Whether a valid refresh was seen, outside (false) and inside (true) `<noscript>`.
    var refreshSeen: Set<Bool> = []
    @exclusivity(unchecked) var noscriptDepth = 0
    @exclusivity(unchecked) var templateDepth = 0
    /// Open `<frameset>` elements: a `<frame>` is an element only inside one (§F.10).
    @exclusivity(unchecked) var framesetDepth = 0
    /// Open `<svg>` and `<math>` elements, innermost last (`ForeignContent`).
    @exclusivity(unchecked) var foreign: [TagName] = []
    /// The `<script>` being read: where it starts, what kind it is, whether a module, and
    /// a data block's id.
    var script: (line: Int, kind: ScriptKind, module: Bool, id: String?)?
    /// The elements its scripts can find by id (`ScriptFlow`): those its text names.
    @exclusivity(unchecked) var elements = ElementIndex()
    /// Its text so far; one buffer reused for every script of the document.
    var scriptText: [UInt8] = []
    /// A page past the streaming threshold read in two passes (`StreamPass`); nil: the
    /// plain way, every navigation kept until `finish`.
    @exclusivity(unchecked) var stream: StreamPass?

    /// The number the next navigation of the document gets: its index among them all
    /// (`pending` holds them all in the plain way).
    var nextIndex: Int { stream?.adds ?? pending.count }

    init(page: String, documentURL: WebURL?, fallbackBase: WebURL?, frame: FrameKind,
         lineOffset: Int, scriptsAllowed: Bool, depth: Int, queryEncoder: (any URLQueryEncoder)? = nil,
         limits: ExtractionLimits = ExtractionLimits(), numbers: DocumentNumbers = DocumentNumbers()) {
        self.page = page
        self.documentURL = documentURL
        documentURLExcludingFragment = documentURL?.hrefExcludingFragment
        self.fallbackBase = fallbackBase
        self.frame = frame
        self.lineOffset = lineOffset
        self.scriptsAllowed = scriptsAllowed
        self.depth = depth
        self.queryEncoder = queryEncoder
        self.limits = limits
        self.numbers = numbers
        self.number = numbers.take()
    }

    /// The page line libxml2 is at (the end of the tag being reported).
    var line: Int {
        guard let parser else { return lineOffset + 1 }
        return lineOffset + Int(parser.pointee.input.pointee.line)
    }

    /// `noscript` or `template` when the current element sits inside one.
    var context: String? {
        if templateDepth > 0 { return "template" }
        if noscriptDepth > 0 { return "noscript" }
        return nil
    }

    /// The strings are taken owned (`consuming`): borrowed, each was retained again for the
    /// pending navigation and released by the caller (Benchmarks/README.md, issue 17).
    func add(_ raw: consuming String, source: consuming String, trigger: Trigger, target: consuming TargetRule,
             delayMs: Int? = nil, line: Int? = nil, toDocument: Bool = false) {
        let line = line ?? self.line
        let navigation = PendingNavigation(raw: raw, line: line, source: source, trigger: trigger,
                                           target: target, delayMs: delayMs, partial: false, context: context,
                                           parserLine: line, toDocument: toDocument)
        // The pass lent, not retained: `stream!.keeps` retained and released it around every
        // navigation of a streamed page (issue 17). Only the extractor sets `stream`, never
        // from inside `keeps`, so the document holds it for the whole call.
        if let pass = stream.map(Unmanaged.passUnretained),
           !pass._withUnsafeGuaranteedRef({ $0.keeps(navigation, in: self) }) { return }
        pending.append(navigation)
    }

    // MARK: - SAX events

    func startElement(_ name: UnsafePointer<xmlChar>, _ attributes: Attributes) {
        let tag = TagName(name)
        let handlers = scriptsAllowed && attributes.hasEventHandler
        if tag != .other || handlers {
            read(tag, name, attributes, handlers: handlers)
        } else if attributes.pointer != nil, let input = parser?.pointee.input {
            // An element nothing is read of (most of a page's): only where its tag ends.
            // `ReadTextCompactor` takes such an element's attributes from libxml2 on that
            // ground (`unread`): an attribute read here must be kept there.
            tagRegionStart = Int(input.pointee.consumed) + (input.pointee.cur - input.pointee.base)
        }
        if let parser {
            if OpenElementBound.closesTooDeep(parser, name, tag: tag) {
                limits.flattened(line: line)
                endElement(name)
            }
            limits.opened(depth: Int(parser.pointee.nameNr))
        }
    }

    /// The attributes of an element the extractor reads, with what finds their values as
    /// written (`RawStartTag`, `ReadTextCompactor.Values`), handed to its rules.
    private func read(_ tag: TagName, _ name: UnsafePointer<xmlChar>, _ given: Attributes, handlers: Bool) {
        // Made afresh from libxml2's array: a copy of `given` retained what it holds.
        var attributes = Attributes(pointer: given.pointer, values: compactedValues.map(Unmanaged.passUnretained))
        if let atts = attributes.pointer, let input = parser?.pointee.input {
            attributes.raw = RawStartTag.read(input, name: name, attributes: atts, regionStart: tagRegionStart)
            attributes.place = RawStartTag.Place(input: input, name: name, regionStart: tagRegionStart)
            tagRegionStart = Int(input.pointee.consumed) + (input.pointee.cur - input.pointee.base)
        }
        if tag != .other { handleElement(tag, attributes) }
        if handlers { handleEventHandlers(attributes) }
    }

    func endElement(_ name: UnsafePointer<xmlChar>) {
        switch TagName(name) {
        case .script: endScript()
        case .form: endForm()
        case .noscript: noscriptDepth = max(0, noscriptDepth - 1)
        case .template: leaveTemplate()
        case .frameset: framesetDepth = max(0, framesetDepth - 1)
        case .svg, .math: if let last = foreign.lastIndex(of: TagName(name)) { foreign.removeSubrange(last...) }
        default: break
        }
    }

    /// Script and style text (libxml2's `cdataBlock`): only a script's is kept, and not
    /// that of a script that never runs.
    func scriptData(_ chars: UnsafeBufferPointer<xmlChar>) {
        guard let script, script.kind != .ignored, !scriptTextGiven else { return }
        scriptText.append(contentsOf: chars)
    }

    /// Opens a script whose text the following `scriptData` calls bring, or, when
    /// `ReadTextCompactor` took it from libxml2, `pageText` holds.
    func beginScript(line: Int, kind: ScriptKind, module: Bool = false, id: String? = nil) {
        script = (line, kind, module, id)
        scriptText.removeAll(keepingCapacity: true)
        scriptTextGiven = false
        // libxml2 reports the start tag with its cursor on the `>`: the text starts after it.
        guard scriptTexts != nil, let pageText, let input = parser?.pointee.input?.pointee, let cur = input.cur,
              let base = input.base, cur.pointee == UInt8(ascii: ">") else { return }
        guard let text = scriptTexts!.original(startingAt: Int(input.consumed) + (cur - base) + 1) else { return }
        scriptTextGiven = true
        if kind != .ignored { scriptText.append(contentsOf: pageText[text]) }
    }

    private func endScript() {
        scriptTextGiven = false
        guard let current = script else { return }
        script = nil
        // The second pass of a streamed page takes its scripts' navigations from the first.
        if current.kind == .ignored || stream?.emits == true { return }
        let code = String(decoding: scriptText, as: UTF8.self)
        switch current.kind {
        case .javascript:
            // A classic script runs as the parser meets it; a module script once the document
            // is parsed (HTML Standard: module scripts are deferred; §F.15).
            let base: ScriptTiming = current.module ? .loaded : .parse
            scripts.append(PlacedScript(unit: ScriptScanner.scan(code), base: base, source: "script",
                                        line: current.line, lineStarts: JSTokenizer.lineStarts(code),
                                        context: context))
        case .data:
            // JSON and other data blocks never run: their values are read by path, for a
            // script that parses them, and their deep links are data unless one does.
            scripts.append(PlacedScript(unit: ScriptScanner.scanData(code), base: .load, source: "script",
                                        line: current.line, lineStarts: JSTokenizer.lineStarts(code),
                                        context: context, blockID: current.id))
        case .ignored:
            break
        }
    }
}

/// How a navigation's frame is decided once the whole document is known.
enum TargetRule: Equatable {
    /// The document's own frame (main, or sub inside a `srcdoc`).
    case document
    /// A `target` attribute value (or `<base target>`), resolved against iframe names.
    case named(String)
    case main
    case sub
    case newWindow
}

/// A field that holds a reference must also be taken in `DocumentState.makeNavigation(taking:)`,
/// which moves them out one by one (`PendingNavigationTakingTests` lists them).
struct PendingNavigation {
    var raw: String
    var line: Int
    var source: String
    var trigger: Trigger
    var target: TargetRule
    var delayMs: Int?
    var partial: Bool
    var context: String?
    /// Placed from a script effect: the same record can come from several callers.
    var fromScript = false
    /// The line the parser stands at when the navigation comes to exist (`ParsePlace`):
    /// the element's own; nil for code that runs once the document is parsed.
    var parserLine: Int?
    /// Started by a script's top-level code while the parser waits for it.
    var startsWhileParsing = false
    /// The target is the document's own URL, not `raw` resolved against the base: a form
    /// without an action, a refresh without a URL (§F.10).
    var toDocument = false
    /// The branch a script navigation is written on (`ScriptCondition`).
    var condition: String?
    /// A sandboxed iframe's own load: the tokens its `sandbox` grants (`FrameSandbox`).
    var sandbox: String?
}

/// A script scanned in place, waiting for the document's functions to be known.
struct PlacedScript {
    var unit: ScriptUnit
    /// When its top-level code runs.
    var base: ScriptTiming
    var source: String
    /// Page line of the script's first byte.
    var line: Int
    var lineStarts: [Int]
    var context: String?
    /// The last page line its text can be on: an attribute's script ends with its tag. (A
    /// line break written `&#10;` in an attribute is none in the page.)
    var lastLine = Int.max
    /// A data block's element id (`<script type="application/json" id="cfg">`).
    var blockID: String?

    /// The page line its text ends on.
    var endLine: Int { min(line + lineStarts.count - 1, lastLine) }

    func line(at offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return min(line + low, lastLine)
    }
}

enum ScriptKind {
    case javascript
    /// JSON and other data blocks: only deep-link literals are looked for.
    case data
    /// Templates (`text/html`, `text/template`) and other kinds that never run.
    case ignored

    static func of(type: String?) -> ScriptKind {
        guard let type = type?.trimmingASCIIWhitespace.lowercased(), !type.isEmpty else { return .javascript }
        let essence = type.split(separator: ";").first.map(String.init)?.trimmingASCIIWhitespace ?? type
        if javascriptTypes.contains(essence) { return .javascript }
        if essence.hasSuffix("json") { return .data }
        return .ignored
    }

    /// The HTML Standard's JavaScript MIME type essences, plus `module`.
    static let javascriptTypes: Set<String> = [
        "module", "application/ecmascript", "application/javascript", "application/x-ecmascript",
        "application/x-javascript", "text/ecmascript", "text/javascript", "text/javascript1.0",
        "text/javascript1.1", "text/javascript1.2", "text/javascript1.3", "text/javascript1.4",
        "text/javascript1.5", "text/jscript", "text/livescript", "text/x-ecmascript", "text/x-javascript",
    ]
}

struct FormContext {
    var action: String?
    var method: String
    var target: String?
}

/// Numbers a page's documents in the order they are met: 0 for the page's own, then its
/// `srcdoc` documents (`ParsePlace.document`).
final class DocumentNumbers {
    private var next = 0

    /// The next document's number.
    func take() -> Int {
        defer { next += 1 }
        return next
    }
}
