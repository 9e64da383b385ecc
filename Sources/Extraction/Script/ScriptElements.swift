import Glibc

/// An element a script finds or makes, as far as the scanner can tell which.
enum ElementRef: Hashable {
    /// `document.getElementById('pay')`, `querySelector('#pay')`, `$('#pay')`.
    case id(String)
    /// A selector read down to its last compound's type and first class (`iframe`,
    /// `a.btn`, `#box .pay`): the first such element.
    case selector(tag: String?, className: String?)
    /// Some element of this type, not known which (`document.forms[1]`).
    case some(String)
    /// `document.createElement(tag)`; `key` tells one call from another in its script.
    case created(tag: String, key: Int)
    /// A variable holding one of the above (resolved where the effect is placed).
    case variable(String)
    /// Anything else (`this`, a selector by attribute only).
    case unknown

    func moved(to offset: Int) -> ElementRef {
        if case .created(let tag, let key) = self { return .created(tag: tag, key: offset + 1 + key) }
        return self
    }

    /// The element a CSS selector names, read only as far as linkaudit needs: the last
    /// compound selector (the element itself, not its ancestors) of the first selector in
    /// a list, its type, id and first class (`div#box > a.pay, …` → an `a` of class `pay`).
    static func selector(_ text: String) -> ElementRef {
        let first = text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let compound = first.split(whereSeparator: { " \t\n\r\u{0C}>+~".contains($0) }).last ?? ""
        var tag = ""
        var id: String?
        var className: String?
        var part = 0  // 0: the type, 1: an id, 2: the first class, 3: something else
        for character in compound {
            switch character {
            case "#": part = 1; id = ""
            case "." where className == nil: part = 2; className = ""
            case ".", "[", ":": part = 3
            default:
                switch part {
                case 0: tag.append(character)
                case 1: id?.append(character)
                case 2: className?.append(character)
                default: break
                }
            }
        }
        if let id, !id.isEmpty { return .id(id) }
        let type = tag.isEmpty || tag == "*" ? nil : tag.lowercased()
        let named = className?.isEmpty == false ? className : nil
        return type == nil && named == nil ? .unknown : .selector(tag: type, className: named)
    }
}

/// The attributes whose value a script writes to make an element navigate.
enum ElementAttribute: String {
    case href, src, action, target

    static func named(_ name: String) -> ElementAttribute? {
        ElementAttribute(rawValue: name.lowercased())
    }
}

/// `a.href = …`, `f.setAttribute('src', …)`: the values a script gives an attribute.
struct ElementWrite {
    var element: ElementRef
    var attribute: ElementAttribute
    var values: [ScriptValue]
}

/// What a script does with an element that starts its navigation.
enum ElementAction: Equatable {
    /// Put into the document (`appendChild`, `append`, `insertBefore`, …): a frame loads.
    case insert
    /// `a.click()`: the link is followed, by script.
    case click
    /// `form.submit()`, `form.requestSubmit()`: the form is submitted, by script.
    case submit
}

/// The elements of a document a script can find by id, class or type, with what decides
/// how they navigate. Filled during the SAX pass from the elements the extractor acts on
/// (links, frames, forms) whose id or class a script names (`Wanted`): the
/// first element of each id, class and type (frames and forms), as `getElementById` and
/// `querySelector` find the first; at most `maxElements` ids and as many classes.
struct ElementIndex {
    static let maxElements = 4_096

    struct Element {
        var tag: String
        var target: String?
        /// A form's method (`get`, `post`).
        var method: String?
        /// The navigation the element itself starts (its `href`, its `action`), as the
        /// document's next record when it was met, and that record's line: a script that
        /// rewrites it at load leaves it live only with scripting off.
        var own: (index: Int, line: Int)?
        /// A form's `action` as the page wrote it (nil: none, which submits to the document).
        var action: String? = nil
    }

    /// The records whose value a script's write replaces: a link's `href`, a form's `action`.
    static let rewritable: Set<String> = ["a[href]", "area[href]", "form[action]"]

    private(set) var byID: [String: Element] = [:]
    private(set) var byClass: [String: Element] = [:]
    private(set) var byTag: [String: Element] = [:]

    /// The ids and classes a page's scripts look elements up by, read from the page's text
    /// before its elements are (a script may come after the element it finds): the string
    /// after each `getElementById(`, `querySelector(`, `$(` and `jQuery(`. Only those
    /// elements get an entry, so a page with thousands of `<a id>` anchors (a documentation
    /// site's) pays for the few its scripts name. At most `maxWanted` of each.
    struct Wanted {
        static let maxWanted = 256
        var ids = Set<String>()
        var classes = Set<String>()
        var isEmpty: Bool { ids.isEmpty && classes.isEmpty }
    }

    static func wanted(in page: UnsafeRawBufferPointer?) -> Wanted {
        var wanted = Wanted()
        guard let page, let base = page.baseAddress, page.count > 0 else { return wanted }
        // Each needle is found by one of its rarer bytes (`anchor`), so `memchr` stops at few
        // places that are not it.
        // `getElementById` by its `B`: its `y` (the anchor before) is a common letter in
        // text, a failed compare at each (~20k on the dense corpus, issue 17).
        for (needle, anchor, byID) in [("getElementById" as StaticString, 10, true), ("querySelector", 5, false),
                                       ("$(", 0, false), ("jQuery(", 1, false)] {
            var offset = 0
            while let at = find(needle, anchor: anchor, in: base, count: page.count, from: offset) {
                offset = at + needle.utf8CodeUnitCount
                guard let text = quoted(after: offset, in: base, count: page.count) else { continue }
                if byID {
                    if wanted.ids.count < Wanted.maxWanted { wanted.ids.insert(text) }
                    continue
                }
                switch ElementRef.selector(text) {
                case .id(let id) where wanted.ids.count < Wanted.maxWanted: wanted.ids.insert(id)
                case .selector(_, let className?) where wanted.classes.count < Wanted.maxWanted:
                    wanted.classes.insert(className.lowercased())
                default: break
                }
            }
        }
        return wanted
    }

