import Foundation
import LinkAuditModel
import TestSupport
import XCTest
@testable import PageSources

/// A dump's own framed pages (README, "Framed pages"): an iframe whose src is another page
/// of the same dump runs that page as a sub-frame, so its refresh, scripts and links are
/// sub-frame navigations of the framing page too. Chromium's requests for the same pages
/// are in Scripts/navigation-patterns.py (class framed-page).
final class FramedPagesTests: XCTestCase {
    private let site = "https://shop.example/"

    private func dump(_ dir: TempDir) {
        dir.write("site/checkout/index.html", """
        <!DOCTYPE html>
        <p>Pay in the panel.</p>
        <iframe src="panel.html#top" title="panel"></iframe>
        <iframe src="https://elsewhere.example/panel.html"></iframe>
        <object data="panel.html"></object>
        <a href="/fallback.html">Pay by card</a>
        """)
        dir.write("site/checkout/panel.html", """
        <!DOCTYPE html>
        <meta http-equiv="refresh" content="4; url=linkaja://pay?order=1">
        <a href="shopeeid://pay?order=2">ShopeePay</a>
        <a href="ovo://pay?order=3" target="_top">OVO, in the whole window</a>
        <script>setTimeout(function () { location.href = 'dana://pay?order=4'; }, 2000);</script>
        <iframe src="inner.html"></iframe>
        """)
        dir.write("site/checkout/inner.html", """
        <script>location.href = 'gojek://pay?order=5';</script>
        <iframe src="index.html"></iframe>
        """)
    }

