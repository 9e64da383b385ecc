import LinkAuditModel
import WHATWGURL

/// A page with more navigations than a run keeps at once, read in two passes so that its
/// memory does not grow with its links (README Limits; Docs/ARCHITECTURE.md §3).
///
/// Most of a page's decisions are page-wide: the base URL is the first `<base href>` wherever
/// it sits, a `target` may name a later iframe, a script's navigations are placed once all
/// its functions are known, and a visit's clock orders every load-time navigation. A plain
/// link or form submission of the page's own document needs none of that beyond the base
/// URL, the frame names and which elements scripts rewrite. So the first pass is the plain
/// extraction, except that past the threshold it drops those plain navigations (counting
/// them, so every navigation keeps its index); it keeps everything else (`held`). The second
/// pass parses the page again and hands the plain navigations out in chunks, resolved with
/// the first pass's context, each with its place in the page's order (`StreamKey`), so a
/// caller merges them with `held` into exactly the plain way's list (`StreamedPageTests`).
public struct StreamedPage: @unchecked Sendable {
    /// The navigations page-wide decisions read — load-time ones, scripts', frames',
    /// `srcdoc` documents', and the elements' own that are not plain — in the page's order.
    public var held: [Navigation]
    /// Each held navigation's place in the page's order.
    public let keys: [StreamKey]
    let pageURL: String
    let encoding: String
    let context: EmitContext
    /// Whether the second pass is given the bytes as the tokenizer reads them (what
    /// `extractPage(owning:…)` leaves), or the page as written.
    let prepared: Bool
    /// The page as the tokenizer reads it, when `extractPage(owning:…)` kept it in a file:
    /// the second pass reads it from there, and `html` is empty.
    let spilled: SpilledPage?

    /// The plain navigations of the page (`html`: the page as `extractPage(utf8:…)` read it,
    /// or the bytes `extractPage(owning:…)` left, empty when it kept them in a file), in page order, `chunk` at a time, each
    /// with its place in the page's order.
    public func plainNavigations(utf8 html: UnsafeRawBufferPointer, chunk: Int,
                                 _ body: ([Navigation], [StreamKey]) -> Void) {
        let document = WebURL.parse(pageURL)
        let state = DocumentState(page: pageURL, documentURL: document, fallbackBase: document,
                                  frame: .main, lineOffset: 0, scriptsAllowed: true, depth: 0,
                                  queryEncoder: QueryEncoders.encoder(for: encoding), limits: ExtractionLimits())
        state.iframeNames = context.iframeNames
        withoutActuallyEscaping(body) { body in
            let pass = StreamPass(emitting: context, chunk: max(1, chunk), body: body)
            state.stream = pass
            if let spilled, !HTMLExtractor.parse(spilled: spilled, into: state) {
                // The file could not be read back (nothing was parsed): the page from its mapping.
                Array(spilled.bytes).withUnsafeBytes { HTMLExtractor.parse($0, into: state, prepared: true) }
            } else if spilled == nil {
                HTMLExtractor.parse(html, into: state, prepared: prepared)
            }
            pass.flush()
            state.stream = nil
        }
    }
}

/// Where a navigation stands in the page's order, which is the plain way's: by line, and on
/// one line the document's elements (by index) before script and `srcdoc` navigations (in
/// the order they were placed).
public struct StreamKey: Comparable, Sendable {
    let line: Int
    let group: Int
    let position: Int

    /// Before every navigation of the page (a response's own, from its headers).
    public static let first = StreamKey(line: Int.min, group: 0, position: 0)

    public static func < (a: StreamKey, b: StreamKey) -> Bool {
        (a.line, a.group, a.position) < (b.line, b.group, b.position)
    }
}

/// What the second pass needs from the first: the base URL, every frame name, and the plain
/// navigations a script rewrites (by index and line).
struct EmitContext {
    let base: WebURL?
    let iframeNames: Set<String>
    let superseded: Set<IndexedLine>
}

struct IndexedLine: Hashable {
    let index: Int
    let line: Int
}

/// What a streamed page's document does with each navigation it meets: in the first pass,
/// keep it unless it is plain and the threshold is passed; in the second, hand the plain ones
/// out and keep none.
final class StreamPass {
    private enum Role {
        case gathering(threshold: Int)
        case emitting(EmitContext, chunk: Int, body: ([Navigation], [StreamKey]) -> Void)
    }

    private let role: Role
    /// Navigations met so far: the next one's index.
    private(set) var adds = 0
    /// Whether the threshold was passed (the first pass): plain navigations are dropped since.
    private(set) var crossed = false
    /// Once crossed, the index of each navigation in `pending`.
    private(set) var heldIndex: [Int] = []
    /// Whether the lines of the navigations met never went back: the order the second pass
    /// hands them out in is then the page's (checked, not assumed).
    private(set) var monotone = true
    private var lastLine = Int.min
    private var buffer: [Navigation] = []
    private var bufferKeys: [StreamKey] = []

