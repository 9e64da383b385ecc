/// Finds navigations in one piece of script (an inline `<script>`, an event-handler
/// attribute, a `javascript:` URL body): assignments to `location`, calls to
/// `location.assign/replace` and `window.open`, writes to a link's `href`, a frame's `src`
/// or a form's `action`, with the boundaries each sits behind and the branch it is on;
/// plus the calls it makes, the functions it declares and what its names hold, so the
/// extractor can place a function's navigations at its callers and follow a value one hop
/// (`ScriptFlow`). Also lists the string literals that are absolute deep links, so a link
/// kept as data is not lost (README, Triggers).
///
/// One forward pass over the tokens: every look-around is a fixed number of tokens, a
/// closer finds its frame in constant time, and what only later tokens decide (the
/// window of `window.open(url, name)`, whether `name = (…)` is an arrow function) is
/// settled when the scan reaches them; the readers it starts (`ScriptReaders`) each read
/// their own stretch once. So the work is linear in the script (Docs/ARCHITECTURE.md §5).
struct ScriptScanner {
    /// How deep code inside strings is scanned (`setTimeout("setTimeout('…', 1)", 1)`):
    /// each level must escape its quotes once more, so pages stop at one or two.
    static let maxStringCodeDepth = 8

    let script: ScriptTokens
    /// The steps outside every frame: none for a script, the timer's for code in a
    /// timer's string.
    private let root: ScriptSteps?
    /// The branch outside every frame: the one the timer's string is on.
    let rootBranch: String?
    private let stringCodeDepth: Int
    var unit = ScriptUnit()
    var frames: [Frame] = []
    /// Per kind of closer, the index in `frames` of the innermost open frame it would close
    /// (-1: none); each frame names the one of its kind before it (`Frame.previousOfKind`).
    /// Three stacks of indices beside `frames` were three allocations per scan, their growth
    /// and their releases (issue 17); an array of three arrays was worse.
    private var innermostBrace = -1
    private var innermostParen = -1
    private var innermostBracket = -1
    /// The literals a navigation sink read, by token index (empty until one does): a mark
    /// per token where a Set of offsets hashed each (offsets and indices name the same tokens).
    var consumed: [Bool] = []
    /// A listener or handler step waiting for the function that follows `onclick =`.
    private var pending: (step: ScriptStep, depth: Int)?
    /// The name the next `{` opens the body of (`function pay() {`, `pay = function () {`).
    private var pendingFunctionName: String?
    /// `name = (`: the frame opened at token `paren` is an arrow function's parameter
    /// list if `) => {` closes it.
    private var arrowCandidate: (name: String, paren: Int)?
    /// `window.open(`: the frame opened at token `paren` holds the call's arguments.
    /// (Set by `scanSink`, in ScriptScanner+Sinks.swift.)
    var openCall: (ref: ScriptUnit.EffectRef, paren: Int)?
    /// Branches (`ScriptScanner+Branches.swift`).
    var branches = Branches()

    enum Closer: Int {
        case brace, paren, bracket
    }

    /// Its steps, function and branch are most often its parent's: each is then named by
    /// the index of the frame that holds it (-1: outside every frame), not copied into it.
    /// Copied, each bracket retained the steps, the function's name and the branch, and
    /// released them as it closed (~5 atomic reference counts a link on the dense corpus,
    /// issue 17). Frames close innermost first, so an index names an open frame.
    struct Frame {
        var closer: Closer
        /// The open frame of the same kind of closer before this one (-1: none).
        var previousOfKind: Int
        /// The frame holding this frame's steps (`ownSteps`): itself or an enclosing one;
        /// -1: the scanner's `root`.
        var stepsFrame: Int
        /// The steps, when `stepsFrame` is this frame (nil: none, as in a function's body).
        var ownSteps: ScriptSteps?
        /// The frame holding the function whose body this frame is in (`ownFunction`): its
        /// own, or the nearest enclosing one; -1: none.
        var functionFrame: Int
        /// The function whose body this frame is, when `functionFrame` is this frame.
        var ownFunction: String?
        /// The frame holding the branch the frame's code is on (`ownCondition`); -1: the
        /// scanner's `rootBranch`.
        var conditionFrame: Int
        /// The branch, when `conditionFrame` is this frame.
        var ownBranch: String?
        /// Where the frame's opener is, in tokens.
        var opener: Int
        /// A call taking a callback (timers, listeners, promises): a function passed by
        /// name runs behind `steps`.
        var isCallback = false
        var argIndex = 0
        /// `setTimeout`/`setInterval`: the step whose delay the last argument sets.
        var timer: TimerDelay?
        var timerDelay: Int?
        /// `window.open(`: its navigation, whose window the second argument decides.
        var openEffect: ScriptUnit.EffectRef?
        /// `name = (`: the name, if this parameter list turns out to be an arrow function's.
        var arrowName: String?
        /// `if (`: this parenthesis holds the condition.
        var isCondition = false
        /// `if (c) {`: the block's own condition, for an `else` after it.
        var ownCondition: Branches.Own?
    }

