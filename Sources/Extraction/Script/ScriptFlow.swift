/// Follows a value written at a sink back to the literal it holds, one hop, across every
/// script of a document (README, Triggers): a variable bound to a literal, a property of
/// an object literal or of a JSON block, a parameter given a literal by the call. A
/// variable bound to another variable, a property of a parameter, a value returned by a
/// function are a second hop and are not followed.
struct ScriptFlow {
    /// Values of one object literal kept.
    static let maxObjectEntries = 256
    /// Values of one JSON block kept.
    static let maxBlockEntries = 1_024

    /// A binding, with the script it was made in (its literals are that script's).
    struct Located {
        let script: Int
        let value: BindingValue
        /// An object's values by path, so a property is found in one look-up.
        var paths: [[String]: [ScriptLiteral]] = [:]
    }

    /// A literal a call passes, with where it is written and the branch of the call.
    struct Argument {
        let script: Int
        let literal: ScriptLiteral
        let condition: String?
    }

    /// A URL a value resolves to, with the literal it starts with.
    struct Resolved {
        var raw: String
        var partial: Bool
        /// The script whose literal it is, and that literal's identity (`ScriptLiteral.key`)
        /// and offset (its line): the literal itself held its text a second time, retained
        /// and released with every URL resolved (issue 17).
        var script: Int
        var key: Int
        var offset: Int
        var condition: String?
    }

    /// An element a script names, as far as the document tells.
    struct Element {
        /// Which element: writes and actions on the same one meet here (nil: unknown).
        var key: Key?
        /// `a`, `iframe`, `form`, …; nil when unknown.
        var tag: String?
        var created: Bool
        var target: String?
        var method: String?
        /// The element's own navigation in the document (`ElementIndex.Element.own`).
        var own: (index: Int, line: Int)?

        enum Key: Hashable {
            case id(String)
            case selector(tag: String?, className: String?)
            case created(script: Int, key: Int, instance: Int?)
        }
    }

    /// Switch: a navigation's literal read in place (`resolve(navigationOf:…)`); off, every
    /// value resolved the plain way. Read once per document's placement.
    @TaskLocal static var readsLiteralsInPlace = true
    private let readsLiteralsInPlace = ScriptFlow.readsLiteralsInPlace

    private var bindings: [ScriptBindings.Key: [Located]] = [:]
    /// JSON blocks by their element's id (the first with an id, as `getElementById` finds),
    /// with their values by path.
    private var blocks: [String: (script: Int, paths: [[String]: [ScriptLiteral]])] = [:]
    private let elements: ElementIndex

    init(scripts: [PlacedScript], elements: ElementIndex) {
        self.elements = elements
        // Read in place: `enumerated()` copied each script (its unit's tables) on the way.
        for index in scripts.indices {
            if let id = scripts[index].blockID, blocks[id] == nil { blocks[id] = (index, Self.byPath(scripts[index].unit.entries)) }
            for (key, values) in scripts[index].unit.bindings.table {
                guard bindings[key] != nil || bindings.count < ScriptBindings.maxNames else { continue }
                for value in values where bindings[key, default: []].count < ScriptBindings.maxValues {
                    var located = Located(script: index, value: value)
                    if case .object(let entries) = value { located.paths = Self.byPath(entries) }
                    bindings[key, default: []].append(located)
                }
            }
        }
    }

    private static func byPath(_ entries: [ObjectEntry]) -> [[String]: [ScriptLiteral]] {
        var paths: [[String]: [ScriptLiteral]] = [:]
        for entry in entries { paths[entry.path, default: []].append(entry.value) }
        return paths
    }

    func values(of name: String, in function: String?) -> [Located] {
        if let function, let local = bindings[ScriptBindings.Key(function: function, name: name)] { return local }
        return bindings[ScriptBindings.Key(function: nil, name: name)] ?? []
    }

    /// The URLs the value at `index` of `list` can be, written at a sink in `script` inside
    /// `function` (called with `arguments`), at most `ScriptBindings.maxValues`. The value
    /// is read where it lies: passed on its own, it was copied out of its list (its source
    /// and tail retained) and destroyed for every value placed (issue 17).
    func resolve(_ list: [ScriptValue], at index: Int, script: Int, function: String?,
                 arguments: [Argument?]) -> [Resolved] {
        var out: [Resolved] = []
        resolve(list, at: index, script: script, function: function, arguments: arguments, into: &out)
        return out
    }

    /// `resolve` of the value at `value` of the navigation `effects[k]` (none for another
    /// action). A literal alone, with no joins, branch or anything open after it (most sinks),
    /// is read where it lies, its text copied once for its one URL: the `switch` of `resolve`
    /// copied the navigation's target out of the list and the value's source out of its values
    /// around that copy, a URL literal's text and the values retained and released once more,
    /// atomically, per navigation placed (issue 17). Any other value, or all of them when
    /// `readsLiteralsInPlace` is off (the reference, `ScriptFlowInPlaceTests`), goes through
    /// `resolve` from the navigation's values. (One URL: within `ScriptBindings.maxValues`.)
    func resolve(navigationOf effects: [ScriptEffect], at k: Int, value: Int, script: Int, function: String?,
                 arguments: [Argument?], into out: inout [Resolved]) {
        if readsLiteralsInPlace, let literal = effects[k].action.navigationLiteral(at: value) {
            out.append(Resolved(raw: literal.raw, partial: literal.partial, script: script, key: literal.key,
                                offset: literal.offset, condition: nil))
            return
        }
        guard case .navigate(let target) = effects[k].action else { return }
        resolve(target.values, at: value, script: script, function: function, arguments: arguments, into: &out)
    }