    init(threshold: Int) {
        role = .gathering(threshold: max(0, threshold))
    }

    init(emitting context: EmitContext, chunk: Int, body: @escaping ([Navigation], [StreamKey]) -> Void) {
        role = .emitting(context, chunk: chunk, body: body)
    }

    var emits: Bool {
        if case .emitting = role { return true }
        return false
    }

    /// A link or form submission: user-started, decided alone once resolved.
    static func isPlain(_ navigation: PendingNavigation) -> Bool {
        switch navigation.trigger {
        case .tap, .formGet, .formPost: return !navigation.fromScript
        default: return false
        }
    }

    /// Whether `state` keeps `navigation` in its `pending` list.
    func keeps(_ navigation: PendingNavigation, in state: DocumentState) -> Bool {
        let index = adds
        adds += 1
        if navigation.line < lastLine { monotone = false }
        lastLine = max(lastLine, navigation.line)
        switch role {
        case .gathering(let threshold):
            if !crossed, adds > threshold {
                crossed = true
                var kept: [PendingNavigation] = []
                for (i, pending) in state.pending.enumerated() where !Self.isPlain(pending) {
                    kept.append(pending)
                    heldIndex.append(i)
                }
                state.pending = kept
            }
            guard crossed else { return true }
            if Self.isPlain(navigation) { return false }
            heldIndex.append(index)
            return true
        case .emitting(let context, let chunk, let body):
            guard Self.isPlain(navigation) else { return false }
            var plain = navigation
            if context.superseded.contains(IndexedLine(index: index, line: plain.line)), plain.context == nil,
               ElementIndex.rewritable.contains(plain.source) {
                plain.context = "noscript"
            }
            guard let record = state.navigation(for: plain, base: context.base) else { return false }
            buffer.append(record)
            bufferKeys.append(StreamKey(line: record.line, group: 0, position: index))
            if buffer.count >= chunk { flush(body) }
            return false
        }
    }

    func flush() {
        if case .emitting(_, _, let body) = role { flush(body) }
    }

    private func flush(_ body: ([Navigation], [StreamKey]) -> Void) {
        guard !buffer.isEmpty else { return }
        body(buffer, bufferKeys)
        buffer.removeAll(keepingCapacity: true)
        bufferKeys.removeAll(keepingCapacity: true)
    }
}

extension DocumentState {
    /// The end of the first pass of a page read with a threshold: the plain way's list when
    /// the page stayed under it; otherwise what the page keeps for its second pass (nil when
    /// its lines go back, which the second pass's merge could not follow: the caller then
    /// reads the page the plain way).
    func finishGathered(pageURL: String, encoding: String, prepared: Bool,
                        spilled: SpilledPage? = nil) -> (whole: [Navigation]?, streamed: StreamedPage?) {
        guard let stream, stream.crossed else { return (finish(), nil) }
        guard stream.monotone else { return (nil, nil) }
        let base = baseURL
        let placed = ScriptPlacement.placeDocument(scripts, document: ScriptDocument(elements: elements, baseTarget: baseTarget),
                                                   limits: limits)
        // As `finish`: an element's own link or action a script rewrites at load is live
        // only with scripting off; a plain one is marked by the second pass.
        var superseded = Set<IndexedLine>()
        for own in placed.superseded where own.index < stream.adds {
            guard let k = Self.position(of: own.index, in: stream.heldIndex) else {
                superseded.insert(IndexedLine(index: own.index, line: own.line))
                continue
            }
            if pending[k].line == own.line, pending[k].context == nil,
               ElementIndex.rewritable.contains(pending[k].source) {
                pending[k].context = "noscript"
            }
        }
        var held: [(StreamKey, Navigation)] = []
        for (k, p) in pending.enumerated() {
            guard let record = navigation(for: p, base: base) else { continue }
            held.append((StreamKey(line: record.line, group: 0, position: stream.heldIndex[k]), record))
        }
        var others: [Navigation] = []
        var seen = Set<DuplicateKey>()
        for p in placed.navigations {
            guard let record = navigation(for: p, base: base) else { continue }
            if !p.fromScript || seen.insert(DuplicateKey(record)).inserted { others.append(record) }
        }
        others += srcdocNavigations(base: base)
        for (i, record) in others.enumerated() { held.append((StreamKey(line: record.line, group: 1, position: i), record)) }
        held.sort { $0.0 < $1.0 }
        let context = EmitContext(base: base, iframeNames: iframeNames, superseded: superseded)
        return (nil, StreamedPage(held: held.map(\.1), keys: held.map(\.0), pageURL: pageURL, encoding: encoding,
                                  context: context, prepared: prepared, spilled: spilled))
    }

    private static func position(of index: Int, in sorted: [Int]) -> Int? {
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < index { low = mid + 1 } else { high = mid }
        }
        return low < sorted.count && sorted[low] == index ? low : nil
    }
}
