/// The sinks a script navigates through: `location` (and `.href`, `.assign`, `.replace`,
/// `["href"]`) of this window, the top one or a frame's, and `window.open`. Each records a
/// navigation whose values `ScriptValue` reads at the expression after it.
extension ScriptScanner {
    mutating func scanSink(_ t: borrowing JSToken, at i: Int) {
        if t.text.isName("location") {
            guard let window = script.locationOwner(at: i) else { return }
            if token(i + 1)?.isPunct("=") == true {
                readTarget(at: i + 2, sink: "location", window: window)
            } else if token(i + 1)?.isPunct(".") == true, let member = token(i + 2) {
                if member.isIdentifier("href"), token(i + 3)?.isPunct("=") == true {
                    readTarget(at: i + 4, sink: "location.href", window: window)
                } else if member.isIdentifier("assign") || member.isIdentifier("replace"),
                          token(i + 3)?.isPunct("(") == true {
                    // The sink's name as a constant: interpolated, it was built per navigation.
                    readTarget(at: i + 4, sink: member.isIdentifier("assign") ? "location.assign" : "location.replace",
                               window: window)
                }
            } else if token(i + 1)?.isPunct("[") == true, token(i + 2)?.text == "href",
                      token(i + 3)?.isPunct("]") == true, token(i + 4)?.isPunct("=") == true {
                readTarget(at: i + 5, sink: "location.href", window: window)
            }
        } else if t.text.isName("open"), token(i + 1)?.isPunct("(") == true {
            let owner = token(i - 1)?.isPunct(".") == true ? token(i - 2)?.text : "window"
            guard let owner, ScriptNames.isWindow(owner) else { return }
            // A new window unless the second argument names this frame or the top one,
            // which the `,` after the URL settles (`nextArgument`).
            if let ref = readTarget(at: i + 2, sink: "window.open", window: .newWindow) {
                openCall = (ref, i + 1)
            }
        }
    }

    /// The values the expression at `i` can have: literals (and what they are joined
    /// with) are this sink's own; names, properties and parameters are followed when
    /// the script is placed.
    @discardableResult
    private mutating func readTarget(at i: Int, sink: String, window: ScriptTarget.Window) -> ScriptUnit.EffectRef? {
        // The literals read into the values marked consumed where they are read: a literal is
        // read only into a value, so none is marked unless there are values (and a first token).
        var marks = ConsumedLiterals(marks: [], count: script.count)
        swap(&marks.marks, &consumed)
        let values = script.values(at: i, parameters: currentParameters, merged: &marks)
        swap(&marks.marks, &consumed)
        guard let first = token(i), !values.isEmpty else { return nil }
        return record(.navigate(ScriptTarget(values: values, window: window, sink: sink)),
                      at: first.offset, steps: currentSteps)
    }
}

/// Read of the tokens alone: as the scanner's own method it copied the scanner (issue 17).
extension ScriptTokens {
    /// Whose `location` this is: the script's own window, the top window, or a frame's.
    fileprivate func locationOwner(at i: Int) -> ScriptTarget.Window? {
        guard token(i - 1)?.isPunct(".") == true else {
            // `var location = …` names a variable of its own; after a keyword that ends a
            // statement's head (`else location = …`) it is the window's.
            guard let before = token(i - 1), before.kind == .identifier else { return .same }
            return ScriptNames.endsStatementHead(before.text) ? .same : nil
        }
        guard let owner = token(i - 2), owner.kind == .identifier else { return nil }
        switch owner.text {
        case "window", "document", "self", "globalThis":
            // window.top.location: the owner of `window` decides.
            if token(i - 3)?.isPunct(".") == true, let outer = token(i - 4),
               outer.isIdentifier("top") || outer.isIdentifier("parent") { return .top }
            return .same
        case "top", "parent": return .top
        // `frame.contentWindow.location`: the frame navigates, inside this document.
        case "contentWindow": return .sub
        default: return nil
        }
    }
}
