import LinkAuditModel
import WHATWGURL

/// What each element contributes: the navigation it can start, with its source, its
/// trigger and the frame it targets.
extension DocumentState {
    func handleElement(_ tag: TagName, _ a: Attributes) {
        if templateDepth == 0 { elements.note(tag, a, page: pageText ?? source, own: (nextIndex, line)) }
        switch tag {
        case .a, .area:
            // The attributes read of a link are `MarkupScanner.isReadOnLinks`'s (the others'
            // values never reach libxml2): a new one goes there too.
            // In foreign content (Docs/PLATFORM.md §F.8): an SVG `<a>` links through `href` or,
            // failing that, `xlink:href`; a MathML `<a>` is no link at all.
            if foreign.last == .math { return }
            if foreign.last == .svg, tag == .a {
                guard let href = a["href"] ?? a["xlink:href"] else { return }
                link(href, source: a.has("href") ? "a[href]" : "a[xlink:href]", target: a["target"])
                return
            }
            guard let href = a["href"] else { return }
            link(href, source: tag == .a ? "a[href]" : "area[href]", target: a["target"])
        case .svg, .math:
            foreign.append(tag)
        case .base:
            // A `<base>` inside `<template>` is inert: the template's content is not in the document.
            guard templateDepth == 0 else { return }
            if baseHref == nil, let href = a["href"] { baseHref = href }
            if baseTarget == nil, let target = a["target"] { baseTarget = target }
        case .iframe:
            if let name = a["name"], !name.isEmpty { iframeNames.insert(name) }
            let sandbox = a["sandbox"]
            let scriptsInside = scriptsAllowed && (sandbox.map { Self.tokens($0).contains("allow-scripts") } ?? true)
            // What the frame may do is carried on its navigations, for the profiles (§F.17).
            let grants = sandbox.map { FrameSandbox(attribute: $0).field }
            if let srcdoc = a["srcdoc"], depth < HTMLExtractor.maxSrcdocDepth {
                // srcdoc wins over src; its content is a document of its own.
                srcdocs.append((srcdoc, lines(of: srcdoc) { a.lineFeedsAfterValue(of: "srcdoc") }, scriptsInside, grants))
            } else if let src = a["src"], !src.isEmpty {
                // An empty src leaves the frame on about:blank: nothing is fetched (§F.10).
                let before = pending.count
                frameLoad(src, source: "iframe[src]", scriptsInside: scriptsInside)
                if pending.count > before { pending[before].sandbox = grants }
            }
        case .frameset:
            framesetDepth += 1
        case .frame:
            // "in body", a frame start tag is a parse error and ignored: a frame exists only in
            // a frameset (HTML Standard, tree construction, "in frameset"), which libxml2 does
            // not enforce.
            guard framesetDepth > 0 else { return }
            if let name = a["name"], !name.isEmpty { iframeNames.insert(name) }
            if let src = a["src"], !src.isEmpty { frameLoad(src, source: "frame[src]", scriptsInside: scriptsAllowed) }
        case .object:
            if let name = a["name"], !name.isEmpty { iframeNames.insert(name) }
            // An empty data attribute loads nothing: the object shows its fallback (§F.10).
            if let data = a["data"], !data.isEmpty {
                frameLoad(data, source: "object[data]", scriptsInside: scriptsAllowed)
            }
        case .embed:
            // An empty src loads nothing (HTML Standard, the embed element: "src attribute set
            // … and its value is not the empty string"; Chromium the same; §F.10).
            if let src = a["src"], !src.isEmpty { frameLoad(src, source: "embed[src]", scriptsInside: scriptsAllowed) }
        case .form:
            form(a)
        case .button, .input:
            submitter(tag, a)
        case .meta:
            meta(a)
        case .link:
            guard let rel = a["rel"], Self.tokens(rel).contains("alternate"), let href = a["href"] else { return }
            let scheme = WebURL.schemeOf(href)
            if scheme == "android-app" || scheme == "ios-app" {
                add(href, source: "link[alternate]", trigger: .metadata, target: .main)
            }
        case .script:
            let kind = scriptsAllowed ? ScriptKind.of(type: a["type"]) : .ignored
            let module = a["type"]?.trimmingASCIIWhitespace.lowercased() == "module"
            beginScript(line: line, kind: a["src"] == nil || kind == .data ? kind : .ignored, module: module,
                        id: kind == .data ? a["id"] : nil)
        case .noscript:
            noscriptDepth += 1
        case .template:
            enterTemplate()
        case .other:
            break
        }
    }

