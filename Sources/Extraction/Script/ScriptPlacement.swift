import LinkAuditModel

/// Places every script effect of a document where it runs: top-level effects where their
/// script sits; a function's effects where it is called (each caller once); a function
/// nobody on the page calls at load, so its deep links are not lost.
///
/// Following calls is the one part of extraction whose work a page's text does not
/// bound by its length — six functions calling each other 30 times each make 30^5 call
/// paths in a kilobyte — so it is held three ways (Docs/ARCHITECTURE.md §5, README Limits):
/// - calls are followed at most `maxCallDepth` deep;
/// - a function is expanded once per timing it is called with and literals it is passed
///   (and depth left): a second such call could only repeat records already made;
/// - every effect placed inside a function reached through a call is a step (and every
///   navigation past the first that one effect places, through `ScriptFlow`), and a
///   script has `stepsPerScript` of them, the page (its `srcdoc` documents included)
///   `stepsPerPage`. Past either, no more calls are followed from that script (the
///   functions already entered are finished) and the page gets a warning; a script's
///   own top-level code and the functions nobody calls are placed whatever the budget
///   (that part is linear in the script).
/// The walk keeps its own stack, at most `maxCallDepth` + 1 frames: no recursion.
package struct ScriptPlacement {
    static let maxCallDepth = 6
    static let stepsPerScript = 50_000
    /// (Package-wide: the page fuzzing harness, `Fuzz/HTML`, bounds a page's records by it.)
    package static let stepsPerPage = 200_000
    /// Distinct times one element is inserted or clicked that are kept.
    static let maxActions = 8

    private let scripts: [PlacedScript]
    private let document: ScriptDocument
    private let flow: ScriptFlow
    private let limits: ExtractionLimits
    private var functions: [String: (script: Int, effects: [ScriptEffect])] = [:]
    private var called = Set<String>()
    /// (function, timing, literal arguments) → the least depth its expansion completed at.
    private var expanded: [Expansion: Int] = [:]
    private var out: [PendingNavigation] = []
    /// Literals a navigation was placed from: the rest are data (`script-literal`).
    private var used = Set<LiteralKey>()
    /// The records writes placed, as the document's duplicate removal tells them apart
    /// (`DocumentResolution`): a write placed again (its values times its element's
    /// insertions and clicks) adds nothing, and memory holds only distinct records.
    private var seen = Set<PlacedKey>()
    /// Attribute writes, placed once every insertion and click is known.
    private var writes: [PlacedWrite] = []
    /// Each `form.submit()` reached, with where it is written (`placeSubmits`).
    private var submits: [PlacedSubmit] = []
    private var actions: [ScriptFlow.Element.Key: [(action: ElementAction, timing: ScriptTiming, place: Place)]] = [:]

    /// A class: the walk reads the top frame once per effect, and a struct (its effects,
    /// expansion, function name and arguments) was copied out, retained and released for it.
    private final class Frame {
        let effects: [ScriptEffect]
        var next = 0
        let script: Int
        let timing: ScriptTiming
        /// Call depth of the effects in it: 0 for a script's top level.
        let depth: Int
        /// Set for a function reached through a call.
        let expansion: Expansion?
        /// The function whose effects these are (nil: a script's top level), for names.
        let function: String?
        /// The literals its call passed, by parameter.
        let arguments: [ScriptFlow.Argument?]
        /// Which placing of its effects this is (`ScriptFlow.element`).
        var instance = 0
        /// Placed as a function nobody on the page calls (at load, for want of a caller).
        var uncalled = false

        init(effects: [ScriptEffect], script: Int, timing: ScriptTiming, depth: Int, expansion: Expansion?,
             function: String?, arguments: [ScriptFlow.Argument?], instance: Int = 0, uncalled: Bool = false) {
            self.effects = effects
            self.script = script
            self.timing = timing
            self.depth = depth
            self.expansion = expansion
            self.function = function
            self.arguments = arguments
            self.instance = instance
            self.uncalled = uncalled
        }
    }

    /// Frames placed so far: the next frame's instance.
    private var instances = 0
    /// Room for a walk's stack and resolved URLs, lent from one walk to the next (`walk`).
    private var stackSpace: [Frame] = []
    private var resolvedSpace: [ScriptFlow.Resolved] = []

    static func place(_ scripts: [PlacedScript], document: ScriptDocument = ScriptDocument(),
                      limits: ExtractionLimits) -> [PendingNavigation] {
        placeDocument(scripts, document: document, limits: limits).navigations
    }

    /// The scripts' navigations, and the elements' own records a script rewrites as the
    /// page loads (`superseded`: (index, line) in the document's records): with scripting on
    /// the element never has its written value when a user can reach it (§F.16).
    static func placeDocument(_ scripts: [PlacedScript], document: ScriptDocument,
                              limits: ExtractionLimits) -> (navigations: [PendingNavigation], superseded: [(index: Int, line: Int)]) {
        guard !scripts.isEmpty else { return ([], []) }
        var placement = ScriptPlacement(scripts: scripts, document: document, limits: limits)
        let navigations = placement.run()
        return (navigations, placement.superseded)
    }

    /// Elements' own records rewritten at load, in the order met.
    private var superseded: [(index: Int, line: Int)] = []

    private init(scripts: [PlacedScript], document: ScriptDocument, limits: ExtractionLimits) {
        self.scripts = scripts
        self.document = document
        self.limits = limits
        flow = ScriptFlow(scripts: scripts, elements: document.elements)
        // About a literal per top-level effect: the set made once at about its size, where
        // growing it by doubling rehashed it some six times a page (Benchmarks/README.md, issue 17).
        let effects = scripts.reduce(0) { $0 + $1.unit.effects.count }
        used.reserveCapacity(effects)
        // About a navigation per top-level effect too: the list made once, where doubling it
        // copied every record made so far some five times a page (session 13, issue 17).
        out.reserveCapacity(effects)
    }

    private mutating func run() -> [PendingNavigation] {
        // The scripts read in place: `enumerated()` copied each (its unit's tables retained
        // and released) on the way.
        // The function tables made once at about their size: grown by doubling, each was
        // rehashed a few times a page, its `Expansion` keys (a name and a list) hashed again
        // (issue 17). A function is most often expanded once, with one timing.
        var declared = 0
        for index in scripts.indices { declared += scripts[index].unit.functions.count }
        functions.reserveCapacity(declared)
        called.reserveCapacity(declared)
        expanded.reserveCapacity(declared)
        for index in scripts.indices {
            for (name, effects) in scripts[index].unit.functions { functions[name] = (index, effects) }
        }
        for index in scripts.indices {
            walk(Frame(effects: scripts[index].unit.effects, script: index, timing: scripts[index].base, depth: 0,
                       expansion: nil, function: nil, arguments: []))
        }
        for (name, function) in functions.sorted(by: { $0.key < $1.key }) where !called.contains(name) {
            walk(Frame(effects: function.effects, script: function.script, timing: .load, depth: 1, expansion: nil,
                       function: name, arguments: [], uncalled: true))
        }
        placeWrites()
        placeSubmits()
        placeData()
        return out
    }

    /// Places a root's effects and, depth first in source order, those of the functions
    /// they call.
    private mutating func walk(_ root: Frame) {
        instances += 1
        root.instance = instances
        // The stack and the list of resolved URLs lent by the placement, kept from one walk
        // to the next: made per walk and per value, each was an allocation (issue 17).
        var stack: [Frame] = []
        var resolved: [ScriptFlow.Resolved] = []
        swap(&stack, &stackSpace)
        swap(&resolved, &resolvedSpace)
        defer {
            swap(&stack, &stackSpace)
            swap(&resolved, &resolvedSpace)
        }
        stack.append(root)
        var steps = 0
        // Once a budget is spent, no more calls are followed from this root; the frames
        // already open are finished (at most `maxCallDepth` functions' own effects), so
        // the navigations written after a costly call in them are still placed.
        var exhausted = false
        func cut(page: Bool) {
            if !exhausted { limits.cutScript(line: scripts[root.script].line, page: page) }
            exhausted = true
        }
        // A step is a navigation or a call placed inside a function reached through a call.
        func spend(_ count: Int, in frame: Frame) {
            guard frame.expansion != nil, !exhausted, count > 0 else { return }
            steps += count
            limits.scriptSteps += count
            if steps >= Self.stepsPerScript || limits.scriptSteps >= Self.stepsPerPage {
                cut(page: limits.scriptSteps >= Self.stepsPerPage)
            }
        }
        while !stack.isEmpty {
            let frame = stack[stack.count - 1]
            // The frame's lists and names read once each time it comes to the top, and its
            // effects placed in a row until one pushes a call: read from the frame per effect,
            // each was retained and released for every effect placed (issue 17).
            let effects = frame.effects
            guard frame.next < effects.count else {
                stack.removeLast()
                // Only a complete expansion may stand for later calls with the same timing.
                if let expansion = frame.expansion, !exhausted {
                    // One look-up of the key (a name and a list, hashed whole), where reading and
                    // then writing the entry hashed and compared it twice (issue 17).
                    Self.lower(&expanded[expansion, default: .max], to: frame.depth)
                }
                continue
            }
            let script = frame.script
            let frameFunction = frame.function
            let frameArguments = frame.arguments
            placing: while frame.next < effects.count {
                // The effect read in place in the frame's list, held for the step: copied out, its
                // action's payload, steps and condition were retained and released per effect.
                let k = frame.next
                frame.next += 1
                spend(1, in: frame)
                let timing = frame.timing.applying(effects[k].steps)
                // A navigation read where it lies, before the `switch`: matched there, its target
                // was copied out of the list (its values retained) and released, atomically, for
                // every navigation effect placed (issue 17).
                if let navigation = effects[k].action.navigation {
                    let rule: TargetRule
                    switch navigation.window {
                    case .same: rule = .document
                    case .top: rule = .main
                    case .newWindow: rule = .newWindow
                    case .sub: rule = .sub
                    }
                    var placed = 0
                    // The values read in place by index: bound by `for … in`, each was copied out
                    // (its source and tail retained) and destroyed (issue 17).
                    for v in 0..<navigation.values {
                        resolved.removeAll(keepingCapacity: true)
                        flow.resolve(navigationOf: effects, at: k, value: v, script: script, function: frameFunction,
                                     arguments: frameArguments, into: &resolved)
                        for u in resolved.indices {
                            // Each URL is placed once here: its text moved out of the list into the
                            // record, where a copy was retained and then released with the list (issue 17).
                            var raw = ""
                            swap(&raw, &resolved[u].raw)
                            emit(resolved, at: u, raw: raw, from: script, trigger: timing.trigger, target: rule,
                                 delayMs: timing.delayMs, condition: effects[k].condition,
                                 place: place(timing, root: root.script))
                            placed += 1
                        }
                    }
                    spend(placed - 1, in: frame)
                    continue placing
                }
                switch effects[k].action {
                case .navigate:
                    continue placing  // placed above
                case .call(let name, let literals):
                    guard let function = functions[name], frame.depth < Self.maxCallDepth else { continue placing }
                    called.insert(name)
                    let arguments = literals.map { literal in
                        literal.map { ScriptFlow.Argument(script: script, literal: $0, condition: effects[k].condition) }
                    }
                    // The pairs written into one list: `flatMap` made a two-element array per argument.
                    var pairs: [Int] = []
                    pairs.reserveCapacity(arguments.count * 2)
                    for argument in arguments {
                        if let argument { pairs.append(argument.script); pairs.append(argument.literal.key) } else {
                            pairs.append(-1); pairs.append(-1)
                        }
                    }
                    let expansion = Expansion(function: name, timing: timing, arguments: pairs)
                    let depth = frame.depth + 1
                    if let done = expanded[expansion], done <= depth { continue placing }
                    if !exhausted && limits.scriptSteps >= Self.stepsPerPage { cut(page: true) }
                    if exhausted { continue placing }
                    instances += 1
                    stack.append(Frame(effects: function.effects, script: function.script, timing: timing,
                                       depth: depth, expansion: expansion, function: name, arguments: arguments,
                                       instance: instances, uncalled: frame.uncalled))
                    // The called function's effects are placed next (depth first, in source order).
                    break placing
                case .write(let write):
                    writes.append(PlacedWrite(write: write, script: script, function: frameFunction,
                                              arguments: frameArguments, timing: timing, condition: effects[k].condition,
                                              instance: frame.instance, place: place(timing, root: root.script),
                                              atLoad: !frame.uncalled && (timing.kind == .parse || timing.kind == .load)))
                case .act(let reference, let action):
                    guard let key = flow.element(reference, script: script, function: frameFunction,
                                                 instance: frame.instance).key else { continue placing }
                    var list = actions[key, default: []]
                    if list.count < Self.maxActions, !list.contains(where: { $0.action == action && $0.timing == timing }) {
                        list.append((action, timing, place(timing, root: root.script)))
                        actions[key] = list
                        if action == .submit {
                            submits.append(PlacedSubmit(key: key, script: script, offset: effects[k].offset, timing: timing,
                                                        condition: effects[k].condition, place: place(timing, root: root.script)))
                        }
                    }
                }
            }
        }
    }

    private static func lower(_ least: inout Int, to depth: Int) {
        least = min(least, depth)
    }

    /// A navigation to `url`, on the line of its literal and reported as from the script
    /// the literal is in.
    /// The URL is read where it lies in the list `resolve` filled (`urls[index]`): iterated
    /// out of it, each was copied (its text and branch retained) and destroyed (issue 17).
    /// `raw` is the URL's text, `urls[index].raw` or moved out of it (`urls[index].raw` is not read).
    private mutating func emit(_ urls: borrowing [ScriptFlow.Resolved], at index: Int, raw: consuming String,
                               from script: Int, trigger: Trigger, target: TargetRule, delayMs: Int?, condition: String?,
                               place: Place, once: Bool = false) {
        let urlScript = urls[index].script
        used.insert(LiteralKey(script: urlScript, key: urls[index].key))
        // The script's fields read in place: a copy of the whole `PlacedScript` (its unit's
        // tables) per navigation cost more than the rest of this function.
        let line = scripts[urlScript].line(at: urls[index].offset)
        if once {
            guard seen.insert(PlacedKey(line: line, script: urlScript, trigger: trigger, target: Self.key(target),
                                        delayMs: delayMs, raw: copy raw)).inserted else { return }
        }
        // Made whole by the memberwise init, in the append: made in a variable, set and
        // appended, it was copied in and destroyed (Benchmarks/README.md, issue 17).
        out.append(PendingNavigation(raw: raw, line: line, source: scripts[urlScript].source,
                                     trigger: trigger, target: target, delayMs: delayMs, partial: urls[index].partial,
                                     context: scripts[script].context, fromScript: true, parserLine: place.parserLine,
                                     startsWhileParsing: place.whileParsing,
                                     condition: ScriptCondition.both(condition, urls[index].condition)))
    }

    private func place(_ timing: ScriptTiming, root: Int) -> Place {
        Place(parserLine: timing.afterParse ? nil : scripts[root].endLine, whileParsing: timing.kind == .parse)
    }

    private static func key(_ target: TargetRule) -> String {
        switch target {
        case .document: return "document"
        case .main: return "main"
        case .sub: return "sub"
        case .newWindow: return "new-window"
        case .named(let name): return "named:" + name
        }
    }

    /// Each write to an element's `href`, `src` or `action`, where that element starts its
    /// navigation (Docs/PLATFORM.md §F.16): a link when the user taps it (made by script:
    /// once inserted) and when script clicks it; a frame as it loads (a made one when it is
    /// inserted, a `frame-load`: a frame outside the document loads nothing; an existing one
    /// when its `src` is written, the writing script's navigation of the sub-frame); an
    /// existing form when it is submitted. A write to anything else
    /// starts nothing, and its literals stay data.
    private mutating func placeWrites() {
        var targets: [ScriptFlow.Element.Key: String] = [:]
        for placed in writes where placed.write.attribute == .target {
            let element = flow.element(placed.write.element, script: placed.script, function: placed.function,
                                       instance: placed.instance)
            guard let key = element.key, targets[key] == nil,
                  !placed.write.values.isEmpty,
                  let url = flow.resolve(placed.write.values, at: 0, script: placed.script, function: placed.function,
                                         arguments: placed.arguments).first else { continue }
            targets[key] = url.raw
        }
        for placed in writes where placed.write.attribute != .target {
            let element = flow.element(placed.write.element, script: placed.script, function: placed.function,
                                       instance: placed.instance)
            let done = element.key.map { actions[$0] ?? [] } ?? []
            // A user's tap or submission starts nothing while the page is parsed; the element
            // has its written value once the writing script has run (its place).
            let byUser = Place(parserLine: placed.place.parserLine, whileParsing: false)
            var starts: [(trigger: Trigger, target: TargetRule, delayMs: Int?, place: Place)] = []
            // Written at load on no branch: the element as the page wrote it is what a user
            // meets only with scripting off.
            if !element.created, placed.condition == nil, placed.atLoad, let own = element.own, placed.write.attribute == .href || placed.write.attribute == .action {
                superseded.append(own)
            }
            switch (placed.write.attribute, element.tag) {
            case (.href, "a"?), (.href, "area"?), (.href, nil):
                let named = element.key.flatMap { targets[$0] } ?? element.target ?? document.baseTarget
                let rule = named.map(TargetRule.named) ?? .document
                if !element.created || done.contains(where: { $0.action == .insert }) {
                    starts.append((.tap, rule, nil, byUser))
                }
                for click in done where click.action == .click {
                    starts.append((click.timing.trigger, rule, click.timing.delayMs, click.place))
                }
            case (.src, "iframe"?), (.src, "frame"?):
                if element.created {
                    for insert in done where insert.action == .insert {
                        let load = Self.frameLoad(insert.timing)
                        starts.append((load.trigger, load.target, load.delayMs, insert.place))
                    }
                } else {
                    // An iframe already in the document is navigated by the script that writes
                    // its `src`, as by `contentWindow.location` (Chromium: `scriptInitiated`).
                    starts.append((placed.timing.trigger, .sub, placed.timing.delayMs, placed.place))
                }
            case (.action, "form"?), (.action, nil):
                guard !element.created else { continue }
                let named = element.key.flatMap { targets[$0] } ?? element.target ?? document.baseTarget
                starts.append((element.method == "post" ? .formPost : .formGet, named.map(TargetRule.named) ?? .document, nil,
                               byUser))
                // Submitted by script after the write: the script's navigation.
                for submit in done where submit.action == .submit {
                    starts.append((submit.timing.trigger, named.map(TargetRule.named) ?? .document, submit.timing.delayMs,
                                   submit.place))
                }
            default:
                continue
            }
            for v in placed.write.values.indices {
                let urls = flow.resolve(placed.write.values, at: v, script: placed.script, function: placed.function,
                                        arguments: placed.arguments)
                for u in urls.indices {
                    for start in starts {
                        emit(urls, at: u, raw: urls[u].raw, from: placed.script, trigger: start.trigger, target: start.target,
                             delayMs: start.delayMs, condition: placed.condition, place: start.place, once: true)
                    }
                }
            }
        }
    }

    /// Each `form.submit()` (or `requestSubmit()`) of a form in the document whose `action`
    /// no script writes: the form's own action as the page wrote it becomes the script's
    /// navigation, at its timing, by the form's target (Docs/PLATFORM.md §F.16; a form with
    /// a written action is placed with the write, `placeWrites`). A form made by script, or
    /// one the scanner cannot tell, submits nothing it can list.
    private mutating func placeSubmits() {
        var written = Set<ScriptFlow.Element.Key>()
        for placed in writes where placed.write.attribute == .action {
            if let key = flow.element(placed.write.element, script: placed.script, function: placed.function,
                                      instance: placed.instance).key { written.insert(key) }
        }
        for submit in submits where !written.contains(submit.key) {
            let known: ElementIndex.Element?
            switch submit.key {
            case .id(let id): known = document.elements.byID[id]
            case .selector(let tag, let className): known = document.elements.first(tag: tag, className: className)
            case .created: known = nil
            }
            guard let form = known, form.tag == "form", form.method != "dialog" else { continue }
            let action = form.action ?? ""
            // A `javascript:` action runs in the page: no navigation of its own.
            if DocumentState.javascriptBody(action) != nil { continue }
            let script = scripts[submit.script]
            let line = script.line(at: submit.offset)
            let target = (form.target ?? document.baseTarget).map(TargetRule.named) ?? .document
            guard seen.insert(PlacedKey(line: line, script: submit.script, trigger: submit.timing.trigger,
                                        target: Self.key(target), delayMs: submit.timing.delayMs, raw: action)).inserted
            else { continue }
            var pending = PendingNavigation(raw: action, line: line, source: script.source, trigger: submit.timing.trigger,
                                            target: target, delayMs: submit.timing.delayMs, partial: false,
                                            context: script.context, fromScript: true, condition: submit.condition)
            pending.parserLine = submit.place.parserLine
            pending.startsWhileParsing = submit.place.whileParsing
            // No action, or an empty one, submits to the document's own URL (§F.10).
            pending.toDocument = action.isEmpty
            out.append(pending)
        }
    }

    /// A frame loading when script runs at `timing`: a `frame-load` of a sub-frame, after a
    /// timer's delay when a timer runs it. A frame's navigation has no user gesture of its
    /// own, whatever script makes it (Docs/PLATFORM.md §F.16), so one a click handler makes
    /// is a `frame-load` too.
    private static func frameLoad(_ timing: ScriptTiming) -> (trigger: Trigger, target: TargetRule, delayMs: Int?) {
        (.frameLoad, .sub, timing.kind == .timer ? timing.delayMs : nil)
    }

    /// Every deep-link literal no navigation was placed from: data (a QR code's payload,
    /// a native bridge's argument, console output, an unused variable), listed with the
    /// `script-literal` trigger so the inventory keeps it and no runtime judges it.
    private mutating func placeData() {
        for index in scripts.indices {
            for literal in scripts[index].unit.literals where !used.contains(LiteralKey(script: index, key: literal.key)) {
                out.append(PendingNavigation(raw: literal.raw, line: scripts[index].line(at: literal.offset),
                                             source: scripts[index].source, trigger: .scriptLiteral, target: .document,
                                             delayMs: nil, partial: literal.partial, context: scripts[index].context,
                                             fromScript: true))
            }
        }
    }
}
