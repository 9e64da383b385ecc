import LinkAuditModel

/// Reads `components` and legacy `paths` into `AASAComponent`s, compiling their patterns
/// with the file's substitution variables and the flags inherited from `defaults`.
/// A malformed component is reported and skipped: skipping an `exclude` could widen what
/// matches, but keeping a rule of unknown meaning would be a guess either way.
struct AASARuleReader {
    let variables: [String: [String]]
    var problems: [AssociationProblem] = []

    static let componentKeys: Set<String> = ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment"]

    mutating func components(_ json: StrictJSON, at path: String, flags: AASAFlags) -> [AASAComponent] {
        guard let entries = json.arrayValue else {
            problems.append(.error("\(path) is \(json.kindName), not an array (no rules)"))
            return []
        }
        return entries.enumerated().compactMap { index, entry in component(entry, at: "\(path)[\(index)]", flags: flags) }
    }

    mutating func legacyPaths(_ json: StrictJSON, at path: String, flags: AASAFlags) -> [AASAComponent] {
        guard let entries = json.arrayValue else {
            problems.append(.error("\(path) is \(json.kindName), not an array of strings (no rules)"))
            return []
        }
        var rules: [AASAComponent] = []
        for (index, entry) in entries.enumerated() {
            guard let text = entry.stringValue else {
                problems.append(.error("\(path)[\(index)] is \(entry.kindName), not a string (ignored)"))
                continue
            }
            let rule = AASALegacyPath.component(text, flags: flags, variables: variables)
            noteUndefined(rule.path, at: "\(path)[\(index)]")
            rules.append(rule)
        }
        return rules
    }

    mutating func component(_ json: StrictJSON, at path: String, flags inherited: AASAFlags) -> AASAComponent? {
        guard json.isObject else {
            problems.append(.error("\(path) is \(json.kindName), not an object (rule ignored)"))
            return nil
        }
        for key in json.keys where !Self.componentKeys.contains(key) {
            problems.append(.warning("\(path): unknown key \"\(key)\" (ignored; patterns use \"/\", \"?\" and \"#\")"))
        }
        var broken = false
        func bool(_ key: String) -> Bool? {
            guard let value = json[key] else { return nil }
            if let flag = value.boolValue { return flag }
            problems.append(.error("\(path).\(key) is \(value.kindName), not a boolean (rule ignored)"))
            broken = true
            return nil
        }
        let exclude = bool("exclude") ?? false
        let flags = AASAFlags(caseSensitive: bool("caseSensitive"), percentEncoded: bool("percentEncoded")).over(inherited)
        let caseSensitive = flags.caseSensitive ?? true
        func pattern(_ key: String) -> AASAPattern? {
            guard let value = json[key] else { return nil }
            guard let text = value.stringValue else {
                problems.append(.error("\(path).\"\(key)\" is \(value.kindName), not a pattern string (rule ignored)"))
                broken = true
                return nil
            }
            return compile(text, caseSensitive: caseSensitive, at: "\(path).\"\(key)\"")
        }
        var component = AASAComponent(path: pattern("/"), fragment: pattern("#"), exclude: exclude,
                                      caseSensitive: caseSensitive, percentEncoded: flags.percentEncoded ?? true)
        if let query = json["?"] {
            component.query = self.query(query, at: path + ".\"?\"", caseSensitive: caseSensitive, broken: &broken)
        }
        if let comment = json["comment"] {
            if let text = comment.stringValue {
                component.comment = text
            } else {
                problems.append(.warning("\(path).comment is \(comment.kindName), not a string (ignored)"))
            }
        }
        return broken ? nil : component
    }

    mutating func query(_ json: StrictJSON, at path: String, caseSensitive: Bool, broken: inout Bool) -> AASAQuery? {
        if let text = json.stringValue {
            return .whole(compile(text, caseSensitive: caseSensitive, at: path))
        }
        guard case .object(let members) = json else {
            problems.append(.error("\(path) is \(json.kindName), not a pattern string or an object of query items (rule ignored)"))
            broken = true
            return nil
        }
        var items: [AASAQueryItem] = []
        for member in members {
            guard let text = member.value.stringValue else {
                problems.append(.error("\(path).\(member.key) is \(member.value.kindName), not a pattern string (rule ignored)"))
                broken = true
                continue
            }
            items.append(AASAQueryItem(name: member.key, value: compile(text, caseSensitive: caseSensitive,
                                                                        at: "\(path).\(member.key)")))
        }
        return .items(items)
    }

    mutating func compile(_ text: String, caseSensitive: Bool, at path: String) -> AASAPattern {
        let pattern = AASAPattern(text, caseSensitive: caseSensitive, variables: variables)
        noteUndefined(pattern, at: path)
        return pattern
    }

    mutating func noteUndefined(_ pattern: AASAPattern?, at path: String) {
        for name in pattern?.undefinedVariables ?? [] {
            problems.append(.warning("\(path): \"$(\(name))\" is not a defined substitution variable (matched as text)"))
        }
    }
}

extension AASAComponent {
    /// One `components` entry of a device file's `universalLinks` (Pipelines/devices/README.md),
    /// read by the AASA parser's own rule reader: the same keys (`/`, `?`, `#`, `exclude`,
    /// `caseSensitive`, `percentEncoded`, `comment`), the predefined substitution variables, no
    /// `defaults` (case-sensitive, percent-encoded unless the entry says otherwise). Nil with
    /// the problems when the entry has any: a device file is strict, so a warning the AASA
    /// parser would let pass (an unknown key) is an error here.
    package static func deviceRule(_ json: StrictJSON, at path: String) -> (rule: AASAComponent?, problems: [AssociationProblem]) {
        var reader = AASARuleReader(variables: [:])
        let rule = reader.component(json, at: path, flags: AASAFlags())
        return reader.problems.isEmpty ? (rule, []) : (nil, reader.problems)
    }
}
