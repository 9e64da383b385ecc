import Foundation
import LinkAuditModel
@testable import PageSources
import TestSupport
import XCTest

/// The pages to audit are held compactly (`PageInputs`: a walked page by its relative path)
/// and the dump's pages indexed by URL in 16 bytes each (`FramedIndex`): what they give back
/// must be what the plain forms gave — the inputs made whole, a dictionary by URL.
final class PageInputsTests: XCTestCase {
    private func collect(_ inputs: [String], base: String?) throws -> InputCollection {
        try InputCollector(mapper: PageURLMapper(baseURL: base), readStdinLine: { nil }, workingDirectory: "/nonexistent-cwd")
            .collect(inputs)
    }

    private func site() -> TempDir {
        let dir = TempDir()
        for i in 0..<40 { dir.write("site/part\(i % 4)/page \(i).html", "<p>\(i)") }
        dir.write("site/index.html", "<p>")
        dir.write("site/docs/INDEX.HTM", "<p>")
        dir.write("site/docs/index.html", "<p>")
        dir.write("site/caf\u{E9}/ü.html", "<p>")
        dir.write("site/crawl.warc", "")
        dir.write("site/checkout", "<!doctype html><p>")
        dir.write("lone.html", "<p>")
        mkfifo(dir.path + "/site/pipe.html", 0o644)
        return dir
    }

    func testAWalkedFolderIsHeldByItsRelativePathsAndGivesTheSameInputs() throws {
        let dir = site()
        for base in [nil, "https://shop.example/", "https://shop.example/app"] {
            let found = try collect([dir.path + "/site", dir.path + "/lone.html"], base: base).pages
            XCTAssertEqual(found.count, 48)
            XCTAssertEqual(found.walked, 45, "every plain file of the walk; the archive, the FIFO and the named file whole")
            let mapper = PageURLMapper(baseURL: base)
            let paths = ReportedPaths(workingDirectory: "/nonexistent-cwd", inputs: [dir.path + "/site", dir.path + "/lone.html"])
            let frame = paths.frame(forInput: dir.path + "/site")
            for input in found {
                guard case .file(let path) = input.origin, input.named == false else { continue }
                // The plain way: the input as the walk made it before it was held compactly.
                let plain = PageInput(page: mapper.served(root: dir.path + "/site", path: path).url, origin: .file(path: path),
                                      file: paths.shown(path, frame: frame))
                XCTAssertEqual(input, plain)
            }
            XCTAssertEqual(PageInputs(Array(found)), found, "the same inputs held whole")
            // A file's page URL read alone, walked or held whole; nil for the archive and the FIFO.
            for (position, input) in zip(found.indices, found) {
                let file: String? = if case .file = input.origin { input.page } else { nil }
                XCTAssertEqual(found.filePage(at: position), file, input.page)
            }
            XCTAssertEqual(found.indices.filter { found.filePage(at: $0) == nil }.count, 2)
            XCTAssertEqual(Array(PageInputs(Array(found))), Array(found))
        }
    }

    /// The index of the old `FramedPages`: a dictionary filled page by page, the first of a URL kept.
    private func plainIndex(_ inputs: [PageInput]) -> [String: (key: String, input: PageInput)] {
        var pages: [String: (key: String, input: PageInput)] = [:]
        for input in inputs {
            guard case .file(let path) = input.origin, let key = FramedPages.key(input.page) else { continue }
            if pages[key] == nil { pages[key] = (key, input) }
            let name = path.split(separator: "/").last.map(String.init) ?? ""
            if key.hasSuffix("/"), name.lowercased().hasPrefix("index."), pages[key + name] == nil {
                pages[key + name] = (key, input)
            }
        }
        return pages
    }

    func testTheCompactIndexFindsWhatADictionaryFound() throws {
        let dir = site()
        var inputs = try collect([dir.path + "/site"], base: "https://shop.example/").pages
        // The same URLs again from other files (the first wins), a URL with a fragment, an
        // archive, a page that could not be read, and a page served at a folder by name.
        inputs.append(PageInput(page: "https://shop.example/part1/page%201.html", origin: .file(path: "/elsewhere/1.html")))
        inputs.append(PageInput(page: "https://shop.example/docs/", origin: .file(path: "/elsewhere/index.php")))
        inputs.append(PageInput(page: "https://shop.example/x#top", origin: .file(path: "/elsewhere/x.html")))
        inputs.append(PageInput(page: "https://shop.example/docs/index.php", origin: .file(path: "/elsewhere/y.html")))
        inputs.append(PageInput(page: "crawl.warc", origin: .archive(path: "/elsewhere/crawl.warc")))
        inputs.append(PageInput(page: "https://shop.example/gone.html", origin: .missing(reason: "unreadable: x")))
        inputs.append(PageInput(page: "file:///local.html", origin: .file(path: "/local.html")))
        let plain = plainIndex(Array(inputs))
        let index = FramedIndex(inputs)
        XCTAssertFalse(index.isEmpty)
        var asked = Set(plain.keys)
        asked.formUnion(["https://shop.example/gone.html", "https://shop.example/nope", "https://shop.example/x#top",
                         "https://shop.example/part1/", "", "crawl.warc"])
        for url in asked {
            XCTAssertEqual(index[url]?.key, plain[url]?.key, url)
            XCTAssertEqual(index[url]?.input, plain[url]?.input, url)
        }
        XCTAssertEqual(index["https://shop.example/docs/index.html"]?.key, "https://shop.example/docs/")
        XCTAssertEqual(index["https://shop.example/docs/"]?.input.origin, .file(path: dir.path + "/site/docs/INDEX.HTM"),
                       "the first file of the URL, in the walk's order")
        XCTAssertTrue(FramedIndex([]).isEmpty)
    }
}
