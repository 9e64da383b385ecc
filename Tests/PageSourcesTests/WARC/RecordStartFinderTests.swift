@testable import PageSources
import XCTest

/// The record-start search finds the same start however the bytes are split into pieces
/// (a start can straddle two reads of the stream), and the same as a plain search.
final class RecordStartFinderTests: XCTestCase {
    /// The first `WARC/` + digit after LF LF or LF CR LF (or at 0, after the virtual blank
    /// line a block starts with), by the definition, one position at a time.
    private func naive(_ bytes: [UInt8]) -> (at: Int, terminator: Int)? {
        let all: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A] + bytes
        for w in 4..<all.count where w + 5 < all.count {
            guard Array(all[w..<(w + 5)]) == Array("WARC/".utf8), (0x30...0x39).contains(all[w + 5]),
                  all[w - 1] == 0x0A else { continue }
            if all[w - 2] == 0x0A { return (w - 4, 2) }
            if all[w - 2] == 0x0D, all[w - 3] == 0x0A { return (w - 4, all[w - 4] == 0x0D ? 4 : 3) }
        }
        return nil
    }

    private func pieces(_ bytes: [UInt8], size: Int) -> (at: Int, terminator: Int)? {
        var finder = RecordStartFinder(afterBlankLine: true)
        var start = 0
        while start < bytes.count {
            let piece = Array(bytes[start..<min(bytes.count, start + size)])
            if let at = piece.withUnsafeBytes({ finder.feed($0) }) { return (at, finder.terminator) }
            start += size
        }
        return nil
    }

    func testEverySplitFindsTheSameStartAsAPlainSearch() {
        let cases: [String] = [
            "WARC/1.0\r\n",
            "abc\r\n\r\nWARC/1.1\r\nfoo",
            "abc\n\nWARC/1.0",
            "x\n\r\nWARC/1.0 (LF CRLF)",
            "WARC/1.0 at a line start but no blank line:\r\nWARC/1.0\r\n\r\nWARC/x\r\n\r\nWARC/0.18\r\n",
            "no start here: WARC/1.0\r\n\r\nWARC\r\n\r\nWARC/",
            "\r\n\r\nWAR",
            String(repeating: "W", count: 40) + "\r\n\r\nWARC/1.1",
        ]
        for text in cases {
            let bytes = Array(text.utf8)
            let expected = naive(bytes)
            for size in 1...14 {
                let found = pieces(bytes, size: size)
                XCTAssertEqual(found?.at, expected?.at, "\(text.debugDescription) in pieces of \(size)")
                XCTAssertEqual(found?.terminator, expected?.terminator, "\(text.debugDescription) in pieces of \(size)")
            }
        }
    }

    func testRandomBytesAgreeWithAPlainSearch() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("WARC/1.0\r\n x".utf8)
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0...80, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let expected = naive(bytes)
            for size in [1, 2, 3, 5, 7, 64] {
                XCTAssertEqual(pieces(bytes, size: size)?.at, expected?.at, "\(bytes) in pieces of \(size)")
            }
        }
    }
}
