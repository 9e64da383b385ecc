import LinkAuditModel

/// When a piece of script runs relative to the user: the input the policies need
/// (a gesture or not, and how long after the tap or the load). Script is placed by
/// folding the boundaries it sits behind (timers, promises, event listeners) onto the
/// timing of where its text sits (a load script, a click handler, …).
struct ScriptTiming: Hashable {
    enum Kind: Int, Hashable, CaseIterable {
        /// Runs at page load with no user input.
        case load
        /// A timer started at load.
        case timer
        /// Synchronously inside a user-activation event handler.
        case handler
        /// After a handler, past a timer or promise boundary: no gesture.
        case async
        /// A script's own top-level code, run as the parser meets the script: a load-time
        /// navigation that starts while the page is still being parsed (Docs/PLATFORM.md §F.15).
        case parse
    }

    var kind: Kind
    /// Within 0…`PageClock.maxDelayMs`: one timer's delay is (`TimerDelay.milliseconds`),
    /// and nested timers add up to at most that (`sum`).
    var delayMs: Int?
    /// Behind a `DOMContentLoaded` or `load` listener (or in one's attribute, or a module
    /// script): the code runs only once the document is parsed.
    var afterParse = false

    init(kind: Kind, delayMs: Int?, afterParse: Bool = false) {
        self.kind = kind
        self.delayMs = delayMs
        self.afterParse = afterParse
    }

    static let load = ScriptTiming(kind: .load, delayMs: nil)
    static let handler = ScriptTiming(kind: .handler, delayMs: nil)
    static let parse = ScriptTiming(kind: .parse, delayMs: nil)
    /// Code that runs once the document is parsed, with no user input.
    static let loaded = ScriptTiming(kind: .load, delayMs: nil, afterParse: true)

    var trigger: Trigger {
        switch kind {
        case .load, .parse: return .scriptLoad
        case .timer: return .scriptTimer
        case .handler: return .scriptHandler
        case .async: return .scriptAsync
        }
    }

    func applying(_ step: ScriptStep) -> ScriptTiming {
        TimingTransfer(step).apply(to: self)
    }

    /// The timing behind a chain of steps, folded outermost first.
    func applying(_ steps: ScriptSteps?) -> ScriptTiming {
        (steps?.transfer ?? .identity).apply(to: self)
    }

    /// Nested timers' delays added up, held at `PageClock.maxDelayMs`; unknown when
    /// either is. Both are within 0…max, so the sum cannot overflow before the clamp.
    static func sum(_ a: Int?, _ b: Int?) -> Int? {
        guard let a, let b else { return nil }
        return PageClock.delay(PageClock.sum(a, b))
    }
}

/// A boundary between a script's text and when it runs.
enum ScriptStep {
    /// `setTimeout` / `setInterval`; the delay is filled in when the call's closing
    /// parenthesis is reached (it is the last argument), nil when not a literal.
    case timer(TimerDelay)
    /// `.then`, `await`, `requestAnimationFrame`, …
    case promise
    /// A function registered as an event listener.
    case listener(EventClass)
}

/// The steps in force at a point of a script, outermost first, as a chain each frame
/// extends by one link: a frame and every effect inside it share their parent's chain
/// instead of copying it, so nested `setTimeout(function(){` or `.then(` chains cost one
/// link per level, not a copy of every level above (Docs/ARCHITECTURE.md §5).
final class ScriptSteps {
    let step: ScriptStep
    let parent: ScriptSteps?
    /// What the whole chain does to a timing, worked out at most once (when script is
    /// placed, after every timer's delay is known) and shared by every effect on it.
    private var folded: TimingTransfer?

    init(_ step: ScriptStep, after parent: ScriptSteps?) {
        self.step = step
        self.parent = parent
    }

    /// Steps, outermost first (for tests and small chains).
    var all: [ScriptStep] {
        var out: [ScriptStep] = []
        var link: ScriptSteps? = self
        while let current = link {
            out.append(current.step)
            link = current.parent
        }
        return out.reversed()
    }

