/// The readers the scanner starts at a sink, a binding or a call: each reads forward from
/// one token over the tokens at its own level, stepping over a bracketed group with one
/// look-up (`closers`), and stops at a fixed number of tokens, values or entries. Two
/// readers never read the same level of the same tokens (a reader stops at the `=` where
/// another starts), so the scan stays linear (Docs/ARCHITECTURE.md §5).
extension ScriptTokens {
    /// Values an expression may have (`a ? x : y || z` has three).
    static let maxAlternatives = 4
    /// Tokens an expression is read over, at its own level.
    static let maxExpressionTokens = 256
    /// Properties in a path (`cfg.app.ios.url`), and object nesting followed.
    static let maxPath = 6
    /// Arguments and parameters read by position.
    static let maxArguments = 8

    // MARK: - Expressions

    /// The values of the expression starting at token `start`, each with the branch of
    /// `?:` or `&&` it is on. A value is a literal, a variable, a property path or a
    /// parameter of the function (`parameters`), then what `+` joins to it. `merged`
    /// receives the index of every literal token read into a value.
    func values<Marks: LiteralMarks>(at start: Int, parameters: [String?], merged: inout Marks) -> [ScriptValue] {
        var out: [ScriptValue] = []
        var i = start
        var read = 0
        // The branch of the enclosing `?:` arms, and after `&&` the guard before it.
        var branch: String?
        var guardText: String?
        var elseBranches: [String?] = []
        var segmentStart = start
        while out.count < Self.maxAlternatives {
            let (end, separator) = segmentEnd(from: i, read: &read)
            // The condition before a `?` or an `&&`, from where its alternative starts.
            func written() -> String? {
                token(segmentStart).map { text(from: $0.offset, to: token(end)?.offset ?? source.utf8.count) }
            }
            switch separator {
            case "?":
                let condition = written()
                elseBranches.append(ScriptCondition.both(branch, condition.map(ScriptCondition.not)))
                branch = ScriptCondition.both(branch, condition)
                guardText = nil
                segmentStart = end + 1
            case "&&":
                guardText = written()
            default:
                // Appended by the reader, then its branch set in place: set in a variable first,
                // or bound out of an optional result, it was copied into the list and destroyed.
                if appendValue(in: i..<end, parameters: parameters, merged: &merged, to: &out) {
                    out[out.count - 1].condition = ScriptCondition.both(branch, guardText)
                }
                guardText = nil
                segmentStart = end + 1
                if separator == ":" {
                    guard let other = elseBranches.popLast() else { return out }
                    branch = other
                }
            }
            guard separator != nil else { return out }
            i = end + 1
        }
        return out
    }

    /// Where the segment starting at `start` ends: at `?`, `:`, `&&`, `||`, `??` (returned),
    /// or at the end of the expression (nil): `;`, `,`, a closer, an assignment, a keyword
    /// that starts a statement, a line break between two operands, or the token budget.
    private func segmentEnd(from start: Int, read: inout Int) -> (Int, String?) {
        // Tokens read in place and the one before named by index (-1: none): bound as copies,
        // each token's text was retained and released, a URL literal's atomically (issue 17).
        var j = start
        var previous = -1
        while isToken(j), read < Self.maxExpressionTokens {
            read += 1
            if tokens[j].kind == .punct {
                // One-byte punctuators by their byte, the few longer ones by text.
                switch tokens[j].byte {
                case 0x3F: return (j, "?")
                case 0x3A: return (j, ":")
                case 0x3B, 0x2C, 0x29, 0x5D, 0x7D, 0x3D: return (j, nil)  // ; , ) ] } =
                case 0x28, 0x5B, 0x7B:  // ( [ {
                    guard let close = closer(of: j) else { return (j, nil) }
                    previous = close
                    j = close + 1
                    continue
                case 0:
                    switch tokens[j].text {
                    case "&&": return (j, "&&")
                    case "||": return (j, "||")
                    case "??": return (j, "??")
                    case "+=", "=>": return (j, nil)
                    default: break
                    }
                default: break
                }
            } else if j > start {
                if tokens[j].kind == .identifier, JSKeywords.statements.contains(tokens[j].text),
                   previous < 0 || (!tokens[previous].isPunct(".") && !tokens[previous].isPunct("?.")) { return (j, nil) }
                if tokens[j].newlineBefore, previous >= 0, tokens[previous].endsOperand, tokens[j].startsOperand {
                    return (j, nil)
                }
            }
            previous = j
            j += 1
        }
        return (j, nil)
    }

