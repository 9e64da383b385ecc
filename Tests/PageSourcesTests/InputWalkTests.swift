import Foundation
import LinkAuditModel
@testable import PageSources
import TestSupport
import XCTest

/// Folder inputs through symbolic links (Debian's documentation folders are links), loops,
/// the placeholder origin of a dump without a base URL, and the paths reports name.
final class InputWalkTests: XCTestCase {
    private func link(_ dir: TempDir, _ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/" + relative, withDestinationPath: target)
    }

    private func collect(_ inputs: [String], base: String? = nil, cwd: String = "/nonexistent-cwd") throws -> InputCollection {
        try InputCollector(mapper: PageURLMapper(baseURL: base), readStdinLine: { nil }, workingDirectory: cwd)
            .collect(inputs)
    }

    func testASymlinkedFolderIsWalked() throws {
        let dir = TempDir()
        dir.write("gcc-12-base/index.html", "<p>")
        dir.write("gcc-12-base/manual/a.html", "<p>")
        try link(dir, "libstdc++-doc", to: "gcc-12-base")
        let found = try collect([dir.path + "/libstdc++-doc"])
        XCTAssertEqual(found.pages.compactMap(\.file), ["libstdc++-doc/index.html", "libstdc++-doc/manual/a.html"])
        XCTAssertEqual(found.pages.map(\.page), ["https://dump.invalid/", "https://dump.invalid/manual/a.html"])
        XCTAssertEqual(found.notes, [])
    }

    func testSymlinkedSubfoldersAndFilesAreFollowed() throws {
        let dir = TempDir()
        dir.write("site/index.html", "<p>")
        dir.write("shared/footer.html", "<p>")
        dir.write("shared/deeper/legal.html", "<p>")
        dir.write("one.html", "<p>")
        try link(dir, "site/common", to: "../shared")
        try link(dir, "site/one.html", to: dir.path + "/one.html")
        let found = try collect([dir.path + "/site"])
        XCTAssertEqual(found.pages.compactMap(\.file), ["site/common/deeper/legal.html", "site/common/footer.html",
                                                        "site/index.html", "site/one.html"])
    }

    func testALoopIsSkippedWithOneLineAndTheWalkEnds() throws {
        let dir = TempDir()
        dir.write("site/a.html", "<p>")
        dir.write("site/docs/b.html", "<p>")
        try link(dir, "site/docs/up", to: "..")        // back to site/: a loop
        try link(dir, "site/self", to: ".")            // site/ itself: a loop
        try link(dir, "site/again", to: "docs")        // docs/ a second time: not a loop, walked once
        let found = try collect([dir.path + "/site"])
        // Each skipped link is a record too (status `skipped: …`), so the walk loses nothing.
        XCTAssertEqual(found.pages.compactMap(\.file), ["site/a.html", "site/again", "site/docs/b.html", "site/docs/up",
                                                        "site/self"])
        XCTAssertEqual(PageReader().read(found.pages[4]).record.status, "skipped: a symbolic link back to site (a loop)")
        XCTAssertEqual(found.notes, [
            "site/again: skipped, the same folder as site/docs, walked once",
            "site/self: skipped, a symbolic link back to site (a loop)",
            "site/docs/up: skipped, a symbolic link back to site (a loop)",
        ])
    }

    func testADanglingLinkNamedLikeAPageIsReportedUnreadable() throws {
        let dir = TempDir()
        dir.write("site/a.html", "<p>")
        try link(dir, "site/gone.html", to: "nowhere.html")
        try link(dir, "site/gone-folder", to: "nowhere")
        let found = try collect([dir.path + "/site"])
        XCTAssertEqual(found.pages.compactMap(\.file), ["site/a.html", "site/gone.html"])
        XCTAssertEqual(PageReader().read(found.pages[1]).record.status, "unreadable: a symbolic link to a missing target")
    }

