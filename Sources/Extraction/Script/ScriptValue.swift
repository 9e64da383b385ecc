/// A string a script writes: a literal, or literals joined by `+`, as far as they are known.
struct ScriptLiteral: Equatable {
    var raw: String
    /// Only a prefix is known (`'gojek://pay?id=' + id`, a template with `${…}`).
    var partial: Bool
    /// Byte offset of its first literal in the script, for its line.
    var offset: Int
    /// Which literal it is, unique in its script: its offset, or for a literal in code
    /// inside a string (`setTimeout("…")`) a number inside that string's own bytes.
    var key: Int

    init(raw: String, partial: Bool, offset: Int) {
        self.raw = raw
        self.partial = partial
        self.offset = offset
        key = offset
    }

    /// Placed at the string `offset` holding the code it was read from. The inner key lies
    /// inside the string's token (its decoded text is never longer than the token), where
    /// no other token of the outer script starts.
    func moved(to offset: Int) -> ScriptLiteral {
        var literal = self
        literal.key = offset + 1 + key
        literal.offset = offset
        return literal
    }
}

/// Where a value written at a sink comes from, followed one hop (README, Triggers).
enum ScriptSource: Equatable {
    case literal(ScriptLiteral)
    /// A variable bound elsewhere to a literal (`var u = 'app://…'; location.href = u`).
    case variable(String)
    /// A property of an object literal or of a JSON block (`cfg.url`, `cfg['url']`).
    case property(root: String, path: [String])
    /// A parameter of the named function the sink is in, by position.
    case parameter(Int)
}

/// One value an expression can have.
struct ScriptValue: Equatable {
    enum Piece: Equatable {
        case text(String)
        /// A variable whose one literal value is joined here, when a binding gives one.
        case name(String)
    }

    var source: ScriptSource
    /// Joined after the source with `+`: literal text, and names.
    var tail: [Piece] = []
    /// Something the scanner does not follow comes after the tail (a call, an expression).
    var open = false
    /// The branch it is on within its expression (`c ? a : b`), as written.
    var condition: String?

    /// A literal alone (no joins, branch or anything open after it): its fields, for
    /// `ScriptFlow.resolve` to read in place; nil for any other value.
    var aloneLiteral: (raw: String, partial: Bool, offset: Int, key: Int)? {
        guard tail.isEmpty, !open, condition == nil, case .literal(let literal) = source else { return nil }
        return (literal.raw, literal.partial, literal.offset, literal.key)
    }

    func moved(to offset: Int) -> ScriptValue {
        var value = self
        if case .literal(let literal) = source { value.source = .literal(literal.moved(to: offset)) }
        return value
    }
}

/// A value of an object literal or a JSON block, by its path from the root object.
struct ObjectEntry: Equatable {
    /// Property names from the root; an array element is `[]`.
    var path: [String]
    var value: ScriptLiteral
}

/// What a name is bound to, as far as one hop needs.
enum BindingValue {
    /// A literal, or literals joined (`var u = 'app://x?id=' + id`).
    case value(ScriptValue)
    /// An object literal's values (`var cfg = {url: '…'}`, or `cfg.url = '…'`).
    case object([ObjectEntry])
    /// `JSON.parse(document.getElementById(id).textContent)`.
    case json(blockID: String)
    /// An element found or made by script.
    case element(ElementRef)
    /// Anything else: the name does not hold one known string.
    case unknown
}

/// Names and what they hold, in the scope of the named function they are declared in
/// (nil: the global scope). Bounded: `maxNames` names, `maxValues` values each; past
/// either, more are not kept (and a name with more than one value is never joined into
/// a URL as its one value).
struct ScriptBindings {
    static let maxNames = 4_096
    static let maxValues = 8

    struct Key: Hashable {
        var function: String?
        var name: String
    }

    private(set) var table: [Key: [BindingValue]] = [:]

    mutating func bind(_ name: String, in function: String?, to value: BindingValue) {
        let key = Key(function: function, name: name)
        if table[key] == nil {
            guard table.count < Self.maxNames else { return }
            table[key] = [value]
            return
        }
        table[key]!.count < Self.maxValues ? table[key]!.append(value) : ()
    }

    func values(of name: String, in function: String?) -> [BindingValue] {
        if let function, let local = table[Key(function: function, name: name)] { return local }
        return table[Key(function: nil, name: name)] ?? []
    }

    /// Whether `name` is declared in `function`'s own scope.
    func declares(_ name: String, in function: String) -> Bool {
        table[Key(function: function, name: name)] != nil
    }

    mutating func absorb(_ other: ScriptBindings, at offset: Int) {
        for (key, values) in other.table {
            for value in values { bind(key.name, in: key.function, to: value.moved(to: offset)) }
        }
    }
}

extension BindingValue {
    func moved(to offset: Int) -> BindingValue {
        switch self {
        case .value(let value): return .value(value.moved(to: offset))
        case .object(let entries):
            return .object(entries.map { ObjectEntry(path: $0.path, value: $0.value.moved(to: offset)) })
        case .element(let element): return .element(element.moved(to: offset))
        case .json, .unknown: return self
        }
    }
}