    /// `resolve`, the URLs appended to `out`: a walk lends one list for all its values,
    /// where a list made per value was an allocation per navigation placed (issue 17).
    func resolve(_ list: [ScriptValue], at index: Int, script: Int, function: String?,
                 arguments: [Argument?], into out: inout [Resolved]) {
        let start = out.count
        func add(_ literal: ScriptLiteral, in script: Int, tail: [ScriptValue.Piece] = [], open: Bool = false,
                 condition: String? = nil) {
            guard out.count - start < ScriptBindings.maxValues else { return }
            // The binding's own joins: text is its own, a name would be a second hop.
            var raw = literal.raw
            var partial = literal.partial || open
            for piece in tail where !partial {
                switch piece {
                case .text(let text): raw += text
                case .name: partial = true
                }
            }
            out.append(Resolved(raw: raw, partial: partial, script: script, key: literal.key, offset: literal.offset,
                                condition: condition))
        }
        switch list[index].source {
        case .literal(let literal):
            add(literal, in: script)
        case .variable(let name):
            for located in values(of: name, in: function) {
                guard case .value(let bound) = located.value, case .literal(let literal) = bound.source else { continue }
                add(literal, in: located.script, tail: bound.tail, open: bound.open, condition: bound.condition)
            }
        case .property(let root, let path):
            for located in values(of: root, in: function) {
                switch located.value {
                case .object:
                    for literal in located.paths[path] ?? [] { add(literal, in: located.script) }
                case .json(let id):
                    guard let block = blocks[id] else { continue }
                    for literal in block.paths[path] ?? [] { add(literal, in: block.script) }
                default:
                    continue
                }
            }
        case .parameter(let index):
            if index < arguments.count, let argument = arguments[index] {
                add(argument.literal, in: argument.script, condition: argument.condition)
            }
        }
        // A value with no joins, no branch and nothing open after it (most sinks: one
        // literal) is what `joined` would give back unchanged: no second list made.
        if list[index].tail.isEmpty, !list[index].open, list[index].condition == nil { return }
        let value = list[index]
        for j in start..<out.count { out[j] = joined(out[j], value, function: function) }
    }

    /// The sink's own joins after the value: text, and a name whose one binding is one
    /// whole literal (`'gojek://pay?ref=' + orderId` with `var orderId = 'ORD-1'`).
    private func joined(_ resolved: Resolved, _ value: ScriptValue, function: String?) -> Resolved {
        var resolved = resolved
        resolved.condition = ScriptCondition.both(value.condition, resolved.condition)
        for piece in value.tail where !resolved.partial {
            switch piece {
            case .text(let text):
                resolved.raw += text
            case .name(let name):
                if let text = onlyLiteral(name, function: function) { resolved.raw += text } else { resolved.partial = true }
            }
        }
        if value.open { resolved.partial = true }
        return resolved
    }

    /// The literal a name holds when it holds exactly one, whole.
    private func onlyLiteral(_ name: String, function: String?) -> String? {
        let located = values(of: name, in: function)
        guard located.count == 1, case .value(let bound) = located[0].value, case .literal(let literal) = bound.source,
              !literal.partial, !bound.open, bound.tail.isEmpty else { return nil }
        return literal.raw
    }

    /// The element `reference` names, from `script` inside `function`. An element a
    /// function makes in its own scope is a new one at each call: `instance` tells the
    /// calls apart, so a frame is inserted by the call that gave it its `src`.
    func element(_ reference: ElementRef, script: Int, function: String?, instance: Int) -> Element {
        var reference = reference
        var script = script
        var local = function != nil
        if case .variable(let name) = reference {
            let own = function.flatMap { bindings[ScriptBindings.Key(function: $0, name: name)] }
            local = own != nil
            guard let bound = values(of: name, in: function).first(where: {
                if case .element = $0.value { return true } else { return false }
            }), case .element(let found) = bound.value else {
                return Element(key: nil, tag: nil, created: false)
            }
            reference = found
            script = bound.script
        }
        switch reference {
        case .id(let id):
            let known = elements.byID[id]
            return Element(key: .id(id), tag: known?.tag, created: false, target: known?.target, method: known?.method,
                           own: known?.own)
        case .selector(let tag, let className):
            let known = elements.first(tag: tag, className: className)
            return Element(key: .selector(tag: tag, className: className), tag: tag ?? known?.tag, created: false,
                           target: known?.target, method: known?.method, own: known?.own)
        case .some(let tag):
            return Element(key: nil, tag: tag, created: false)
        case .created(let tag, let key):
            return Element(key: .created(script: script, key: key, instance: local ? instance : nil), tag: tag,
                           created: true)
        case .variable, .unknown:
            return Element(key: nil, tag: nil, created: false)
        }
    }
}

/// What placement needs of the document besides its scripts.
struct ScriptDocument {
    var elements = ElementIndex()
    /// `<base target>`: the frame a link without its own `target` opens in.
    var baseTarget: String?
}
