import Foundation
import TestSupport
import XCTest

/// `linkaudit audit`'s inputs through the real binary: symlinked folders are walked, a
/// mistyped or empty input is an error rather than a green empty run, a dump without
/// `--base-url` is read at the placeholder origin, and reports name no machine path.
final class AuditInputsTests: XCTestCase {
    private func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n")
    }

    private func pages(_ out: String) throws -> [Substring] {
        lines(try String(contentsOfFile: out + "/pages.jsonl", encoding: .utf8))
    }

    func testASymlinkedFolderIsAudited() throws {
        // As Debian ships /usr/share/doc/libstdc++-12-doc -> gcc-12-base.
        let dir = TempDir()
        dir.write("gcc-12-base/index.html", #"<a href="gojek://pay">GoPay</a>"#)
        dir.write("gcc-12-base/manual/a.html", "<p>")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/libstdc++-doc", withDestinationPath: "gcc-12-base")
        let run = try CLI.run(["audit", "libstdc++-doc", "--out", "out", "--quiet"], cwd: dir.path)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(try pages(dir.path + "/out").count, 2)
    }

    func testAMissingInputIsAUsageErrorNamingIt() throws {
        let dir = TempDir()
        dir.write("site/index.html", "<p>")
        let run = try CLI.run(["audit", "site", "sitee", "--out", "out"], cwd: dir.path)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(lines(run.stderr), ["linkaudit: input 'sitee': no such file or folder"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/out"), "nothing is written")
        let good = try CLI.run(["audit", "-", "--out", "out", "--quiet"], stdin: "site/index.html\n", cwd: dir.path)
        XCTAssertEqual(good.status, 0, good.stderr)
        XCTAssertEqual(try pages(dir.path + "/out").count, 1)
        try FileManager.default.removeItem(atPath: dir.path + "/out")
        let listed = try CLI.run(["audit", "-", "--out", "out"], stdin: "site/index.html\nsite/typo.html\n", cwd: dir.path)
        XCTAssertEqual(listed.status, 2, listed.stderr)
        XCTAssertEqual(lines(listed.stderr),
                       ["linkaudit: input 'site/typo.html' (line 2 of the list on stdin): no such file or folder"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/out"), "nothing is written")
    }

    func testARunThatFindsNoPagesIsAnError() throws {
        let dir = TempDir()
        dir.write("empty/notes.txt", "no pages here")
        let run = try CLI.run(["audit", "empty", "--out", "out"], cwd: dir.path)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(lines(run.stderr).count, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("linkaudit: no pages in 'empty': "), run.stderr)
        let stdin = try CLI.run(["audit", "--stdin-inputs", "--out", "out"], stdin: "# nothing\n", cwd: dir.path)
        XCTAssertEqual(stdin.status, 2, stdin.stderr)
        XCTAssertTrue(stdin.stderr.hasPrefix("linkaudit: no pages in the list on stdin"), stdin.stderr)
        // Beside an input with pages, an empty one is a warning, and the run goes on.
        dir.write("site/index.html", "<p>")
        let mixed = try CLI.run(["audit", "empty", "site", "--out", "out", "--quiet"], cwd: dir.path)
        XCTAssertEqual(mixed.status, 0, mixed.stderr)
        XCTAssertEqual(lines(mixed.stderr), ["linkaudit: warning: no pages in 'empty'"])
    }

    func testURLInputsAloneAreNotAnEmptyRun() throws {
        // Refused by the private-address guard before any connection: no network needed.
        let dir = TempDir()
        let run = try CLI.run(["audit", "http://127.0.0.1:9/checkout", "--out", "out", "--quiet", "--retries", "0"],
                              cwd: dir.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try pages(dir.path + "/out").count, 1)
    }

    func testADumpWithoutBaseURLReadsItsOwnLinksAsTheSite() throws {
        let dir = TempDir()
        dir.write("docs/index.html", """
        <a href="manual/intro.html">Intro</a> <a href="/search">Search</a> <a href="?page=2">Next</a>
        <iframe src="frame.html"></iframe> <form action="find"></form>
        <a href="file:///etc/hosts">hosts</a>
        """)
        dir.write("docs/manual/intro.html", #"<a href="../index.html">Up</a> <a href="./">Manual</a>"#)
        let run = try CLI.run(["audit", "docs", "--out", "out", "--format", "csv"], cwd: dir.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        let csv = try String(contentsOfFile: dir.path + "/out/findings.csv", encoding: .utf8)
        let blocked = lines(csv).filter { $0.contains("BLOCKED_LOCAL_SCHEME") }
        // Only the page's absolute file: link is a file: navigation.
        XCTAssertEqual(blocked.count, 1, csv)
        XCTAssertTrue(blocked.first?.contains(",file:///etc/hosts,") ?? false, csv)
        XCTAssertTrue(try pages(dir.path + "/out").first?.contains(#""page":"https://dump.invalid/""#) ?? false)
        let hints = lines(run.stderr).filter { $0.contains("https://dump.invalid/") }
        XCTAssertEqual(hints.count, 1, run.stderr)
        XCTAssertTrue(hints.first?.contains("--base-url") ?? false, run.stderr)
        // Not with --quiet, and not when a base URL says where the pages are served.
        let quiet = try CLI.run(["audit", "docs", "--out", "out", "--quiet"], cwd: dir.path)
        XCTAssertFalse(quiet.stderr.contains("dump.invalid"), quiet.stderr)
        let based = try CLI.run(["audit", "docs", "--out", "out", "--base-url", "https://docs.example/"], cwd: dir.path)
        XCTAssertFalse(based.stderr.contains("dump.invalid"), based.stderr)
    }

    func testReportsAreTheSameBytesWhereverTheTreeLies() throws {
        // Two copies of one tree in different folders, each audited from its own folder,
        // and a third run naming the first copy by its absolute path from elsewhere.
        let copies = [TempDir(), TempDir()]
        for copy in copies {
            try FileManager.default.copyItem(atPath: Repository.url("Pipelines/demo-site").path,
                                             toPath: copy.path + "/demo-site")
            try FileManager.default.copyItem(atPath: Repository.url("Pipelines/samples").path,
                                             toPath: copy.path + "/samples")
        }
        let inputs = ["demo-site", "samples/deeplinks-sample.warc.gz", "demo-site/checkout/index.html"]
        let flags = ["--format", "all", "--fail-on", "never", "--quiet"]
        var runs: [[String: Data]] = []
        for copy in copies {
            let run = try CLI.run(["audit"] + inputs + ["--out", "out"] + flags, cwd: copy.path)
            XCTAssertEqual(run.status, 0, run.stderr)
            runs.append(try files(in: copy.path + "/out"))
        }
        let elsewhere = TempDir()
        let absolute = try CLI.run(["audit"] + inputs.map { copies[0].path + "/" + $0 } + ["--out", "out"] + flags,
                                   cwd: elsewhere.path)
        XCTAssertEqual(absolute.status, 0, absolute.stderr)
        runs.append(try files(in: elsewhere.path + "/out"))
        XCTAssertEqual(Set(runs[0].keys), ["findings.csv", "findings.json", "findings.sarif", "junit.xml", "links.jsonl",
                                           "pages.jsonl", "summary.md"])
        for name in runs[0].keys.sorted() {
            for (index, run) in runs.enumerated().dropFirst() {
                XCTAssertEqual(run[name], runs[0][name], "\(name) differs in run \(index + 1)")
            }
            let text = String(decoding: runs[0][name] ?? Data(), as: UTF8.self)
            for copy in copies + [elsewhere] {
                XCTAssertFalse(text.contains(copy.path), "\(name) names the machine path \(copy.path)")
            }
        }
    }

    private func files(in folder: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            out[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return out
    }
}