    static func scan(_ source: String) -> ScriptUnit {
        #if DEBUG
        var scanner = ScriptScanner(script: ScriptTokens(source, work: WorkCounter()), root: nil, rootCondition: nil,
                                    stringCodeDepth: 0)
        #else
        var scanner = ScriptScanner(script: ScriptTokens(source), root: nil, rootCondition: nil, stringCodeDepth: 0)
        #endif
        scanner.run()
        return scanner.takeUnit()
    }

    /// The unit moved out of the scanner: returned as `scanner.unit`, it was copied (each
    /// table retained) and the scanner's released as the scanner went (issue 17).
    private mutating func takeUnit() -> ScriptUnit {
        var taken = ScriptUnit()
        swap(&taken, &unit)
        return taken
    }

    #if DEBUG
    /// The unit, how many tokens the script has and how much work reading them took.
    static func scanMeasuringWork(_ source: String) -> (unit: ScriptUnit, tokens: Int, work: Int) {
        let work = WorkCounter()
        var scanner = ScriptScanner(script: ScriptTokens(source, work: work), root: nil, rootCondition: nil,
                                    stringCodeDepth: 0)
        scanner.run()
        return (scanner.unit, scanner.script.count, work.count)
    }
    #endif

    /// A JSON block (`<script type="application/json">`): its values by path, for a script
    /// that parses it, and its deep-link literals. It never runs.
    static func scanData(_ source: String) -> ScriptUnit {
        #if DEBUG
        let script = ScriptTokens(source, work: WorkCounter())
        #else
        let script = ScriptTokens(source)
        #endif
        var unit = ScriptUnit()
        if let root = script.tokens.firstIndex(where: { $0.isPunct("{") || $0.isPunct("[") }) {
            unit.entries = script.entries(at: root, limit: ScriptFlow.maxBlockEntries)
        }
        for token in script.tokens where token.isLiteral && DeepLinkLiteral.matches(token.text) {
            unit.literals.append(ScriptLiteral(raw: token.text, partial: token.kind == .templatePrefix, offset: token.offset))
        }
        return unit
    }

    private init(script: ScriptTokens, root: ScriptSteps?, rootCondition: String?, stringCodeDepth: Int) {
        self.script = script
        self.root = root
        self.rootBranch = rootCondition
        self.stringCodeDepth = stringCodeDepth
    }

    /// The steps in force here: the innermost frame's, plus a handler step waiting after
    /// `onclick =` at this depth (it also covers an arrow body without braces).
    // Inlined (issue 17): called from a mutating method, each getter call copied the whole
    // scanner (440 bytes) to lend it, twice per opened bracket.
    @inline(__always) var currentSteps: ScriptSteps? {
        let steps = frames.isEmpty ? root : steps(ofFrame: frames.count - 1)
        guard let p = pending, p.depth == frames.count else { return steps }
        return steps + p.step
    }
    /// The steps of the open frame at `index` (read where they are held).
    @inline(__always) func steps(ofFrame index: Int) -> ScriptSteps? {
        let holder = frames[index].stepsFrame
        return holder < 0 ? root : frames[holder].ownSteps
    }
    /// (Read through the subscript: `frames.last` copied the whole frame for one field.)
    @inline(__always) var currentFunction: String? {
        guard !frames.isEmpty else { return nil }
        let holder = frames[frames.count - 1].functionFrame
        return holder < 0 ? nil : frames[holder].ownFunction
    }
    /// The enclosing function's parameters, for a value read as one.
    @inline(__always) var currentParameters: [String?] { currentFunction.flatMap { unit.parameters[$0] } ?? [] }

