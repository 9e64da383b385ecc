import XCTest
@testable import Extraction
@testable import LinkAudit
import LinkAuditModel
import Reports
import TestSupport

/// A page past the streaming threshold is read in two passes, its plain links classified
/// and written chunk by chunk (`PageStream`, `StreamedPage`): every report must be the
/// plain way's byte for byte. The threshold is set so low (1, 2, 7 navigations) that every
/// page of the corpora goes the streamed way, in chunks of that many.
final class StreamedPageTests: XCTestCase {
    private static let thresholds = [1, 2, 7]

    /// Pages built to catch what the second pass must take from the first: a `<base>` after
    /// the links, targets naming a later iframe, a parser-stopping navigation, a refresh a
    /// later navigation cancels, links a script rewrites, frames loading other pages of the
    /// dump, `srcdoc` documents, links that only scroll, a file cut inside a tag, line ends
    /// and NULs the input stream rewrites, and the hostile constructs in small sizes.
    static func corpus(in dir: TempDir) throws -> String {
        let root = dir.path + "/dump"
        let pages: [String: String] = [
            "base-after.html": """
                <a href="a.html">a</a><a href="app://x">x</a><form action="submit"></form>
                <a href="?q=1">q</a><a href="">self</a>
                <base href="https://other.example/dir/"><a href="b.html">b</a><base href="https://third.example/">
                """,
            "target-later.html": """
                <a href="x.html" target="late">x</a><a href="y.html" target="nowhere">y</a>
                <a href="app://t" target="late">t</a><form action="app://f" target="late"></form>
                <iframe name="late" src="framed.html"></iframe><a href="z.html" target="late">z</a>
                """,
            "framed.html": """
                <a href="intent://pay#Intent;scheme=app;package=com.example;end">pay</a>
                <a href="tel:+100">call</a><script>setTimeout(function(){ location.href = 'app://framed' }, 10)</script>
                """,
            "frames.html": """
                <a href="1.html">1</a><iframe src="framed.html"></iframe>
                <a href="2.html">2</a>
                <iframe src="framed.html"></iframe><a href="app://3">3</a>
                """,
            "stop.html": """
                <a href="before.html">b</a><a href="app://before">b</a>
                <script>location.href = 'app://stop';</script><a href="after.html">after</a>
                <a href="app://after">x</a><iframe src="framed.html"></iframe><a href="mailto:a@b.example">m</a>
                """,
            "stop-one-line.html": """
                <a href="a">a</a><script>location.href='app://same'</script><a href="b">b</a><a href="app://c">c</a>
                """,
            "refresh-cancelled.html": """
                <meta http-equiv="refresh" content="0; url=app://refresh"><a href="x.html">x</a>
                <script>setTimeout(function(){ location.href = 'app://timer' }, 0)</script><a href="y.html">y</a>
                <a href="app://tap">t</a>
                """,
            "refresh.html": """
                <a href="app://1">1</a><meta http-equiv="refresh" content="5; url=app://later"><a href="app://2">2</a>
                <script>document.addEventListener('click', function(){ location.href = 'app://handler' })</script>
                """,
            "rewrite.html": """
                <a id="pay" href="https://shop.example/pay">pay</a><a href="z">z</a>
                <form id="f" action="https://shop.example/old"></form><a href="app://y">y</a>
                <script>document.getElementById('pay').href = 'app://pay';
                document.getElementById('f').action = 'app://form';</script>
                """,
            "scrolls.html": """
                <a href="#top">top</a><a href="scrolls.html#x">x</a><a href="other#y">y</a><a href="app://s#f">s</a>
                """,
            "srcdoc.html": """
                <a href="a">a</a><iframe srcdoc="<a href='app://in-srcdoc'>in</a><script>location='app://s'</script>"></iframe>
                <a href="b">b</a><a href="app://b">b</a>
                """,
            "handlers.html": """
                <a href="javascript:location.href='app://js'">js</a><button onclick="location.href='app://click'">c</button>
                <a href="k">k</a><form action="app://post" method="post"><button formaction="app://fa">go</button></form>
                <script>function go(u) { location.href = u }</script><a href="#" onclick="go('app://h')">h</a>
                <a href="app://after-handlers">z</a>
                """,
            "noscript.html": """
                <noscript><a href="app://ns">ns</a></noscript><a href="a">a</a><template><a href="app://t">t</a></template>
                <a href="app://b">b</a><link rel="alternate" href="android-app://com.example/https/x">
                """,
            "truncated.html": "<a href=\"a\">a</a>\n<a href=\"app://b\">b</a>\n<a href=\"app://c\">c</a>\n<a href=\"app://cut",
            "line-ends.html": "<a href=\"a\">a</a>\r\n<a href=\"app://b\">b</a>\r<a href=\"app://c\u{0}\">c</a>\n<a href=\"d\">d</a>",
            "many.html": (0..<300).map { i in
                let kinds = ["app://p/\(i % 7)", "https://shop.example/\(i)", "intent://x/\(i % 3)#Intent;scheme=app;end",
                             "tel:\(i % 5)", "mailto:m\(i % 4)@x.example", "file:///tmp/\(i % 2)", "weird\\\\path\(i)", "/rel/\(i)"]
                return "<a href=\"\(kinds[i % kinds.count])\"\(i % 11 == 0 ? " target=\"_blank\"" : "")>\(i)</a>"
                    + (i % 50 == 0 ? "\n" : "")
            }.joined(),
            "deep.html": "<body>" + String(repeating: "<span>", count: 600) + "<a href=\"app://deep\">x</a>"
                + String(repeating: "</b>", count: 50) + "<a href=\"after\">a</a><a href=\"app://z\">z</a>",
            "attributes.html": "<a href='app://y' " + (0..<1_100).map { "a\($0)=1" }.joined(separator: " ")
                + ">x</a><a href=\"b\">b</a><a href=\"app://c\">c</a>",
            "scripts.html": "<script>x=" + String(repeating: "`${", count: 300) + String(repeating: "}`", count: 300)
                + ";location.href='app://y'</script><a href=\"a\">a</a>"
                + "<script>" + (0..<40).map { "setTimeout(function(){location='app://t\($0)'}, 1e19);" }.joined()
                + "</script><a href=\"app://b\">b</a>",
        ]
        for (name, html) in pages { dir.write("dump/" + name, html) }
        // Benchmarks/hostile_pages.py's constructs, 200 copies each, between links.
        let n = 200
        let hostile: [String: String] = [
            "window-open": "<script>" + (0..<n).map { "window.open('x://\($0)'" }.joined() + "</script>",
            "open-parens": "<script>" + String(repeating: "a=(", count: n) + "location.href='x://y'</script>",
            "closers": "<script>" + String(repeating: "(", count: n) + String(repeating: "]", count: n)
                + "location.href='x://y'</script>",
            "then-chain": "<script>onclick=function(){" + (0..<n).map { "p.then(function(){'x://\($0)';" }.joined()
                + String(repeating: "})", count: n) + "}</script>",
            "timeouts": "<script>" + String(repeating: "setTimeout(function(){'x://y';", count: n)
                + String(repeating: "},1)", count: n) + "</script>",
            "calls": "<script>" + (0..<6).map { i in
                "function f\(i)() { " + (0..<30).map { k in "setTimeout(f\((i + 1) % 6), \(k * 7));" }.joined(separator: " ")
                    + " location.href = 'x://\(i)'; }"
            }.joined(separator: "\n") + "\nf0();</script>",
            "spans": "<body>" + String(repeating: "<span>", count: n) + String(repeating: "</b>", count: n),
            "divs": "<body>" + String(repeating: "<div>", count: n) + String(repeating: "</span>", count: n),
        ]
        for (name, construct) in hostile {
            dir.write("dump/hostile-\(name).html", "<a href=\"app://before\">b</a><a href=\"before.html\">b</a>\n"
                      + construct + "\n<a href=\"app://after\">a</a><a href=\"after.html\">a</a><a href=\"tel:1\">t</a>")
        }
        for folder in ["script-patterns", "fuzz/FuzzHTML"] {
            let source = Fixture.url(folder).path
            for name in try FileManager.default.contentsOfDirectory(atPath: source) where name.hasSuffix(".html") {
                dir.write("dump/fixtures/" + folder.replacingOccurrences(of: "/", with: "-") + "-" + name,
                          data: try Data(contentsOf: URL(fileURLWithPath: source + "/" + name)))
            }
        }
        return root
    }

    /// Every file a run writes, by name.
    /// `spill`: every streamed page, however small, waits for its second pass in a file
    /// (`SpilledPage`), as pages of 16 MB or more do.
    private func audit(_ inputs: [String], threshold: Int, jobs: Int, stream: Bool = false,
                       spill: Bool = false) throws -> [String: Data] {
        let out = TempDir()
        var options = AuditOptions(inputs: inputs, outDir: out.path, jobs: jobs)
        options.formats = Set(ReportFormat.allCases)
        let streamed = out.path + "/streamed.jsonl"
        if stream {
            XCTAssertTrue(FileManager.default.createFile(atPath: streamed, contents: nil))
            options.streamTo = FileHandle(forWritingAtPath: streamed)
        }
        _ = try HTMLExtractor.$spillsFrom.withValue(spill ? 0 : HTMLExtractor.compactsBelow) {
            try PageStream.$threshold.withValue(threshold) { try Audit.run(options) }
        }
        try options.streamTo?.close()
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        return Dictionary(uniqueKeysWithValues: try names.map { ($0, try Data(contentsOf: URL(fileURLWithPath: out.path + "/" + $0))) })
    }

    private func assertSameReports(_ inputs: [String], _ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for jobs in [1, 2] {
            let plain = try audit(inputs, threshold: .max, jobs: jobs)
            XCTAssertEqual(plain.keys.sorted(), ["findings.csv", "findings.json", "findings.sarif", "junit.xml",
                                                 "links.jsonl", "pages.jsonl", "summary.md"], file: file, line: line)
            for (threshold, spill) in Self.thresholds.map({ ($0, false) }) + [(2, true)] {
                let streamed = try audit(inputs, threshold: threshold, jobs: jobs, spill: spill)
                XCTAssertEqual(streamed.keys.sorted(), plain.keys.sorted(), "\(label): no temporary file left", file: file, line: line)
                for (name, data) in plain {
                    XCTAssertEqual(String(decoding: streamed[name] ?? Data(), as: UTF8.self), String(decoding: data, as: UTF8.self),
                                   "\(label), \(name), threshold \(threshold)\(spill ? ", spilled" : ""), \(jobs) workers",
                                   file: file, line: line)
                }
            }
        }
        let plain = try audit(inputs, threshold: .max, jobs: 2, stream: true)
        for spill in [false, true] {
            let streamed = try audit(inputs, threshold: 2, jobs: 2, stream: true, spill: spill)
            XCTAssertEqual(String(decoding: streamed["streamed.jsonl"] ?? Data(), as: UTF8.self),
                           String(decoding: plain["streamed.jsonl"] ?? Data(), as: UTF8.self),
                           "\(label), --jsonl-out\(spill ? ", spilled" : "")", file: file, line: line)
        }
    }

    func testTheCraftedDumpGivesThePlainReports() throws {
        let dir = TempDir()
        try assertSameReports([try Self.corpus(in: dir)], "dump")
    }

    func testTheDemoSiteGivesThePlainReports() throws {
        try assertSameReports([Repository.url("Pipelines/demo-site").path], "demo site")
    }

    func testAnArchiveGivesThePlainReports() throws {
        try assertSameReports([Fixture.url("warc/synthetic/deeplinks-sample.warc.gz").path], "archive")
    }

    /// A dump and an archive in one run: the archive's pages do not follow the dump's frames.
    func testADumpAndAnArchiveTogetherGiveThePlainReports() throws {
        let dir = TempDir()
        try assertSameReports([try Self.corpus(in: dir), Fixture.url("warc/synthetic/deeplinks-sample.warc").path],
                              "dump and archive")
    }

    /// The extraction on its own: the held navigations and the second pass's chunks, merged
    /// by their places, are the plain extraction's list, and the pages really are streamed.
    func testHeldAndChunksMergeIntoThePlainList() throws {
        let dir = TempDir()
        let root = try Self.corpus(in: dir)
        var streamedPages = 0
        let files = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasSuffix(".html") }.sorted()
        for name in files {
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: root + "/" + name)))
            let page = "https://dump.invalid/" + name
            let plain = bytes.withUnsafeBytes { HTMLExtractor.extractPage(utf8: $0, pageURL: page) }
            for threshold in Self.thresholds {
                let (extraction, warnings) = bytes.withUnsafeBytes {
                    HTMLExtractor.extractPage(utf8: $0, pageURL: page, streamAbove: threshold)
                }
                XCTAssertEqual(warnings, plain.warnings, name)
                var merged: [Navigation] = []
                switch extraction {
                case .whole(let list):
                    merged = list
                case .streamed(let streamed):
                    streamedPages += 1
                    var chunks = 0
                    merged = bytes.withUnsafeBytes { html in
                        Self.merge(streamed, utf8: html, chunk: threshold) { plain in
                            chunks += 1
                            XCTAssertLessThanOrEqual(plain.count, threshold)
                        }
                    }
                    XCTAssertGreaterThan(streamed.held.count + chunks, 0)
                }
                XCTAssertEqual(merged.map(\.jsonLine), plain.navigations.map(\.jsonLine), "\(name), threshold \(threshold)")
                XCTAssertEqual(merged.map(\.place.value), plain.navigations.map(\.place.value), "\(name), threshold \(threshold)")
            }
        }
        XCTAssertGreaterThan(streamedPages, files.count, "most pages are streamed at these thresholds")
    }

    /// The held navigations and the second pass's chunks merged into page order, as the
    /// writer merges them (`onChunk` sees each chunk).
    private static func merge(_ streamed: StreamedPage, utf8 html: UnsafeRawBufferPointer, chunk: Int,
                              onChunk: ([Navigation]) -> Void = { _ in }) -> [Navigation] {
        var merged: [Navigation] = []
        var next = 0
        streamed.plainNavigations(utf8: html, chunk: chunk) { plain, keys in
            onChunk(plain)
            for (navigation, key) in zip(plain, keys) {
                while next < streamed.held.count, streamed.keys[next] < key {
                    merged.append(streamed.held[next])
                    next += 1
                }
                merged.append(navigation)
            }
        }
        return merged + streamed.held[next...]
    }

    /// A page kept in a file between its passes (`SpilledPage`, what `PageReader` does with
    /// pages of 16 MB or more): the page's bytes leave memory, and the held navigations and
    /// chunks merge into the plain list as before.
    func testASpilledPageMergesIntoThePlainList() throws {
        let dir = TempDir()
        let root = try Self.corpus(in: dir)
        var spilledPages = 0
        let files = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasSuffix(".html") }.sorted()
        for name in files {
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: root + "/" + name)))
            let page = "https://dump.invalid/" + name
            let plain = bytes.withUnsafeBytes { HTMLExtractor.extractPage(utf8: $0, pageURL: page) }
            for threshold in [2, Int.max] {
                var owned = bytes
                let (extraction, warnings) = HTMLExtractor.$spillsFrom.withValue(0) {
                    HTMLExtractor.extractPage(owning: &owned, pageURL: page, streamAbove: threshold, spillDirectory: dir.path)
                }
                XCTAssertEqual(warnings, plain.warnings, name)
                XCTAssertTrue(owned.isEmpty, "\(name): the page went to its file")
                var merged: [Navigation] = []
                switch extraction {
                case .whole(let list):
                    merged = list
                case .streamed(let streamed):
                    XCTAssertNotNil(streamed.spilled, name)
                    spilledPages += 1
                    merged = Self.merge(streamed, utf8: UnsafeRawBufferPointer(start: nil, count: 0), chunk: threshold)
                }
                XCTAssertEqual(merged.map(\.jsonLine), plain.navigations.map(\.jsonLine), "\(name), threshold \(threshold)")
                XCTAssertEqual(merged.map(\.place.value), plain.navigations.map(\.place.value), "\(name), threshold \(threshold)")
            }
        }
        XCTAssertGreaterThan(spilledPages, files.count / 2, "most pages are streamed at threshold 2")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".linkaudit") }, [],
                       "the page files are unlinked")
    }

    /// The second pass resolves against the first pass's base, not the one it has met so far.
    func testTheSecondPassResolvesAgainstTheBaseFoundAfterTheLinks() throws {
        var html = "<a href=\"a.html\">a</a><a href=\"b.html\">b</a><base href=\"https://other.example/dir/\">"
        let (extraction, _) = html.withUTF8 {
            HTMLExtractor.extractPage(utf8: UnsafeRawBufferPointer($0), pageURL: "https://shop.example/", streamAbove: 1)
        }
        guard case .streamed(let streamed) = extraction else { return XCTFail("streamed") }
        var urls: [String] = []
        html.withUTF8 { html in
            streamed.plainNavigations(utf8: UnsafeRawBufferPointer(html), chunk: 1) { plain, _ in urls += plain.map(\.url) }
        }
        XCTAssertEqual(urls, ["https://other.example/dir/a.html", "https://other.example/dir/b.html"])
    }
}
