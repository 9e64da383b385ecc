import CLibXML2

/// Which `<form>` is live and which form a submit button belongs to, as the HTML
/// Standard's tree builder decides it (§F.9), not as libxml2 nests forms.
///
/// The Standard keeps one *form element pointer*: a `<form>` start tag while it is set
/// (outside `<template>`) is ignored, so its action is never a navigation and the
/// controls after it belong to the outer form; only a `</form>` end tag clears it, not
/// the implied closes of `</td>` or `</div>`. libxml2 instead closes the open form at the
/// next `<form>` and drops a `</form>` with no open form without telling us, so the end
/// tags are found in the source itself: each byte is searched once, when a form start or
/// a submit button needs the pointer.
extension DocumentState {
    /// Returns the form to report, or nil when the Standard ignores this `<form>`.
    func startForm(_ form: FormContext) -> FormContext? {
        if templateDepth > 0 {
            // Template contents nest forms freely; the pointer is neither read nor set.
            templateForms.append(form)
            return form
        }
        if formPointer != nil { clearFormPointerAtEndTag() }
        guard formPointer == nil else { return nil }
        formPointer = form
        formEndSearched = sourceOffset
        return form
    }

    /// A `</form>` inside `<template>` leaves the pointer alone: end tags before the
    /// template are searched for now, and its content is skipped when it ends.
    func enterTemplate() {
        if templateDepth == 0, formPointer != nil { clearFormPointerAtEndTag() }
        templateDepth += 1
    }

    func leaveTemplate() {
        templateDepth = max(0, templateDepth - 1)
        if templateDepth == 0 { formEndSearched = max(formEndSearched, sourceOffset) }
    }

    func endForm() {
        if templateDepth > 0, !templateForms.isEmpty { templateForms.removeLast() }
    }

    /// The form a control inserted now is associated with by the parser.
    var currentForm: FormContext? {
        if templateDepth > 0 { return templateForms.last }
        if formPointer != nil { clearFormPointerAtEndTag() }
        return formPointer
    }

    /// Offset of libxml2's cursor in `source`.
    private var sourceOffset: Int {
        guard let input = parser?.pointee.input?.pointee, let cur = input.cur, let base = input.base else { return 0 }
        return Int(input.consumed) + (cur - base)
    }

    /// Clears the pointer if a `</form` end tag lies between the last search and the cursor.
    private func clearFormPointerAtEndTag() {
        guard let source else { return }
        let end = min(sourceOffset, source.count)
        var i = formEndSearched
        // "</form" plus the byte after it must lie before the cursor.
        while i + 6 < end {
            if source[i] == 0x3C, source[i + 1] == 0x2F, source[i + 2] | 0x20 == 0x66, source[i + 3] | 0x20 == 0x6F,
               source[i + 4] | 0x20 == 0x72, source[i + 5] | 0x20 == 0x6D {
                let next = source[i + 6]
                if next == 0x3E || next == 0x2F || next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0C
                    || next == 0x0D {
                    formPointer = nil
                    formEndSearched = i + 6
                    return
                }
            }
            i += 1
        }
        formEndSearched = max(formEndSearched, end - 6)
    }
}