    /// One value: an operand, then `+ operand` while each is followed.
    /// The value in `range` appended to `out` (moved in: appended as a copy, it was copied
    /// and the local destroyed); false when there is none.
    private func appendValue<Marks: LiteralMarks>(in range: Range<Int>, parameters: [String?], merged: inout Marks,
                             to out: inout [ScriptValue]) -> Bool {
        guard !range.isEmpty else { return false }
        let (head, afterHead) = operand(at: range.lowerBound, parameters: parameters)
        var value: ScriptValue
        // The operand matched as it is consumed, so its text is moved into the literal: matched
        // as a copy, a URL literal's text was retained for the value and released with the
        // operand, both atomically, once per navigation a script writes (issue 17).
        switch consume head {
        case .text(let raw, let partial, let offset):
            merged.mark(range.lowerBound)
            value = ScriptValue(source: .literal(ScriptLiteral(raw: raw, partial: partial, offset: offset)))
            if partial {
                value.open = true
                out.append(consume value)
                return true
            }
        case .source(let source):
            value = ScriptValue(source: source)
        case .unknown:
            return false
        }
        var i = afterHead
        while i < range.upperBound, token(i)?.isPunct("+") == true, i + 1 < range.upperBound,
              value.tail.count < Self.maxArguments * 2 {
            let (next, after) = operand(at: i + 1, parameters: parameters)
            switch next {
            case .text(let text, let partial, _):
                merged.mark(i + 1)
                value.append(text)
                if partial {
                    value.open = true
                    out.append(consume value)
                    return true
                }
            case .source(.variable(let name)):
                value.tail.append(.name(name))
            default:
                value.open = true
                out.append(consume value)
                return true
            }
            i = after
        }
        if i < range.upperBound { value.open = true }
        out.append(consume value)
        return true
    }

    private enum Operand {
        case text(String, partial: Bool, offset: Int)
        case source(ScriptSource)
        case unknown
    }

    /// A literal, a name (`u`), a property path (`cfg.url`, `cfg['url']`, `c.list[0].url`,
    /// `window.APP_URL`), or a parameter; a call or anything else is unknown.
    private func operand(at i: Int, parameters: [String?]) -> (Operand, Int) {
        guard let t = token(i) else { return (.unknown, i) }
        if t.isLiteral { return (.text(t.text, partial: t.kind == .templatePrefix, offset: t.offset), i + 1) }
        guard t.kind == .identifier, !JSKeywords.isKeyword(t.text) else {
            if (t.isPunct("(") || t.isPunct("[") || t.isPunct("{")), let close = closer(of: i) { return (.unknown, close + 1) }
            return (.unknown, i + 1)
        }
        var path: [String] = []
        var j = i + 1
        while path.count <= Self.maxPath, let next = token(j) {
            if next.isPunct(".") || next.isPunct("?."), let name = token(j + 1), name.kind == .identifier {
                path.append(name.text)
                j += 2
            } else if next.isPunct("["), let key = token(j + 1), token(j + 2)?.isPunct("]") == true,
                      key.kind == .string || key.kind == .number {
                path.append(key.kind == .number ? "[]" : key.text)
                j += 3
            } else {
                break
            }
        }
        if let next = token(j), next.isPunct("(") || next.isPunct("[") {
            return (.unknown, closer(of: j).map { $0 + 1 } ?? j + 1)
        }
        var root = t.text
        if ScriptNames.isGlobalObject(root), !path.isEmpty { root = path.removeFirst() }
        if path.isEmpty {
            if let index = parameters.firstIndex(of: root) { return (.source(.parameter(index)), j) }
            return (.source(.variable(root)), j)
        }
        if parameters.contains(root) || path.count > Self.maxPath { return (.unknown, j) }
        return (.source(.property(root: root, path: path)), j)
    }