    /// `on…` attributes: the code runs when the event fires, with a gesture for the
    /// user-activation events and without one for load and error.
    func handleEventHandlers(_ a: Attributes) {
        a.forEachEventHandler { name, code, slot in
            // `onclick`, the usual handler, is an activation without its event name made,
            // lower-cased and looked up in two sets (`EventClass.of("click")`, issue 17).
            let timing: ScriptTiming
            switch name.isName("onclick") ? .activation : EventClass.of(String(name.dropFirst(2))) {
            case .activation: timing = .handler
            // Load and error handlers run once what they wait for has loaded: for the
            // document, when its parse is over (§F.15).
            case .load: timing = .loaded
            case .other: timing = ScriptTiming(kind: .async, delayMs: nil)
            }
            let written = lines(of: code) { a.lineFeedsAfterValue(slot: slot) }
            // The usual handler's source as a constant, not built for each (Benchmarks/README.md, issue 17).
            addScript(code, base: timing, source: name == "onclick" ? "attr[onclick]" : "attr[\(name)]", lines: written)
        }
    }

    // MARK: - Pieces

    private func link(_ href: consuming String, source: consuming String, target: consuming String?) {
        if let body = Self.javascriptBody(href) {
            // Activating a javascript: link runs its body with the tap's gesture.
            if scriptsAllowed { addScript(body, base: .handler, source: source) }
            return
        }
        // `href=""` resolves to the base URL without its fragment: following it is a new
        // navigation of the document (a reload when there is no `<base>`), not a scroll,
        // since the URL has no fragment (HTML Standard, "navigate", step "navigate to a
        // fragment" needs url's fragment to be non-null; §F.10). It is reported like any link.
        // Whether a link only scrolls is decided once it is resolved (`finish`, §F.11).
        add(href, source: source, trigger: .tap, target: targetRule(target))
    }

    private func frameLoad(_ src: consuming String, source: consuming String, scriptsInside: Bool) {
        if let body = Self.javascriptBody(src) {
            if scriptsInside { addScript(body, base: .load, source: source) }
            return
        }
        add(src, source: source, trigger: .frameLoad, target: .sub)
    }

    private func form(_ a: Attributes) {
        guard let context = startForm(FormContext(action: a["action"], method: Self.method(a["method"]),
                                                  target: a["target"])) else { return }
        if let id = a["id"], !id.isEmpty { formsByID[id] = context }
        guard context.method != "dialog" else { return }
        let action = context.action ?? ""
        if let body = Self.javascriptBody(action) {
            if scriptsAllowed { addScript(body, base: .handler, source: "form[action]") }
            return
        }
        // A missing or empty action submits to the document's own URL, not the base (§F.10).
        add(action, source: "form[action]", trigger: context.method == "post" ? .formPost : .formGet,
            target: targetRule(context.target), toDocument: action.isEmpty)
    }

    /// `formaction` on a submit button overrides its form's action (and `formmethod`,
    /// `formtarget` the rest).
    private func submitter(_ tag: TagName, _ a: Attributes) {
        guard let action = a["formaction"] else { return }
        if tag == .input {
            let type = a["type"]?.lowercased() ?? "text"
            guard type == "submit" || type == "image" else { return }
        } else if let type = a["type"]?.lowercased(), type != "submit" {
            return
        }
        // The form owner (HTML Standard, "reset the form owner"): the form its `form`
        // attribute names, else the form the parser associated it with. A button with
        // neither submits nothing: no navigation (§F.9). A `form` id not seen yet may name
        // a later form: still reported, with GET unless `formmethod` says otherwise.
        let owner: FormContext?
        if let id = a["form"] {
            owner = formsByID[id]
        } else {
            guard let parsed = currentForm else { return }
            owner = parsed
        }
        let method = a["formmethod"].map { Self.method($0) } ?? owner?.method ?? "get"
        guard method != "dialog" else { return }
        add(action, source: "\(tag.name)[formaction]", trigger: method == "post" ? .formPost : .formGet,
            target: targetRule(a["formtarget"] ?? owner?.target), toDocument: action.isEmpty)
    }