    /// The chain's transfer, computed without recursion: up to the nearest link already
    /// folded, then down again, each link once.
    var transfer: TimingTransfer {
        if let folded { return folded }
        // One link on a folded chain (or on none): most chains, a frame's step on its parent's,
        // folded at their first effect, in place; the list below was an allocation and a retain
        // and release of each link per chain (issue 17).
        if parent?.folded != nil || parent == nil {
            let base = (parent?.folded ?? .identity).then(TimingTransfer(step))
            folded = base
            return base
        }
        var unfolded: [ScriptSteps] = []
        var link: ScriptSteps? = self
        var base = TimingTransfer.identity
        while let current = link {
            if let known = current.folded {
                base = known
                break
            }
            unfolded.append(current)
            link = current.parent
        }
        for current in unfolded.reversed() {
            base = base.then(TimingTransfer(current.step))
            current.folded = base
        }
        return base
    }
}

/// The chain with one more step inside it.
func + (chain: ScriptSteps?, step: ScriptStep) -> ScriptSteps {
    ScriptSteps(step, after: chain)
}

/// What a step, or a chain of them, does to any timing: for each kind of timing it
/// meets, the kind it leaves and its delay, either fixed or the incoming one plus a
/// constant. Two transfers compose into one, so a chain is folded once however many
/// effects sit on it, with the same result as applying its steps one by one (the sums
/// are of non-negative delays held at one bound, which is associative).
struct TimingTransfer {
    enum Delay {
        case fixed(Int?)
        /// The incoming delay plus this (unknown when either is).
        case plus(Int?)
    }

    typealias Outcome = (kind: ScriptTiming.Kind, delay: Delay)

    /// Indexed by `ScriptTiming.Kind.rawValue`: one per kind, held in place (`Outcomes`),
    /// not in an array allocated for every step and every composition.
    private var outcomes: Outcomes
    /// Whether the steps pass a `DOMContentLoaded` or `load` listener (`afterParse`).
    private var afterParse = false

    static let identity = TimingTransfer(ScriptTiming.Kind.allCases.map { ($0, .plus(0)) })

    private init(_ outcomes: [Outcome], afterParse: Bool = false) {
        self.outcomes = Outcomes(outcomes)
        self.afterParse = afterParse
    }

    private init(_ outcomes: Outcomes, afterParse: Bool) {
        self.outcomes = outcomes
        self.afterParse = afterParse
    }

    /// The five outcomes, one per `ScriptTiming.Kind` by its raw value.
    struct Outcomes {
        var load, timer, handler, async, parse: Outcome

        init(_ list: [Outcome]) {
            precondition(list.count == ScriptTiming.Kind.allCases.count)
            (load, timer, handler, async, parse) = (list[0], list[1], list[2], list[3], list[4])
        }

        init(load: Outcome, timer: Outcome, handler: Outcome, async: Outcome, parse: Outcome) {
            (self.load, self.timer, self.handler, self.async, self.parse) = (load, timer, handler, async, parse)
        }

        subscript(_ index: Int) -> Outcome {
            switch index {
            case 0: return load
            case 1: return timer
            case 2: return handler
            case 3: return async
            default: return parse
            }
        }

        func map(_ transform: (Outcome) -> Outcome) -> Outcomes {
            Outcomes(load: transform(load), timer: transform(timer), handler: transform(handler),
                     async: transform(async), parse: transform(parse))
        }
    }

    init(_ step: ScriptStep) {
        switch step {
        case .timer(let box):
            let delay = box.ms
            self.init(Outcomes(load: (.timer, .fixed(delay)), timer: (.timer, .plus(delay)), handler: (.async, .fixed(delay)),
                               async: (.async, .plus(delay)), parse: (.timer, .fixed(delay))), afterParse: false)
        case .promise:
            // A promise continuation loses the gesture; how long it waits is unknown (after
            // the parser's script, so no longer while parsing).
            self.init(Outcomes(load: (.load, .plus(0)), timer: (.timer, .plus(0)), handler: (.async, .fixed(nil)),
                               async: (.async, .plus(0)), parse: (.load, .plus(0))), afterParse: false)
        case .listener(let listener):
            let kind: ScriptTiming.Kind
            switch listener {
            case .activation: kind = .handler
            case .load: kind = .load
            case .other: kind = .async
            }
            let outcome: Outcome = (kind, .fixed(nil))
            self.init(Outcomes(load: outcome, timer: outcome, handler: outcome, async: outcome, parse: outcome),
                      afterParse: listener == .load)
        }
    }