    // MARK: - Object literals and JSON

    /// The string values of the object or array literal whose bracket is at `start`, by
    /// path, at most `limit`: nested objects and arrays are followed `maxPath` deep on an
    /// explicit stack; functions, calls and other values are stepped over.
    func entries(at start: Int, limit: Int) -> [ObjectEntry] {
        guard let open = token(start), open.isPunct("{") || open.isPunct("[") else { return [] }
        struct Level {
            var path: [String]
            var isArray: Bool
            var end: Int
        }
        var out: [ObjectEntry] = []
        var levels = [Level(path: [], isArray: open.isPunct("["), end: closer(of: start) ?? count)]
        var i = start + 1
        while let level = levels.last, out.count < limit {
            if i >= level.end {
                levels.removeLast()
                if let parent = levels.last { i = skipMember(from: level.end + 1, end: parent.end) }
                continue
            }
            var path = level.path
            if level.isArray {
                path.append("[]")
            } else {
                guard let key = token(i), key.kind == .identifier || key.kind == .string || key.kind == .number,
                      token(i + 1)?.isPunct(":") == true else {
                    i = skipMember(from: i, end: level.end)
                    continue
                }
                path.append(key.text)
                i += 2
            }
            guard let value = token(i) else { break }
            if value.isLiteral {
                let after = token(i + 1)
                let last = i + 1 >= level.end
                if last || after?.isPunct(",") == true || after?.isPunct("+") == true {
                    let partial = value.kind == .templatePrefix || !last && after?.isPunct("+") == true
                    out.append(ObjectEntry(path: path, value: ScriptLiteral(raw: value.text, partial: partial,
                                                                           offset: value.offset)))
                }
            } else if value.isPunct("{") || value.isPunct("["), levels.count <= Self.maxPath,
                      let close = closer(of: i), close < level.end {
                levels.append(Level(path: path, isArray: value.isPunct("["), end: close))
                i += 1
                continue
            }
            i = skipMember(from: i, end: level.end)
        }
        return out
    }

    /// The index after the `,` that ends the member starting at `i`, or `end`.
    private func skipMember(from i: Int, end: Int) -> Int {
        var j = i
        while j < end, let t = token(j) {
            if t.isPunct(",") { return j + 1 }
            if t.isPunct("(") || t.isPunct("[") || t.isPunct("{") {
                guard let close = closer(of: j), close < end else { return end }
                j = close + 1
                continue
            }
            j += 1
        }
        return end
    }

    // MARK: - Elements

    /// `getElementById('x')`, `querySelector('…')`, `createElement('iframe')` (as methods),
    /// `$('…')` and `jQuery('…')` (`$('<iframe>')` makes one), with the name at `i`: the
    /// element, and the index of the call's `)`.
    func elementLookup(at i: Int) -> (element: ElementRef, close: Int)? {
        guard let name = token(i), name.kind == .identifier, token(i + 1)?.isPunct("(") == true,
              let argument = token(i + 2), argument.kind == .string, token(i + 3)?.isPunct(")") == true else { return nil }
        let isMember = token(i - 1)?.isPunct(".") == true
        let element: ElementRef
        switch name.text {
        case "getElementById" where isMember:
            element = .id(argument.text)
        case "querySelector" where isMember:
            element = ElementRef.selector(argument.text)
        case "createElement" where isMember:
            element = .created(tag: argument.text.trimmingASCIIWhitespace.lowercased(), key: name.offset)
        case "$" where !isMember, "jQuery" where !isMember:
            if argument.text.hasPrefix("<") {
                let tag = argument.text.dropFirst().prefix { $0.isLetter || $0.isNumber }
                element = .created(tag: tag.lowercased(), key: name.offset)
            } else {
                element = ElementRef.selector(argument.text)
            }
        default:
            return nil
        }
        return (element, i + 3)
    }

