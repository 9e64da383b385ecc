import XCTest
import TestSupport
@testable import Extraction
import LinkAuditModel

/// `ScriptPlacement` expands a function once per timing it is called with and folds each
/// chain of steps once (`TimingTransfer`). Both are shortcuts that must change nothing
/// within the budget: this compares it with the straightforward placement it replaced —
/// every call followed 6 deep by recursion, every chain folded step by step — on generated
/// scripts, after the duplicate removal both go through (`DocumentResolution.finish`).
final class ScriptPlacementEquivalenceTests: XCTestCase {
    private struct Record: Hashable {
        let line: Int, source: String, trigger: Trigger, target: String, delayMs: Int?, raw: String
    }

    private func record(_ raw: String, offset: Int, script: PlacedScript, timing: ScriptTiming,
                        window: ScriptTarget.Window) -> Record {
        Record(line: script.line(at: offset), source: script.source, trigger: timing.trigger,
               target: "\(window)", delayMs: timing.delayMs, raw: raw)
    }

    /// The placement before issue 16, kept here as the reference.
    private func reference(_ scripts: [PlacedScript]) -> [Record] {
        var functions: [String: (script: Int, effects: [ScriptEffect])] = [:]
        for (index, script) in scripts.enumerated() {
            for (name, effects) in script.unit.functions { functions[name] = (index, effects) }
        }
        var called = Set<String>()
        var out: [Record] = []
        func place(_ effect: ScriptEffect, _ script: Int, _ timing: ScriptTiming, _ depth: Int) {
            let timing = (effect.steps?.all ?? []).reduce(timing) { $0.applying($1) }
            switch effect.action {
            case .navigate(let target):
                // The generated scripts write literals only: no value to follow.
                for value in target.values {
                    guard case .literal(let literal) = value.source else { continue }
                    out.append(record(literal.raw, offset: literal.offset, script: scripts[script], timing: timing,
                                      window: target.window))
                }
            case .call(let name, _):
                guard let function = functions[name], depth < 6 else { return }
                called.insert(name)
                for inner in function.effects { place(inner, function.script, timing, depth + 1) }
            case .write, .act:
                break
            }
        }
        for (index, script) in scripts.enumerated() {
            for effect in script.unit.effects { place(effect, index, script.base, 0) }
        }
        for (name, function) in functions.sorted(by: { $0.key < $1.key }) where !called.contains(name) {
            for effect in function.effects { place(effect, function.script, .load, 1) }
        }
        return out
    }

    /// First occurrences, in order: what `finish` keeps of script records.
    private func unique(_ records: [Record]) -> [Record] {
        var seen = Set<Record>()
        return records.filter { seen.insert($0).inserted }
    }

    /// The same generated inputs on every run (`SeededNumbers`).
    private typealias Generator = SeededNumbers

    private func statement(_ g: inout Generator, function: Int, depth: Int) -> String {
        let target = "f\(g.next(4))"
        switch g.next(depth < 3 ? 9 : 5) {
        case 0: return "location.href = 'x://\(function)/\(g.next(4))';"
        case 1: return "\(target)();"
        case 2: return "setTimeout(\(target), \([0, 5, 900, 4000, 2147483647][g.next(5)]));"
        case 3: return "el.addEventListener('\(["click", "load", "scroll"][g.next(3)])', \(target));"
        case 4: return "window.open('w://\(function)', '\(["_self", "_blank", "_top"][g.next(3)])');"
        case 5: return "setTimeout(function () { \(block(&g, function: function, depth: depth + 1)) }, \(g.next(3000)));"
        case 6: return "p.then(function () { \(block(&g, function: function, depth: depth + 1)) });"
        case 7: return "document.onclick = function () { \(block(&g, function: function, depth: depth + 1)) };"
        default: return "await \(target)();"
        }
    }

    private func block(_ g: inout Generator, function: Int, depth: Int) -> String {
        (0..<(1 + g.next(3))).map { _ in statement(&g, function: function, depth: depth) }.joined(separator: "\n")
    }

    func testPlacementEqualsTheRecursiveReference() {
        var g = Generator(state: 16)
        for n in 0..<200 {
            var scripts: [PlacedScript] = []
            for s in 0..<(1 + g.next(3)) {
                let functions = (0..<4).filter { _ in g.next(3) > 0 }
                    .map { "function f\($0)() {\n\(block(&g, function: $0, depth: 0))\n}" }
                let code = functions.joined(separator: "\n") + "\n" + block(&g, function: 9, depth: 0)
                let base: ScriptTiming = [.load, .handler, ScriptTiming(kind: .async, delayMs: nil)][g.next(3)]
                scripts.append(PlacedScript(unit: ScriptScanner.scan(code), base: base, source: "script",
                                            line: 1 + 100 * s, lineStarts: JSTokenizer.lineStarts(code), context: nil))
            }
            let limits = ExtractionLimits()
            let placed = ScriptPlacement.place(scripts, limits: limits).map { p -> Record in
                let window: ScriptTarget.Window = p.target == .newWindow ? .newWindow : p.target == .main ? .top : .same
                return Record(line: p.line, source: p.source, trigger: p.trigger, target: "\(window)",
                              delayMs: p.delayMs, raw: p.raw)
            }
            XCTAssertEqual(limits.warnings, [], "case \(n)")
            XCTAssertEqual(unique(placed), unique(reference(scripts)), "case \(n)")
        }
    }
}
