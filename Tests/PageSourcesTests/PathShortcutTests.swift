import Foundation
@testable import PageSources
import XCTest

/// The byte-level path rules that naming a listed page goes through (Benchmarks/README.md,
/// issue 17: they cost a dump of small pages a twentieth of its run) against the plain rules
/// they replaced — Foundation's and the split-and-join versions — on generated paths.
final class PathShortcutTests: XCTestCase {
    /// Paths over an alphabet that makes every case: empty, `.`, `..`, `...` segments,
    /// repeated and trailing slashes, non-ASCII names, blanks.
    private func paths(count: Int, seed: UInt64) -> [String] {
        var rng = SplitMix(seed: seed)
        let pieces = ["/", "/", "a", "b", ".", "..", "é", "index.html", "INDEX.HTM", " ", "%", "x y", "\t"]
        return (0..<count).map { _ in
            (0..<Int(rng.next() % 9)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
        }
    }

    func testNormalizedAgreesWithThePlainRule() {
        for path in paths(count: 5_000, seed: 1) + ["/", "", "/.", "/..", "/...", "/a/", "a", "//"] {
            XCTAssertEqual(Array(ReportedPaths.normalized(path).utf8), Array(ReportedPaths.plainNormalized(path).utf8),
                           path)
        }
        XCTAssertTrue(ReportedPaths.isNormal("/usr/share/doc/a.html"))
        XCTAssertFalse(ReportedPaths.isNormal("/usr/./a"))
        XCTAssertFalse(ReportedPaths.isNormal("/usr/"))
    }

    func testCommonFolderAgreesWithComparingComponents() {
        let all = paths(count: 3_000, seed: 2).map(ReportedPaths.normalized)
        for start in stride(from: 0, to: all.count, by: 3) {
            let group = Array(all[start..<min(all.count, start + 1 + start % 4)])
            XCTAssertEqual(ReportedPaths.commonFolder(group), componentCommonFolder(group), "\(group)")
        }
        XCTAssertEqual(ReportedPaths.commonFolder(["/a/bc/x", "/a/bd/y"]), "/a/")
        XCTAssertEqual(ReportedPaths.commonFolder(["/a/b/x", "/a/b/c/y"]), "/a/b/")
        XCTAssertEqual(ReportedPaths.commonFolder([]), "/")
    }

    func testServedPathAgreesWithSplittingAndEncoding() {
        for path in paths(count: 5_000, seed: 3) {
            XCTAssertEqual(PageURLMapper.servedPath(path), plainServedPath(path), path)
        }
        XCTAssertEqual(PageURLMapper.servedPath("a//b c/Index.HTML"), "a/b%20c/")
    }

    func testRelativeAndFirstFolderAgreeWithTheCharacterRules() {
        let all = paths(count: 3_000, seed: 8) + ["\r\n/a", "a\r\n/b", "/a/b", "a/b\u{301}/c", "/\u{301}x"]
        let roots = ["", "/", "a", "a/", "/a", "/a/", "\r", "é", "a\r", "a/b\u{301}"]
        var under = 0
        for (index, path) in all.enumerated() {
            for root in [roots[index % roots.count], String(path.prefix(index % 5))] {
                let relative = PageURLMapper.relative(path, to: root)
                XCTAssertEqual(Array(relative.utf8), Array(PageURLMapper.relativeAsWritten(path, to: root).utf8),
                               "\(path) under \(root)")
                if relative != path { under += 1 }
            }
            let plain = path.split(separator: "/", maxSplits: 1).map(String.init)
            XCTAssertEqual(PageURLMapper.firstFolder(path).map { Array($0.utf8) }, plain.map { Array($0.utf8) }, path)
        }
        // The generated pairs reach both answers.
        XCTAssertGreaterThan(under, 300)
        XCTAssertEqual(PageURLMapper.relative("/site/a/b.html", to: "/site"), "a/b.html")
        XCTAssertEqual(PageURLMapper.firstFolder("//shop.example//a"), ["shop.example", "/a"])
    }

    func testServedOnBytesAgreesWithTheStringRule() {
        var rng = SplitMix(seed: 9)
        let pieces = ["/", "/", "a", "B", ".", "..", "shop.example.com", "WWW.Example.CO.id:8080", "a.html", "x y", "%",
                      "index.html", "INDEX.HTM", "index.htmx", "é", "\t", ":", "v1.2", "a..com", "\r\n"]
        func generated() -> String {
            (0..<Int(rng.next() % 7)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
        }
        let roots = ["", "/", "//", "/site", "/site/", "/dump/shop.example.com", "/dump/Shop.Example.com//",
                     "shop.example.com", "/a/checkout.html", "/é/a.com"] + (0..<200).map { _ in generated() }
        let mapper = PageURLMapper(baseURL: nil)
        var taken = 0, hosts = 0
        for (index, root) in roots.enumerated() {
            for k in 0..<60 {
                let tail = generated()
                let path = k % 3 == 0 ? tail : root + (k % 2 == 0 ? "/" : "") + tail
                let plain = mapper.servedAsWritten(root: root, path: path)
                if let fast = PageURLMapper.servedASCII(root: root, path: path) {
                    taken += 1
                    XCTAssertEqual(Array(fast.url.utf8), Array(plain.url.utf8), "\(path) under \(root) (\(index))")
                    XCTAssertEqual(fast.placeholder, plain.placeholder, "\(path) under \(root)")
                    if !plain.placeholder { hosts += 1 }
                } else {
                    XCTAssertFalse((root + path).utf8.allSatisfy { $0 < 0x80 }, "\(path) under \(root)")
                }
                XCTAssertEqual(mapper.served(root: root, path: path).url, plain.url)
            }
        }
        // The generated pairs reach the bytes, the host folders and the placeholder.
        XCTAssertGreaterThan(taken, 5_000)
        XCTAssertGreaterThan(hosts, 500)
        XCTAssertEqual(PageURLMapper.servedASCII(root: "/d/Shop.Example.com", path: "/d/Shop.Example.com/a b/index.html")?.url,
                       "https://shop.example.com/a%20b/")
        XCTAssertEqual(PageURLMapper.servedASCII(root: "/d", path: "/d//shop.example.com//x/Index.htm")?.url,
                       "https://shop.example.com/x/")
    }

    func testLastComponentAgreesWithFoundation() {
        // Normalised absolute paths, as the callers pass (Foundation's own traps on some of
        // the raw ones).
        for path in paths(count: 5_000, seed: 4).map(ReportedPaths.normalized) + ["/", "/a", "/a/b.html"] {
            XCTAssertEqual(PageURLMapper.lastComponent(path), (path as NSString).lastPathComponent, path)
        }
    }

    func testHostNamesAreReadAsTheCharacterRuleReadsThem() {
        var rng = SplitMix(seed: 6)
        let pieces = ["a", "B", "0", "9", ".", ".", "-", ":", ":", "_", " ", "\r\n", "é", "\u{212A}", "html", "HTM",
                      "com", "x", "Co", "id"]
        let names = (0..<20_000).map { _ in
            (0..<Int(rng.next() % 8)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
        } + ["", ":", "::", ":a.com", "a.com:", "a.com:8080", "shop.example.com", "checkout.html", "v1.2", "a..com",
             ".a.com", "a.com.", "A.COM", "a.JSON", "exampl\u{212A}.com", "a.c", "a-b.c-d"]
        var hosts = 0
        for name in names {
            let plain = PageURLMapper.looksLikeHostAsWritten(name)
            XCTAssertEqual(PageURLMapper.looksLikeHost(name), plain, name)
            if plain { hosts += 1 }
            if name.utf8.allSatisfy({ $0 < 0x80 }) {
                XCTAssertEqual(Array(name.utf8).withUnsafeBufferPointer(PageURLMapper.looksLikeASCIIHost), plain, name)
            }
        }
        // The generated names reach both answers.
        XCTAssertGreaterThan(hosts, 100)
        XCTAssertTrue(PageURLMapper.looksLikeHost("exampl\u{212A}.com"))
    }

    func testPathExtensionAgreesWithFoundation() {
        var rng = SplitMix(seed: 7)
        let pieces = ["/", "/", "a", "b", ".", ".", "..", "html", "HTM", "x.y", "é", " ", "\t", "warc.gz"]
        let paths = (0..<20_000).map { _ in
            (0..<Int(rng.next() % 8)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
        } + ["", ".", "..", "...", "/", "a.", ".a", "a/.b", "a/..", "/usr/share/doc/x.html", "a//b.c", "a.b/", "a.b//"]
        var extensions = 0
        // Foundation's own traps on a non-ASCII path with `//` (`/html//é`): such paths are
        // given normalised, as the walk gives them.
        for raw in paths {
            let path = raw.utf8.allSatisfy { $0 < 0x80 } ? raw : ReportedPaths.normalized(raw)
            let plain = (path as NSString).pathExtension
            XCTAssertEqual(InputCollector.pathExtension(path), plain, path)
            if !plain.isEmpty { extensions += 1 }
        }
        XCTAssertGreaterThan(extensions, 1_000)
    }

    func testTrimmedAgreesWithFoundation() {
        for line in paths(count: 5_000, seed: 5) + [" a ", "\u{3000}a", "a\u{A0}", "", "\t"] {
            XCTAssertEqual(InputCollector.trimmed(line), line.trimmingCharacters(in: .whitespaces), line)
        }
    }

    // The plain versions, as they stood before the byte-level rules.

    private func componentCommonFolder(_ paths: [String]) -> String {
        var common: [Substring]?
        for input in paths {
            let parent = input.split(separator: "/").dropLast()
            guard let sofar = common else {
                common = Array(parent)
                continue
            }
            common = Array(zip(sofar, parent).prefix { $0.0 == $0.1 }.map(\.0))
        }
        let joined = (common ?? []).joined(separator: "/")
        return joined.isEmpty ? "/" : "/" + joined + "/"
    }

    private func plainServedPath(_ relative: String) -> String {
        var segments = relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if let last = segments.last?.lowercased(), last == "index.html" || last == "index.htm" {
            segments[segments.count - 1] = ""
        }
        return segments.map { segment in
            var out = ""
            for byte in segment.utf8 {
                switch byte {
                case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E, 0x21, 0x24, 0x26, 0x27,
                     0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D, 0x3A, 0x40:
                    out.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    out += String(format: "%%%02X", byte)
                }
            }
            return out
        }.joined(separator: "/")
    }
}

/// A small seeded generator: the same paths on every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