    private func meta(_ a: Attributes) {
        if let equiv = a["http-equiv"], equiv.trimmingASCIIWhitespace.lowercased() == "refresh" {
            // Only the first valid refresh of a document takes effect; a sandbox without
            // allow-scripts disables it. A refresh inside <noscript> is live only with
            // scripting off, where the other ones are not parsed as such: each kind keeps
            // its own first.
            let inNoscript = noscriptDepth > 0
            // Inside `<template>` the pragma never runs: the element is never inserted.
            guard scriptsAllowed, templateDepth == 0, !refreshSeen.contains(inNoscript), let content = a["content"],
                  let refresh = MetaRefresh.parse(content) else { return }
            refreshSeen.insert(inNoscript)
            if refresh.isJavaScriptURL { return }  // browsers refuse javascript: refresh targets
            // No URL, or an empty one (`url=`, `url=''`), refreshes the document's own URL, not
            // the base: Chromium's `Document::MaybeHandleHttpRefresh` takes `Url()` for an empty
            // string (§F.1, §F.10).
            let url = refresh.url ?? ""
            add(url, source: "meta[refresh]", trigger: .metaRefresh, target: .document,
                delayMs: refresh.delayMs, toDocument: url.isEmpty)
            return
        }
        let key = (a["property"] ?? a["name"])?.trimmingASCIIWhitespace.lowercased() ?? ""
        if key.hasPrefix("al:"), key.hasSuffix(":url"), let content = a["content"] {
            add(content, source: "meta[\(key)]", trigger: .metadata, target: .main)
        } else if key == "apple-itunes-app", let content = a["content"] {
            let banner = SmartAppBanner(content: content)
            guard let url = banner.appArgument ?? banner.appStoreURL else { return }
            add(url, source: "meta[apple-itunes-app]", trigger: .metadata, target: .main)
        }
    }

    /// A script from an attribute of the tag being reported, whose code spans `lines` of the
    /// page. A `javascript:` URL's body is all on the tag's line: the URL parser drops the
    /// line breaks it was written with, and any it has are percent-encoded ones.
    func addScript(_ code: String, base: ScriptTiming, source: String, lines: ClosedRange<Int>? = nil) {
        let lines = lines ?? line...line
        // Made whole by the memberwise init, in the append: made in a variable, set and
        // appended, it was copied in and destroyed (Benchmarks/README.md, issue 17).
        scripts.append(PlacedScript(unit: ScriptScanner.scan(code), base: base, source: source, line: lines.lowerBound,
                                    lineStarts: JSTokenizer.lineStarts(code), context: context,
                                    lastLine: lines.upperBound))
    }

    /// The page lines an attribute's value (`value`, decoded) spans: from where it starts to
    /// the tag's end, where libxml2 reports the tag. Only a value across lines is looked for
    /// as written (`lineFeeds`); one on a single line, or not found, is given the tag's line.
    private func lines(of value: String, lineFeeds: () -> Int?) -> ClosedRange<Int> {
        guard LineFeeds.any(in: value), let lineFeeds = lineFeeds() else { return line...line }
        return max(lineOffset + 1, line - lineFeeds)...line
    }

    private func targetRule(_ target: consuming String?) -> TargetRule {
        if let target = consume target { return .named(target) }
        guard let target = baseTarget else { return .document }
        return .named(target)
    }

    static func method(_ value: String?) -> String {
        switch value?.trimmingASCIIWhitespace.lowercased() {
        case "post": return "post"
        case "dialog": return "dialog"
        default: return "get"
        }
    }

    static func tokens(_ value: String) -> [String] {
        value.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
            .map(String.init)
    }

    /// The code of a `javascript:` URL, percent-decoded as browsers do before running it.
    static func javascriptBody(_ value: String) -> String? {
        // Nearly every link fails on its first letter: a scheme starts after any leading
        // C0 controls and spaces (as `schemeOf` reads it), and this one with a "j".
        // (The first byte read directly: nearly every value starts with no control or space,
        // and `first(where:)` walked the UTF-8 view with a closure for every link.)
        guard let head = value.utf8.first else { return nil }
        guard let first = head > 0x20 ? head : value.utf8.first(where: { $0 > 0x20 }), first | 0x20 == 0x6A,
              WebURL.schemeOf(value) == "javascript", let url = WebURL.parse(value) else { return nil }
        return PercentDecoding.decode(String(url.href.dropFirst("javascript:".count)))
    }
}
