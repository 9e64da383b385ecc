import XCTest
import TestSupport

/// The command line's manners (README, Command line): help for every command, `--` ending
/// the options, flag-like arguments never taken for files, the nearest known option named
/// for an unknown one, and an output folder that cannot be written said in one line.
final class CommandLineTests: XCTestCase {
    /// The commands `linkaudit --help` lists in its USAGE section.
    private func listedCommands() throws -> [String] {
        let help = try CLI.run(["--help"])
        XCTAssertEqual(help.status, 0)
        return help.stdout.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            return line.hasPrefix("  linkaudit ") && words.count >= 2 ? String(words[1]) : nil
        }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    }

    func testEveryCommandHasItsHelpThreeWays() throws {
        let commands = try listedCommands()
        // Run elsewhere than the checkout: a binary that took -h for an input would write Reports/-h.
        let scratch = TempDir()
        let cwd = scratch.path
        XCTAssertEqual(Set(commands), ["run", "audit", "report", "explain", "checks", "version", "help"])
        for command in commands {
            let long = try CLI.run([command, "--help"], cwd: cwd)
            XCTAssertEqual(long.status, 0, "\(command) --help: \(long.stderr)")
            XCTAssertTrue(long.stdout.hasPrefix("USAGE\n  linkaudit \(command)"), "\(command) --help: \(long.stdout)")
            XCTAssertEqual(long.stderr, "")
            XCTAssertEqual(try CLI.run([command, "-h"], cwd: cwd).stdout, long.stdout, "\(command) -h")
            XCTAssertEqual(try CLI.run(["help", command], cwd: cwd).stdout, long.stdout, "help \(command)")
        }
        // Help wins wherever it stands, even after an option that is wrong.
        let late = try CLI.run(["audit", "site/", "--colour", "--out", "x", "-h"], cwd: cwd)
        XCTAssertEqual(late.status, 0, late.stderr)
        XCTAssertTrue(late.stdout.hasPrefix("USAGE\n  linkaudit audit"))
        // The audit help names the options of every group it takes.
        let audit = try CLI.run(["audit", "--help"], cwd: cwd).stdout
        for flag in ["--out", "--profiles", "--format", "--fail-on", "--depth", "--quiet", "--"] {
            XCTAssertTrue(audit.contains(flag), flag)
        }
    }

    /// Every `Sources/linkaudit/<Name>Command.swift` is a command `--help` lists.
    func testHelpListsEveryCommandInTheSources() throws {
        let listed = Set(try listedCommands())
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.url("Sources/linkaudit").path)
        let commands = files.filter { $0.hasSuffix("Command.swift") }.map { String($0.dropLast("Command.swift".count)).lowercased() }
        XCTAssertFalse(commands.isEmpty)
        for command in commands { XCTAssertTrue(listed.contains(command), "\(command) is not in linkaudit --help") }
        let unknown = try CLI.run(["help", "audt"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("did you mean audit?"), unknown.stderr)
    }

    func testDoubleDashEndsTheOptions() throws {
        let dir = TempDir()
        dir.write("-q.html", #"<a href="gojek://pay">pay</a>"#)
        let result = try CLI.run(["audit", "--out", dir.path + "/out", "--fail-on", "never", "--quiet", "--", "-q.html"],
                                 cwd: dir.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        let pages = try String(contentsOfFile: dir.path + "/out/pages.jsonl", encoding: .utf8)
        XCTAssertEqual(pages.split(separator: "\n").count, 1, "-- is no input: \(pages)")
        XCTAssertTrue(pages.contains(#"/-q.html","#) && pages.contains(#""status":"ok""#), pages)
    }

    func testAFlagLikeArgumentIsAUsageErrorNotAFile() throws {
        let dir = TempDir()
        dir.write("-q.html", "<p>")
        for flag in ["-q.html", "-x", "-q"] {
            let result = try CLI.run(["audit", flag, "--out", dir.path + "/out"], cwd: dir.path)
            XCTAssertEqual(result.status, 2, "\(flag): \(result.stderr)")
            XCTAssertEqual(result.stderr, "linkaudit: unknown option \(flag) (an input whose name starts with - goes after --)\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/out"), "\(flag): nothing was audited")
        }
        // `-` alone is still stdin's list of paths.
        let stdin = try CLI.run(["audit", "-", "--out", dir.path + "/stdin", "--quiet", "--fail-on", "never"],
                                stdin: "-q.html\n", cwd: dir.path)
        XCTAssertEqual(stdin.status, 0, stdin.stderr)
    }

    func testUnknownOptionsNameTheNearestKnownOne() throws {
        let cases: [([String], String)] = [
            (["audit", "site/", "--profile", "android-webview"], "linkaudit: unknown option --profile; did you mean --profiles?\n"),
            (["audit", "site/", "--quite"], "linkaudit: unknown option --quite; did you mean --quiet?\n"),
            (["audit", "site/", "-quiet"],
             "linkaudit: unknown option -quiet; did you mean --quiet? (an input whose name starts with - goes after --)\n"),
            (["report", "out/", "--formt", "csv"], "linkaudit: unknown option --formt; did you mean --format?\n"),
            (["explain", "--profiles", "ios-sdk"], "linkaudit: unknown option --profiles; did you mean --profile?\n"),
            (["run", "p.json", "--job", "2"], "linkaudit: unknown option --job; did you mean --jobs?\n"),
            (["checks", "--markdwn"], "linkaudit: unknown option --markdwn; did you mean --markdown?\n"),
            // Nothing close: no guess.
            (["audit", "site/", "--colour"], "linkaudit: unknown option --colour\n"),
            (["audit", "site/", "--zz"], "linkaudit: unknown option --zz\n"),
            (["audt", "site/"], "linkaudit: unknown command 'audt'; did you mean audit? (linkaudit help lists the commands)\n"),
            // A flag's value is never the next option.
            (["audit", "site/", "--out", "--quiet"],
             "linkaudit: --out needs a value (--quiet is an option; give --out=--quiet for a value that starts with --)\n"),
            (["audit", "site/", "--quiet=yes"], "linkaudit: --quiet takes no value\n"),
        ]
        let scratch = TempDir()  // where a misread flag would have written
        for (args, message) in cases {
            let result = try CLI.run(args, cwd: scratch.path)
            XCTAssertEqual(result.status, 2, args.joined(separator: " "))
            XCTAssertEqual(result.stderr, message, args.joined(separator: " "))
        }
    }

    /// `--out` (and a command's default folder) that cannot hold the reports: one line naming
    /// the flag and the path, exit 3 (output could not be written), before any page is read.
    func testAnUnwritableOutIsOneLineAndExitThree() throws {
        let dir = TempDir()
        let site = dir.write("site/index.html", #"<a href="gojek://pay">pay</a>"#)
        let file = dir.write("report.csv", "not a folder")
        XCTAssertEqual(try CLI.run(["audit", site, "--out", dir.path + "/run", "--quiet", "--fail-on", "never"]).status, 0)
        let cases: [([String], String)] = [
            (["audit", site, "--out", file + "/sub"], "linkaudit: --out \(file)/sub: cannot make the folder: \(file) is a file\n"),
            (["audit", site, "--out", file + "/a/b"], "linkaudit: --out \(file)/a/b: cannot make the folder: \(file) is a file\n"),
            (["audit", site, "--out", file], "linkaudit: --out \(file): is a file, not a folder\n"),
            (["audit", site, "--jsonl-out", file + "/sub"],
             "linkaudit: --jsonl-out \(file)/sub: cannot make the folder: \(file) is a file\n"),
            (["report", dir.path + "/run", "--out", file + "/sub"],
             "linkaudit: --out \(file)/sub: cannot make the folder: \(file) is a file\n"),
            (["run", Repository.url("Pipelines/demo.json").path, "--out", file + "/sub"],
             "linkaudit: --out \(file)/sub: cannot make the folder: \(file) is a file\n"),
        ]
        for (args, message) in cases {
            let result = try CLI.run(args)
            XCTAssertEqual(result.status, 3, args.joined(separator: " "))
            XCTAssertEqual(result.stderr, message, args.joined(separator: " "))
        }
        // The default folder (Reports/<input>) under a working folder where Reports is a file.
        dir.write("cwd/Reports", "a file")
        let defaulted = try CLI.run(["audit", site], cwd: dir.path + "/cwd")
        XCTAssertEqual(defaulted.status, 3)
        XCTAssertEqual(defaulted.stderr, "linkaudit: the output folder Reports/index: cannot make the folder: Reports is a file\n")
    }

    /// A folder that cannot be written. Root writes anywhere, so as root the binary (copied
    /// where anyone may run it) runs as nobody through util-linux's setpriv.
    func testAReadOnlyOutIsOneLineAndExitThree() throws {
        let dir = TempDir()
        chmod(dir.path, 0o755)
        let site = dir.write("site/index.html", "<p>")
        try FileManager.default.createDirectory(atPath: dir.path + "/locked", withIntermediateDirectories: true)
        chmod(dir.path + "/locked", 0o555)
        defer { chmod(dir.path + "/locked", 0o755) }
        var prefix: [String] = []
        if getuid() == 0 {
            // As root the folder's mode binds nobody: run as nobody through util-linux's setpriv
            // (essential on Debian, so its absence is a failure, not a reason to pass).
            _ = try XCTUnwrap(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") ? true : nil,
                              "running as root, the test needs /usr/bin/setpriv (util-linux) to drop privileges")
            let copy = dir.path + "/linkaudit"
            try FileManager.default.copyItem(atPath: CLI.binaryPath, toPath: copy)
            prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", copy]
        }
        func run(_ args: [String]) throws -> CLI.Result {
            prefix.isEmpty ? try CLI.run(args) : try CLI.runProgram(prefix + args)
        }
        let inside = try run(["audit", site, "--out", dir.path + "/locked"])
        XCTAssertEqual(inside.status, 3, inside.stderr)
        XCTAssertEqual(inside.stderr, "linkaudit: --out \(dir.path)/locked: cannot write in the folder (Permission denied)\n")
        let below = try run(["audit", site, "--out", dir.path + "/locked/run"])
        XCTAssertEqual(below.status, 3, below.stderr)
        XCTAssertEqual(below.stderr,
                       "linkaudit: --out \(dir.path)/locked/run: cannot make the folder: \(dir.path)/locked is not writable (Permission denied)\n")
    }
}
