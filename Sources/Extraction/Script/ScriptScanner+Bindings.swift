/// What names hold and what scripts do to elements: the half of the scan that lets a
/// navigation be followed one hop (`ScriptFlow`) and a link, frame or form written by
/// script be placed where the user or the page starts it.
extension ScriptScanner {
    /// The scope a name assigned here belongs to: the enclosing function's when it is
    /// declared there (`var`, `let`, `const`), else the global one.
    private func scope(of name: String, declared: JSToken?) -> String? {
        guard let function = currentFunction else { return nil }
        if let declared, declared.isIdentifier("var") || declared.isIdentifier("let") || declared.isIdentifier("const") {
            return function
        }
        return unit.bindings.declares(name, in: function) ? function : nil
    }

    /// `name = function …`: declared, but no string.
    mutating func bindUnknown(_ name: String, declared: JSToken?) {
        unit.bindings.bind(name, in: scope(of: name, declared: declared), to: .unknown)
    }

    /// At the `=` at token `i`: a name, a global (`window.APP_URL`), an element's
    /// attribute (`a.href`, `f.src`, `form.action`) or an object's property (`cfg.url`)
    /// given a value.
    mutating func bind(at i: Int) {
        guard let last = token(i - 1) else { return }
        if last.kind == .identifier, token(i - 2)?.isPunct(".") != true, token(i - 2)?.isPunct("?.") != true {
            guard !JSKeywords.isKeyword(last.text), last.text != "location" else { return }
            let scope = scope(of: last.text, declared: token(i - 2))
            for value in boundValues(at: i + 1) { unit.bindings.bind(last.text, in: scope, to: value) }
            return
        }
        // A write through `location` is a sink's (`scanSink`): told apart on the tokens first,
        // where its path was gathered (a list, its names copied in) for nothing at every
        // `location.href =` (issue 17); the guard after stays the test.
        guard !script.chainNamesLocation(endingAt: i - 1),
              let (root, path) = script.memberPath(endingAt: i - 1), root != "location", !path.contains("location") else { return }
        if ScriptNames.isGlobalObject(root) {
            guard path.count == 1 else { return }
            for value in boundValues(at: i + 1) { unit.bindings.bind(path[0], in: nil, to: value) }
            return
        }
        if path.count == 1, let attribute = ElementAttribute(rawValue: path[0]) {
            writeElement(root == "this" ? .unknown : .variable(root), attribute, valuesAt: i + 1)
            return
        }
        // `document.forms[0].action`, `document.forms.pay.action`: some form of the page.
        if root == "document", path.count == 3, path[0] == "forms", let attribute = ElementAttribute(rawValue: path[2]) {
            writeElement(.some("form"), attribute, valuesAt: i + 1)
            return
        }
        guard !JSKeywords.isKeyword(root) else { return }
        var unread = UnreadLiterals()
        let entries = script.values(at: i + 1, parameters: currentParameters, merged: &unread).compactMap { value -> ObjectEntry? in
            guard case .literal(var literal) = value.source else { return nil }
            literal.partial = literal.partial || value.open || !value.tail.isEmpty
            return ObjectEntry(path: path, value: literal)
        }
        if !entries.isEmpty { unit.bindings.bind(root, in: scope(of: root, declared: nil), to: .object(entries)) }
    }

    /// What the expression at token `j` gives a name: an object literal's values, a JSON
    /// block, an element, or literals; anything else is unknown.
    private mutating func boundValues(at j: Int) -> [BindingValue] {
        guard let first = token(j) else { return [.unknown] }
        // The common cases first: one literal, or one number or name, and the statement ends.
        if endsValue(token(j + 1)) {
            guard first.isLiteral else { return [.unknown] }
            let literal = ScriptLiteral(raw: first.text, partial: first.kind == .templatePrefix, offset: first.offset)
            return [.value(ScriptValue(source: .literal(literal), open: first.kind == .templatePrefix,
                                       condition: currentCondition))]
        }
        if first.isPunct("{") {
            let entries = script.entries(at: j, limit: ScriptFlow.maxObjectEntries)
            return entries.isEmpty ? [.unknown] : [.object(entries)]
        }
        if let id = jsonBlock(at: j) { return [.json(blockID: id)] }
        if let element = elementExpression(at: j) { return [.element(element)] }
        var unread = UnreadLiterals()
        let values = script.values(at: j, parameters: currentParameters, merged: &unread)
        let out = values.map { value -> BindingValue in
            // A name, a property or a parameter would be a second hop.
            guard case .literal = value.source else { return .unknown }
            var value = value
            value.condition = ScriptCondition.both(currentCondition, value.condition)
            return .value(value)
        }
        return out.isEmpty ? [.unknown] : out
    }