    func token(_ i: Int) -> JSToken? {
        script.token(i)
    }

    private mutating func run() {
        // The tokens held apart from `self`, so that each is lent where it lies to the readers
        // below (`borrowing`): read from `self` around their mutating calls, each token was
        // copied, its text retained and released, once per reader (Benchmarks/README.md, issue 17).
        let tokens = script.tokens
        var i = 0
        while i < tokens.count {
            endBranchStatement(before: i)
            // A punctuator's kind and byte read in place: the token is bound (copied, its
            // text retained and released) only where its text is read, about half the
            // tokens (Benchmarks/README.md, issue 17).
            switch tokens[i].kind {
            case .punct:
                // Every punctuator acted on is one byte: decided on it, not by comparing
                // strings (a comparison per case and token cost more than the rest of the loop).
                switch tokens[i].byte {
                case 0x7B:  // {
                    openFrame(.brace, at: i)
                case 0x28:  // (
                    openFrame(.paren, at: i)
                case 0x5B:  // [
                    openFrame(.bracket, at: i)
                case 0x7D:  // }
                    closeFrame(.brace, at: i)
                case 0x29:  // )
                    closeFrame(.paren, at: i)
                case 0x5D:  // ]
                    closeFrame(.bracket, at: i)
                case 0x2C:  // ,
                    nextArgument(at: i)
                case 0x3B:  // ;
                    if pending?.depth == frames.count { pending = nil }
                    endStatement()
                case 0x3D:  // =
                    assignment(at: i)
                default: break
                }
            case .identifier:
                let t = tokens[i]
                if t.text.isName("function"), let next = token(i + 1), next.kind == .identifier {
                    pendingFunctionName = next.text
                    i += 2
                    continue
                }
                if t.text.isName("await"), !frames.isEmpty {
                    let top = frames.count - 1
                    frames[top].ownSteps = steps(ofFrame: top) + .promise
                    frames[top].stepsFrame = top
                }
                scanBranch(t, at: i)
                scanSink(t, at: i)
                scanHandlerProperty(t, at: i)
                scanElement(t, at: i)
                scanCall(t, at: i)
            case .string, .templatePrefix:
                let t = tokens[i]
                if !(i < consumed.count && consumed[i]), DeepLinkLiteral.matches(t.text) {
                    unit.literals.append(ScriptLiteral(raw: t.text, partial: t.kind == .templatePrefix, offset: t.offset))
                }
            case .number:
                break
            }
            i += 1
        }
    }

    // MARK: - Frames and calls

    private mutating func openFrame(_ closer: Closer, at i: Int) {
        // The fields worked out apart and the frame made once, by the memberwise init, in
        // the append: a frame made in a variable, set and appended was copied in (each
        // reference retained) and destroyed, on every bracket (Benchmarks/README.md, issue 17).
        // Steps, function and branch are the parent's (named by index, nothing retained)
        // unless this frame changes them (issue 17).
        let index = frames.count
        let parent = index - 1
        var stepsFrame = frames.isEmpty ? -1 : frames[parent].stepsFrame
        var ownSteps: ScriptSteps?
        var functionFrame = frames.isEmpty ? -1 : frames[parent].functionFrame
        var ownFunction: String?
        var conditionFrame = frames.isEmpty ? -1 : frames[parent].conditionFrame
        var ownBranch: String?
        // A handler step waiting at this depth, or a statement's branch, is this frame's own
        // (what `currentSteps` and `currentCondition` give here).
        if let p = pending, p.depth == index {
            ownSteps = currentSteps
            stepsFrame = index
        }
        if branches.statement?.depth == index {
            ownBranch = branches.statement!.condition
            conditionFrame = index
        }
        var isCallback = false
        var timer: TimerDelay?
        var openEffect: ScriptUnit.EffectRef?
        var arrowName: String?
        var isCondition = false
        var ownCondition: Branches.Own?
        if closer == .brace, let name = pendingFunctionName {
            ownFunction = name
            functionFrame = index
            ownSteps = nil
            stepsFrame = index
            pendingFunctionName = nil
        }
        if closer == .paren {
            if let call = configureCall(at: i) {
                isCallback = true
                ownSteps = call.steps
                stepsFrame = index
                timer = call.timer
            }
            if let candidate = arrowCandidate, candidate.paren == i {
                arrowName = candidate.name
            } else if let name = pendingFunctionName, unit.parameters[name] == nil {
                // `function pay(url) {`, `pay = function (url) {`: the list before the body.
                unit.parameters[name] = script.parameterNames(at: i)
            }
            if let call = openCall, call.paren == i { openEffect = call.ref }
            arrowCandidate = nil
            openCall = nil
            isCondition = branches.takeCondition(at: i)
        }
        if closer == .brace {
            if let p = pending, p.depth == frames.count {
                // (Its steps are this frame's already, unless it defines a function.)
                pending = nil
            }
            if let waiting = openBlock() {
                ownBranch = waiting.condition
                ownCondition = waiting.own
                conditionFrame = index
            }
        }
        let previousOfKind: Int
        switch closer {
        case .brace: (previousOfKind, innermostBrace) = (innermostBrace, index)
        case .paren: (previousOfKind, innermostParen) = (innermostParen, index)
        case .bracket: (previousOfKind, innermostBracket) = (innermostBracket, index)
        }
        frames.append(Frame(closer: closer, previousOfKind: previousOfKind, stepsFrame: stepsFrame, ownSteps: ownSteps, functionFrame: functionFrame,
                            ownFunction: ownFunction, conditionFrame: conditionFrame, ownBranch: ownBranch, opener: i,
                            isCallback: isCallback, argIndex: 0, timer: timer, timerDelay: nil, openEffect: openEffect,
                            arrowName: arrowName, isCondition: isCondition, ownCondition: ownCondition))
    }