    func apply(to timing: ScriptTiming) -> ScriptTiming {
        let outcome = outcomes[timing.kind.rawValue]
        let afterParse = timing.afterParse || self.afterParse
        switch outcome.delay {
        case .fixed(let ms): return ScriptTiming(kind: outcome.kind, delayMs: ms, afterParse: afterParse)
        case .plus(let ms):
            return ScriptTiming(kind: outcome.kind, delayMs: ScriptTiming.sum(timing.delayMs, ms), afterParse: afterParse)
        }
    }

    /// This transfer, then `next`.
    func then(_ next: TimingTransfer) -> TimingTransfer {
        TimingTransfer(outcomes.map { first in
            let second = next.outcomes[first.kind.rawValue]
            switch (first.delay, second.delay) {
            case (_, .fixed): return second
            case (.fixed(let a), .plus(let b)): return (second.kind, .fixed(ScriptTiming.sum(a, b)))
            case (.plus(let a), .plus(let b)): return (second.kind, .plus(ScriptTiming.sum(a, b)))
            }
        }, afterParse: afterParse || next.afterParse)
    }
}

final class TimerDelay {
    var ms: Int?
    init(_ ms: Int? = nil) { self.ms = ms }

    /// The delay a timer gets for a number written as its delay argument. `setTimeout`
    /// and `setInterval` take a WebIDL `long` (HTML Standard §8.6 Timers, `optional long
    /// timeout = 0`): NaN and ±∞ become 0, the fraction is dropped, the integer is taken
    /// modulo 2^32 into a signed 32-bit value (Web IDL, ConvertToInt); then the timer
    /// initialisation steps' "If timeout is less than 0, then set timeout to 0"
    /// (https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timer-initialisation-steps).
    /// So 2,147,483,648 and 1e19 fire at once, 2^32 + 300 after 300 ms (Chromium does
    /// the same), and every delay is within 0…2,147,483,647 (`PageClock.maxDelayMs`).
    static func milliseconds(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        var modulo = value.rounded(.towardZero).truncatingRemainder(dividingBy: 4_294_967_296)
        if modulo < 0 { modulo += 4_294_967_296 }
        let long = modulo >= 2_147_483_648 ? modulo - 4_294_967_296 : modulo
        return max(0, Int(long))
    }
}

/// Event types by what they say about the user: Chromium grants transient activation on
/// keydown, mousedown, pointerdown, pointerup and touchend, and the events dispatched
/// from those (click, submit, change, …) run while it is active.
enum EventClass: Equatable {
    case activation
    case load
    case other

    static func of(_ eventName: String) -> EventClass {
        // A name already in lower-case ASCII (nearly every one: `click`, `load`) is its own
        // lower-case: not made again (issue 17).
        let name = eventName.utf8.allSatisfy({ $0 < 0x80 && !(0x41...0x5A).contains($0) })
            ? eventName : eventName.lowercased()
        if activationEvents.contains(name) { return .activation }
        if loadEvents.contains(name) { return .load }
        return .other
    }

    static let activationEvents: Set<String> = [
        "click", "dblclick", "auxclick", "contextmenu", "mousedown", "mouseup",
        "pointerdown", "pointerup", "touchend", "keydown", "keyup", "keypress",
        "submit", "reset", "change", "input",
    ]
    /// Events that fire as the page loads, without the user.
    static let loadEvents: Set<String> = [
        "load", "domcontentloaded", "pageshow", "readystatechange", "error",
    ]
}
