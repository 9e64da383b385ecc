import LinkAuditModel
import Reports

/// `linkaudit checks [--markdown]`: the finding codes, from the checks' own files.
enum ChecksCommand {
    static func run(_ args: [String]) throws -> Int32 {
        let parsed = try Arguments(args, valued: [], booleans: ["markdown"])
        guard parsed.positionals.isEmpty else {
            throw LinkAuditError.usage("checks takes no arguments (did you mean --markdown?)")
        }
        print(parsed.flag("markdown") ? ChecksReference.markdown() : ChecksReference.listing())
        return 0
    }
}
