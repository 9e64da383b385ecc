/// Finds navigations in one piece of script (an inline `<script>`, an event-handler
/// attribute, a `javascript:` URL body): assignments to `location`, calls to
/// `location.assign/replace` and `window.open`, with the boundaries each sits behind,
/// plus the calls it makes and the functions it declares, so the extractor can place a
/// function's navigations at its callers. Also reports string literals that are
/// absolute deep links, so a link built away from any sink is not missed.
struct ScriptScanner {
    private let tokens: [JSToken]
    private var unit = ScriptUnit()
    private var frames: [Frame] = []
    private var consumed: Set<Int> = []   // offsets of literals read by a sink
    /// A listener or handler step waiting for the function that follows `onclick =`.
    private var pending: (steps: [ScriptStep], depth: Int)?

    private struct Frame {
        var closer: String
        var steps: [ScriptStep]
        var function: String?
        var callSteps: [ScriptStep]?   // set when this paren frame is a callback-taking call
        var argIndex = 0
        var timerDelay: Int?
        var isTimer = false
    }

    static func scan(_ source: String) -> ScriptUnit {
        var scanner = ScriptScanner(tokens: JSTokenizer.tokens(source))
        scanner.run()
        return scanner.unit
    }

    private init(tokens: [JSToken]) {
        self.tokens = tokens
    }

    /// The steps in force here: the innermost frame's, plus a handler step waiting after
    /// `onclick =` at this depth (it also covers an arrow body without braces).
    private var currentSteps: [ScriptStep] {
        let steps = frames.last?.steps ?? []
        guard let p = pending, p.depth == frames.count else { return steps }
        return steps + p.steps
    }
    private var currentFunction: String? { frames.last(where: { $0.function != nil })?.function }

    private func token(_ i: Int) -> JSToken? { i >= 0 && i < tokens.count ? tokens[i] : nil }

    private mutating func run() {
        var i = 0
        var pendingFunctionName: String?
        while i < tokens.count {
            let t = tokens[i]
            switch t.kind {
            case .punct:
                switch t.text {
                case "{", "(", "[":
                    var frame = Frame(closer: t.text == "{" ? "}" : t.text == "(" ? ")" : "]",
                                      steps: currentSteps)
                    if t.text == "{", let name = pendingFunctionName {
                        frame.function = name
                        frame.steps = []
                        pendingFunctionName = nil
                    }
                    if t.text == "(" { configureCall(&frame, at: i) }
                    if t.text == "{", let p = pending, p.depth == frames.count {
                        if frame.function == nil { frame.steps = currentSteps }
                        pending = nil
                    }
                    frames.append(frame)
                case "}", ")", "]":
                    closeFrame(t.text)
                case ",":
                    if !frames.isEmpty { frames[frames.count - 1].argIndex += 1 }
                    readTimerDelay(at: i + 1)
                    readCallbackReference(at: i + 1)
                case ";":
                    if let p = pending, p.depth == frames.count { pending = nil }
                case "=":
                    if let name = assignedFunctionName(at: i) { pendingFunctionName = name }
                default: break
                }
            case .identifier:
                if t.text == "function", let next = token(i + 1), next.kind == .identifier {
                    pendingFunctionName = next.text
                    i += 2
                    continue
                }
                if t.text == "await", !frames.isEmpty {
                    frames[frames.count - 1].steps.append(.promise)
                }
                scanSink(at: i)
                scanHandlerProperty(at: i)
                scanCall(at: i)
            case .string, .templatePrefix:
                if !consumed.contains(t.offset), DeepLinkLiteral.matches(t.text) {
                    record(.navigate(ScriptTarget(raw: t.text, partial: t.kind == .templatePrefix,
                                                  window: .same, sink: "literal")), at: t.offset)
                }
            case .number:
                break
            }
            i += 1
        }
    }

    // MARK: - Frames and calls

