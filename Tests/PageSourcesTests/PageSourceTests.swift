import LinkAuditModel
import XCTest
@testable import PageSources
import TestSupport

final class PageSourceTests: XCTestCase {
    func testBaseURLMapsFilesAndIndexPages() {
        let mapper = PageURLMapper(baseURL: "https://shop.example")
        XCTAssertEqual(mapper.url(root: "/d", path: "/d/index.html"), "https://shop.example/")
        XCTAssertEqual(mapper.url(root: "/d", path: "/d/pay/index.htm"), "https://shop.example/pay/")
        XCTAssertEqual(mapper.url(root: "/d", path: "/d/pay/checkout.html"), "https://shop.example/pay/checkout.html")
        XCTAssertEqual(mapper.url(root: "/d", path: "/d/a b/ü.html"), "https://shop.example/a%20b/%C3%BC.html")
        XCTAssertEqual(PageURLMapper(baseURL: "https://shop.example/pay/").url(root: "/d", path: "/d/x.html"),
                       "https://shop.example/pay/x.html")
    }

    func testBaseURLForASingleFile() {
        XCTAssertEqual(PageURLMapper(baseURL: "https://shop.example/pay").url(root: nil, path: "/x/a.html"),
                       "https://shop.example/pay")
        XCTAssertEqual(PageURLMapper(baseURL: "https://shop.example/pay/").url(root: nil, path: "/x/a.html"),
                       "https://shop.example/pay/a.html")
    }

    func testWgetMirrorLayout() {
        let mapper = PageURLMapper(baseURL: nil)
        XCTAssertEqual(mapper.url(root: "/dump", path: "/dump/shop.example.co.id/pay/index.html"),
                       "https://shop.example.co.id/pay/")
        XCTAssertEqual(mapper.url(root: "/dumps/www.shop.example", path: "/dumps/www.shop.example/a.html"),
                       "https://www.shop.example/a.html")
        XCTAssertEqual(mapper.url(root: "/dump", path: "/dump/site/a.html"), "https://dump.invalid/site/a.html")
        XCTAssertFalse(PageURLMapper.looksLikeHost("checkout.html"))
        XCTAssertFalse(PageURLMapper.looksLikeHost("v1.2"))
        XCTAssertTrue(PageURLMapper.looksLikeHost("shop.example.com:8080"))
    }

    func testFolderWalkFindsPagesBySuffixAndSniffing() throws {
        let dir = TempDir()
        dir.write("a.html", "<a href=x>")
        dir.write("sub/b.HTM", "<p>")
        dir.write("sub/c.xhtml", "<p>")
        dir.write("checkout", "\n  <!DOCTYPE html><title>x</title>")
        dir.write("notes", "just text")
        dir.write("style.css", "a{}")
        let pages = try InputCollector(mapper: PageURLMapper(baseURL: "https://s.example/")).collect([dir.path]).pages
        XCTAssertEqual(pages.map(\.page), ["https://s.example/a.html", "https://s.example/checkout",
                                           "https://s.example/sub/b.HTM", "https://s.example/sub/c.xhtml"])
    }

    func testStdinListAndMissingInputs() throws {
        let dir = TempDir()
        let a = dir.write("a.html", "<a href=x>")
        var lines = [a, "# a comment", "", dir.path + "/b.html"]
        let collector = InputCollector(mapper: PageURLMapper(baseURL: nil), readStdinLine: {
            lines.isEmpty ? nil : lines.removeFirst()
        })
        dir.write("b.html", "<p>")
        XCTAssertEqual(try collector.collect(["-"]).pages.count, 2)
        // A path on the list that does not exist is a usage error naming it and its line.
        lines = [a, "# a comment", dir.path + "/missing.html"]
        XCTAssertThrowsError(try collector.collect(["-"])) {
            XCTAssertEqual($0 as? LinkAuditError,
                           .usage("input '\(dir.path)/missing.html' (line 3 of the list on stdin): no such file or folder"))
        }
    }

    func testStatuses() {
        let dir = TempDir()
        let reader = PageReader(maxBytes: 1000)
        func status(_ name: String, _ data: Data) -> String {
            let path = dir.write(name, data: data)
            return reader.read(PageInput(page: "file://" + path, origin: .file(path: path), named: true)).record.status
        }
        XCTAssertEqual(status("empty.html", Data()), "empty")
        XCTAssertEqual(status("logo.html", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])),
                       "not-html: binary data (PNG image)")
        XCTAssertEqual(status("big.html", Data(repeating: 0x20, count: 1001)), "too-large: 1001 bytes, limit 1000")
        XCTAssertEqual(status("notes.txt", Data("plain words".utf8)), "not-html: .txt file does not look like HTML")
        XCTAssertEqual(status("ok.html", Data("<a href=x>".utf8)), "ok")
    }

    func testUnreadableFileIsReportedNotThrown() {
        // A folder where a file was expected cannot be read as one (root reads any file,
        // so permissions cannot make this case in CI).
        let dir = TempDir()
        let path = dir.path + "/folder.html"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let record = PageReader().read(PageInput(page: "file://" + path, origin: .file(path: path))).record
        XCTAssertTrue(record.status.hasPrefix("unreadable: "), record.status)
        XCTAssertFalse(record.status.contains("\n"))
    }

    func testTruncatedFileIsFlaggedAndItsLastURLPartial() {
        let result = PageReader().read(bytes: Array("<a href='dana://1'>a</a>\n<p>x\n<a href=\"gojek://pay?ref=OR".utf8),
                                       page: "https://shop.example/t.html", file: nil)
        XCTAssertEqual(result.record.status, "ok")
        XCTAssertEqual(result.record.warning, "truncated: the file ends inside a tag on line 3")
        XCTAssertEqual(result.navigations.map { $0.partial ?? false }, [false, true])
    }

    /// A page with CR line ends counts its lines as the extraction does (`InputStream`): only
    /// the cut link is partial.
    func testTruncatedFileWithCarriageReturnLineEnds() {
        let result = PageReader().read(bytes: Array("<a href='dana://1'>a</a>\r<p>x\r<a href=\"gojek://pay?ref=OR".utf8),
                                       page: "https://shop.example/t.html", file: nil)
        XCTAssertEqual(result.record.warning, "truncated: the file ends inside a tag on line 3")
        XCTAssertEqual(result.navigations.map(\.line), [1, 3])
        XCTAssertEqual(result.navigations.map { $0.partial ?? false }, [false, true])
    }

    func testFiftyMegabytePageIsParsed() {
        var html = "<html><body><a href='gojek://first'>first</a>"
        let filler = String(repeating: "<p>lorem ipsum dolor sit amet</p>\n", count: 50 * 1024 * 1024 / 34)
        html += filler + "<a href='dana://last'>last</a></body></html>"
        let bytes = Array(html.utf8)
        XCTAssertGreaterThan(bytes.count, 50_000_000)
        let result = PageReader().read(bytes: bytes, page: "https://shop.example/big.html", file: nil)
        XCTAssertEqual(result.record.status, "ok")
        XCTAssertEqual(result.navigations.map(\.raw), ["gojek://first", "dana://last"])
        XCTAssertEqual(result.navigations.last?.line, 50 * 1024 * 1024 / 34 + 1)
    }
}