    // MARK: - Calls and parameters

    /// The literals passed to the call whose `(` is at `open`, by position: nil where an
    /// argument is not a literal (or literals joined); empty when none is.
    func literalArguments(at open: Int) -> [ScriptLiteral?] {
        guard let close = closer(of: open) else { return [] }
        var out: [ScriptLiteral?] = []
        // Arguments that are no literal, counted and written only before a literal that
        // follows them: trailing ones are dropped anyway, and appended first, they made a list
        // (an allocation) for most calls, which pass no literal (issue 17).
        var unwritten = 0
        var i = open + 1
        while i < close, out.count + unwritten < Self.maxArguments {
            var literal: ScriptLiteral?
            var j = i
            if let first = token(i), first.isLiteral {
                var raw = first.text
                var partial = first.kind == .templatePrefix
                j = i + 1
                while !partial, j + 1 < close, token(j)?.isPunct("+") == true, let next = token(j + 1), next.isLiteral {
                    raw += next.text
                    partial = next.kind == .templatePrefix
                    j += 2
                }
                if j < close, token(j)?.isPunct(",") != true { partial = true }
                literal = ScriptLiteral(raw: raw, partial: partial, offset: first.offset)
            }
            j = skipMember(from: j, end: close)
            if let literal {
                for _ in 0..<unwritten { out.append(nil) }
                unwritten = 0
                out.append(literal)
            } else {
                unwritten += 1
            }
            i = j
        }
        return out
    }

    /// The names in the parameter list whose `(` is at `open`, by position (nil for a
    /// pattern or a rest parameter).
    func parameterNames(at open: Int) -> [String?] {
        guard let close = closer(of: open) else { return [] }
        var out: [String?] = []
        var i = open + 1
        while i < close, out.count < Self.maxArguments {
            var name: String?
            if let t = token(i), t.kind == .identifier, let after = token(i + 1),
               i + 1 == close || after.isPunct(",") || after.isPunct("=") {
                name = t.text
            }
            out.append(name)
            i = skipMember(from: i, end: close)
        }
        return out
    }
}

extension ScriptValue {
    /// Literal text joined at the end: into the literal itself while nothing else is joined.
    mutating func append(_ text: String) {
        if tail.isEmpty, case .literal(var literal) = source {
            literal.raw += text
            source = .literal(literal)
        } else if case .text(let before)? = tail.last {
            tail[tail.count - 1] = .text(before + text)
        } else {
            tail.append(.text(text))
        }
    }
}

extension JSToken {
    /// Can end an operand: a statement may end after it at a line break.
    var endsOperand: Bool {
        switch kind {
        case .identifier, .string, .templatePrefix, .number: return true
        case .punct: return byte == 0x29 || byte == 0x5D || byte == 0x7D  // ) ] }
        }
    }

    /// Can start one: after a line break and an operand, a new statement.
    var startsOperand: Bool {
        kind != .punct
    }
}

/// Where an expression's reader notes each literal token it reads into a value (`values`).
protocol LiteralMarks {
    mutating func mark(_ index: Int)
}

/// The indices, in the order read.
extension Array: LiteralMarks where Element == Int {
    mutating func mark(_ index: Int) { append(index) }
}

/// For a reader whose caller has no use for the marks (a binding's values, an element's
/// written ones): noted in a list, they made one (an allocation) per value read (issue 17).
struct UnreadLiterals: LiteralMarks {
    mutating func mark(_ index: Int) {}
}

/// A sink's literals marked where the scanner keeps them, by token index (`consumed`,
/// made at the tokens' count on the first mark): noted in a list first, they made one
/// (an allocation) per navigation read (issue 17).
struct ConsumedLiterals: LiteralMarks {
    var marks: [Bool]
    let count: Int

    mutating func mark(_ index: Int) {
        if marks.isEmpty { marks = [Bool](filledWith: false, count: count) }
        if index < marks.count { marks[index] = true }
    }
}
