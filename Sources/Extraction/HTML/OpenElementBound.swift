import CLibXML2

/// Keeps libxml2's stack of open elements at most `maxOpen` deep (Docs/PLATFORM.md §F.14).
///
/// libxml2 2.9 looks for the element each end tag closes by walking that stack from the top
/// (`htmlParseEndTag`, `htmlAutoCloseOnClose`), so 100,000 nested `<span>` followed by as
/// many stray `</b>` cost 10^10 comparisons (40 s for a 1 MB page). An element opened past
/// the bound is closed again at once, from its own start-tag event: its attributes are read
/// as usual, and what follows it is read one level up, as its sibling. Blink stops nesting
/// at the same depth (deeper elements are attached to their parent's parent), so what the
/// page shows a user is still read, and every end tag's walk is bounded.
enum OpenElementBound {
    /// Blink's `kMaximumHTMLParserDOMTreeDepth` (§F.14).
    static let maxOpen = 512

    /// Whether the element `name` that `parser` has just opened, and whose start-tag event
    /// is being handled, was closed again because it sits deeper than `maxOpen`.
    ///
    /// Left open: an element ended by `/>` or by no `>` at all (libxml2 closes those
    /// itself, by taking whatever is current), a void element (closed by libxml2 too), and
    /// `<script>`, `<style>` and `<form>`: libxml2 reads a script's or style's text as raw
    /// text only while it is the current element, and never nests a form, so none of them
    /// can make the stack deep.
    static func closesTooDeep(_ parser: htmlParserCtxtPtr, _ name: UnsafePointer<xmlChar>, tag: TagName) -> Bool {
        let context = parser.pointee
        guard context.nameNr > maxOpen, let names = context.nameTab,
              names[Int(context.nameNr) - 1] == name,
              let input = context.input, let cur = input.pointee.cur, cur[0] == UInt8(ascii: ">"),
              tag != .script, tag != .form, !isStyle(name) else { return false }
        if let info = htmlTagLookup(name), info.pointee.empty != 0 { return false }
        // What libxml2's own `htmlnamePop` does (HTMLparser.c, 2.9.14).
        let top = Int(context.nameNr) - 1
        parser.pointee.nameNr = Int32(top)
        names[top] = nil
        parser.pointee.name = top > 0 ? names[top - 1] : nil
        return true
    }

    private static func isStyle(_ name: UnsafePointer<xmlChar>) -> Bool {
        name[0] == 0x73 && name[1] == 0x74 && name[2] == 0x79 && name[3] == 0x6C && name[4] == 0x65 && name[5] == 0
    }
}
