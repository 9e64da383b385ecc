/// Places every script effect of a document where it runs: top-level effects where their
/// script sits; a function's effects where it is called (each caller once); a function
/// nobody on the page calls at load, so its deep links are not lost.
///
/// Following calls is the one part of extraction whose work a page's text does not
/// bound by its length — six functions calling each other 30 times each make 30^5 call
/// paths in a kilobyte — so it is held three ways (Docs/ARCHITECTURE.md §5, README Limits):
/// - calls are followed at most `maxCallDepth` deep;
/// - a function is expanded once per timing it is called with (and depth left): a
///   second call with the same timing could only repeat records already made;
/// - every effect placed inside a function reached through a call is a step, and a
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

    private let scripts: [PlacedScript]
    private let limits: ExtractionLimits
    private var functions: [String: (script: Int, effects: [ScriptEffect])] = [:]
    private var called = Set<String>()
    /// (function, timing) → the least depth its expansion completed at.
    private var expanded: [Expansion: Int] = [:]
    private var out: [PendingNavigation] = []

    private struct Expansion: Hashable {
        let function: String
        let timing: ScriptTiming
    }

    private struct Frame {
        let effects: [ScriptEffect]
        var next = 0
        let script: Int
        let timing: ScriptTiming
        /// Call depth of the effects in it: 0 for a script's top level.
        let depth: Int
        /// Set for a function reached through a call.
        let expansion: Expansion?
    }

    static func place(_ scripts: [PlacedScript], limits: ExtractionLimits) -> [PendingNavigation] {
        var placement = ScriptPlacement(scripts: scripts, limits: limits)
        return placement.run()
    }

    private init(scripts: [PlacedScript], limits: ExtractionLimits) {
        self.scripts = scripts
        self.limits = limits
    }

    private mutating func run() -> [PendingNavigation] {
        for (index, script) in scripts.enumerated() {
            for (name, effects) in script.unit.functions { functions[name] = (index, effects) }
        }
        for (index, script) in scripts.enumerated() {
            walk(Frame(effects: script.unit.effects, script: index, timing: script.base, depth: 0, expansion: nil))
        }
        for (name, function) in functions.sorted(by: { $0.key < $1.key }) where !called.contains(name) {
            walk(Frame(effects: function.effects, script: function.script, timing: .load, depth: 1, expansion: nil))
        }
        return out
    }

    /// Places a root's effects and, depth first in source order, those of the functions
    /// they call.
    private mutating func walk(_ root: Frame) {
        var stack = [root]
        var steps = 0
        // Once a budget is spent, no more calls are followed from this root; the frames
        // already open are finished (at most `maxCallDepth` functions' own effects), so
        // the navigations written after a costly call in them are still placed.
        var exhausted = false
        func cut(page: Bool) {
            if !exhausted { limits.cutScript(line: scripts[root.script].line, page: page) }
            exhausted = true
        }
        while !stack.isEmpty {
            let top = stack.count - 1
            let frame = stack[top]
            guard frame.next < frame.effects.count else {
                stack.removeLast()
                // Only a complete expansion may stand for later calls with the same timing.
                if let expansion = frame.expansion, !exhausted {
                    expanded[expansion] = min(expanded[expansion] ?? .max, frame.depth)
                }
                continue
            }
            let effect = frame.effects[frame.next]
            stack[top].next += 1
            if frame.expansion != nil, !exhausted {
                steps += 1
                limits.scriptSteps += 1
                if steps >= Self.stepsPerScript || limits.scriptSteps >= Self.stepsPerPage {
                    cut(page: limits.scriptSteps >= Self.stepsPerPage)
                }
            }
            let timing = frame.timing.applying(effect.steps)
            switch effect.action {
            case .navigate(let target):
                let script = scripts[frame.script]
                let rule: TargetRule
                switch target.window {
                case .same: rule = .document
                case .top: rule = .main
                case .newWindow: rule = .newWindow
                }
                var pending = PendingNavigation(raw: target.raw, line: script.line(at: effect.offset),
                                                source: script.source, trigger: timing.trigger, target: rule,
                                                delayMs: timing.delayMs, partial: target.partial,
                                                context: script.context, fromScript: true)
                // Where the parser stands when this code runs: the end of the script whose
                // top level started it, unless it waits for the parse to end (§F.15).
                pending.parserLine = timing.afterParse ? nil : scripts[root.script].endLine
                pending.startsWhileParsing = timing.kind == .parse
                out.append(pending)
            case .call(let name):
                guard let function = functions[name], frame.depth < Self.maxCallDepth else { continue }
                called.insert(name)
                let expansion = Expansion(function: name, timing: timing)
                let depth = frame.depth + 1
                if let done = expanded[expansion], done <= depth { continue }
                if !exhausted && limits.scriptSteps >= Self.stepsPerPage { cut(page: true) }
                if exhausted { continue }
                stack.append(Frame(effects: function.effects, script: function.script, timing: timing,
                                   depth: depth, expansion: expansion))
            }
        }
    }
}
