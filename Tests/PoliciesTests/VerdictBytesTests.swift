import XCTest
@testable import LinkAuditModel
@testable import Policies
import TestSupport

/// The memo numbers verdicts by their bytes (`VerdictBytes`): verdicts written alike share a
/// number whatever order their details were set in; any byte of the outcome, reason, a detail's
/// key or value tells two apart — also two spellings `String`'s `==` would call equal.
final class VerdictBytesTests: XCTestCase {
    /// The memo's text comparison and hash read in place (`sameBytes`, `hashBytes`) are
    /// `TextBytes.same` and `TextBytes.hash`: small and
    /// large texts, one storage and two, one byte apart at either end, other lengths, non-ASCII.
    func testSameBytesIsTextBytesSame() {
        let long = String(repeating: "assumption text ", count: 20)
        var texts = ["", "a", "ab", "short text", "fifteen bytes!!", "sixteen bytes!!!", long, long + "x", "x" + long,
                     String(long.dropLast()) + "T", "caf\u{E9}", "cafe\u{301}", String(repeating: "\u{1F600}", count: 9)]
        texts += texts.map { String(decoding: Array($0.utf8), as: UTF8.self) }   // the same bytes, another storage
        var compared = 0
        for a in texts {
            for b in texts {
                XCTAssertEqual(VerdictBytes.sameBytes(a, b), TextBytes.same(a, b), "\(a) | \(b)")
                XCTAssertEqual(VerdictBytes.hashBytes(a), TextBytes.hash(a), a)
                compared += 1
            }
            XCTAssertTrue(VerdictBytes.sameBytes(a, a))
        }
        XCTAssertGreaterThan(compared, 500)
    }

    func testEqualBytesAndOnlyThem() {
        var a: [String: String] = [:], b: [String: String] = [:]
        for i in 0..<12 { a["k\(i)"] = String(repeating: "v\(i)", count: 30) }
        for i in (0..<12).reversed() { b["k\(i)"] = String(repeating: "v\(i)", count: 30) }
        let reason = Reason(rawValue: "intent-fallback")
        XCTAssertEqual(VerdictBytes(Verdict(.fallback, reason, details: a)), VerdictBytes(Verdict(.fallback, reason, details: b)))
        XCTAssertEqual(VerdictBytes(Verdict(.loads, reason)), VerdictBytes(Verdict(.loads, reason)))
        let base = Verdict(.fallback, reason, details: ["fallbackURL": "https://m.dana.example/pay?order=1", "x": "y"])
        let others = [
            Verdict(.loads, reason, details: base.details),
            Verdict(.fallback, Reason(rawValue: "intent-fallbacK"), details: base.details),
            Verdict(.fallback, reason, details: ["fallbackURL": "https://m.dana.example/pay?order=2", "x": "y"]),
            Verdict(.fallback, reason, details: ["fallbackURL": "https://m.dana.example/pay?orDer=1", "x": "y"]),
            Verdict(.fallback, reason, details: ["fallbackURL": "https://m.dana.example/pay?order=1", "z": "y"]),
            Verdict(.fallback, reason, details: ["fallbackURL": "https://m.dana.example/pay?order=1"]),
            Verdict(.fallback, reason),
        ]
        for other in others {
            XCTAssertNotEqual(VerdictBytes(base), VerdictBytes(other), "\(other)")
        }
        // Precomposed and decomposed: equal as Strings, not as bytes.
        let composed = Verdict(.chooser, reason, details: ["target": "caf\u{E9}"])
        let decomposed = Verdict(.chooser, reason, details: ["target": "cafe\u{301}"])
        XCTAssertEqual(composed, decomposed)
        XCTAssertNotEqual(VerdictBytes(composed), VerdictBytes(decomposed))
        var numbers: [VerdictBytes: Int] = [:]
        for (i, verdict) in ([base] + others + [composed, decomposed, base]).enumerated() where numbers[VerdictBytes(verdict)] == nil {
            numbers[VerdictBytes(verdict)] = i
        }
        XCTAssertEqual(numbers.count, others.count + 3)
    }

    /// Details compared pair by pair when met in the same order, the plain way (each key
    /// looked up, `plain: true`) otherwise: both answer alike (`VerdictBytes.same`). Verdicts:
    /// generated ones with the same and other details, built in other orders and in larger
    /// dictionaries (so they may iterate apart), values a byte apart and in two normalisations.
    func testPairwiseDetailsAnswerAsLookedUpOnes() {
        let keys = ["target", "stripped", "assumption", "fallbackURL", "allowedBy", "caf\u{e9}", "cafe\u{301}", "a", "b"]
        let values = ["id.dana", "component id.dana/.Pay", "https://x.example/", "", "gesture", "caf\u{e9}",
                      "cafe\u{301}", "id.danb"]
        var random = SeededNumbers(state: 12)
        var verdicts: [Verdict] = [Verdict(.opensApp, .intentOpened), Verdict(.blocked, .blockedScheme, details: [:])]
        for _ in 0..<400 {
            var pairs: [(String, String)] = []
            for _ in 0..<random.next(5) { pairs.append((random.pick(keys), random.pick(values))) }
            var details: [String: String] = [:]
            for (key, value) in pairs { details[key] = value }
            let outcome: Outcome = random.next(2) == 0 ? .opensApp : .blocked
            verdicts.append(Verdict(outcome, .intentOpened, details: details))
            // The same details built in another order, and through a dictionary grown larger.
            var again: [String: String] = Dictionary(minimumCapacity: random.next(40))
            for (key, value) in details.sorted(by: { $0.key > $1.key }) { again[key] = value }
            verdicts.append(Verdict(outcome, .intentOpened, details: again))
        }
        var equal = 0, checked = 0
        for a in verdicts {
            for b in verdicts.prefix(200) {
                let x = VerdictBytes(a), y = VerdictBytes(b)
                let fast = VerdictBytes.same(x, y), plain = VerdictBytes.same(x, y, plain: true)
                XCTAssertEqual(fast, plain, "\(a) \(b)")
                if fast != plain { return }
                if fast { equal += 1 }
                checked += 1
            }
        }
        XCTAssertGreaterThan(equal, 1_000)
        XCTAssertGreaterThan(checked - equal, 10_000)
    }
}