    /// The next `needle` starting at or after `from`: `memchr` to each of its byte at
    /// `anchor`, then a compare (at most the needle's length per candidate: linear in the
    /// page).
    private static func find(_ needle: StaticString, anchor: Int, in base: UnsafeRawPointer, count: Int,
                             from: Int) -> Int? {
        let length = needle.utf8CodeUnitCount
        let byte = Int32(needle.utf8Start[anchor])
        var offset = from + anchor
        while offset + length - anchor <= count {
            guard let hit = memchr(base + offset, byte, count - offset) else { return nil }
            let at = base.distance(to: UnsafeRawPointer(hit)) - anchor
            guard at + length <= count else { return nil }
            if memcmp(base + at, needle.utf8Start, length) == 0 { return at }
            offset = at + anchor + 1
        }
        return nil
    }

    /// A quoted string after `(` and spaces at `offset`, up to 256 bytes.
    private static func quoted(after offset: Int, in base: UnsafeRawPointer, count: Int) -> String? {
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        var i = offset
        while i < count, bytes[i] == 0x20 || bytes[i] == 0x28 { i += 1 }  // spaces, `(`
        guard i < count, bytes[i] == 0x27 || bytes[i] == 0x22 || bytes[i] == 0x60 else { return nil }
        let quote = bytes[i]
        let start = i + 1
        var end = start
        while end < count, end - start < 256, bytes[end] != quote, bytes[end] != 0x0A { end += 1 }
        guard end < count, bytes[end] == quote else { return nil }
        return String(decoding: UnsafeBufferPointer(start: bytes + start, count: end - start), as: UTF8.self)
    }

    /// The ids and classes the page's scripts name, read from its text at the first element
    /// that could be one of them, or before the page is parsed (`SpilledPage.wanted`).
    var wanted: Wanted?

    /// Takes an element in when a script names its id or class, or it is the first frame
    /// or form of the page (`querySelector('iframe')`). `page` is the document's text, read
    /// once. A link with neither an id nor a class and a `target` (its frame is all a
    /// script's write needs of it: a link found by a class without one opens where any link
    /// does) is passed over without a string made.
    mutating func note(_ tag: TagName, _ attributes: Attributes, page: UnsafeRawBufferPointer?,
                       own: (index: Int, line: Int)) {
        let isLink: Bool
        switch tag {
        case .a, .area: isLink = true
        case .iframe, .frame, .form: isLink = false
        default: return
        }
        if wanted == nil { wanted = Self.wanted(in: page) }
        // Read through optional chaining, a borrow: `guard let wanted` copied both sets (two
        // retains and releases) for every link (Benchmarks/README.md, issue 17).
        let wantsIDs = wanted?.ids.isEmpty == false
        let wantsClasses = wanted?.classes.isEmpty == false
        // A link on a page whose scripts name nothing leaves before the tag's name is made:
        // the String was released on every link (issue 17).
        if isLink && !wantsIDs && !wantsClasses { return }
        // Looked up by key: `byTag[name] == nil` copied the element out (its strings
        // retained and released) for every frame and form (issue 17).
        let firstOfTag = !isLink && byTag.index(forKey: Self.name(of: tag)) == nil
        guard wantsIDs || wantsClasses || firstOfTag else { return }
        let byID = wantsIDs && attributes.has("id")
        let byClass = wantsClasses && attributes.has("class") && (tag != .a && tag != .area || attributes.has("target"))
        guard firstOfTag || byID || byClass else { return }
        var id: String? = nil
        if byID, let value = attributes.parsed("id"), wanted?.ids.contains(value) == true { id = value }
        var classes: [String] = []
        if byClass, let value = attributes.parsed("class") {
            for token in DocumentState.tokens(value) where wanted?.classes.contains(token) == true { classes.append(token) }
        }
        guard firstOfTag || id != nil || !classes.isEmpty else { return }
        let name = Self.name(of: tag)
        let element = Element(tag: name, target: attributes["target"],
                              method: tag == .form ? DocumentState.method(attributes["method"]) : nil, own: own,
                              action: tag == .form ? attributes["action"] : nil)
        if firstOfTag { byTag[name] = element }
        if let id, self.byID.index(forKey: id) == nil, self.byID.count < Self.maxElements { self.byID[id] = element }
        for className in classes where self.byClass.index(forKey: className) == nil
            && self.byClass.count < Self.maxElements {
            self.byClass[className] = element
        }
    }

    /// The tag name an element is indexed by (`byTag`, `Element.tag`).
    private static func name(of tag: TagName) -> String {
        switch tag {
        case .a: "a"
        case .area: "area"
        case .iframe: "iframe"
        case .frame: "frame"
        default: "form"
        }
    }

    /// The first element a selector's type and class name, if the page has one.
    func first(tag: String?, className: String?) -> Element? {
        if let className {
            // Class tokens are kept lower-cased (`DocumentState.tokens`).
            guard let element = byClass[className.lowercased()] else { return nil }
            return tag == nil || tag == element.tag ? element : nil
        }
        return tag.flatMap { byTag[$0] }
    }
}
