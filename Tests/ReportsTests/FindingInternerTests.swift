import LinkAuditModel
@testable import Reports
import XCTest

/// A spilled run's reader shares the profiles, outcomes and message its findings repeat
/// (`FindingInterner`): every finding must come back equal to the plain decode, whatever
/// texts repeat, differ by a byte, or collide in the digest, and past the bound.
final class FindingInternerTests: XCTestCase {
    private func finding(_ i: Int, message: String, reason: String, suppressed: String? = nil) -> Finding {
        Finding(page: "https://shop.example/p\(i % 7)", file: i % 3 == 0 ? "p.html" : nil, line: i % 5 == 0 ? nil : i,
                source: "a[href]", trigger: "tap", frame: "main", raw: "gojek://pay?o=\(i)", url: "gojek://pay?o=\(i)",
                code: i % 2 == 0 ? "ERR_UNKNOWN_URL_SCHEME" : "OPEN_FAILED", severity: i % 4 == 0 ? .error : .warning,
                profiles: ["android-webview", "ios-sdk"],
                outcomes: [ProfileOutcome("android-webview", "error-page", reason: reason),
                           ProfileOutcome("ios-sdk", "blocked", reason: "not-allowlisted")],
                message: message, suppressed: suppressed, baseline: i % 6 == 0 ? .new : nil)
    }

    func testSharedDecodingGivesThePlainFindings() {
        var findings: [Finding] = []
        for i in 0..<3_000 {
            // Texts that repeat, that differ only in the middle (same length and ends), and
            // one of a kind; enough distinct ones to pass the bound.
            let message = i % 3 == 0 ? "Unknown scheme" : "Unknown sch\(i % 10)me"
            let reason = i % 2 == 0 ? "reason-\(i)" : "unknown-scheme"
            findings.append(finding(i, message: message, reason: reason, suppressed: i % 9 == 0 ? "allowed" : nil))
        }
        let decode = Finding.decoder()
        let address = { (finding: Finding) in finding.outcomes.withUnsafeBufferPointer { $0.baseAddress } }
        for original in findings {
            var body: [UInt8] = []
            original.encode(into: &body)
            let plain = body.withUnsafeBufferPointer { Finding.decode($0) }
            let fast = body.withUnsafeBufferPointer { decode($0) }
            XCTAssertEqual(fast, plain)
            XCTAssertEqual(fast, original)
            let again = body.withUnsafeBufferPointer { decode($0) }
            XCTAssertEqual(address(again), address(fast), "texts read before come back as the same arrays")
        }
    }

    func testEqualDigestsAreComparedWhole() {
        // Texts of no profiles and a 40-byte message differing at a byte none of the digest's
        // samples reads: the same digest, told apart by the bytes.
        func segment(_ message: String) -> [UInt8] {
            var bytes: [UInt8] = []
            SpillBytes.appendVarint(0, to: &bytes)
            SpillBytes.appendVarint(0, to: &bytes)
            SpillBytes.appendString(message, to: &bytes)
            return bytes
        }
        let first = String(repeating: "a", count: 40)
        var letters = Array(first)
        letters[9] = "b"
        let second = String(letters)
        let digest = { (bytes: [UInt8]) in bytes.withUnsafeBufferPointer { FindingInterner.digest($0) } }
        XCTAssertEqual(digest(segment(first)), digest(segment(second)))
        let interner = FindingInterner()
        for message in [first, second, first, second] {
            segment(message).withUnsafeBufferPointer { bytes in
                var reader = SpillBytes.Reader(bytes)
                XCTAssertEqual(interner.texts(&reader, read: Finding.readTexts).message, message)
                XCTAssertEqual(reader.offset, bytes.count, "the reader ends past the texts")
            }
        }
    }
}
