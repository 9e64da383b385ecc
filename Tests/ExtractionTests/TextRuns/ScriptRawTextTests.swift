import XCTest
@testable import Extraction

/// `MarkupScanner.rawText` skips words of eight ASCII bytes without `<` or NUL; reading
/// every byte (`plain: true`) is the reference. Both must end a script's or style's text at
/// the same place, or give up at the same pages.
final class ScriptRawTextTests: XCTestCase {
    private func ends(_ page: [UInt8], nameAt name: Range<Int>, from start: Int) -> (Int?, Int?) {
        page.withUnsafeBufferPointer { buffer in
            let s = MarkupScanner(p: buffer.baseAddress!, end: buffer.count)
            return (s.rawText(from: start, name: name, plain: true), s.rawText(from: start, name: name, plain: false))
        }
    }

    func testGeneratedScriptsEndWhereTheBytewiseReadEnds() {
        let pieces = ["var a = 1;", " ", "\n", "if (a < b) {}", "</scrip", "</script", "</SCRIPT >", "</script>",
                      "</scripts>", "</style>", "é", "\u{1F600}", "\0", "<", "<<", "'</'", "abcdefgh", "abcdefghijklmnop",
                      "x", "</script\n>", "</script/>"]
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        for round in 0..<4_000 {
            let element = next(2) == 0 ? "script" : "style"
            var page = "<\(element)>"
            for _ in 0..<(1 + next(20)) { page += pieces[next(pieces.count)] }
            var bytes = Array(page.utf8)
            if next(10) == 0 { bytes.append(0xC3) }  // a malformed sequence at the end
            if next(10) == 0, bytes.count > 9 { bytes[8 + next(bytes.count - 8)] = 0xFF }
            let name = 1..<(1 + element.utf8.count)
            for start in [name.upperBound + 1, name.upperBound + 1 + next(8)] where start <= bytes.count {
                let (plain, skipped) = ends(bytes, nameAt: name, from: start)
                XCTAssertEqual(skipped, plain, "round \(round) from \(start): \(page.debugDescription)")
            }
        }
    }

    func testLongScriptsEndAtTheirEndTag() {
        let body = String(repeating: "var x = \"abc\"; ", count: 500)
        let page = Array("<script>\(body)</script><p>".utf8)
        let (plain, skipped) = ends(page, nameAt: 1..<7, from: 8)
        XCTAssertEqual(plain, page.count - 3)
        XCTAssertEqual(skipped, plain)
    }
}