    private func audit(_ dir: TempDir) throws -> [[String: Any]] {
        let run = try CLI.run(["audit", "site", "--base-url", site, "--out", "out", "--format", "jsonl", "--quiet",
                               "--fail-on", "never"], cwd: dir.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        return try LinksFile.records(dir.path + "/out/links.jsonl")
    }

    func testAFramedPagesNavigationsAreTheFramingPagesSubFrameNavigations() throws {
        let dir = TempDir()
        dump(dir)
        let records = try audit(dir).filter { $0["page"] as? String == site + "checkout/" }
        let framed = records.filter { $0["framedPage"] != nil }
        func one(_ url: String) throws -> [String: Any] {
            try XCTUnwrap(framed.first { $0["url"] as? String == url }, "no framed record of \(url)")
        }
        // On the iframe's line (3), with the framed page named and its own source and trigger.
        let refresh = try one("linkaja://pay?order=1")
        XCTAssertEqual(refresh["line"] as? Int, 3)
        XCTAssertEqual(refresh["framedPage"] as? String, site + "checkout/panel.html")
        XCTAssertEqual(refresh["source"] as? String, "meta[refresh]")
        XCTAssertEqual(refresh["trigger"] as? String, "meta-refresh")
        XCTAssertEqual(refresh["frame"] as? String, "sub")
        XCTAssertEqual(try one("shopeeid://pay?order=2")["frame"] as? String, "sub")
        // `target=_top` still navigates the whole window.
        XCTAssertEqual(try one("ovo://pay?order=3")["frame"] as? String, "main")
        XCTAssertEqual(try one("dana://pay?order=4")["trigger"] as? String, "script-timer")
        // The frame inside the framed page is followed too, and named by its own page.
        let inner = try one("gojek://pay?order=5")
        XCTAssertEqual(inner["framedPage"] as? String, site + "checkout/inner.html")
        XCTAssertEqual(inner["frame"] as? String, "sub")
        XCTAssertEqual(inner["line"] as? Int, 3)
        // …but not back into the page itself, nor through <object>, nor another site's page.
        XCTAssertFalse(framed.contains { $0["url"] as? String == site + "fallback.html" })
        XCTAssertEqual(framed.count, 7, framed.map { $0["url"] as? String ?? "" }.joined(separator: ", "))
        // Placed right after the frame, in line order.
        let lines = records.map { $0["line"] as? Int ?? 0 }
        XCTAssertEqual(lines, lines.sorted())
        let frameIndex = try XCTUnwrap(records.firstIndex { $0["source"] as? String == "iframe[src]" && $0["framedPage"] == nil })
        XCTAssertEqual(records[frameIndex + 1]["framedPage"] as? String, site + "checkout/panel.html")
    }

    func testTheFramedPagesClockRunsInItsFrame() throws {
        // In the panel, the 2 s timer cancels the panel's own 4 s refresh (Docs/PLATFORM.md
        // §F.15), as Chromium runs it in the sub-frame; the page's records stay reached.
        let dir = TempDir()
        dump(dir)
        let records = try audit(dir).filter { $0["page"] as? String == site + "checkout/" }
        let refresh = try XCTUnwrap(records.first { $0["url"] as? String == "linkaja://pay?order=1" })
        let verdicts = try XCTUnwrap(refresh["verdicts"] as? [String: [String: Any]])
        XCTAssertEqual(verdicts["android-webview"]?["outcome"] as? String, "unreached")
        XCTAssertEqual(verdicts["android-webview"]?["reason"] as? String, "refresh-cancelled")
        let timer = try XCTUnwrap(records.first { $0["url"] as? String == "dana://pay?order=4" })
        let timerVerdicts = try XCTUnwrap(timer["verdicts"] as? [String: [String: Any]])
        XCTAssertNotEqual(timerVerdicts["android-webview"]?["outcome"] as? String, "unreached")
    }

    func testFramedPagesAreReadWhenNeededNotHeld() {
        // The index holds where each page is, not what it says: following a frame reads the
        // framed page again, and a page that frames nothing of the dump costs nothing.
        let dir = TempDir()
        dump(dir)
        let panel = dir.path + "/site/checkout/panel.html"
        let inputs = [PageInput(page: site + "checkout/panel.html", origin: .file(path: panel))]
        let framed = FramedPages(inputs, reader: PageReader())
        let other = Navigation(page: site + "x/", line: 1, source: "a[href]", trigger: .tap, frame: .main,
                               raw: "panel.html", url: site + "checkout/panel.html", scheme: "https")
        XCTAssertEqual(framed.follow([other], page: site + "x/"), [other])
        XCTAssertFalse(framed.indexIsMade, "no page followed a frame yet: the pages' URLs are not parsed")
        let page = Navigation(page: site + "checkout/", line: 3, source: "iframe[src]", trigger: .frameLoad, frame: .sub,
                              raw: "panel.html", url: site + "checkout/panel.html", scheme: "https")
        XCTAssertEqual(framed.follow([page], page: site + "checkout/").count, 1 + 5)
        XCTAssertTrue(framed.indexIsMade)
        try? FileManager.default.removeItem(atPath: panel)
        XCTAssertEqual(framed.follow([page], page: site + "checkout/").count, 1, "the file is read at need")
    }

    func testAPageFramingAFramedPageThousandsOfTimesIsCut() {
        // Each frame of the page runs the framed page again, as Chromium would; the work a
        // page can make is bounded all the same (Docs/ARCHITECTURE.md §5).
        let dir = TempDir()
        let panel = dir.write("site/panel.html", "<a href=\"ovo://pay\">OVO</a><a href=\"dana://pay\">DANA</a>")
        let framed = FramedPages([PageInput(page: site + "panel.html", origin: .file(path: panel))], reader: PageReader())
        let frames = (1...1_000).map {
            Navigation(page: site, line: $0, source: "iframe[src]", trigger: .frameLoad, frame: .sub,
                       raw: "panel.html", url: site + "panel.html", scheme: "https")
        }
        var warning: String? = "truncated: earlier"
        let out = framed.follow(frames, page: site, warning: &warning)
        XCTAssertEqual(out.count, 1_000 + FramedPages.maxDocumentsPerPage * 2)
        XCTAssertEqual(warning?.hasPrefix("truncated: earlier; framed-pages-cut: "), true, warning ?? "")
        var none: String?
        _ = framed.follow(Array(frames.prefix(3)), page: site, warning: &none)
        XCTAssertNil(none)
    }

    func testASandboxedFrameRunsNoScriptOfItsPageAndCarriesItsTokens() throws {
        // Docs/PLATFORM.md §F.17: without allow-scripts the framed page's refresh and scripts
        // never run; its links carry the frame's tokens for the profiles to judge.
        let dir = TempDir()
        dump(dir)
        dir.write("site/checkout/index.html", """
        <iframe sandbox="allow-popups" src="panel.html"></iframe>
        """)
        let framed = try audit(dir).filter { $0["page"] as? String == site + "checkout/" && $0["framedPage"] != nil }
        XCTAssertEqual(Set(framed.compactMap { $0["url"] as? String }),
                       ["shopeeid://pay?order=2", "ovo://pay?order=3", site + "checkout/inner.html",
                        site + "checkout/index.html"])
        XCTAssertEqual(Set(framed.compactMap { $0["sandbox"] as? String }), ["allow-popups"])
    }
}
