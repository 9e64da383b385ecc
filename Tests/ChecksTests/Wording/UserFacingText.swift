import Checks
import Foundation
import TestSupport
import XCTest

/// Everything linkaudit says to its users, gathered once for the wording tests: the check
/// catalogue, the report files of every ready pipeline and of an audit with every profile
/// and format, `explain` answers that carry the verdicts' assumption texts, the help and
/// version text, and the text of every string literal under `Sources/` (so a message no run
/// reaches is held to the same words).
enum UserFacingText {
    struct Piece {
        /// Where it comes from: a report file, a command, a check, a source file.
        var origin: String
        var text: String
    }

    /// Navigations whose verdicts carry assumption texts (Docs/PLATFORM.md §U), for `explain`.
    static let explainRequests = [
        #"{"url": "javascript:void(0)", "trigger": "tap"}"#,
        #"{"url": "gojek://gopay/pay?id=1", "trigger": "script-load"}"#,
        #"{"url": "gojek://gopay/pay?id=1", "trigger": "tap", "frame": "sub"}"#,
        #"{"url": "https://shop.example/next", "trigger": "tap", "frame": "new-window"}"#,
        #"{"url": "paypay://pay", "trigger": "script-load", "frame": "new-window"}"#,
        #"{"url": "paypay://pay", "trigger": "tap"}"#,
        #"{"url": "file:///sdcard/receipt.pdf", "trigger": "tap"}"#,
        #"{"url": "intent://pay#Intent;scheme=dana;package=id.dana;launchFlags=0x80000000;end", "trigger": "tap"}"#,
        #"{"url": "zzz://x", "trigger": "tap", "device": {"name": "bare", "platform": "android"}}"#,
    ]

    /// Gathered on first use; a failure to run the tool is a failure of every wording test.
    static let all: Result<[Piece], Error> = Result { try gather() }

    private static func gather() throws -> [Piece] {
        var pieces: [Piece] = []
        for check in Checks.all {
            for (field, text) in [("title", check.title), ("meaning", check.meaning), ("impact", check.impact),
                                  ("advice", check.advice)] {
                pieces.append(Piece(origin: "check \(check.code) \(field)", text: text))
            }
        }
        func command(_ args: [String], stdin: String = "", cwd: String? = nil) throws {
            let result = try CLI.run(args, stdin: stdin, cwd: cwd)
            let label = "linkaudit " + args.joined(separator: " ") + (stdin.isEmpty ? "" : " <<< " + stdin)
            pieces.append(Piece(origin: label + " (stdout)", text: result.stdout))
            pieces.append(Piece(origin: label + " (stderr)", text: result.stderr))
        }
        for args in [[], ["help"], ["--help"], ["-h"], ["--version"], ["checks"], ["checks", "--markdown"]] {
            try command(args)
        }
        // Per-command help where a command has it, and the usage errors where it has not.
        for name in ["audit", "run", "report", "explain", "checks"] { try command([name, "--help"]) }
        for request in explainRequests { try command(["explain"], stdin: request) }

        let out = TempDir()
        let root = Repository.root.path
        let pipelines = try FileManager.default.contentsOfDirectory(atPath: root + "/Pipelines")
            .filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertFalse(pipelines.isEmpty)
        var runs: [String] = []
        for name in pipelines {
            let dir = out.path + "/" + name
            try command(["run", "Pipelines/" + name, "--out", dir], cwd: root)
            runs.append(dir)
        }
        let everything = out.path + "/all-profiles"
        try command(["audit", "Pipelines/demo-site", "Pipelines/samples/deeplinks-sample.warc.gz",
                     "--base-url", "https://shop.demo-merchant.example/", "--profiles", "all", "--format", "all",
                     "--device", "Pipelines/devices/android-10-browser.json", "--out", everything], cwd: root)
        runs.append(everything)
        for dir in runs {
            for file in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() {
                let text = try String(contentsOfFile: dir + "/" + file, encoding: .utf8)
                XCTAssertFalse(text.isEmpty, dir + "/" + file)
                pieces.append(Piece(origin: (dir as NSString).lastPathComponent + "/" + file, text: text))
            }
        }

        let sources = Repository.url("Sources").path
        for path in try swiftFiles(under: sources) {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let origin = "Sources" + path.dropFirst(sources.count)
            for literal in SwiftLiterals.texts(in: text) { pieces.append(Piece(origin: origin + " (a string literal)", text: literal)) }
        }
        return pieces
    }

    static func swiftFiles(under folder: String) throws -> [String] {
        let names = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { folder + "/" + $0 }
    }
}