    /// Whether `next` ends the value before it: the end of the script, `;`, `,`, a closer,
    /// or a line break before something that is no operator.
    private func endsValue(_ next: JSToken?) -> Bool {
        guard let next else { return true }
        if next.kind == .punct { return next.isPunct(";") || next.isPunct(",") || next.isPunct(")") || next.isPunct("}") }
        return next.newlineBefore
    }

    /// `JSON.parse(document.getElementById('cfg').textContent)` (or `querySelector('#cfg')`,
    /// `$('#cfg').text()`) at token `j`: the id of the block it reads.
    private func jsonBlock(at j: Int) -> String? {
        guard token(j)?.isIdentifier("JSON") == true, token(j + 1)?.isPunct(".") == true,
              token(j + 2)?.isIdentifier("parse") == true, token(j + 3)?.isPunct("(") == true, let close = script.closer(of: j + 3)
        else { return nil }
        var k = j + 4
        while k < min(close, j + 4 + 16) {
            if let (element, _) = script.elementLookup(at: k), case .id(let id) = element { return id }
            k += 1
        }
        return nil
    }

    /// `document.getElementById('x')`, `document.createElement('iframe')`, `$('#x')` as the
    /// whole expression at token `j`.
    private func elementExpression(at j: Int) -> ElementRef? {
        var k = j
        if token(k)?.isIdentifier("document") == true, token(k + 1)?.isPunct(".") == true { k += 2 }
        guard let (element, close) = script.elementLookup(at: k) else { return nil }
        guard let after = token(close + 1) else { return element }
        if after.isPunct(";") || after.isPunct(",") || after.isPunct(")") || after.isPunct("}") || after.newlineBefore {
            return element
        }
        return nil
    }

    /// Identifiers that lead to an element: a lookup with what is done to it, a variable's
    /// `setAttribute`/`attr`/`prop`/`click`, and a variable put into the document.
    mutating func scanElement(_ t: borrowing JSToken, at i: Int) {
        if let (element, close) = script.elementLookup(at: i) {
            use(element, after: close, lookedUp: true)
            return
        }
        if token(i - 1)?.isPunct(".") == true {
            // The `(` first: a byte compared, where the name is compared with eight Strings.
            if token(i + 1)?.isPunct("(") == true, ScriptNames.isInsertion(t.text), let argument = token(i + 2),
               argument.kind == .identifier, !JSKeywords.isKeyword(argument.text),
               let after = token(i + 3), after.isPunct(")") || after.isPunct(",") {
                record(.act(.variable(argument.text), .insert), at: t.offset, steps: currentSteps)
            }
            return
        }
        guard token(i + 1)?.isPunct(".") == true, t.text == "this" || !JSKeywords.isKeyword(t.text),
              !Self.isBrowserObject(t.text) else { return }
        use(t.text == "this" ? .unknown : .variable(t.text), after: i, lookedUp: false)
    }

    /// The browser's own objects, not a page's variable holding an element. A switch, not
    /// an array literal: the literal was built and freed for every `name.` the scan met
    /// (Benchmarks/README.md, issue 17); the comparisons are the same.
    private static func isBrowserObject(_ name: String) -> Bool {
        switch name {
        case "location", "window", "document", "self", "top", "parent": return true
        default: return false
        }
    }