    /// Closes the innermost open frame this closer closes, and every frame opened
    /// inside it and left open (`f(a, {b)`); a closer with no such frame is ignored.
    private mutating func closeFrame(_ closer: Closer, at i: Int) {
        let index: Int
        switch closer {
        case .brace: index = innermostBrace
        case .paren: index = innermostParen
        case .bracket: index = innermostBracket
        }
        guard index >= 0 else { return }
        // The frame at `index` is the last one removed: taken out, not copied first.
        var frame: Frame
        repeat {
            frame = frames.removeLast()
            switch frame.closer {
            case .brace: innermostBrace = frame.previousOfKind
            case .paren: innermostParen = frame.previousOfKind
            case .bracket: innermostBracket = frame.previousOfKind
            }
            #if DEBUG
            script.work.count += 1
            #endif
        } while frames.count > index
        // The delay is the timer's last argument, known only now: everything recorded
        // inside shares this step, so setting it places them all.
        // No delay argument means 0; one that is not a literal stays unknown.
        if let timer = frame.timer {
            timer.ms = frame.argIndex >= 1 ? frame.timerDelay : 0
        }
        // `name = (…) => {`: the body that follows is the function `name`.
        if let name = frame.arrowName, closer == .paren,
           token(i + 1)?.isPunct("=>") == true, token(i + 2)?.isPunct("{") == true {
            pendingFunctionName = name
            if unit.parameters[name] == nil { unit.parameters[name] = script.parameterNames(at: frame.opener) }
        }
        closeBranches(frame, at: i)
    }

