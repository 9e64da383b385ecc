/// What the scanner found in one piece of script, before it is placed on the page:
/// the extractor decides each effect's trigger from where the script sits and, for a
/// function, from where it is called.
struct ScriptUnit {
    /// Effects of the script's own top-level code.
    private(set) var effects: [ScriptEffect] = []
    /// Named functions declared in it, with their effects relative to the call.
    private(set) var functions: [String: [ScriptEffect]] = [:]

    /// Where an effect was put, to finish it once later tokens are read.
    struct EffectRef {
        let function: String?
        let index: Int
    }

    @discardableResult
    mutating func add(_ effect: ScriptEffect, function: String?) -> EffectRef {
        if let function {
            functions[function, default: []].append(effect)
            return EffectRef(function: function, index: functions[function]!.count - 1)
        }
        effects.append(effect)
        return EffectRef(function: nil, index: effects.count - 1)
    }

    /// Sets the window of a navigation recorded before its arguments were read
    /// (`window.open(url, '_self')`: the second argument decides).
    mutating func setWindow(_ window: ScriptTarget.Window, of ref: EffectRef) {
        func update(_ effect: inout ScriptEffect) {
            if case .navigate(var target) = effect.action {
                target.window = window
                effect.action = .navigate(target)
            }
        }
        if let function = ref.function {
            update(&functions[function]![ref.index])
        } else {
            update(&effects[ref.index])
        }
    }

    /// Takes in a unit scanned from code inside a string (`setTimeout("…", 500)`),
    /// placing its effects at the string's offset. The inner scan started from the
    /// steps in force at the string, so its effects already sit behind them.
    mutating func absorb(_ inner: ScriptUnit, at offset: Int, into function: String?) {
        for effect in inner.effects {
            add(ScriptEffect(action: effect.action, steps: effect.steps, offset: offset), function: function)
        }
        for (name, body) in inner.functions {
            functions[name, default: []] += body.map { ScriptEffect(action: $0.action, steps: $0.steps, offset: offset) }
        }
    }
}

struct ScriptEffect {
    enum Action {
        case navigate(ScriptTarget)
        /// A call of (or a reference to) a function by name.
        case call(String)
    }

    var action: Action
    /// Boundaries between where the script sits and this effect, shared with the
    /// frame it sits in (nil: none).
    var steps: ScriptSteps?
    /// Byte offset in the script text, for the line number.
    var offset: Int
}

/// A navigation target written in script.
struct ScriptTarget: Equatable {
    enum Window: Equatable {
        /// The script's own browsing context.
        case same
        /// `top.location` / `parent.location`: the main frame.
        case top
        /// `window.open`.
        case newWindow
    }

    /// The literal text, or the literal prefix when `partial`.
    var raw: String
    var partial: Bool
    var window: Window
    /// `location`, `location.href`, `location.assign`, `location.replace`, `window.open`, `literal`.
    var sink: String
}
