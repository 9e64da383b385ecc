@testable import Extraction
import TestSupport
import XCTest

/// `LineFeeds` found with `memchr` equal a byte at a time (Docs/ARCHITECTURE.md §3): line
/// starts and whether a LF is there, on generated texts of LFs, CRs, non-ASCII and NULs,
/// empty and long.
final class LineFeedTests: XCTestCase {
    func testLineFeedsFoundWithMemchrEqualAByteAtATime() {
        var numbers = SeededNumbers(state: 0x11F3_0A0A)
        let pieces = ["\n", "\r\n", "\r", "a", "é", "\u{0}", " ", "\n\n", "location.href = 'x';", "\u{2028}", "😀"]
        var texts = ["", "\n", "a", "\n\n\n", String(repeating: "x", count: 5_000) + "\n"]
        for _ in 0..<3_000 { texts.append((0..<numbers.next(30)).map { _ in numbers.pick(pieces) }.joined()) }
        var lineFeeds = 0
        for text in texts {
            XCTAssertEqual(LineFeeds.starts(text), LineFeeds.startsPlain(text), text)
            XCTAssertEqual(LineFeeds.any(in: text), text.utf8.contains(0x0A), text)
            if LineFeeds.any(in: text) { lineFeeds += 1 }
        }
        XCTAssertGreaterThan(lineFeeds, 1_000)
        // A substring's own bytes, not the string it was cut from.
        let cut = String("a\nb\nc".dropFirst(2))
        XCTAssertEqual(LineFeeds.starts(cut), [0, 2])
    }
}
