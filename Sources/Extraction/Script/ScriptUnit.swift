/// What the scanner found in one piece of script, before it is placed on the page:
/// the extractor decides each effect's trigger from where the script sits and, for a
/// function, from where it is called; and what each name holds, so a navigation through a
/// variable, an object's property or a parameter reaches its literal (`ScriptFlow`).
struct ScriptUnit {
    /// Effects of the script's own top-level code.
    private(set) var effects: [ScriptEffect] = []
    /// Named functions declared in it, with their effects relative to the call.
    private(set) var functions: [String: [ScriptEffect]] = [:]
    /// Each named function's parameters by position (nil: not a plain name).
    var parameters: [String: [String?]] = [:]
    /// What names are bound to, in the scope of the function they are declared in.
    var bindings = ScriptBindings()
    /// A JSON block's values by their path (`{"app": {"url": "…"}}` → `app.url`).
    var entries: [ObjectEntry] = []
    /// Absolute deep-link literals no navigation sink reads directly: each is a navigation
    /// if a flow reaches it, and data (`script-literal`) otherwise.
    var literals: [ScriptLiteral] = []

    /// Where an effect was put, to finish it once later tokens are read.
    struct EffectRef {
        let function: String?
        let index: Int
    }

    /// The effect is taken owned (`consuming`) and moved into its list: borrowed, it was
    /// copied in (its action's payload, steps and condition retained) and the caller's
    /// released (Benchmarks/README.md, issue 17).
    @discardableResult
    mutating func add(_ effect: consuming ScriptEffect, function: String?) -> EffectRef {
        if let function {
            // One access of the table, where appending and then counting looked it up twice.
            return EffectRef(function: function, index: Self.append(effect, to: &functions[function, default: []]))
        }
        return EffectRef(function: nil, index: Self.append(effect, to: &effects))
    }

    private static func append(_ effect: consuming ScriptEffect, to list: inout [ScriptEffect]) -> Int {
        list.append(effect)
        return list.count - 1
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
    /// steps in force at the string, so its effects already sit behind them. Its literals
    /// are the string's own text, so they take the string's offset too.
    mutating func absorb(_ inner: ScriptUnit, at offset: Int, into function: String?) {
        for effect in inner.effects {
            add(effect.moved(to: offset), function: function)
        }
        for (name, body) in inner.functions {
            functions[name, default: []] += body.map { $0.moved(to: offset) }
        }
        for (name, list) in inner.parameters where parameters[name] == nil { parameters[name] = list }
        bindings.absorb(inner.bindings, at: offset)
        literals += inner.literals.map { $0.moved(to: offset) }
    }
}

struct ScriptEffect {
    enum Action {
        case navigate(ScriptTarget)
        /// A call of (or a reference to) a function by name, with the literals it passes
        /// by position (nil where an argument is not one).
        case call(String, arguments: [ScriptLiteral?])
        /// `a.href = …`, `f.setAttribute('src', …)`, `form.action = …`.
        case write(ElementWrite)
        /// `a.click()`, `document.body.appendChild(f)`.
        case act(ElementRef, ElementAction)
    }

    var action: Action
    /// Boundaries between where the script sits and this effect, shared with the
    /// frame it sits in (nil: none).
    var steps: ScriptSteps?
    /// Byte offset in the script text, for the line number.
    var offset: Int
    /// The branch it is written on (`if (…)`), as written; nil when it always runs.
    var condition: String?

    /// The same effect at another offset: code inside a string is placed at the string.
    func moved(to offset: Int) -> ScriptEffect {
        var effect = self
        effect.offset = offset
        switch action {
        case .navigate(var target):
            target.values = target.values.map { $0.moved(to: offset) }
            effect.action = .navigate(target)
        case .call(let name, let arguments):
            effect.action = .call(name, arguments: arguments.map { $0.map { $0.moved(to: offset) } })
        case .write(var write):
            write.values = write.values.map { $0.moved(to: offset) }
            write.element = write.element.moved(to: offset)
            effect.action = .write(write)
        case .act(let element, let action):
            effect.action = .act(element.moved(to: offset), action)
        }
        return effect
    }
}

extension ScriptEffect.Action {
    /// A navigation's window and count of values (nil: another action), read in place.
    var navigation: (window: ScriptTarget.Window, values: Int)? {
        guard case .navigate(let target) = self else { return nil }
        return (target.window, target.values.count)
    }

    /// The fields of a navigation's value at `index` when it is a literal alone, with no joins,
    /// branch or anything open after it: what `ScriptFlow.resolve` makes its one URL of,
    /// read in place. nil: another value, or another action.
    func navigationLiteral(at index: Int) -> (raw: String, partial: Bool, offset: Int, key: Int)? {
        guard case .navigate(let target) = self, index < target.values.count else { return nil }
        return target.values[index].aloneLiteral
    }
}

/// A navigation target written in script.
struct ScriptTarget {
    enum Window: Equatable {
        /// The script's own browsing context.
        case same
        /// `top.location` / `parent.location`: the main frame.
        case top
        /// `window.open`.
        case newWindow
        /// `iframe.contentWindow.location`: a frame inside the script's document.
        case sub
    }

    /// The values the expression can have (`a ? 'x://1' : 'x://2'` has two).
    var values: [ScriptValue]
    var window: Window
    /// `location`, `location.href`, `location.assign`, `location.replace`, `window.open`.
    var sink: String
}
