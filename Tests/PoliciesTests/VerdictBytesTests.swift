import XCTest
@testable import LinkAuditModel
@testable import Policies

/// The memo numbers verdicts by their bytes (`VerdictBytes`): verdicts written alike share a
/// number whatever order their details were set in; any byte of the outcome, reason, a detail's
/// key or value tells two apart — also two spellings `String`'s `==` would call equal.
final class VerdictBytesTests: XCTestCase {
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
}
