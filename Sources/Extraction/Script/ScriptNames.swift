/// The names the scanner asks about at every identifier of a script: switches where array
/// literals were built and freed for each question (Benchmarks/README.md, issue 17; the
/// comparisons are the same String equality), and, for the callees of `configureCall`, a
/// test by length and first byte before the String comparisons (`ScriptNameTests`
/// compares it with `callbackCallees`).
enum ScriptNames {
    /// `window`, `self`, `globalThis`: the global object a path starts from.
    static func isGlobalObject(_ name: String) -> Bool {
        switch name {
        case "window", "self", "globalThis": return true
        default: return false
        }
    }

    /// Whose `open(` is `window.open`: the global object or the top and parent windows.
    static func isWindow(_ name: String) -> Bool {
        switch name {
        case "window", "self", "top", "parent", "globalThis": return true
        default: return false
        }
    }

    /// Keywords after which a bare `location` is the window's (`else location = …`).
    static func endsStatementHead(_ name: String) -> Bool {
        switch name {
        case "return", "else", "do", "void", "await", "yield", "case": return true
        default: return false
        }
    }

    /// Methods that put their first argument into the document. (Asked at every call of a
    /// member: the length rules out most names before the String comparisons, a call each.)
    static func isInsertion(_ name: String) -> Bool {
        switch name.utf8.count {
        case 5, 6, 7, 11, 12: break
        default: return false
        }
        switch name {
        case "appendChild", "append", "prepend", "insertBefore", "after", "before", "replaceWith", "replaceChild":
            return true
        default: return false
        }
    }

    /// `el.setAttribute(…)`, jQuery's `attr(…)` and `prop(…)`.
    static func isAttributeSetter(_ name: String) -> Bool {
        switch name {
        case "setAttribute", "attr", "prop": return true
        default: return false
        }
    }

    /// The callees `configureCall` treats as taking a callback, the reference
    /// `mayTakeCallback` stands in front of.
    static let callbackCallees: Set<String> = [
        "setTimeout", "setInterval", "then", "catch", "finally", "requestAnimationFrame", "queueMicrotask",
        "requestIdleCallback", "addEventListener", "on", "ready", "click", "submit", "tap", "touchend", "mousedown",
    ]

    /// False for a name none of `callbackCallees` can equal, decided by its UTF-8 length
    /// and first byte. Every callee is ASCII without `K`, `;` or `` ` `` (the only ASCII
    /// characters another string is canonically equal to: U+212A, U+037E, U+1FEF), so a
    /// String equal to one has its bytes.
    static func mayTakeCallback(_ name: String) -> Bool {
        let utf8 = name.utf8
        guard let first = utf8.first else { return false }
        switch (utf8.count, first) {
        case (10, 0x73), (11, 0x73), (6, 0x73):   // setTimeout, setInterval, submit
            return true
        case (4, 0x74), (3, 0x74), (8, 0x74):     // then, tap, touchend
            return true
        case (5, 0x63):                           // catch, click
            return true
        case (7, 0x66):                           // finally
            return true
        case (21, 0x72), (19, 0x72), (5, 0x72):   // requestAnimationFrame, requestIdleCallback, ready
            return true
        case (14, 0x71), (16, 0x61), (2, 0x6F), (9, 0x6D):  // queueMicrotask, addEventListener, on, mousedown
            return true
        default:
            return false
        }
    }
}
