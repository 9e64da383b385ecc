import CLibXML2

/// The elements the extractor acts on, recognised from libxml2's lower-cased C string
/// without making a Swift `String` for each of the page's many other elements.
enum TagName {
    case a, area, base, iframe, frame, object, embed, form, button, input, meta, link, script, noscript, template
    case other

    init(_ name: UnsafePointer<xmlChar>) {
        switch name[0] {
        case 0x61: self = TagName.match(name, [("a", .a), ("area", .area)])           // a
        case 0x62: self = TagName.match(name, [("base", .base), ("button", .button)]) // b
        case 0x65: self = TagName.match(name, [("embed", .embed)])                    // e
        case 0x66: self = TagName.match(name, [("form", .form), ("frame", .frame)])   // f
        case 0x69: self = TagName.match(name, [("iframe", .iframe), ("input", .input)]) // i
        case 0x6C: self = TagName.match(name, [("link", .link)])                      // l
        case 0x6D: self = TagName.match(name, [("meta", .meta)])                      // m
        case 0x6E: self = TagName.match(name, [("noscript", .noscript)])              // n
        case 0x6F: self = TagName.match(name, [("object", .object)])                  // o
        case 0x73: self = TagName.match(name, [("script", .script)])                  // s
        case 0x74: self = TagName.match(name, [("template", .template)])              // t
        default: self = .other
        }
    }

    private static func match(_ name: UnsafePointer<xmlChar>, _ candidates: [(StaticString, TagName)]) -> TagName {
        for (text, tag) in candidates where equals(name, text) { return tag }
        return .other
    }

    private static func equals(_ c: UnsafePointer<xmlChar>, _ s: StaticString) -> Bool {
        s.withUTF8Buffer { buffer in
            for i in 0..<buffer.count where c[i] != buffer[i] { return false }
            return c[buffer.count] == 0
        }
    }

    var name: String {
        switch self {
        case .a: return "a"
        case .area: return "area"
        case .base: return "base"
        case .iframe: return "iframe"
        case .frame: return "frame"
        case .object: return "object"
        case .embed: return "embed"
        case .form: return "form"
        case .button: return "button"
        case .input: return "input"
        case .meta: return "meta"
        case .link: return "link"
        case .script: return "script"
        case .noscript: return "noscript"
        case .template: return "template"
        case .other: return ""
        }
    }
}