    /// A `(` that opens a call taking a callback (timers, listeners, promises): the steps its
    /// callback runs behind and, for a timer, the step's delay; nil for any other `(`.
    /// (Returned, not set through `inout`: the frame's fields lent to it were copied into
    /// the frame, each retained and released, on every `(`, issue 17.)
    private mutating func configureCall(at i: Int) -> (steps: ScriptSteps, timer: TimerDelay?)? {
        guard let callee = token(i - 1), callee.kind == .identifier, ScriptNames.mayTakeCallback(callee.text) else { return nil }
        var timer: TimerDelay?
        let isMember = token(i - 2)?.isPunct(".") == true
        let step: ScriptStep
        switch callee.text {
        case "setTimeout", "setInterval":
            let delay = TimerDelay()
            timer = delay
            step = .timer(delay)
        // A `where` clause binds to the last pattern of a `case` only, so each pattern that
        // needs the member form carries its own: `p.then(f)`, `$(b).click(f)`, `$(e).on(…)`
        // are callbacks, while bare `then(f)` or `click(f)` are calls of the page's own
        // functions that say nothing about when `f` runs.
        case "then" where isMember, "catch" where isMember, "finally" where isMember:
            step = .promise
        case "requestAnimationFrame", "queueMicrotask", "requestIdleCallback":
            step = .promise
        case "addEventListener", "on":
            guard callee.text == "addEventListener" || isMember, let event = token(i + 1), event.kind == .string
            else { return nil }
            step = .listener(EventClass.of(event.text))
        case "ready" where isMember:
            step = .listener(.load)
        case "click" where isMember, "submit" where isMember, "tap" where isMember, "touchend" where isMember,
             "mousedown" where isMember:
            // `$(b).click(f)` registers a handler; `a.click()` clicks (`scanElement`).
            guard token(i + 1)?.isPunct(")") != true else { return nil }
            step = .listener(.activation)
        default:
            return nil
        }
        let steps = currentSteps + step
        if timer != nil, let code = token(i + 1), code.kind == .string,
           stringCodeDepth < Self.maxStringCodeDepth {
            // setTimeout("location.href='…'", 500): the string is code, run by the timer.
            consume(i + 1)
            #if DEBUG
            let inner = ScriptTokens(code.text, work: script.work)
            #else
            let inner = ScriptTokens(code.text)
            #endif
            var scanner = ScriptScanner(script: inner, root: steps, rootCondition: currentCondition,
                                        stringCodeDepth: stringCodeDepth + 1)
            scanner.run()
            unit.absorb(scanner.unit, at: code.offset, into: currentFunction)
        }
        readCallbackReference(at: i + 1, steps: steps)
        return (steps, timer)
    }

    /// `pay(…)`: a call of a function by name, with the literals it passes.
    private mutating func scanCall(_ t: borrowing JSToken, at i: Int) {
        guard token(i + 1)?.isPunct("(") == true, token(i - 1)?.isPunct(".") != true,
              !JSKeywords.isKeyword(t.text) else { return }
        record(.call(t.text, arguments: script.literalArguments(at: i + 1)), at: t.offset, steps: currentSteps)
    }

    /// `el.onclick = function () {…}` / `window.onload = init`.
    private mutating func scanHandlerProperty(_ t: borrowing JSToken, at i: Int) {
        // Only a name whose bytes start `on` can start with the characters `on`: the
        // bytes rule out almost every identifier before the String comparison.
        var bytes = t.text.utf8.makeIterator()
        guard bytes.next() == 0x6F, bytes.next() == 0x6E, t.text.hasPrefix("on"), t.text.count > 2, token(i + 1)?.isPunct("=") == true else { return }
        let step = ScriptStep.listener(EventClass.of(String(t.text.dropFirst(2))))
        if let value = token(i + 2), value.kind == .identifier, !JSKeywords.isKeyword(value.text),
           token(i + 3).map({ $0.isPunct(";") || $0.isPunct("}") }) ?? true {
            record(.call(value.text, arguments: []), at: value.offset, steps: currentSteps + step)
        } else {
            pending = (step, frames.count)
        }
    }

    /// `name = function`, `name = async …`: a named function expression; `name = (`
    /// may be one (`name = (…) => {`), which the parameter list's `)` tells. Any other
    /// assignment may bind a value (`ScriptScanner+Bindings.swift`).
    private mutating func assignment(at i: Int) {
        if let name = token(i - 1), name.kind == .identifier, token(i - 2)?.isPunct(".") != true,
           let next = token(i + 1) {
            if next.isIdentifier("function") || next.isIdentifier("async") {
                pendingFunctionName = name.text
                bindUnknown(name.text, declared: token(i - 2))
                return
            } else if next.isPunct("(") {
                arrowCandidate = (name.text, i + 1)
            }
        }
        bind(at: i)
    }

    /// Marks the literal at token `index` as read by a sink.
    mutating func consume(_ index: Int) {
        if consumed.isEmpty { consumed = [Bool](filledWith: false, count: script.count) }
        if index < consumed.count { consumed[index] = true }
    }

    @discardableResult
    mutating func record(_ action: consuming ScriptEffect.Action, at offset: Int,
                         steps: consuming ScriptSteps?) -> ScriptUnit.EffectRef {
        // The action and steps taken owned: borrowed, each was copied into the effect.
        unit.add(ScriptEffect(action: action, steps: steps, offset: offset, condition: currentCondition),
                 function: currentFunction)
    }
}

#if DEBUG
/// A count of units of work, shared by a scanner and the scanners of code in its strings.
final class WorkCounter {
    var count = 0
}
#endif
