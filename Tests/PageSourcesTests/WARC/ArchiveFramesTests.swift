import Foundation
import LinkAuditModel
import TestSupport
import XCTest
@testable import PageSources

/// Framed pages inside WARC archives (README, "Framed pages"): a page's iframe whose src is
/// another record of the same archive, before or after it, plain or gzip, runs that record's
/// page as a sub-frame, as for a dump's files (`FramedPagesTests`).
final class ArchiveFramesTests: XCTestCase {
    private let site = "https://shop.example/"

    private func response(_ name: String, _ html: String, headers: [String] = ["Content-Type: text/html"]) -> [UInt8] {
        WARCBytes.record(uri: site + name, block: WARCBytes.http(Array(html.utf8), headers: headers))
    }

    /// The framing page (`checkout`) comes between a framed page before it (`before.html`)
    /// and after it (`panel.html`, which frames `inner.html`, which frames `checkout` back).
    private func records() -> [[UInt8]] {
        [
            WARCBytes.record(type: "warcinfo", uri: nil, block: Array("software: test\r\n".utf8),
                             contentType: "application/warc-fields"),
            response("before.html", "<a href=\"ovo://pay?order=0\">OVO</a>"),
            response("checkout", """
            <!DOCTYPE html>
            <p>Pay in the panel.</p>
            <iframe src="panel.html#top"></iframe>
            <iframe src="before.html"></iframe>
            <iframe src="missing.html"></iframe>
            <iframe src="loop-a.html"></iframe>
            <a href="/fallback.html">Pay by card</a>
            """),
            WARCBytes.record(type: "request", uri: site + "panel.html", block: Array("GET /panel.html HTTP/1.1\r\n\r\n".utf8),
                             contentType: "application/http; msgtype=request"),
            response("panel.html", """
            <meta http-equiv="refresh" content="4; url=linkaja://pay?order=1">
            <a href="shopeeid://pay?order=2">ShopeePay</a>
            <a href="ovo://pay?order=3" target="_top">OVO</a>
            <iframe src="inner.html"></iframe>
            """),
            response("inner.html", "<script>location.href = 'gojek://pay?order=5';</script><iframe src=\"checkout\"></iframe>"),
            response("loop-a.html", "<a href=\"dana://pay?loop=a\">a</a><iframe src=\"loop-b.html\"></iframe>"),
            response("loop-b.html", "<a href=\"dana://pay?loop=b\">b</a><iframe src=\"loop-a.html\"></iframe>"),
            // A later capture of the panel is not the one a frame loads.
            response("panel.html", "<a href=\"later://capture\">later</a>"),
        ]
    }

