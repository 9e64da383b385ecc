import Foundation
import XCTest
@testable import Reports
import LinkAuditModel
import TestSupport

/// Where SARIF results point: files relative to `%SRCROOT%` whatever form the page record
/// gives the path in, live pages at their URLs, and never an absolute path of the machine.
final class ReportSARIFArtifactTests: XCTestCase {
    private let cwd = "/home/ci/work/shop"

    private func locate(_ file: String?, _ page: String) -> SARIFArtifact {
        SARIFArtifact.locate(file: file, page: page, workingDirectory: cwd)
    }

    private func relative(_ uri: String) -> SARIFArtifact { SARIFArtifact(uri: uri, baseId: "%SRCROOT%") }

    func testARelativePathStaysRelativeUnderTheSourceRoot() {
        XCTAssertEqual(locate("site/pay/index.html", "https://shop.example/pay/"), relative("site/pay/index.html"))
        XCTAssertEqual(locate("./site/a b.html", "file:///home/ci/work/shop/site/a%20b.html"), relative("site/a%20b.html"))
        XCTAssertEqual(locate("../docs/x.html", "file:///home/ci/work/docs/x.html"), relative("../docs/x.html"))
    }

    func testAnAbsolutePathInsideTheWorkingDirectoryIsMadeRelative() {
        XCTAssertEqual(locate("/home/ci/work/shop/site/index.html", "file:///home/ci/work/shop/site/index.html"),
                       relative("site/index.html"))
        XCTAssertEqual(SARIFArtifact.locate(file: "/srv/site/a.html", page: "file:///srv/site/a.html", workingDirectory: "/srv/"),
                       relative("site/a.html"))
        // A sibling folder whose name starts the same is not inside.
        XCTAssertEqual(locate("/home/ci/work/shopfront/a.html", "file:///home/ci/work/shopfront/a.html"),
                       relative("../shopfront/a.html"))
    }

    func testAnAbsolutePathOutsideFallsBackToTheURLOrClimbsWithDotDot() {
        // Served at a URL (--base-url): the URL.
        let served = SARIFArtifact(uri: "https://docs.example/libffi/index.html", baseId: nil)
        XCTAssertEqual(locate("/usr/share/doc/libffi/index.html", "https://docs.example/libffi/index.html"), served)
        // A file: page: reached from the working directory, not by its absolute path.
        XCTAssertEqual(locate("/usr/share/doc/libffi/index.html", "file:///usr/share/doc/libffi/index.html"),
                       relative("../../../../usr/share/doc/libffi/index.html"))
        XCTAssertEqual(locate(nil, "file:///home/ci/work/shop/site/a%20b.html?x#y"), relative("site/a%20b.html"))
        XCTAssertEqual(locate("", "file://localhost/home/ci/other/p.html"), relative("../../other/p.html"))
    }

    func testALivePageKeepsItsURL() {
        XCTAssertEqual(locate(nil, "https://shop.example/pay/?id=1"), SARIFArtifact(uri: "https://shop.example/pay/?id=1", baseId: nil))
        XCTAssertEqual(locate(nil, "https://shop.example/a b"), SARIFArtifact(uri: "https://shop.example/a%20b", baseId: nil))
    }

    func testAnArchivedPageIsItsURLOrTheArchiveWithoutALine() {
        // Not `archive.warc.gz%23record%3D7`: no such file exists.
        XCTAssertEqual(locate("crawl/site.warc.gz#record=7", "https://shop.example/pay/"),
                       SARIFArtifact(uri: "https://shop.example/pay/", baseId: nil))
        var archive = relative("crawl/site.warc.gz")
        archive.hasLines = false
        XCTAssertEqual(locate("crawl/site.warc.gz#record=7", "file:///templates/checkout.html"), archive)
        XCTAssertEqual(ArchiveRecordName.archive(of: ArchiveRecordName.make(archive: "a#b.warc", record: 3)), "a#b.warc")
        XCTAssertNil(ArchiveRecordName.archive(of: "site/index.html"))
    }

    /// A damaged stretch of an archive (its page and file both name the stretch): the
    /// archive itself, without a line.
    func testADamagedStretchOfAnArchiveIsTheArchiveWithoutALine() {
        var archive = relative("crawl/site.warc.gz")
        archive.hasLines = false
        for name in ["crawl/site.warc.gz#bytes=1200-5399", "crawl/site.warc.gz#inflated-bytes=0-99"] {
            XCTAssertEqual(locate(name, name), archive, name)
        }
        XCTAssertEqual(ArchiveRecordName.make(archive: "a.warc", bytes: 3, 9, inflated: false), "a.warc#bytes=3-9")
        XCTAssertNil(ArchiveRecordName.archive(of: "notes#bytes=of-a-page.html"))
    }

    /// The same pages audited from two folders give the same findings.sarif, and neither
    /// folder appears in it, whichever form (absolute or relative) the paths came in.
    func testTwoCheckoutsWriteTheSameBytes() throws {
        func sarif(root: String, absolute: Bool) -> String {
            var accumulator = ReportAccumulator(rules: ReportFixture.rules)
            for (record, navigations) in ReportFixture.run1 {
                var record = record
                if absolute, let file = record.file { record.file = root + "/" + file }
                accumulator.add(page: record, navigations: navigations.map {
                    var navigation = $0
                    navigation.page = record.page
                    return navigation
                })
            }
            let previous = FileManager.default.currentDirectoryPath
            XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(root))
            defer { XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(previous)) }
            return FindingsSARIF.render(accumulator.report(toolVersion: "0.1.0"))
        }
        let one = TempDir(), two = TempDir()
        let a = sarif(root: one.path, absolute: true)
        let b = sarif(root: two.path, absolute: true)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a, sarif(root: one.path, absolute: false))
        XCTAssertFalse(a.contains(one.path))
        XCTAssertFalse(b.contains(two.path))
        XCTAssertTrue(a.contains("\"uri\": \"Pipelines/demo-site/checkout/index.html\""))
    }
}
