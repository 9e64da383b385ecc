import LinkAuditModel

/// A small option parser: `--flag value`, `--flag=value`, boolean `--flag`, positionals.
/// Unknown flags are errors that name the flag.
struct Arguments {
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var booleans: Set<String> = []

    init(_ args: [String], valued: Set<String>, booleans allowed: Set<String>) throws {
        var i = 0
        while i < args.count {
            let arg = args[i]
            i += 1
            guard arg.hasPrefix("--"), arg.count > 2 else {
                positionals.append(arg)
                continue
            }
            var name = String(arg.dropFirst(2))
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if valued.contains(name) {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else {
                    guard i < args.count else { throw LinkAuditError.usage("--\(name) needs a value") }
                    values[name, default: []].append(args[i])
                    i += 1
                }
            } else if allowed.contains(name), inlineValue == nil {
                booleans.insert(name)
            } else {
                throw LinkAuditError.usage("unknown option --\(name)")
            }
        }
    }

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func flag(_ name: String) -> Bool { booleans.contains(name) }

    /// A whole-number flag, range-checked where it enters (`max`: the documented ceiling).
    func int(_ name: String, min: Int = 1, max: Int = Int.max) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number >= min, number <= max else {
            let range = max == Int.max ? "of at least \(min)" : "from \(min) to \(max)"
            throw LinkAuditError.usage("--\(name) takes a whole number \(range), not '\(text)'")
        }
        return number
    }
}
