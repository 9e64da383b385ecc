import XCTest
import Checks
@testable import Reports

/// summary.md's escaping done a byte at a time (`MarkdownText.inline`, `prose`) equals the
/// plain versions (`inlinePlain`: character by character; `prosePlain`: Foundation's
/// search), on the checks' own documentation and on generated text of every byte the
/// escaping treats specially, non-ASCII, combining marks and controls among them.
final class MarkdownTextTests: XCTestCase {
    /// Pieces that make every branch of both: the escaped punctuation, whitespace and
    /// controls, CR LF (one character of two bytes), non-ASCII of two to four bytes,
    /// combining marks after `&`, `<` and `>`, and the two scalars that decompose to `<`
    /// and `>` with a mark.
    private let pieces = ["a", "Z", "0", " ", "&", "<", ">", "|", "\\", "`", "*", "_", "[", "]", "~", "#", "!",
                          "(", ")", "-", ".", "/", ":", "?", "=", "%", "\"", "'", "\n", "\r", "\r\n", "\t",
                          "\u{0B}", "\u{0C}", "\u{1F}", "\u{7F}", "\u{85}", "\u{2028}", "é", "e\u{301}", "&\u{301}",
                          "<\u{338}", ">\u{338}", "\u{226E}", "\u{226F}", "—", "…", "→", "日本", "😀", "🇯🇵",
                          "https://shop.example/p?q=1&r=2"]

    private func generated(_ count: Int) -> [String] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { i in
            // Half of them printable ASCII only, which the shortcuts take.
            let pool = i % 2 == 0 ? pieces.filter { $0.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } } : pieces
            return (0..<Int.random(in: 0...60, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
                .joined()
        }
    }

    func testInlineEqualsThePlainEscaping() {
        var texts = generated(3_000)
        texts += ["", String(repeating: "a", count: 159), String(repeating: "a", count: 160),
                  String(repeating: "a", count: 161), String(repeating: "|", count: 200), "a\r\nb"]
        for text in texts {
            for limit in [0, 1, 10, 80, 160, 1_000] {
                XCTAssertEqual(MarkdownText.inline(text, limit: limit), MarkdownText.inlinePlain(text, limit: limit),
                               "\(text.debugDescription) limit \(limit)")
            }
            XCTAssertEqual(MarkdownText.inline(text), MarkdownText.inlinePlain(text), text.debugDescription)
        }
    }

    func testProseEqualsThePlainEscaping() {
        var texts = generated(3_000)
        for check in Checks.all { texts += [check.meaning, check.impact, check.advice, check.title] }
        for text in texts {
            XCTAssertEqual(MarkdownText.prose(text), MarkdownText.prosePlain(text), text.debugDescription)
        }
        XCTAssertEqual(MarkdownText.prose("a < b && c > d — e"), "a &lt; b &amp;&amp; c &gt; d — e")
    }
}
