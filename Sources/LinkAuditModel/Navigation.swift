import WHATWGURL

/// One navigation a page can start, as extracted from its HTML. This is the record of
/// `links.jsonl` (verdicts and findings are filled in by the classify stage).
public struct Navigation: Codable, Sendable, Equatable {
    /// The page URL the navigation was found on.
    public var page: String
    /// 1-based line in the page's source.
    public var line: Int
    /// What carried it: `a[href]`, `meta[refresh]`, `script`, `attr[onclick]`, …
    public var source: String
    public var trigger: Trigger
    public var frame: FrameKind
    /// Timer / refresh delay in milliseconds, when known.
    public var delayMs: Int?
    /// The text as written in the page.
    public var raw: String
    /// The resolved URL (WHATWG), or the raw text when it does not parse. Changed, it is
    /// no longer what `target` was parsed from, so that is dropped.
    public var url: String {
        didSet { targetLayout = Carried() }
    }
    /// Lower-cased scheme of `url`, empty when the URL does not parse.
    public var scheme: String
    /// True when only a literal prefix of a script-built URL is known.
    public var partial: Bool?
    /// Where in the document it sits when that changes whether it is live:
    /// `noscript` (only when scripting is off, WebView's default) or `template` (inert
    /// until a script clones it).
    public var context: String?
    /// The branch a script navigation is written on, as the script writes it
    /// (`if (/Android/.test(navigator.userAgent))`, `!(document.referrer)`): the engine
    /// starts it only when that holds.
    public var condition: String?
    /// For a navigation of a framed page — another page of the same dump or archive that an iframe or
    /// frame of this page loads, where it runs as a sub-frame — that page's URL. The record's
    /// line is the frame's; its source and the rest are the framed page's own.
    public var framedPage: String?
    /// For a navigation started inside a sandboxed iframe (its `srcdoc` document, the page
    /// it frames, or the frame's own load): the `allow-*` tokens the frame's `sandbox`
    /// attribute grants, sorted and space-separated (`""`: none; nested frames keep what
    /// every one of them grants). nil outside any sandbox (`FrameSandbox`).
    public var sandbox: String?
    /// profile name → verdict (classify stage).
    public var verdicts: VerdictSet?
    /// Finding codes raised on this navigation, with the profiles where they occur.
    public var findings: [FindingRef]?
    /// `url` as extraction parsed it, so classification need not parse it again; not part
    /// of the record (see `Carried`). Only its layout is kept, beside `url`, its `href`:
    /// the URL held whole kept its serialisation a second time, one more reference
    /// retained with each record made or copied and released with each destroyed (issue 17).
    /// Set to a URL whose `href` is not `url`, or once `url` changes, it is nil.
    /// Inlinable: read through the record where it lies (an opaque getter was handed the record
    /// copied, every field retained and released, to read two of them).
    @inlinable package var target: Carried<WebURL> {
        get { Carried(targetLayout.value.map { WebURL(serialization: url, layout: $0) }) }
        set {
            if let url = newValue.value, url.href == self.url {
                targetLayout = Carried(url.layout)
            } else {
                targetLayout = Carried()
            }
        }
    }
    /// `target`'s layout: `url` is its serialisation.
    @usableFromInline var targetLayout = Carried<WebURL.Layout>()
    /// Where it stands in its document's parse (`ParsePlace`), as extraction found it; not
    /// part of the record. Without it (a record read back, an `explain` request) the visit
    /// takes the navigation as reached.
    package var place = Carried<ParsePlace>()

    /// The record's fields: `target` stays out of `links.jsonl`.
    private enum CodingKeys: String, CodingKey {
        case page, line, source, trigger, frame, delayMs, raw, url, scheme, partial, context, condition, framedPage, sandbox, verdicts, findings
    }
}

// The inits stay in an extension, so that the struct keeps the memberwise init the compiler
// writes, which `initialize(_:…)` builds with: a written init (this toolchain, Swift 6.3)
// builds the whole record (some 280 bytes) aside, copies it out and destroys the first, where the
// memberwise one builds it in place (Benchmarks/README.md, issue 17).
extension Navigation {
    public init(page: String, line: Int, source: String, trigger: Trigger, frame: FrameKind,
                delayMs: Int? = nil, raw: String, url: String, scheme: String, partial: Bool? = nil,
                context: String? = nil) {
        self.page = page
        self.line = line
        self.source = source
        self.trigger = trigger
        self.frame = frame
        self.delayMs = delayMs
        self.raw = raw
        self.url = url
        self.scheme = scheme
        self.partial = partial
        self.context = context
    }

    /// A navigation as extraction resolved it: `target` is `url` parsed.
    package init(page: String, line: Int, source: String, trigger: Trigger, frame: FrameKind, delayMs: Int?, raw: String,
         target: WebURL, partial: Bool?, context: String?, condition: String? = nil) {
        self.page = page
        self.line = line
        self.source = source
        self.trigger = trigger
        self.frame = frame
        self.delayMs = delayMs
        self.raw = raw
        self.scheme = target.scheme
        self.url = target.href
        self.partial = partial
        self.context = context
        self.condition = condition
        self.targetLayout = Carried(target.layout)
    }

    /// Extraction's record made at `record` (uninitialized memory), in place: `target` is
    /// the resolved URL, or nil for raw text that does not parse (then `url` is the raw
    /// text and `scheme` its scheme, as `WebURL.schemeOf` reads it, or empty). The same
    /// record as `init(page:…target:…)`, or `init(page:…url:scheme:…)` and the fields set
    /// after (`NavigationInPlaceTests`).
    /// The strings are taken owned (`consuming`): borrowed, each was retained once by the
    /// caller reading it and again to store it, then released (Benchmarks/README.md, issue 17).
    package static func initialize(_ record: UnsafeMutablePointer<Navigation>, page: consuming String, line: Int,
                                   source: consuming String, trigger: Trigger, frame: FrameKind, delayMs: Int?,
                                   raw: consuming String, target: consuming WebURL?, unparsedScheme: consuming String,
                                   partial: Bool?, context: consuming String?, condition: consuming String?,
                                   sandbox: consuming String?, place: ParsePlace) {
        // The URL taken apart: its `href` becomes `url` and only its layout is carried
        // beside it (`target`). Matched with `switch consume`, it is moved, not copied.
        let url: String
        let scheme: String
        let layout: WebURL.Layout?
        switch consume target {
        case .some(let parsed):
            scheme = parsed.scheme
            layout = parsed.layout
            url = parsed.href
        case .none:
            url = copy raw
            scheme = unparsedScheme
            layout = nil
        }
        record.initialize(to: Navigation(page: page, line: line, source: source, trigger: trigger, frame: frame,
                                         delayMs: delayMs, raw: raw, url: url, scheme: scheme, partial: partial,
                                         context: context, condition: condition, framedPage: nil, sandbox: sandbox,
                                         verdicts: nil, findings: nil, targetLayout: Carried(layout),
                                         place: Carried(place)))
    }
}
