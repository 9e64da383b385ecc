import CLibXML2
import Glibc

/// A start tag's attributes as libxml2 hands them to SAX: a NULL-terminated array of
/// name/value pairs. Names are already lower-cased. Values come from libxml2 unless one was
/// written with an `&`: that one is decoded from the text as written (`raw`), the HTML
/// Standard's way (see `RawStartTag`, `CharacterReferences`).
/// Lookups scan the C array, so elements nobody cares about cost no allocation.
struct Attributes {
    let pointer: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    var raw: RawStartTag? = nil
    /// Where the tag lies in libxml2's input, so that a value can be found as written.
    var place: RawStartTag.Place? = nil
    /// The values `ReadTextCompactor` took from libxml2: a value that is its mark is read
    /// as written from there. Not owned: an `Attributes` lives for one `startElement`, while
    /// the document's `compactedValues` holds the table; a strong reference was a retain and
    /// a release for every element read, and each lookup through it another pair
    /// (Benchmarks/README.md, issue 17).
    /// (Set through the memberwise init: a written one left every `Attributes` libxml2's
    /// callback makes to be destroyed through an outlined witness.)
    var values: Unmanaged<ReadTextCompactor.Values>? = nil

    subscript(_ name: StaticString) -> String? {
        guard let slot = find(name) else { return nil }
        return value(slot)
    }

    /// The value as libxml2 parsed it, without looking for the text as written: for a value
    /// only compared with a script's string (an `id`), where an `&` in it hardly matters.
    func parsed(_ name: StaticString) -> String? {
        find(name).map(reported)
    }

    /// The value in `slot`: decoded from the text as written when it holds an `&`.
    private func value(_ slot: UnsafeMutablePointer<UnsafePointer<xmlChar>?>) -> String {
        // Optional chaining borrows `raw` and `values`; `if let` copied each (retained) per lookup.
        if let pointer, let decoded = raw?.value(slot: slot - pointer) { return decoded }
        return reported(slot)
    }

    /// libxml2's value in `slot`, or the value as written that `ReadTextCompactor` took from
    /// it (the two are the same bytes: a value without `&` is reported as written; one with
    /// `&` comes decoded as `RawStartTag` decodes it, and is never an `id`'s or a `class`'s).
    private func reported(_ slot: UnsafeMutablePointer<UnsafePointer<xmlChar>?>) -> String {
        guard let c = slot.pointee else { return "" }
        if let values, let original = values._withUnsafeGuaranteedRef({ $0.original(c) }) { return original }
        return Self.string(c)
    }

    /// `String(cString: c)`: a value of at most 15 bytes (`_blank`, a `type`) made in place
    /// as a small string, its bytes checked as ASCII by two word tests where `String(cString:)`
    /// validated them a byte at a time (issue 17); not ASCII, that initializer validates and
    /// repairs them as `String(cString:)` does (`AttributeStringTests`).
    static func string(_ c: UnsafePointer<xmlChar>) -> String {
        let count = strlen(c)
        guard count <= 15 else { return String(cString: c) }
        return String(unsafeUninitializedCapacity: count) { out in
            out.baseAddress!.update(from: c, count: count)
            return count
        }
    }

    /// How many line feeds lie between the start of the value of `name`, as written, and the
    /// tag's end; nil when the tag cannot be found again (`RawStartTag`).
    func lineFeedsAfterValue(of name: StaticString) -> Int? {
        find(name).flatMap(lineFeedsAfterValue(slot:))
    }

    func lineFeedsAfterValue(slot: UnsafeMutablePointer<UnsafePointer<xmlChar>?>) -> Int? {
        guard let place, let pointer else { return nil }
        return RawStartTag.lineFeedsAfterValue(slot: slot - pointer, place, attributes: pointer)
    }

    func has(_ name: StaticString) -> Bool {
        find(name) != nil
    }

    /// The value slot of the first attribute called `name` (its pointee is nil for an
    /// attribute written without a value), or nil when there is none.
    private func find(_ name: StaticString) -> UnsafeMutablePointer<UnsafePointer<xmlChar>?>? {
        guard var p = pointer else { return nil }
        let expected = name.utf8Start
        let count = name.utf8CodeUnitCount
        while let attrName = p.pointee {
            if Self.equals(attrName, expected, count) { return p + 1 }
            p += 2
        }
        return nil
    }

    /// Whether any attribute is an `on…` event handler with a value. Checked for every
    /// element, so it only looks at the first bytes of each name.
    var hasEventHandler: Bool {
        guard var p = pointer else { return false }
        while let attrName = p.pointee {
            if Self.isEventHandler(attrName), p[1] != nil { return true }
            p += 2
        }
        return false
    }

    /// Every `on…` attribute with its value and the value's slot, in document order, handed
    /// to `body`: gathered in an array of tuples, they cost an allocation and the runtime's
    /// generic tuple destroy for each element with a handler (issue 17).
    func forEachEventHandler(_ body: (_ name: String, _ code: String,
                                      _ slot: UnsafeMutablePointer<UnsafePointer<xmlChar>?>) -> Void) {
        guard var p = pointer else { return }
        while let attrName = p.pointee {
            if Self.isEventHandler(attrName), p[1] != nil {
                body(Self.string(attrName), value(p + 1), p + 1)
            }
            p += 2
        }
    }

    /// "on" followed by at least one more byte.
    @inline(__always)
    private static func isEventHandler(_ name: UnsafePointer<xmlChar>) -> Bool {
        name[0] == 0x6F && name[1] == 0x6E && name[2] != 0
    }

    @inline(__always)
    private static func equals(_ c: UnsafePointer<xmlChar>, _ expected: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var i = 0
        while i < count {
            if c[i] != expected[i] { return false }
            i += 1
        }
        return c[count] == 0
    }
}
