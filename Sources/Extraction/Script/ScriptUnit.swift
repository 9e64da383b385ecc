/// What the scanner found in one piece of script, before it is placed on the page:
/// the extractor decides each effect's trigger from where the script sits and, for a
/// function, from where it is called.
struct ScriptUnit {
    /// Effects of the script's own top-level code.
    private(set) var effects: [ScriptEffect] = []
    /// Named functions declared in it, with their effects relative to the call.
    private(set) var functions: [String: [ScriptEffect]] = [:]

    mutating func add(_ effect: ScriptEffect, function: String?) {
        if let function {
            functions[function, default: []].append(effect)
        } else {
            effects.append(effect)
        }
    }

    /// Takes in a unit scanned from code inside a string (`setTimeout("…", 500)`),
    /// placing its effects at the string's offset behind the given steps.
    mutating func absorb(_ inner: ScriptUnit, at offset: Int, prefix: [ScriptStep], into function: String?) {
        for effect in inner.effects {
            add(ScriptEffect(action: effect.action, steps: prefix + effect.steps, offset: offset), function: function)
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
    /// Boundaries between where the script sits and this effect.
    var steps: [ScriptStep]
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
