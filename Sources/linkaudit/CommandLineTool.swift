import Extraction
import Foundation
import Reports
import LinkAuditModel

/// Dispatches subcommands. Exit codes: 0 done, 1 findings at the `--fail-on` level,
/// 2 usage or configuration error, 3 output could not be written — each error one line
/// naming the flag, file or path (Usage.exitCodes).
enum CommandLineTool {
    static let commands: [String: ([String]) throws -> Int32] = [
        "audit": AuditCommand.run,
        "run": RunCommand.run,
        "report": ReportCommand.run,
        "explain": { try ExplainCommand.run($0) },
        "checks": ChecksCommand.run,
        "version": version,
        "help": help,
    ]

    static func run(_ args: [String]) -> Int32 {
        guard let command = args.first else {
            print(Usage.text)
            return 2
        }
        let name: String
        switch command {
        case "--help", "-h": name = "help"
        case "--version": name = "version"
        default: name = command
        }
        do {
            guard let run = commands[name] else {
                var message = "unknown command '\(command)'"
                if let near = NearestName.find(command, among: commands.keys) { message += "; did you mean \(near)?" }
                throw LinkAuditError.usage(message + " (linkaudit help lists the commands)")
            }
            return try run(Array(args.dropFirst()))
        } catch is Arguments.HelpRequested {
            print(Usage.help(for: name)!)
            return 0
        } catch let error as LinkAuditError {
            standardError("linkaudit: \(error)")
            if case .usage = error { return 2 }
            return 3
        } catch {
            // Anything else is a failure to write (reading failures are usage errors that
            // name their file): one line, not an error object's dump.
            standardError("linkaudit: \(OutputFolder.describe(error))")
            return 3
        }
    }

    /// `linkaudit help [command]`.
    static func help(_ args: [String]) throws -> Int32 {
        let parsed = try Arguments(args, valued: [], booleans: [])
        guard let command = parsed.positionals.first else {
            print(Usage.text)
            return 0
        }
        guard parsed.positionals.count == 1, let text = Usage.help(for: command) else {
            var message = parsed.positionals.count == 1 ? "help: no command '\(command)'" : "help takes one command"
            if parsed.positionals.count == 1, let near = NearestName.find(command, among: commands.keys) {
                message += "; did you mean \(near)?"
            }
            throw LinkAuditError.usage(message + " (the commands: \(Usage.commands.joined(separator: ", ")))")
        }
        print(text)
        return 0
    }

    /// `linkaudit version`.
    static func version(_ args: [String]) throws -> Int32 {
        let parsed = try Arguments(args, valued: [], booleans: [])
        guard parsed.positionals.isEmpty else { throw LinkAuditError.usage("version takes no arguments") }
        print("linkaudit \(Usage.version) (libxml2 \(LibXML.version))")
        return 0
    }

    static func standardError(_ line: String) {
        StandardError.line(line)
    }
}
