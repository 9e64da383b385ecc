import Foundation
import TestSupport
import XCTest
@testable import LinkAudit
import Reports

/// An archived page past the streaming threshold (`PageStream`) follows its frames into the
/// archive's other records as the plain way does: the framed pages' navigations join the
/// held ones, and every report is the plain way's byte for byte (`StreamedPageTests` has the
/// dump's side of this).
final class ArchiveFramesStreamedTests: XCTestCase {
    private let site = "https://shop.example/"

    private func response(_ name: String, _ html: String) -> [UInt8] {
        WARCBytes.record(uri: site + name, block: WARCBytes.http(Array(html.utf8), headers: ["Content-Type: text/html"]))
    }

    /// A checkout page with many plain links around frames that load records before and
    /// after it, one of which frames another; a `<base>` after the links.
    private func records() -> [[UInt8]] {
        let links = (0..<12).map { "<a href=\"gojek://pay?order=\($0)\">pay \($0)</a><a href=\"p\($0).html\">p</a>" }
        return [
            response("before.html", "<a href=\"ovo://pay?order=0\">OVO</a><script>location.href='dana://pay?x=1'</script>"),
            response("checkout", """
            <!DOCTYPE html>
            \(links[0..<6].joined(separator: "\n"))
            <iframe src="panel.html"></iframe>
            <iframe src="before.html" name="side"></iframe>
            \(links[6...].joined(separator: "\n"))
            <a href="linkaja://pay" target="side">in the frame</a>
            <base href="https://other.example/shop/">
            """),
            response("panel.html", """
            <meta http-equiv="refresh" content="4; url=linkaja://pay?order=1">
            <a href="shopeeid://pay?order=2">ShopeePay</a>
            <iframe src="inner.html"></iframe>
            """),
            response("inner.html", "<a href=\"gojek://pay?inner=1\">inner</a>"),
        ]
    }

    private func audit(_ path: String, threshold: Int, jobs: Int) throws -> [String: String] {
        let out = TempDir()
        var options = AuditOptions(inputs: [path], outDir: out.path, jobs: jobs)
        options.formats = Set(ReportFormat.allCases)
        _ = try PageStream.$threshold.withValue(threshold) { try Audit.run(options) }
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        return Dictionary(uniqueKeysWithValues: try names.map {
            ($0, try String(contentsOfFile: out.path + "/" + $0, encoding: .utf8))
        })
    }

    func testAStreamedArchivedPageFollowsItsFramesAsThePlainWayDoes() throws {
        let dir = TempDir()
        for (name, bytes) in [("crawl.warc", records().flatMap { $0 }),
                              ("crawl.warc.gz", records().flatMap { WARCBytes.gzip($0) })] {
            let path = dir.path + "/" + name
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            for jobs in [1, 2] {
                let plain = try audit(path, threshold: .max, jobs: jobs)
                let links = try XCTUnwrap(plain["links.jsonl"])
                XCTAssertTrue(links.contains("\"framedPage\":\"\(site)inner.html\""), "the frames are followed: \(name)")
                for threshold in [1, 2, 7] {
                    let streamed = try audit(path, threshold: threshold, jobs: jobs)
                    XCTAssertEqual(streamed.keys.sorted(), plain.keys.sorted(), name)
                    for (file, text) in plain {
                        XCTAssertEqual(streamed[file], text, "\(name), \(file), threshold \(threshold), \(jobs) workers")
                    }
                }
            }
        }
    }
}