    /// Marks a `(` that opens a call taking a callback: timers, listeners, promises.
    private mutating func configureCall(_ frame: inout Frame, at i: Int) {
        guard let callee = token(i - 1), callee.kind == .identifier else { return }
        let isMember = token(i - 2)?.isPunct(".") == true
        switch callee.text {
        case "setTimeout", "setInterval":
            frame.isTimer = true
            frame.callSteps = [.timer(TimerDelay())]
        // A `where` clause binds to the last pattern of a `case` only, so each pattern that
        // needs the member form carries its own: `p.then(f)`, `$(b).click(f)`, `$(e).on(…)`
        // are callbacks, while bare `then(f)` or `click(f)` are calls of the page's own
        // functions that say nothing about when `f` runs.
        case "then" where isMember, "catch" where isMember, "finally" where isMember:
            frame.callSteps = [.promise]
        case "requestAnimationFrame", "queueMicrotask", "requestIdleCallback":
            frame.callSteps = [.promise]
        case "addEventListener", "on":
            if callee.text == "addEventListener" || isMember, let event = token(i + 1), event.kind == .string {
                frame.callSteps = [.listener(EventClass.of(event.text))]
            }
        case "ready" where isMember:
            frame.callSteps = [.listener(.load)]
        case "click" where isMember, "submit" where isMember, "tap" where isMember, "touchend" where isMember,
             "mousedown" where isMember:
            frame.callSteps = [.listener(.activation)]
        default:
            break
        }
        if let steps = frame.callSteps {
            frame.steps = currentSteps + steps
            if frame.isTimer, let code = token(i + 1), code.kind == .string {
                // setTimeout("location.href='…'", 500): the string is code, run by the timer.
                consumed.insert(code.offset)
                var inner = ScriptScanner(tokens: JSTokenizer.tokens(code.text))
                inner.run()
                unit.absorb(inner.unit, at: code.offset, prefix: frame.steps, into: currentFunction)
            }
            readCallbackReference(at: i + 1, steps: frame.steps)
        }
    }

    private mutating func closeFrame(_ closer: String) {
        guard let index = frames.lastIndex(where: { $0.closer == closer }) else { return }
        let frame = frames[index]
        frames.removeSubrange(index...)
        // The delay is the timer's last argument, known only now: everything recorded
        // inside shares this step, so setting it places them all.
        // No delay argument means 0; one that is not a literal stays unknown.
        if frame.isTimer, case .timer(let delay)? = frame.steps.last {
            delay.ms = frame.argIndex >= 1 ? frame.timerDelay : 0
        }
    }

    private mutating func readTimerDelay(at i: Int) {
        guard let frame = frames.last, frame.isTimer, frame.argIndex == 1,
              let first = token(i), first.kind == .number, var value = Double(first.text) else { return }
        if token(i + 1)?.isPunct("*") == true, let factor = token(i + 2), let f = Double(factor.text) {
            value *= f
        }
        frames[frames.count - 1].timerDelay = Int(value)
    }

    /// `setTimeout(pay, 500)`, `addEventListener('click', pay)`: a function passed by name.
    private mutating func readCallbackReference(at i: Int, steps: [ScriptStep]? = nil) {
        guard let name = token(i), name.kind == .identifier, !JSKeywords.all.contains(name.text),
              let after = token(i + 1), after.isPunct(",") || after.isPunct(")") else { return }
        if let steps {
            record(.call(name.text), at: name.offset, steps: steps)
        } else if let frame = frames.last, frame.callSteps != nil {
            record(.call(name.text), at: name.offset, steps: frame.steps)
        }
    }

    private mutating func scanCall(at i: Int) {
        let t = tokens[i]
        guard token(i + 1)?.isPunct("(") == true, token(i - 1)?.isPunct(".") != true,
              !JSKeywords.all.contains(t.text) else { return }
        record(.call(t.text), at: t.offset)
    }

    /// `el.onclick = function () {…}` / `window.onload = init`.
    private mutating func scanHandlerProperty(at i: Int) {
        let t = tokens[i]
        guard t.text.hasPrefix("on"), t.text.count > 2, token(i + 1)?.isPunct("=") == true else { return }
        let steps: [ScriptStep] = [.listener(EventClass.of(String(t.text.dropFirst(2))))]
        if let value = token(i + 2), value.kind == .identifier, !JSKeywords.all.contains(value.text),
           token(i + 3).map({ $0.isPunct(";") || $0.isPunct("}") }) ?? true {
            record(.call(value.text), at: value.offset, steps: currentSteps + steps)
        } else {
            pending = (steps, frames.count)
        }
    }

    /// `name = function`, `name = (…) =>`, `name = async …`: a named function expression.
    private func assignedFunctionName(at i: Int) -> String? {
        guard let name = token(i - 1), name.kind == .identifier, token(i - 2)?.isPunct(".") != true,
              let next = token(i + 1) else { return nil }
        if next.isIdentifier("function") || next.isIdentifier("async") { return name.text }
        if next.isPunct("(") {
            var depth = 0
            var j = i + 1
            while let t = token(j) {
                if t.isPunct("(") { depth += 1 } else if t.isPunct(")") { depth -= 1; if depth == 0 { break } }
                j += 1
            }
            if token(j + 1)?.isPunct("=>") == true, token(j + 2)?.isPunct("{") == true { return name.text }
        }
        return nil
    }

