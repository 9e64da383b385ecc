import Extraction
import Foundation
import LinkAuditModel

/// Dispatches subcommands. Exit codes: 0 done, 1 findings at the `--fail-on` level,
/// 2 usage or configuration error (with a one-line message naming the flag or file).
enum CommandLineTool {
    static func run(_ args: [String]) -> Int32 {
        guard let command = args.first else {
            print(Usage.text)
            return 2
        }
        do {
            switch command {
            case "audit": return try AuditCommand.run(Array(args.dropFirst()))
            case "run": return try RunCommand.run(Array(args.dropFirst()))
            case "checks": return try ChecksCommand.run(Array(args.dropFirst()))
            case "explain": return try ExplainCommand.run(Array(args.dropFirst()))
            case "report": return try ReportCommand.run(Array(args.dropFirst()))
            case "help", "--help", "-h":
                print(Usage.text)
                return 0
            case "version", "--version":
                print("linkaudit \(Usage.version) (libxml2 \(LibXML.version))")
                return 0
            default:
                throw LinkAuditError.usage("unknown command '\(command)' (try 'linkaudit help')")
            }
        } catch let error as LinkAuditError {
            FileHandle.standardError.write(Data("linkaudit: \(error)\n".utf8))
            if case .usage = error { return 2 }
            return 3
        } catch {
            FileHandle.standardError.write(Data("linkaudit: \(error)\n".utf8))
            return 3
        }
    }
}