    private func audit(_ archive: [UInt8], name: String) throws -> (links: [[String: Any]], pages: [[String: Any]]) {
        let dir = TempDir()
        let path = dir.path + "/" + name
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(archive)))
        let run = try CLI.run(["audit", name, "--out", "out", "--format", "jsonl", "--quiet", "--fail-on", "never"],
                              cwd: dir.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        let pages = try String(contentsOfFile: dir.path + "/out/pages.jsonl", encoding: .utf8).split(separator: "\n")
            .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        return (try LinksFile.records(dir.path + "/out/links.jsonl"), pages)
    }

    /// The framed deep links of the checkout page: url → (framedPage, frame, line, trigger).
    private func framed(_ links: [[String: Any]]) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for link in links where link["page"] as? String == site + "checkout" && link["framedPage"] != nil
            && !(link["url"] as? String ?? "").hasPrefix(site) {
            out[link["url"] as? String ?? ""] = [link["framedPage"] as? String ?? "", link["frame"] as? String ?? "",
                                                 "\(link["line"] as? Int ?? 0)", link["trigger"] as? String ?? ""]
        }
        return out
    }

    private var expected: [String: [String]] {
        [
            "linkaja://pay?order=1": [site + "panel.html", "sub", "3", "meta-refresh"],
            "shopeeid://pay?order=2": [site + "panel.html", "sub", "3", "tap"],
            "ovo://pay?order=3": [site + "panel.html", "main", "3", "tap"],
            "gojek://pay?order=5": [site + "inner.html", "sub", "3", "script-load"],
            "ovo://pay?order=0": [site + "before.html", "sub", "4", "tap"],
            "dana://pay?loop=a": [site + "loop-a.html", "sub", "6", "tap"],
            "dana://pay?loop=b": [site + "loop-b.html", "sub", "6", "tap"],
        ]
    }

    func testFramedRecordsBeforeAndAfterThePageRunAsItsSubFrames() throws {
        let (links, pages) = try audit(records().flatMap { $0 }, name: "crawl.warc")
        let found = framed(links)
        XCTAssertEqual(found, expected)
        // A loop of frames stops where it would come back (loop-a → loop-b, not loop-a again),
        // and the later capture of panel.html is not the one loaded.
        XCTAssertFalse(links.contains { $0["url"] as? String == "later://capture" && $0["framedPage"] != nil })
        let checkout = try XCTUnwrap(pages.first { $0["page"] as? String == site + "checkout" })
        XCTAssertNil(checkout["warning"], "a missing framed page is no damage")
        XCTAssertEqual(checkout["navigations"] as? Int, links.filter { $0["page"] as? String == site + "checkout" }.count)
    }

    func testGzipArchivesFindTheFramedRecordByItsMember() throws {
        // A member per record (as WARC 1.1 recommends), and a file gzipped whole.
        let perRecord = try audit(records().flatMap { WARCBytes.gzip($0) }, name: "crawl.warc.gz")
        XCTAssertEqual(framed(perRecord.links), expected)
        let whole = try audit(WARCBytes.gzip(records().flatMap { $0 }), name: "whole.warc.gz")
        XCTAssertEqual(framed(whole.links), expected)
    }

    func testDamagedAndRevisitRecordsAreNotFollowedAndThePageSaysWhy() throws {
        let panel = WARCBytes.http(Array("<a href=\"shopeeid://pay\">x</a>".utf8), headers: ["Content-Type: text/html"])
        let archive: [[UInt8]] = [
            response("checkout", """
            <iframe src="revisit.html"></iframe>
            <iframe src="image.png"></iframe>
            <iframe src="cut.html"></iframe>
            """),
            WARCBytes.record(type: "revisit", uri: site + "revisit.html", block: [],
                             fields: ["WARC-Profile: http://netpreserve.org/warc/1.1/revisit/identical-payload-digest"]),
            response("image.png", "\u{89}PNG", headers: ["Content-Type: image/png"]),
            // Its Content-Length says more than the archive holds: truncated at the end.
            WARCBytes.record(uri: site + "cut.html", block: panel, length: panel.count + 500).dropLast(4).map { $0 },
        ]
        for (bytes, name) in [(archive.flatMap { $0 }, "damaged.warc"), (archive.flatMap { WARCBytes.gzip($0) }, "damaged.warc.gz")] {
            let (links, pages) = try audit(bytes, name: name)
            XCTAssertEqual(framed(links), [:], name)
            let checkout = try XCTUnwrap(pages.first { $0["page"] as? String == site + "checkout" })
            let warning = checkout["warning"] as? String ?? ""
            XCTAssertTrue(warning.contains("framed-page-not-followed: \(site)revisit.html (\(name)#record=2) is a revisit record"),
                          warning)
            XCTAssertTrue(warning.contains("framed-page-not-followed: \(site)cut.html (\(name)#record=4) is damaged: truncated"),
                          warning)
            XCTAssertFalse(warning.contains("image.png"), "a frame showing an image starts nothing: \(warning)")
        }
    }

    func testTheIndexIsReadOnlyWhenAPageHasAFrameAndOnlyAsFarAsNeeded() throws {
        let dir = TempDir()
        let path = dir.path + "/a.warc"
        let bytes = records().flatMap { $0 }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let frames = ArchiveFrames(path: path, shown: "a.warc", maxBody: 1 << 20)
        // A page without frames reads nothing of the archive, even after the file is gone.
        var plain = PageResult(record: PageRecord(page: site + "x", file: "a.warc#record=9", bytes: 1, status: "ok"),
                               navigations: [Navigation(page: site + "x", line: 1, source: "a[href]", trigger: .tap,
                                                        frame: .main, raw: "y", url: site + "y", scheme: "https")])
        frames.follow(&plain, reader: PageReader())
        XCTAssertEqual(plain.navigations.count, 1)
        let frame = Navigation(page: site + "x", line: 2, source: "iframe[src]", trigger: .frameLoad, frame: .sub,
                               raw: "before.html", url: site + "before.html", scheme: "https")
        var framing = PageResult(record: PageRecord(page: site + "x", file: "a.warc#record=9", bytes: 1, status: "ok"),
                                 navigations: [frame])
        frames.follow(&framing, reader: PageReader())
        XCTAssertEqual(framing.navigations.map(\.url), [site + "before.html", "ovo://pay?order=0"])
        XCTAssertEqual(framing.record.navigations, 2)
    }

    func testPastTheIndexCapFramesAreNotFollowedAndThePageSaysSo() throws {
        let dir = TempDir()
        let path = dir.path + "/a.warc"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(records().flatMap { $0 })))
        // before.html and checkout are indexed; panel.html comes after them.
        let frames = ArchiveFrames(path: path, shown: "a.warc", maxBody: 1 << 20, cap: 2)
        func frame(_ name: String) -> Navigation {
            Navigation(page: site + "x", line: 2, source: "iframe[src]", trigger: .frameLoad, frame: .sub,
                       raw: name, url: site + name, scheme: "https")
        }
        var result = PageResult(record: PageRecord(page: site + "x", file: "a.warc#record=9", bytes: 1, status: "ok"),
                                navigations: [frame("before.html"), frame("panel.html")])
        frames.follow(&result, reader: PageReader())
        XCTAssertEqual(result.navigations.map(\.url), [site + "before.html", "ovo://pay?order=0", site + "panel.html"])
        XCTAssertEqual(result.record.warning?.hasPrefix("framed-pages-index-full: the archive holds more than 2 pages"),
                       true, result.record.warning ?? "")
    }
}