    /// What the member after the element ending at token `end` does: `.href = …` (after a
    /// lookup; a variable's is an assignment, `bind`), `.setAttribute('href', …)`,
    /// `.attr('src', …)`, `.click()`.
    private mutating func use(_ element: ElementRef, after end: Int, lookedUp: Bool) {
        guard token(end + 1)?.isPunct(".") == true, let member = token(end + 2), member.kind == .identifier else { return }
        if lookedUp, let attribute = ElementAttribute(rawValue: member.text), token(end + 3)?.isPunct("=") == true {
            writeElement(element, attribute, valuesAt: end + 4)
        } else if ScriptNames.isAttributeSetter(member.text), token(end + 3)?.isPunct("(") == true,
                  let name = token(end + 4), name.kind == .string, let attribute = ElementAttribute.named(name.text),
                  token(end + 5)?.isPunct(",") == true {
            writeElement(element, attribute, valuesAt: end + 6)
        } else if member.text == "click", token(end + 3)?.isPunct("(") == true, token(end + 4)?.isPunct(")") == true {
            record(.act(element, .click), at: member.offset, steps: currentSteps)
        } else if member.text == "submit" || member.text == "requestSubmit", token(end + 3)?.isPunct("(") == true,
                  token(end + 4)?.isPunct(")") == true
                    || (member.text == "requestSubmit" && token(end + 4)?.kind == .identifier && token(end + 5)?.isPunct(")") == true) {
            // `form.submit()` (jQuery's `.submit()` with no handler too), `requestSubmit(button)`.
            record(.act(element, .submit), at: member.offset, steps: currentSteps)
        }
    }

    /// The values written to an element's attribute. Their literals are not this sink's
    /// own until placement knows the element navigates (a frame made and never inserted
    /// loads nothing): they stay candidates for data.
    private mutating func writeElement(_ element: ElementRef, _ attribute: ElementAttribute, valuesAt j: Int) {
        var unread = UnreadLiterals()
        let values = script.values(at: j, parameters: currentParameters, merged: &unread)
        guard let first = token(j), !values.isEmpty else { return }
        record(.write(ElementWrite(element: element, attribute: attribute, values: values)),
               at: first.offset, steps: currentSteps)
    }
}

/// Read of the tokens alone, on `ScriptTokens`: as the scanner's own methods, called from a
/// mutating one, each call copied the whole scanner to lend it (issue 17).
extension ScriptTokens {
    /// `root.a.b` or `root['a']` ending at token `end`: the root name and the path.
    fileprivate func memberPath(endingAt end: Int) -> (String, [String])? {
        // Read backwards, so gathered last first and reversed once at the root: inserted at
        // the front, each name moved the others (~1.3 M instructions on a hundred dense pages).
        var path: [String] = []
        var j = end
        while path.count <= ScriptTokens.maxPath, let t = token(j) {
            if t.kind == .identifier {
                guard token(j - 1)?.isPunct(".") == true else {
                    if path.isEmpty { return nil }
                    path.reverse()
                    return (t.text, path)
                }
                path.append(t.text)
                j -= 2
            } else if t.isPunct("]"), let key = token(j - 1), key.kind == .string || key.kind == .number,
                      token(j - 2)?.isPunct("[") == true {
                path.append(key.kind == .number ? "[]" : key.text)
                j -= 3
            } else {
                return nil
            }
        }
        return nil
    }

    /// Whether the member chain ending at token `end`, read as `memberPath` reads it, names
    /// `location` (its root, a member or a quoted key): then `memberPath` gives none, or one
    /// with `location` in it.
    fileprivate func chainNamesLocation(endingAt end: Int) -> Bool {
        var names = 0
        var j = end
        while names <= ScriptTokens.maxPath, let t = token(j) {
            if t.kind == .identifier {
                if t.text.isName("location") { return true }
                guard token(j - 1)?.isPunct(".") == true else { return false }
                names += 1
                j -= 2
            } else if t.isPunct("]"), let key = token(j - 1), key.kind == .string || key.kind == .number,
                      token(j - 2)?.isPunct("[") == true {
                if key.kind == .string, key.text == "location" { return true }
                names += 1
                j -= 3
            } else {
                return false
            }
        }
        return false
    }
}
