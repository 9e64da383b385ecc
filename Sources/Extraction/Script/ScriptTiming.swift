import LinkAuditModel

/// When a piece of script runs relative to the user: the input the policies need
/// (a gesture or not, and how long after the tap or the load). Script is placed by
/// folding the boundaries it sits behind (timers, promises, event listeners) onto the
/// timing of where its text sits (a load script, a click handler, …).
struct ScriptTiming: Equatable {
    enum Kind: Equatable {
        /// Runs at page load with no user input.
        case load
        /// A timer started at load.
        case timer
        /// Synchronously inside a user-activation event handler.
        case handler
        /// After a handler, past a timer or promise boundary: no gesture.
        case async
    }

    var kind: Kind
    var delayMs: Int?

    static let load = ScriptTiming(kind: .load, delayMs: nil)
    static let handler = ScriptTiming(kind: .handler, delayMs: nil)

    var trigger: Trigger {
        switch kind {
        case .load: return .scriptLoad
        case .timer: return .scriptTimer
        case .handler: return .scriptHandler
        case .async: return .scriptAsync
        }
    }

    func applying(_ step: ScriptStep) -> ScriptTiming {
        switch step {
        case .timer(let box):
            let delay = box.ms
            switch kind {
            case .load: return ScriptTiming(kind: .timer, delayMs: delay)
            case .timer: return ScriptTiming(kind: .timer, delayMs: Self.sum(delayMs, delay))
            case .handler: return ScriptTiming(kind: .async, delayMs: delay)
            case .async: return ScriptTiming(kind: .async, delayMs: Self.sum(delayMs, delay))
            }
        case .promise:
            // A promise continuation loses the gesture; how long it waits is unknown.
            return kind == .handler ? ScriptTiming(kind: .async, delayMs: nil) : self
        case .listener(let listener):
            switch listener {
            case .activation: return .handler
            case .load: return .load
            case .other: return ScriptTiming(kind: .async, delayMs: nil)
            }
        }
    }

    func applying(_ steps: [ScriptStep]) -> ScriptTiming {
        steps.reduce(self) { $0.applying($1) }
    }

    private static func sum(_ a: Int?, _ b: Int?) -> Int? {
        guard let a, let b else { return nil }
        return a + b
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

final class TimerDelay {
    var ms: Int?
    init(_ ms: Int? = nil) { self.ms = ms }
}

/// Event types by what they say about the user: Chromium grants transient activation on
/// keydown, mousedown, pointerdown, pointerup and touchend, and the events dispatched
/// from those (click, submit, change, …) run while it is active.
enum EventClass: Equatable {
    case activation
    case load
    case other

    static func of(_ eventName: String) -> EventClass {
        let name = eventName.lowercased()
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
