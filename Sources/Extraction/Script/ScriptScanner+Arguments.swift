/// A call's arguments as the scan meets them: the next one, a timer's delay, a callback
/// named by reference.
extension ScriptScanner {
    /// A `,` at `i` in the innermost frame: its call's next argument begins after it.
    mutating func nextArgument(at i: Int) {
        if !frames.isEmpty {
            frames[frames.count - 1].argIndex += 1
            // `window.open(url, '_self')` stays in the frame; any other name opens a window.
            if frames[frames.count - 1].argIndex == 1, let ref = frames[frames.count - 1].openEffect,
               let name = token(i + 1), name.kind == .string {
                switch name.text.lowercased() {
                case "_self": unit.setWindow(.same, of: ref)
                case "_top", "_parent": unit.setWindow(.top, of: ref)
                default: break
                }
            }
        }
        readTimerDelay(at: i + 1)
        readCallbackReference(at: i + 1)
    }

    /// The delay argument of `setTimeout(f, 500)`: a number literal, signed, optionally
    /// times another (`5 * 1000`), or `NaN`/`Infinity`; anything else stays unknown.
    mutating func readTimerDelay(at i: Int) {
        guard !frames.isEmpty, frames[frames.count - 1].timer != nil, frames[frames.count - 1].argIndex == 1,
              var first = token(i) else { return }
        var j = i
        var sign = 1.0
        if first.isPunct("-") || first.isPunct("+") {
            if first.isPunct("-") { sign = -1 }
            j += 1
            guard let next = token(j) else { return }
            first = next
        }
        var value: Double
        if first.kind == .number, let number = Double(first.text) {
            value = number
        } else if first.isIdentifier("NaN") || first.isIdentifier("Infinity") {
            value = first.text == "NaN" ? .nan : .infinity
        } else {
            return
        }
        if token(j + 1)?.isPunct("*") == true, let factor = token(j + 2), let f = Double(factor.text) {
            value *= f
        }
        frames[frames.count - 1].timerDelay = TimerDelay.milliseconds(sign * value)
    }

    /// `setTimeout(pay, 500)`, `addEventListener('click', pay)`: a function passed by name.
    mutating func readCallbackReference(at i: Int, steps: ScriptSteps? = nil) {
        guard let name = token(i), name.kind == .identifier, !JSKeywords.isKeyword(name.text),
              let after = token(i + 1), after.isPunct(",") || after.isPunct(")") else { return }
        if let steps {
            record(.call(name.text, arguments: []), at: name.offset, steps: steps)
        } else if !frames.isEmpty, frames[frames.count - 1].isCallback {
            record(.call(name.text, arguments: []), at: name.offset, steps: self.steps(ofFrame: frames.count - 1))
        }
    }
}
