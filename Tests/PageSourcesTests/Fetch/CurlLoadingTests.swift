import XCTest
@testable import PageSources
import TestSupport

/// libcurl is opened on the crawl's first call, not linked (`Sources/CCurl/shim.h`): every
/// function the transport calls is found in it, and the program itself does not name it,
/// so a run that fetches nothing does not load it. The crawl and transport tests
/// (`FetchCrawlTests`, `TransportFaultTests`, `TransportTLSTests`) run through it.
final class CurlLoadingTests: XCTestCase {
    func testEveryFunctionTheTransportCallsIsFound() {
        XCTAssertEqual(HTTPTransport.missingCurlFunctions, 0)
    }

    func testTheProgramDoesNotLinkLibcurl() throws {
        let ldd = "/usr/bin/ldd"
        guard FileManager.default.isExecutableFile(atPath: ldd),
              FileManager.default.fileExists(atPath: CLI.binaryPath) else {
            throw XCTSkip("needs ldd and the built linkaudit")
        }
        let listed = try CLI.runProgram([ldd, CLI.binaryPath])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("libxml2"), listed.stdout)  // the listing is the program's
        XCTAssertFalse(listed.stdout.contains("libcurl"), listed.stdout)
    }

    /// With libcurl unopenable (an empty file mounted over it, in a mount namespace of the
    /// test's own), a run that fetches ends with one line naming libcurl and exit 2, a
    /// configuration error, not a crash; an audit of files never opens it. Needs `unshare`
    /// and the right to mount (root, as in CI).
    func testWithoutLibcurlAFetchIsAConfigurationErrorAndFilesStillRun() throws {
        let unshare = "/usr/bin/unshare"
        let library = URL(fileURLWithPath: "/usr/lib/x86_64-linux-gnu/libcurl.so.4").resolvingSymlinksInPath().path
        guard FileManager.default.isExecutableFile(atPath: unshare), FileManager.default.fileExists(atPath: library),
              FileManager.default.fileExists(atPath: CLI.binaryPath),
              (try? CLI.runProgram([unshare, "-m", "true"]).status) == 0 else {
            throw XCTSkip("needs unshare with the right to mount, Debian's libcurl and the built linkaudit")
        }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("nocurl-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let page = out + "-page.html"
        try "<a href=\"gojek://pay\">pay</a>".write(toFile: page, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: page) }
        func hidden(_ arguments: String) throws -> CLI.Result {
            try CLI.runProgram([unshare, "-m", "/bin/sh", "-c",
                                "mount --bind /dev/null '\(library)' && exec '\(CLI.binaryPath)' \(arguments)"])
        }
        let fetch = try hidden("audit https://127.0.0.1:9/ --out '\(out)/fetch' --quiet")
        XCTAssertEqual(fetch.status, 2, fetch.stderr)
        let lines = fetch.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, fetch.stderr)
        XCTAssertTrue(fetch.stderr.hasPrefix("linkaudit: fetching needs libcurl (libcurl.so.4"), fetch.stderr)
        let files = try hidden("audit '\(page)' --out '\(out)/files' --quiet --fail-on never")
        XCTAssertEqual(files.status, 0, files.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/files/links.jsonl"))
    }
}
