import XCTest
import TestSupport
@testable import Policies

/// The intent parser's byte-at-a-time shortcuts for ASCII text against the plain versions
/// beside them (`AndroidUriCodec.decodeUTF16`, `ChromeFallbackURL.partsOfScalars`, Java's
/// `startsWith` over UTF-16 units), on generated strings built from the pieces each one
/// treats specially.
final class IntentFastPathTests: XCTestCase {
    /// The same generated inputs on every run (`SeededNumbers`).
    private typealias Generator = SeededNumbers

    func testDecodeEqualsTheUTF16Reading() {
        let pieces = ["%", "2", "f", "F", "0", "z", "+", "a", "Z", "9", "%C3", "%A9", "%E2%82", "%2", "%%", "é", "\u{1F600}",
                      "%ff", "%00", "%7e", ";", "=", " "]
        var generator = Generator(state: 17)
        var ascii = 0
        for _ in 0..<20_000 {
            let s = generator.string(from: pieces, length: 12)
            if s.utf8.allSatisfy({ $0 < 0x80 }) {
                ascii += 1
                XCTAssertEqual(AndroidUriCodec.decodeASCII(s), AndroidUriCodec.decodeUTF16(s), s)
            }
            XCTAssertEqual(AndroidUriCodec.decode(s), AndroidUriCodec.decodeUTF16(s), s)
        }
        XCTAssertGreaterThan(ascii, 1_000)
    }

    func testFallbackPartsEqualTheCharacterReading() {
        let pieces = ["http", "HTTPS", "https", ":", "//", "/", "\\", "\t", "\n", "\r", " ", "\u{1}", "@", "[::1]", "[", "]",
                      ":80", ":65536", ":00080", ":+80", ":65535", ":99999999999999999999", ":", "?", "#", "&", "=", "id=x", "play.google.com",
                      "/store/apps/details", "a.example", "<", "|", "^", "é"]
        var generator = Generator(state: 5)
        var parsed = 0
        for _ in 0..<30_000 {
            let s = ["", "https://", " http:", "HTTP://a"][generator.next(4)] + generator.string(from: pieces, length: 10)
            let reference = ChromeFallbackURL.partsOfScalars(s)
            if reference != nil { parsed += 1 }
            XCTAssertEqual(ChromeFallbackURL.parts(s), reference, s.debugDescription)
            if s.utf8.allSatisfy({ $0 < 0x80 }) {
                XCTAssertEqual(ChromeFallbackURL.partsASCII(s), reference, s.debugDescription)
            }
        }
        XCTAssertGreaterThan(parsed, 5_000)
    }

    func testStartsWithEqualsJavas() {
        var generator = Generator(state: 3)
        let pieces = ["S.", "end", "e", "n", "d", ";", "=", "é", "\u{1F600}", "SEL", "action="]
        for _ in 0..<5_000 {
            let text = generator.string(from: pieces, length: 6)
            let prefix = generator.string(from: pieces, length: 2)
            let units = Array(text.utf16), p = Array(prefix.utf16)
            let s = JavaString(text)
            for offset in -1...(units.count + 1) {
                let java = offset >= 0 && offset <= units.count - p.count && Array(units[offset..<(offset + p.count)]) == p
                XCTAssertEqual(s.startsWith(prefix, at: offset), java, "\(text) \(prefix) \(offset)")
            }
        }
    }
}
