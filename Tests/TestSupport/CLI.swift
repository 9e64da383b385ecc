import Foundation

/// Runs the built `linkaudit` binary, as a user would, for tests of the command line
/// (exit codes, messages, stdout).
package enum CLI {
    static var binary: URL {
        // The test bundle sits next to the products: .build/<config>/linkauditPackageTests.xctest
        var dir = Bundle(for: Marker.self).bundleURL.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: dir.appendingPathComponent("linkaudit").path) {
            dir = Repository.url(".build/debug")
        }
        return dir.appendingPathComponent("linkaudit")
    }

    private final class Marker {}

    package struct Result {
        package var status: Int32
        package var stdout: String
        package var stderr: String
    }

    /// The binary's path, for a test that runs it another way (as another user).
    package static var binaryPath: String { binary.path }

    package static func run(_ args: [String], stdin: String = "", cwd: String? = nil) throws -> Result {
        try runProgram([binary.path] + args, stdin: stdin, cwd: cwd)
    }

    /// Runs `command[0]` with the rest as its arguments, as `run` does the binary.
    package static func runProgram(_ command: [String], stdin: String = "", cwd: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        if let cwd { process.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self))
    }
}
