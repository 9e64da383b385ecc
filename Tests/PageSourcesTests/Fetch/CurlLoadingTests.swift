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
}
