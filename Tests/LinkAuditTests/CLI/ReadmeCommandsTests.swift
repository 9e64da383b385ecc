import XCTest
import TestSupport

/// The README's commands, run as a reader would type them, so the README cannot show a
/// command that does not work (a renamed flag, a moved file, an install line that fails).
///
/// Run: the Quick start, Install and `linkaudit explain` blocks, each line as written, in
/// `/bin/sh -eu` from a scratch folder that has the checkout's `Pipelines/` (so reports land
/// there, not in the checkout) and `Scripts/build-release.sh`, with `HOME` a scratch folder and no network needed. `swift`
/// is a stand-in that runs the binary this test suite built: `swift run linkaudit ARGS` runs
/// it with ARGS; `swift build -c release …` (what `Scripts/build-release.sh` runs) puts a copy where the release build lands,
/// `.build/release/linkaudit` (building the release binary here would take minutes); `swift
/// test [--options]` is not run again from inside the tests — it is what is running. Everything after
/// the build (install, PATH, `linkaudit --version`) really runs.
/// Checked as text only: that the release binary lands at `.build/release/linkaudit`
/// (Package.swift's executable product is named `linkaudit`; SwiftPM puts products of
/// `-c release` in `.build/release`), the `sudo install … /usr/local/bin/` alternative, and
/// the Live crawl examples (they fetch from the network). Every `linkaudit <command>` line
/// in any block, run or not, may use only options that command's `--help` lists and the
/// binary accepts; `linkaudit --help` lists every command and each one's `--help` works
/// (CommandLineTests).
final class ReadmeCommandsTests: XCTestCase {
    struct Block {
        var heading: String
        var language: String
        var lines: [String]
        /// The paragraph right after the block (what it says the commands did).
        var after: String
    }

