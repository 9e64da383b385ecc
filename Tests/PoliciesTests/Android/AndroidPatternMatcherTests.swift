import XCTest
@testable import Policies

/// AOSP `PatternMatcher` as intent-filter paths use it (Docs/PLATFORM.md §C.1, rule 16).
final class AndroidPatternMatcherTests: XCTestCase {
    private func check(_ rows: [(PatternMatcher, String, Bool)], file: StaticString = #filePath, line: UInt = #line) {
        for (matcher, text, expected) in rows {
            XCTAssertEqual(matcher.matches(text), expected, "\(matcher.kind) '\(matcher.pattern)' on '\(text)'",
                           file: file, line: line)
        }
    }

    func testLiteralPrefixSuffix_exactAndCaseSensitive() {
        check([
            (PatternMatcher("/pay", .literal), "/pay", true),
            (PatternMatcher("/pay", .literal), "/pay/", false),
            (PatternMatcher("/pay", .literal), "/PAY", false),
            (PatternMatcher("/pay/", .prefix), "/pay/123", true),
            (PatternMatcher("/pay/", .prefix), "/pay", false),
            (PatternMatcher(".pdf", .suffix), "/doc/a.pdf", true),
            (PatternMatcher(".pdf", .suffix), "/doc/a.PDF", false),
        ])
    }

    func testGlob_dotIsAnyCharAndStarRepeatsThePreviousChar() {
        check([
            (PatternMatcher("/p.y", .simpleGlob), "/pay", true),
            (PatternMatcher("/p.y", .simpleGlob), "/py", false),
            (PatternMatcher("a*b", .simpleGlob), "aaab", true),
            (PatternMatcher("a*b", .simpleGlob), "b", true),
            (PatternMatcher("a*b", .simpleGlob), "acb", false),
            (PatternMatcher("", .simpleGlob), "", true),
            (PatternMatcher("", .simpleGlob), "/", false),
        ])
    }

    func testGlob_trailingDotStarTakesTheRestOrNothing() {
        check([
            (PatternMatcher(".*", .simpleGlob), "", true),
            (PatternMatcher(".*", .simpleGlob), "/anything/at/all", true),
            (PatternMatcher("/pay/.*", .simpleGlob), "/pay/", true),
            (PatternMatcher("/pay/.*", .simpleGlob), "/pay/x/y", true),
            (PatternMatcher("/pay/.*", .simpleGlob), "/pa", false),
        ])
    }

    func testGlob_dotStarDoesNotBacktrack() {
        check([
            (PatternMatcher("/.*/end", .simpleGlob), "/a/end", true),
            // `.*` stops at the first '/', then "end" must follow: Android says no.
            (PatternMatcher("/.*/end", .simpleGlob), "/a/b/end", false),
            (PatternMatcher(".*\\.pdf", .simpleGlob), "/x.pdf", true),
        ])
    }

    func testGlob_backslashEscapesStarButAnEscapedDotStillMatchesAnyChar() {
        check([
            (PatternMatcher("a\\*", .simpleGlob), "a*", true),
            (PatternMatcher("a\\*", .simpleGlob), "aaa", false),
            // AOSP compares `c != '.'` after unescaping: `\.` is still a wildcard.
            (PatternMatcher("\\.pdf", .simpleGlob), "Xpdf", true),
        ])
    }

    func testGlob_countsUTF16Units() {
        check([
            (PatternMatcher("/..", .simpleGlob), "/😀", true),
            (PatternMatcher("/.", .simpleGlob), "/😀", false),
        ])
    }
}