    func testAFileNameThatIsNotUTF8IsReportedNotDropped() throws {
        let dir = TempDir()
        dir.write("site/ok.html", "<p>")
        // `café.html` in Latin-1: no Swift String spells this path.
        let name: [UInt8] = Array((dir.path + "/site/caf").utf8) + [0xE9] + Array(".html".utf8) + [0]
        let fd = name.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self),
                                                     O_CREAT | O_WRONLY, 0o644) }
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        let found = try collect([dir.path + "/site"])
        XCTAssertEqual(found.pages.compactMap(\.file), ["site/caf%E9.html", "site/ok.html"])
        XCTAssertEqual(PageReader().read(found.pages[0]).record.status, "unreadable: the file name is not valid UTF-8")
    }

    func testAFolderThatCannotBeListedIsSaidNotSkipped() {
        // Root lists any folder, so a file stands in for one that cannot be listed.
        let dir = TempDir()
        let walk = FolderWalk(root: dir.write("plain.html", "<p>")) { _, _, _ in true }
        XCTAssertEqual(walk.unlistable.map(\.relative), [""])
        XCTAssertEqual(walk.unlistable.first?.reason, "cannot list folder: Not a directory")
        XCTAssertEqual(walk.files, [])
    }

    /// The walk tells which files it did not see as regular, so the collector looks again
    /// at those alone: a plain file (known from its folder entry, never `lstat`ed) and a link
    /// to one are regular; a dangling link and a named pipe are not.
    func testTheWalkSaysWhichFilesAreNotRegular() throws {
        let dir = TempDir()
        dir.write("site/plain.html", "<p>")
        dir.write("site/sub/deep.html", "<p>")
        try link(dir, "site/linked.html", to: dir.path + "/site/plain.html")
        try link(dir, "site/dangling.html", to: dir.path + "/site/nowhere.html")
        XCTAssertEqual(mkfifo(dir.path + "/site/pipe.html", 0o644), 0)
        let walk = FolderWalk(root: dir.path + "/site") { _, _, _ in true }
        XCTAssertEqual(walk.files.sorted(), ["dangling.html", "linked.html", "pipe.html", "plain.html", "sub/deep.html"])
        XCTAssertEqual(walk.irregular, ["dangling.html", "pipe.html"])
        let found = try collect([dir.path + "/site"])
        XCTAssertEqual(found.pages.map { PageReader().read($0).record.status }, [
            "unreadable: a symbolic link to a missing target", "ok", "unreadable: not a regular file (a named pipe)", "ok", "ok",
        ])
    }

    func testAMissingInputIsAUsageErrorNamingIt() throws {
        let dir = TempDir()
        XCTAssertThrowsError(try collect([dir.path + "/sitee"])) {
            XCTAssertEqual($0 as? LinkAuditError, .usage("input '\(dir.path)/sitee': no such file or folder"))
        }
        try link(dir, "dangling", to: "nowhere")
        XCTAssertThrowsError(try collect(["dangling"], cwd: dir.path)) {
            XCTAssertEqual($0 as? LinkAuditError,
                           .usage("input 'dangling': no such file or folder (a symbolic link to a missing target)"))
        }
    }

    func testInputsWithoutPagesAreNamed() throws {
        let dir = TempDir()
        dir.write("empty/notes.txt", "words")
        dir.write("site/a.html", "<p>")
        let found = try collect(["empty", "site"], cwd: dir.path)
        XCTAssertEqual(found.pages.count, 1)
        XCTAssertEqual(found.empty, ["'empty'"])
        XCTAssertEqual(try collect(["-"]).empty, ["the list on stdin (it names no path)"])
    }

    func testADumpWithoutBaseURLIsServedAtThePlaceholderOrigin() throws {
        let dir = TempDir()
        dir.write("docs/index.html", "<p>")
        dir.write("docs/a b/page.html", "<p>")
        dir.write("docs/shop.example.com/pay/index.html", "<p>")  // a wget --mirror host folder keeps its host
        let found = try collect(["docs"], cwd: dir.path)
        XCTAssertEqual(found.pages.map(\.page), ["https://dump.invalid/a%20b/page.html", "https://dump.invalid/",
                                                 "https://shop.example.com/pay/"])
        XCTAssertEqual(found.placeholderPages, 2)
        XCTAssertEqual(try collect(["docs"], base: "https://docs.example/", cwd: dir.path).placeholderPages, 0)
        // A lone file keeps its place as reports show it, so lone files link to each other.
        let lone = try collect(["docs/a b/page.html", "docs/index.html"], cwd: dir.path)
        XCTAssertEqual(lone.pages.map(\.page), ["https://dump.invalid/docs/a%20b/page.html", "https://dump.invalid/docs/"])
    }

    func testReportsNameFilesRelativeNeverAbsolute() throws {
        let dir = TempDir()
        dir.write("work/site/a.html", "<p>")
        dir.write("work/crawl.warc", "")
        dir.write("elsewhere/docs/b.html", "<p>")
        dir.write("elsewhere/c.html", "<p>")
        let cwd = dir.path + "/work"
        let found = try collect(["site", "./crawl.warc", "../elsewhere/docs", dir.path + "/elsewhere/c.html"], cwd: cwd)
        // Inside the working directory: relative to it; outside: relative to the deepest
        // folder holding every outside input (here elsewhere/).
        XCTAssertEqual(found.pages.compactMap(\.file), ["site/a.html", "crawl.warc", "docs/b.html", "c.html"])
        XCTAssertEqual(try collect(["."], cwd: cwd + "/site").pages.compactMap(\.file), ["a.html"])
        let outside = try collect([dir.path + "/elsewhere"], cwd: cwd)
        XCTAssertEqual(outside.pages.compactMap(\.file), ["elsewhere/c.html", "elsewhere/docs/b.html"])
    }

    func testPathsAreNormalisedOnTheirText() {
        XCTAssertEqual(ReportedPaths.normalized("/a/b/../c/./d//e/"), "/a/c/d/e")
        XCTAssertEqual(ReportedPaths.normalized("/../.."), "/")
        XCTAssertEqual(ReportedPaths.absolute("../x", workingDirectory: "/w/y"), "/w/x")
        XCTAssertEqual(ReportedPaths.absolute("/abs", workingDirectory: "/w"), "/abs")
        let paths = ReportedPaths(workingDirectory: "/w", inputs: ["/w/site", "/a/b/c.html", "/a/d"])
        XCTAssertEqual(paths.frame(forInput: "/w/site"), "/w/")
        XCTAssertEqual(paths.frame(forInput: "/a/d"), "/a/")
        XCTAssertEqual(paths.shown("/a/b/c.html", frame: "/a/"), "b/c.html")
        XCTAssertEqual(paths.shown("/w", frame: "/w/"), ".")
    }
}