    /// The README's fenced blocks that start at the line's beginning, with the heading above.
    static func blocks() throws -> [Block] {
        let text = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var heading = ""
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if line.hasPrefix("#") { heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces) }
            guard line.hasPrefix("```") else {
                i += 1
                continue
            }
            var body: [String] = []
            i += 1
            while i < lines.count, !lines[i].hasPrefix("```") {
                body.append(lines[i])
                i += 1
            }
            i += 1
            while i < lines.count, lines[i].isEmpty { i += 1 }
            var after: [String] = []
            while i < lines.count, !lines[i].isEmpty, !lines[i].hasPrefix("```") {
                after.append(lines[i])
                i += 1
            }
            blocks.append(Block(heading: heading, language: String(line.dropFirst(3)), lines: body,
                                after: after.joined(separator: " ")))
        }
        return blocks
    }

    private func block(_ heading: String) throws -> Block {
        let found = try Self.blocks().filter { $0.heading == heading && $0.language == "sh" }
        XCTAssertEqual(found.count, 1, "one sh block under '\(heading)'")
        return try XCTUnwrap(found.first)
    }

    /// Where a block runs: a scratch folder with the checkout's Pipelines/, a scratch HOME,
    /// the `swift` stand-in first on PATH and, when asked, `linkaudit` as an installed
    /// binary would be.
    private final class Sandbox {
        let dir = TempDir()
        var root: String { dir.path + "/checkout" }
        var home: String { dir.path + "/home" }
        var log: String { dir.path + "/swift-calls.log" }

        init(linkauditOnPath: Bool) throws {
            let fm = FileManager.default
            for folder in [root, home, dir.path + "/tools"] { try fm.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try fm.createSymbolicLink(atPath: root + "/Pipelines", withDestinationPath: Repository.url("Pipelines").path)
            // The release build script, copied so that its `cd` to the checkout lands here.
            try fm.createDirectory(atPath: root + "/Scripts", withIntermediateDirectories: true)
            try fm.copyItem(atPath: Repository.url("Scripts/build-release.sh").path, toPath: root + "/Scripts/build-release.sh")
            let swift = dir.write("tools/swift", """
                #!/bin/sh
                # Stands in for swift in the README's blocks (ReadmeCommandsTests).
                echo "$*" >> "$SWIFT_CALLS"
                case "$1" in
                  run)
                    shift
                    if [ "${1:-}" = "-c" ]; then shift 2; fi
                    [ "${1:-}" = linkaudit ] || { echo "swift run: not linkaudit: $*" >&2; exit 97; }
                    shift
                    exec "$LINKAUDIT_BINARY" "$@" ;;
                  build)
                    case "$*" in
                      "build -c release"|"build -c release "*) ;;
                      *) echo "swift $*: not a release build" >&2; exit 97 ;;
                    esac
                    mkdir -p .build/release && cp "$LINKAUDIT_BINARY" .build/release/linkaudit ;;
                  test)
                    for option in "$@"; do
                      case "$option" in test|--*) ;; *) echo "swift $*: not a test command" >&2; exit 97 ;; esac
                    done ;;
                  *)
                    echo "swift $*: not a command this test knows" >&2; exit 97 ;;
                esac
                """)
            chmod(swift, 0o755)
            if linkauditOnPath {
                try fm.createSymbolicLink(atPath: dir.path + "/tools/linkaudit", withDestinationPath: CLI.binaryPath)
            }
        }

        func run(_ block: Block) throws -> CLI.Result {
            let script = "cd '\(root)'\n" + block.lines.joined(separator: "\n") + "\n"
            return try CLI.runProgram(["/usr/bin/env", "-i", "HOME=\(home)", "PATH=\(dir.path)/tools:/usr/bin:/bin",
                                       "SWIFT_CALLS=\(log)", "LINKAUDIT_BINARY=\(CLI.binaryPath)",
                                       "/bin/sh", "-eu", "-c", script])
        }

        var swiftCalls: [String] {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
    }

    func testQuickStartRunsAsShown() throws {
        let quickStart = try block("Quick start")
        let sandbox = try Sandbox(linkauditOnPath: false)
        let result = try sandbox.run(quickStart)
        XCTAssertEqual(result.status, 0, "Quick start: \(result.stderr)")
        // Each swift line of the block reached the stand-in, in order (the test suite's own
        // line is recorded, not run).
        let swiftLines = quickStart.lines.filter { $0.hasPrefix("swift ") }.map { String($0.dropFirst("swift ".count)) }
        XCTAssertEqual(sandbox.swiftCalls, swiftLines)
        XCTAssertEqual(swiftLines.first, "run linkaudit run Pipelines/demo.json")
        XCTAssertTrue(swiftLines.contains { $0.hasPrefix("test") }, "\(swiftLines)")
        // What the paragraph after it says the demo wrote.
        let named = Self.codeSpans(quickStart.after)
        let folder = try XCTUnwrap(named.first { $0.hasPrefix("Reports/") && $0.hasSuffix("/") }, quickStart.after)
        let files = named.filter { !$0.contains("/") && $0.range(of: #"^[\w-]+\.(md|csv|jsonl|json|sarif|xml)$"#,
                                                                  options: .regularExpression) != nil }
        XCTAssertTrue(files.contains("summary.md") && files.contains("findings.csv"), "\(files)")
        for file in files {
            XCTAssertTrue(FileManager.default.fileExists(atPath: sandbox.root + "/" + folder + file), "\(folder)\(file)")
        }
        for (format, file) in [("SARIF", "findings.sarif"), ("JUnit", "junit.xml"), ("JSON", "findings.json")]
            where quickStart.after.contains(format) {
            XCTAssertTrue(FileManager.default.fileExists(atPath: sandbox.root + "/" + folder + file), file)
        }
    }

    func testInstallRunsAsShown() throws {
        let install = try block("Install")
        XCTAssertEqual(install.lines.first, "Scripts/build-release.sh")
        let sandbox = try Sandbox(linkauditOnPath: false)
        let result = try sandbox.run(install)
        XCTAssertEqual(result.status, 0, "Install: \(result.stderr)")
        // The one build the script ran is the command the paragraph after the block names.
        XCTAssertEqual(sandbox.swiftCalls.count, 1, "\(sandbox.swiftCalls)")
        let build = try XCTUnwrap(sandbox.swiftCalls.first)
        XCTAssertTrue(build.hasPrefix("build -c release --product linkaudit "), build)
        XCTAssertTrue(install.after.contains("`swift \(build)`"), "README, Install, names `swift \(build)`")
        let installed = sandbox.home + "/.local/bin/linkaudit"
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: installed), installed)
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: installed)[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o755)
        // `linkaudit --version` found on PATH as the block sets it: the installed copy.
        XCTAssertTrue(result.stdout.hasPrefix("linkaudit "), result.stdout)

        // Checked as text: where `swift build -c release` puts the binary, and the
        // /usr/local/bin alternative copies that same file.
        let package = try String(contentsOf: Repository.url("Package.swift"), encoding: .utf8)
        XCTAssertTrue(package.contains(#".executable(name: "linkaudit""#), "the product the release build writes")
        XCTAssertTrue(install.lines.contains { $0.contains(" .build/release/linkaudit ") })
        XCTAssertTrue(install.after.contains("`.build/release/linkaudit`"), install.after)
        let systemWide = try XCTUnwrap(Self.codeSpans(install.after).first { $0.contains("/usr/local/bin") }, install.after)
        XCTAssertEqual(systemWide, "sudo install -m 755 .build/release/linkaudit /usr/local/bin/")
        // The debug build's cost is said where `swift run` is shown.
        let readme = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("`swift run` builds and runs a debug binary"))
    }

    func testExplainExamplesRunAsShown() throws {
        let explain = try block("`linkaudit explain`")
        let sandbox = try Sandbox(linkauditOnPath: true)
        let result = try sandbox.run(explain)
        XCTAssertEqual(result.status, 0, "explain examples: \(result.stderr)")
        // One answer per example, each a JSON object starting at the line's beginning.
        let answers = result.stdout.split(separator: "\n").filter { $0 == "{" }
        XCTAssertEqual(answers.count, 2, result.stdout)
        XCTAssertTrue(result.stdout.contains(#""url": "paypay://pay""#), result.stdout)
    }

    /// The `jq` recipe that gives each link of a format-2 links.jsonl its verdicts back, run
    /// on an audit of the demo site: every link, as format 1 wrote it.
    func testTheLinksJSONLRecipeGivesEachLinkItsVerdicts() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/jq") else {
            // A prerequisite (README, Quick start), not an option: a missing jq fails here.
            XCTFail("jq is not installed: apt-get install jq (README, Quick start)")
            return
        }
        var recipe = try block("Output")
        recipe.lines.insert("linkaudit audit Pipelines/demo-site --out . --format jsonl --fail-on never --quiet", at: 0)
        let sandbox = try Sandbox(linkauditOnPath: true)
        let result = try sandbox.run(recipe)
        XCTAssertEqual(result.status, 0, "Output: \(result.stderr)")
        let written = try String(contentsOfFile: sandbox.root + "/links-v1.jsonl", encoding: .utf8).split(separator: "\n")
            .map { try JSONSerialization.jsonObject(with: Data($0.utf8)) }
        let expected = try LinksFile.records(sandbox.root + "/links.jsonl")
        XCTAssertGreaterThan(expected.count, 100)
        XCTAssertEqual(written as NSArray, expected as NSArray)
    }

    /// Every sh block is run above or named here with the reason it is not.
    func testEveryShellBlockIsRunOrSaidWhyNot() throws {
        let run: Set<String> = ["Quick start", "Install", "`linkaudit explain`", "Output"]
        let notRun: [String: String] = [
            "Live crawl": "fetches from the network",
            "Fuzzing": "builds the package again with libFuzzer and fuzzes for a time budget (minutes); "
                + "the harnesses themselves are built by every `swift build`",
        ]
        for block in try Self.blocks() where block.language == "sh" {
            XCTAssertTrue(run.contains(block.heading) || notRun[block.heading] != nil,
                          "a new sh block under '\(block.heading)': run it here, or say why not")
        }
    }

    /// `linkaudit <command> …` in any README block (synopses and examples, run or not) uses
    /// only options that command's help lists, and the binary takes each of them.
    func testEveryOptionTheREADMEShowsIsInTheHelpAndAccepted() throws {
        var helps: [String: String] = [:]
        var checked = 0
        let scratch = TempDir()
        for block in try Self.blocks() {
            for command in Self.commands(in: block.lines) {
                guard let match = command.range(of: #"linkaudit ([a-z]+)"#, options: .regularExpression) else { continue }
                let name = String(command[match].dropFirst("linkaudit ".count))
                if helps[name] == nil {
                    let help = try CLI.run([name, "--help"], cwd: scratch.path)
                    XCTAssertEqual(help.status, 0, "README shows 'linkaudit \(name)', which has no help: \(help.stderr)")
                    helps[name] = help.stdout
                }
                for flag in Self.flags(in: String(command[match.upperBound...])) {
                    checked += 1
                    XCTAssertTrue(Self.options(listedIn: helps[name]!).contains(flag),
                                  "README under '\(block.heading)': linkaudit \(name) \(flag) is not in its --help")
                    let tried = try CLI.run([name, flag + "=x"], cwd: scratch.path)
                    XCTAssertFalse(tried.stderr.contains("unknown option"), "linkaudit \(name) \(flag): \(tried.stderr)")
                }
            }
        }
        XCTAssertGreaterThan(checked, 10, "the README's synopses were read")
    }

    /// Every option each command's help lists is one the binary takes.
    func testEveryOptionTheHelpListsIsAccepted() throws {
        let scratch = TempDir()
        for command in ["run", "audit", "report", "explain", "checks"] {
            let flags = Self.options(listedIn: try CLI.run([command, "--help"], cwd: scratch.path).stdout).subtracting(["--help"])
            XCTAssertFalse(flags.isEmpty, command)
            for flag in flags {
                let tried = try CLI.run([command, flag + "=x"], cwd: scratch.path)
                XCTAssertFalse(tried.stderr.contains("unknown option"), "linkaudit \(command) --help lists \(flag): \(tried.stderr)")
            }
        }
    }

    /// Lines joined into commands: an indented line continues the one before.
    static func commands(in lines: [String]) -> [String] {
        var commands: [String] = []
        for line in lines {
            if line.first?.isWhitespace == true, !commands.isEmpty {
                commands[commands.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                commands.append(line)
            }
        }
        return commands
    }

    static func flags(in text: String) -> Set<String> {
        let regex = try! NSRegularExpression(pattern: #"(?<![\w-])--[a-z][a-z-]*[a-z]"#)
        let range = NSRange(text.startIndex..., in: text)
        return Set(regex.matches(in: text, range: range).map { String(text[Range($0.range, in: text)!]) })
    }

    /// The options a help text defines: the entries of its option lists, an option at
    /// column 3 and its description at column 26 (`  --out DIR              where…`,
    /// `  -h, --help             this help…`), not options its prose mentions.
    static func options(listedIn help: String) -> Set<String> {
        Set(help.split(separator: "\n").flatMap { line -> Set<String> in
            let chars = Array(line)
            guard chars.count > 25, chars[0] == " ", chars[1] == " ", chars[2] == "-",
                  chars[23] == " ", chars[24] == " ", chars[25] != " " else { return [] }
            return flags(in: String(chars[2..<23]))
        })
    }

    static func codeSpans(_ text: String) -> [String] {
        text.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }
}