    // MARK: - Sinks

    private mutating func scanSink(at i: Int) {
        let t = tokens[i]
        if t.text == "location" {
            guard let window = locationOwner(at: i) else { return }
            if token(i + 1)?.isPunct("=") == true {
                readTarget(at: i + 2, sink: "location", window: window)
            } else if token(i + 1)?.isPunct(".") == true, let member = token(i + 2) {
                if member.isIdentifier("href"), token(i + 3)?.isPunct("=") == true {
                    readTarget(at: i + 4, sink: "location.href", window: window)
                } else if member.isIdentifier("assign") || member.isIdentifier("replace"),
                          token(i + 3)?.isPunct("(") == true {
                    readTarget(at: i + 4, sink: "location.\(member.text)", window: window)
                }
            } else if token(i + 1)?.isPunct("[") == true, token(i + 2)?.text == "href",
                      token(i + 3)?.isPunct("]") == true, token(i + 4)?.isPunct("=") == true {
                readTarget(at: i + 5, sink: "location.href", window: window)
            }
        } else if t.text == "open", token(i + 1)?.isPunct("(") == true {
            let owner = token(i - 1)?.isPunct(".") == true ? token(i - 2)?.text : "window"
            guard let owner, ["window", "self", "top", "parent", "globalThis"].contains(owner) else { return }
            readTarget(at: i + 2, sink: "window.open", window: openTarget(after: i + 2))
        }
    }

    /// Whose `location` this is: the script's own window, or the top window.
    private func locationOwner(at i: Int) -> ScriptTarget.Window? {
        guard token(i - 1)?.isPunct(".") == true else {
            return token(i - 1)?.kind == .identifier && token(i - 1)?.text != "return" ? nil : .same
        }
        guard let owner = token(i - 2), owner.kind == .identifier else { return nil }
        switch owner.text {
        case "window", "document", "self", "globalThis":
            // window.top.location: the owner of `window` decides.
            if token(i - 3)?.isPunct(".") == true, let outer = token(i - 4),
               outer.isIdentifier("top") || outer.isIdentifier("parent") { return .top }
            return .same
        case "top", "parent": return .top
        default: return nil
        }
    }

    /// `window.open(url, '_self')` stays in the frame; any other name opens a window.
    private func openTarget(after start: Int) -> ScriptTarget.Window {
        var depth = 0
        var j = start
        while let t = token(j) {
            if t.isPunct("(") || t.isPunct("[") || t.isPunct("{") { depth += 1 }
            if t.isPunct(")") || t.isPunct("]") || t.isPunct("}") {
                if depth == 0 { return .newWindow }
                depth -= 1
            }
            if depth == 0, t.isPunct(","), let name = token(j + 1), name.kind == .string {
                switch name.text.lowercased() {
                case "_self": return .same
                case "_top", "_parent": return .top
                default: return .newWindow
                }
            }
            j += 1
        }
        return .newWindow
    }

    /// A literal, or a concatenation that starts with one.
    private mutating func readTarget(at i: Int, sink: String, window: ScriptTarget.Window) {
        guard let first = token(i), first.isLiteral else { return }
        var raw = first.text
        var partial = first.kind == .templatePrefix
        consumed.insert(first.offset)
        var j = i + 1
        while !partial, token(j)?.isPunct("+") == true, let next = token(j + 1) {
            if next.isLiteral {
                raw += next.text
                partial = next.kind == .templatePrefix
                consumed.insert(next.offset)
                j += 2
            } else {
                partial = true
            }
        }
        record(.navigate(ScriptTarget(raw: raw, partial: partial, window: window, sink: sink)), at: first.offset)
    }

    private mutating func record(_ action: ScriptEffect.Action, at offset: Int, steps: [ScriptStep]? = nil) {
        let effect = ScriptEffect(action: action, steps: steps ?? currentSteps, offset: offset)
        unit.add(effect, function: currentFunction)
    }
}

enum JSKeywords {
    static let all: Set<String> = [
        "if", "for", "while", "switch", "catch", "function", "return", "typeof", "new", "delete",
        "void", "in", "of", "do", "else", "case", "throw", "try", "var", "let", "const", "await",
        "async", "yield", "class", "super", "this", "import", "export", "with",
    ]
}
