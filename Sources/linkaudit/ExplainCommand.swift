import Foundation
import LinkAudit
import LinkAuditModel
import Policies

/// `linkaudit explain [--profile NAME] [--device FILE]`: one navigation as JSON on stdin,
/// every profile's verdict as JSON on stdout.
enum ExplainCommand {
    static func run(_ args: [String], stdin: () -> Data = { FileHandle.standardInput.readDataToEndOfFile() }) throws -> Int32 {
        let parsed = try Arguments(args, valued: ["profile", "device"], booleans: [])
        guard parsed.positionals.isEmpty else {
            throw LinkAuditError.usage("explain reads its request as JSON on stdin and takes no arguments")
        }
        var request = try ExplainRequest.decode(stdin())
        if let path = parsed.value("device") { request.device = try DeviceProfile.load(path: path) }
        let profiles = try ProfileRegistry.select(parsed.value("profile").map { [$0] } ?? ["all"])
        print(ExplainOutput.json(request.evaluate(profiles: profiles), hostEntry: request.hostEntrySteps(profiles: profiles)))
        return 0
    }
}
