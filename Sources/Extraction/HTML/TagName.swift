import CLibXML2

/// The elements the extractor acts on, recognised from libxml2's lower-cased C string
/// without making a Swift `String` for each of the page's many other elements.
enum TagName {
    case a, area, base, iframe, frame, frameset, object, embed, form, button, input, meta, link, script, noscript, template
    /// Foreign content roots: an `<a>` inside `<svg>` is a link, inside `<math>` it is not.
    case svg, math
    case other

    /// Called for every start and end tag of the page, so it only compares bytes: one
    /// switch on the first byte rejects most names (div, span, p, li, td …) at once.
    init(_ name: UnsafePointer<xmlChar>) {
        switch name[0] {
        case 0x61:  // a
            self = name[1] == 0 ? .a : TagName.named(name, "area", .area)
        case 0x62:  // b
            self = name[1] == 0x61 ? TagName.named(name, "base", .base) : TagName.named(name, "button", .button)
        case 0x65:  // e
            self = TagName.named(name, "embed", .embed)
        case 0x66:  // f
            if name[1] == 0x6F {
                self = TagName.named(name, "form", .form)
            } else {
                // `named` stops at the first byte that differs: it never reads past the NUL.
                let frame = TagName.named(name, "frame", .frame)
                self = frame == .frame ? frame : TagName.named(name, "frameset", .frameset)
            }
        case 0x69:  // i
            self = name[1] == 0x66 ? TagName.named(name, "iframe", .iframe) : TagName.named(name, "input", .input)
        case 0x6C:  // l
            self = TagName.named(name, "link", .link)
        case 0x6D:  // m
            self = name[1] == 0x65 ? TagName.named(name, "meta", .meta) : TagName.named(name, "math", .math)
        case 0x6E:  // n
            self = TagName.named(name, "noscript", .noscript)
        case 0x6F:  // o
            self = TagName.named(name, "object", .object)
        case 0x73:  // s
            self = name[1] == 0x63 ? TagName.named(name, "script", .script) : TagName.named(name, "svg", .svg)
        case 0x74:  // t
            self = TagName.named(name, "template", .template)
        default:
            self = .other
        }
    }

    /// `tag` when the NUL-terminated `name` is exactly `text`, else `.other`. The first
    /// byte is already known to match.
    @inline(__always)
    private static func named(_ name: UnsafePointer<xmlChar>, _ text: StaticString, _ tag: TagName) -> TagName {
        let expected = text.utf8Start
        let count = text.utf8CodeUnitCount
        var i = 1
        while i < count {
            if name[i] != expected[i] { return .other }
            i += 1
        }
        return name[count] == 0 ? tag : .other
    }

    var name: String {
        switch self {
        case .a: return "a"
        case .area: return "area"
        case .base: return "base"
        case .iframe: return "iframe"
        case .frame: return "frame"
        case .frameset: return "frameset"
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
        case .svg: return "svg"
        case .math: return "math"
        case .other: return ""
        }
    }
}
