import XCTest
@testable import LinkAuditModel
@testable import Policies
import TestSupport

/// The memo's verdict numbers (`VerdictNumbers`, open addressing over digests) against the
/// plain version, a `[VerdictBytes: Int32]`: generated verdicts — outcomes, reasons, details
/// of other keys and values, the same details built in other orders, values a byte apart and in
/// two normalisations, texts of other storages, thousands of them so the table grows — are
/// given the same numbers by both, and a verdict met again its first number.
final class VerdictNumbersTests: XCTestCase {
    func testTheTableNumbersAsTheDictionaryDoes() {
        let keys = ["target", "stripped", "assumption", "fallbackURL", "caf\u{e9}", "cafe\u{301}", "a"]
        let values = ["id.dana", "https://x.example/", "", "caf\u{e9}", "cafe\u{301}", "id.danb",
                      String(repeating: "assumption text ", count: 12)]
        let reasons = [Reason.intentOpened, .blockedScheme, Reason(rawValue: "intent-fallback")]
        var random = SeededNumbers(state: 31)
        var table = VerdictNumbers()
        var kept: [Verdict] = []
        var plain: [VerdictBytes: Int32] = [:]
        var again = 0
        for _ in 0..<6_000 {
            var details: [String: String]?
            if random.next(4) > 0 {
                var made: [String: String] = Dictionary(minimumCapacity: random.next(20))
                for _ in 0..<random.next(4) {
                    let value = random.pick(values) + (random.next(3) == 0 ? "\(random.next(300))" : "")
                    made[random.pick(keys)] = String(decoding: Array(value.utf8), as: UTF8.self)
                }
                details = made
            }
            let outcome = Outcome.allCases[random.next(Outcome.allCases.count)]
            let verdict = Verdict(outcome, reasons[random.next(reasons.count)], details: details)
            let digest = VerdictBytes.digest(of: verdict)
            let found = table.find(verdict, digest: digest, in: kept)
            XCTAssertEqual(found, plain[VerdictBytes(verdict)], "\(verdict)")
            if found != nil {
                again += 1
                continue
            }
            let number = Int32(kept.count)
            kept.append(verdict)
            table.add(digest: digest)
            plain[VerdictBytes(verdict)] = number
        }
        XCTAssertGreaterThan(again, 1_000)
        XCTAssertGreaterThan(kept.count, 500)
    }
}
