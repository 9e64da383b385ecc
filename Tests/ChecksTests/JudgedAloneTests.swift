import XCTest
@testable import Checks
@testable import LinkAuditModel
@testable import Policies

/// `Classifier.isJudgedAlone` with the ASCII screen (`Judge.aloneOnlyBeyondASCII`) answers as
/// the question asked of every navigation (`plain: true`), for the standard checks'
/// judge: generated raw texts and URLs, ASCII or not, legacy and UTF-8 queries, web and
/// deep-link schemes.
final class JudgedAloneTests: XCTestCase {
    func testTheScreenAnswersAsTheQuestion() {
        let judge = CheckRun.standard.judge
        XCTAssertTrue(judge.aloneOnlyBeyondASCII)
        let pieces = ["p", "?", "#", "memo=", "a", "コ", "%83R", "%E3%82%B3", "\u{301}", "é", "&x=1", "[", " ", "/"]
        let schemes = ["paypay", "intent", "http", "https", "merpay"]
        var generator = SystemRandomNumberGenerator()
        var seen = (screened: 0, asked: 0, alone: 0)
        var navs: [Navigation] = []
        for round in 0..<4_000 {
            let scheme = schemes.randomElement(using: &generator)!
            var raw = scheme + "://", url = scheme + "://"
            for _ in 0..<Int.random(in: 0...9, using: &generator) { raw += pieces.randomElement(using: &generator)! }
            for _ in 0..<Int.random(in: 0...9, using: &generator) { url += pieces.randomElement(using: &generator)! }
            if round % 3 == 0 { url = raw.replacingOccurrences(of: "コ", with: "%83R") }
            navs.append(Navigation(page: "https://shop.example/", line: 1, source: "a[href]", trigger: .tap, frame: .main,
                                   raw: raw, url: url, scheme: scheme))
        }
        for i in navs.indices {
            let plain = Classifier.isJudgedAlone(judge, of: &navs, at: i, plain: true)
            XCTAssertEqual(Classifier.isJudgedAlone(judge, of: &navs, at: i), plain, navs[i].raw)
            XCTAssertEqual(plain, judge.judgedAlone(navs[i]), navs[i].raw)
            let ascii = navs.withUnsafeBufferPointer { Classifier.rawIsASCII($0, at: i) }
            XCTAssertEqual(ascii, navs[i].raw.unicodeScalars.allSatisfy(\.isASCII), navs[i].raw)
            if ascii { seen.screened += 1 } else { seen.asked += 1 }
            if plain { seen.alone += 1 }
        }
        XCTAssertGreaterThan(seen.screened, 100)
        XCTAssertGreaterThan(seen.asked, 100)
        XCTAssertGreaterThan(seen.alone, 10)
        // A judge without the screen is always asked.
        let asking = Classifier.Judge(id: "any", findings: { _ in [] }, judgedAlone: { _ in true })
        XCTAssertTrue(Classifier.isJudgedAlone(asking, of: &navs, at: 0))
    }

    /// Texts long and short around the vectorised loop's widths, one non-ASCII byte anywhere.
    func testTheRawTextReadingFindsEveryNonASCIIByte() {
        for length in 0..<80 {
            for at in -1..<length {
                var raw = String(repeating: "a", count: length)
                if at >= 0 {
                    var chars = Array(raw)
                    chars[at] = "é"
                    raw = String(chars)
                }
                let navs = [Navigation(page: "https://shop.example/", line: 1, source: "a[href]", trigger: .tap,
                                       frame: .main, raw: raw, url: raw, scheme: "paypay")]
                XCTAssertEqual(navs.withUnsafeBufferPointer { Classifier.rawIsASCII($0, at: 0) }, at < 0, "\(length) \(at)")
            }
        }
    }
}
