/// An element a script finds or makes, as far as the scanner can tell which.
enum ElementRef: Hashable {
    /// `document.getElementById('pay')`, `querySelector('#pay')`, `$('#pay')`.
    case id(String)
    /// A selector read down to its last compound's tag (`iframe`, `a.btn`, `#box a`).
    case tag(String)
    /// `document.createElement(tag)`; `key` tells one call from another in its script.
    case created(tag: String, key: Int)
    /// A variable holding one of the above (resolved where the effect is placed).
    case variable(String)
    /// Anything else (`this`, a selector by class only).
    case unknown

    func moved(to offset: Int) -> ElementRef {
        if case .created(let tag, let key) = self { return .created(tag: tag, key: offset + 1 + key) }
        return self
    }

    /// The element a CSS selector names, read only as far as linkaudit needs: the last
    /// compound selector (the element itself, not its ancestors) of the first selector in
    /// a list, its type and its id (`div#box > a.pay, …` → an `a`).
    static func selector(_ text: String) -> ElementRef {
        let first = text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let compound = first.split(whereSeparator: { " \t\n\r\u{0C}>+~".contains($0) }).last ?? ""
        var tag = ""
        var id: String?
        var part = 0  // 0: the type, 1: an id, 2: something else
        for character in compound {
            switch character {
            case "#": part = 1; id = ""
            case ".", "[", ":": part = 2
            default:
                if part == 0 { tag.append(character) } else if part == 1 { id?.append(character) }
            }
        }
        if let id, !id.isEmpty { return .id(id) }
        if !tag.isEmpty, tag != "*" { return .tag(tag.lowercased()) }
        return .unknown
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

/// The elements of a document a script can find by id, with what decides how they
/// navigate. Filled during the SAX pass from the elements the extractor acts on (links,
/// frames, forms); at most `maxElements` ids are kept, the first ones, as
/// `getElementById` returns the first element with an id.
struct ElementIndex {
    static let maxElements = 4_096

    struct Element {
        var tag: String
        var target: String?
        /// A form's method (`get`, `post`).
        var method: String?
    }

    private(set) var byID: [String: Element] = [:]

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
        guard byID.count < Self.maxElements, let id = attributes["id"], !id.isEmpty, byID[id] == nil else { return }
        byID[id] = Element(tag: name, target: attributes["target"],
                           method: tag == .form ? DocumentState.method(attributes["method"]) : nil)
    }
}
