import LinkAuditModel

/// A small option parser: `--flag value`, `--flag=value`, boolean `--flag`, positionals;
/// `--` ends the options. Errors name the argument: an unknown option (with the known one
/// it is close to, if any), a flag-like argument before `--` (never taken for a file), a
/// missing value. `-h`/`--help` anywhere among the options wins over any error: the
/// command prints its help (`HelpRequested`).
struct Arguments {
    /// Thrown when `-h` or `--help` is among the options.
    struct HelpRequested: Error {}

    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var booleans: Set<String> = []

    init(_ args: [String], valued: Set<String>, booleans allowed: Set<String>) throws {
        var firstError: LinkAuditError?
        var help = false
        var optionsEnded = false
        var i = 0
        while i < args.count {
            let arg = args[i]
            i += 1
            if optionsEnded || arg == "-" || !arg.hasPrefix("-") {
                positionals.append(arg)
                continue
            }
            if arg == "--" {
                optionsEnded = true
                continue
            }
            if arg == "--help" || arg == "-h" {
                help = true
                continue
            }
            guard arg.hasPrefix("--") else {
                firstError = firstError ?? .usage(Self.unknown(arg, name: String(arg.dropFirst()),
                                                               known: valued.union(allowed)) + Self.dashHint)
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
                } else if i < args.count, !Self.isOption(args[i]) {
                    values[name, default: []].append(args[i])
                    i += 1
                } else {
                    firstError = firstError ?? .usage("--\(name) needs a value"
                        + (i < args.count ? " (\(args[i]) is an option; give --\(name)=\(args[i]) for a value that starts with --)" : ""))
                }
            } else if allowed.contains(name) {
                if inlineValue == nil {
                    booleans.insert(name)
                } else {
                    firstError = firstError ?? .usage("--\(name) takes no value")
                }
            } else {
                firstError = firstError ?? .usage(Self.unknown("--" + name, name: name, known: valued.union(allowed)))
            }
        }
        if help { throw HelpRequested() }
        if let firstError { throw firstError }
    }

    /// A flag, not a value: `--name` (a value starting with `--` is given inline, `--out=--x`).
    /// Single-dash words pass as values (`--delay -1` is then range-checked and named).
    private static func isOption(_ arg: String) -> Bool {
        arg.hasPrefix("--") && arg.count > 2 || arg == "--" || arg == "-h"
    }

    static let dashHint = " (an input whose name starts with - goes after --)"

    static func unknown(_ arg: String, name: String, known: Set<String>) -> String {
        var message = "unknown option \(arg)"
        if let near = NearestName.find(name, among: known.union(["help"])) { message += "; did you mean --\(near)?" }
        return message
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
