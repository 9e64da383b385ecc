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
}

/// The elements of a document a script can find by id, class or type, with what decides
/// how they navigate. Filled during the SAX pass from the elements the extractor acts on
/// (links, frames, forms; `worthNoting`): the first element of each id, class and type
/// (frames and forms), as `getElementById` and `querySelector` find the first; at most
/// `maxElements` ids and as many classes.
struct ElementIndex {
    static let maxElements = 4_096

    struct Element {
        var tag: String
        var target: String?
        /// A form's method (`get`, `post`).
        var method: String?
    }

    private(set) var byID: [String: Element] = [:]
    private(set) var byClass: [String: Element] = [:]
    private(set) var byTag: [String: Element] = [:]

    /// Whether a page's scripts can look an element up at all: the page's text names
    /// `getElementById`, `querySelector` or jQuery's `$(`. Most pages that do not (a
    /// documentation site's thousands of `<a id>` anchors) then pay one search of their
    /// bytes, not an entry per element.
    static func lookupsPossible(in page: UnsafeRawBufferPointer?) -> Bool {
        guard let page, let base = page.baseAddress, page.count > 0 else { return false }
        for needle: StaticString in ["getElementById", "querySelector", "$(", "jQuery("] {
            if contains(needle, in: base, count: page.count) { return true }
        }
        return false
    }

    /// A search for a short needle: `memchr` to each of its first byte, then a compare
    /// (at most the needle's length per candidate: linear in the page).
    private static func contains(_ needle: StaticString, in base: UnsafeRawPointer, count: Int) -> Bool {
        let length = needle.utf8CodeUnitCount
        let first = Int32(needle.utf8Start.pointee)
        var offset = 0
        while offset + length <= count {
            guard let hit = memchr(base + offset, first, count - offset) else { return false }
            let at = base.distance(to: UnsafeRawPointer(hit))
            guard at + length <= count else { return false }
            if memcmp(base + at, needle.utf8Start, length) == 0 { return true }
            offset = at + 1
        }
        return false
    }

    /// Whether an element is worth an entry, read from its attributes alone (no string is
    /// made, and the index is not touched, for the page's many plain links): a frame or a
    /// form always; a link with an id, or with a class and a `target` (its frame is all a
    /// script's write needs of it: a link found by a class without one opens where any
    /// link does).
    static func worthNoting(_ tag: TagName, _ attributes: Attributes) -> Bool {
        switch tag {
        case .iframe, .frame, .form: return true
        case .a, .area: return attributes.has("id") || attributes.has("class") && attributes.has("target")
        default: return false
        }
    }

    mutating func note(_ tag: TagName, _ attributes: Attributes) {
        let name: String
        switch tag {
        case .a: name = "a"
        case .area: name = "area"
        case .iframe: name = "iframe"
        case .frame: name = "frame"
        case .form: name = "form"
        default: return
        }
        let element = Element(tag: name, target: attributes["target"],
                              method: tag == .form ? DocumentState.method(attributes["method"]) : nil)
        if tag != .a, tag != .area, byTag[name] == nil { byTag[name] = element }
        if let id = attributes["id"], !id.isEmpty, byID[id] == nil, byID.count < Self.maxElements { byID[id] = element }
        if let classes = attributes["class"] {
            for className in DocumentState.tokens(classes) where byClass[className] == nil && byClass.count < Self.maxElements {
                byClass[className] = element
            }
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
