import LinkAuditModel
@testable import Reports
import XCTest

/// A spilled run is written by one `FindingRunWriter` and read by one `FindingRunReader`:
/// records leave out what the previous one said and name repeated texts by number. Every
/// finding must come back equal to what the plain coding (each record alone) gives, whatever
/// repeats, differs by a byte, or passes the writer's bounds.
final class FindingCodingTests: XCTestCase {
    private func finding(_ i: Int, message: String, reason: String, outcomes shared: [ProfileOutcome]? = nil,
                         suppressed: String? = nil) -> Finding {
        Finding(page: "https://shop.example/p\(i / 7)", file: i % 3 == 0 ? nil : "p\(i / 7).html",
                line: i % 5 == 0 ? nil : i, source: i % 4 == 0 ? "script" : "a[href]", trigger: "tap",
                frame: i % 11 == 0 ? "iframe" : "main", raw: "gojek://pay?o=\(i)",
                url: i % 6 == 0 ? "gojek://pay?o=\(i)&x" : "gojek://pay?o=\(i)",
                code: i % 2 == 0 ? "ERR_UNKNOWN_URL_SCHEME" : "OPEN_FAILED", severity: i % 4 == 0 ? .error : .warning,
                profiles: ["android-webview", "ios-sdk"],
                outcomes: shared ?? [ProfileOutcome("android-webview", "error-page", reason: reason),
                                     ProfileOutcome("ios-sdk", "blocked", reason: "not-allowlisted")],
                message: message, suppressed: suppressed, baseline: i % 6 == 0 ? .new : nil)
    }

    /// Findings of a few shared outcome arrays (as one verdict set's rows share them), of
    /// arrays of their own with the same or nearly the same values, and one of a kind.
    private func findings(_ count: Int) -> [Finding] {
        let shared = (0..<4).map { k in
            [ProfileOutcome("android-webview", "error-page", reason: "unknown-scheme-\(k)"),
             ProfileOutcome("ios-sdk", "blocked", reason: "not-allowlisted")]
        }
        return (0..<count).map { i in
            let message = i % 3 == 0 ? "Unknown scheme" : "Unknown sch\(i % 10)me"
            let reason = i % 2 == 0 ? "reason-\(i)" : "unknown-scheme"
            return finding(i, message: message, reason: reason, outcomes: i % 5 < 3 ? shared[i % 4] : nil,
                           suppressed: i % 9 == 0 ? "allowed" : nil)
        }
    }

    private func written(_ findings: [Finding], _ writer: inout FindingRunWriter) -> [UInt8] {
        var bytes: [UInt8] = []
        for finding in findings { writer.append(finding, to: &bytes) }
        return bytes
    }

    private func read(_ bytes: [UInt8], _ decode: (UnsafeBufferPointer<UInt8>) -> Finding) -> [Finding] {
        Self.records(bytes, decode)
    }

    /// Every record of `bytes` (length-prefixed), decoded by `decode`.
    static func records(_ bytes: [UInt8], _ decode: (UnsafeBufferPointer<UInt8>) -> Finding) -> [Finding] {
        var decoded: [Finding] = []
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while let (length, prefix) = SpillBytes.recordLength(buffer, at: offset) {
                decoded.append(decode(UnsafeBufferPointer(rebasing: buffer[offset + prefix..<offset + prefix + length])))
                offset += prefix + length
            }
            XCTAssertEqual(offset, buffer.count, "the run ends on a record's end")
        }
        return decoded
    }

    func testARunReadsBackAsThePlainCodingDoes() {
        let findings = findings(3_000)
        var plain: [UInt8] = []
        for finding in findings { finding.append(to: &plain) }
        XCTAssertEqual(read(plain, Finding.decode), findings)
        var writer = FindingRunWriter()
        let run = written(findings, &writer)
        XCTAssertEqual(read(run, Finding.decoder()), findings)
        // Two fifths of the rows have arrays of their own: their texts are written again.
        XCTAssertLessThan(run.count, plain.count * 3 / 5, "repeated texts and pages are named, not written again")
    }

    func testRowsOfNumberedTextsShareTheirArrays() {
        let findings = findings(200)
        var writer = FindingRunWriter()
        let decoded = read(written(findings, &writer), Finding.decoder())
        let address = { (finding: Finding) in finding.outcomes.withUnsafeBufferPointer { $0.baseAddress } }
        // Rows 1 and 41 share one outcomes array on the way in (i % 5 < 3, i % 4 == 1) and
        // have the same code, profiles and message (odd, i % 10 == 1, i % 3 != 0).
        XCTAssertEqual(decoded[41], findings[41])
        XCTAssertEqual(address(decoded[41]), address(decoded[1]))
    }

    func testPastItsBoundsAWriterWritesTextsInline() {
        let findings = findings(600)
        for (limit, bytes) in [(0, 0), (1, 1 << 20), (5, 1 << 20), (1_024, 300), (1_024, 0)] {
            var writer = FindingRunWriter(limit: limit, byteLimit: bytes)
            XCTAssertEqual(read(written(findings, &writer), Finding.decoder()), findings, "limit \(limit), \(bytes) B")
        }
    }

    func testEveryFieldComesBackWhenNeighboursDiffer() {
        // Each field in turn differs from the record before it, the rest repeat.
        let base = finding(1, message: "m", reason: "r")
        var list = [base]
        var next = base
        next.page = "https://other.example/"; list.append(next)
        next.file = nil; list.append(next)
        next.file = "other.html"; list.append(next)
        next.source = "meta[refresh]"; list.append(next)
        next.trigger = "load"; list.append(next)
        next.frame = "iframe"; list.append(next)
        next.url = "https://x.example/"; list.append(next)
        next.raw = next.url; list.append(next)
        next.line = nil; list.append(next)
        next.code = "OTHER"; list.append(next)
        next.message = "other"; list.append(next)
        next.suppressed = "ok"; list.append(next)
        next.baseline = .fixed; list.append(next)
        next.severity = .info; list.append(next)
        list.append(base)
        var writer = FindingRunWriter()
        XCTAssertEqual(read(written(list, &writer), Finding.decoder()), list)
    }

    /// A link's findings come one after another (its codes, `ReportParts`): its raw text and
    /// URL are written once and shared by the rows read back, and a neighbour that differs in
    /// only one of the two, or only elsewhere, reads back as itself.
    func testTheRowsOfOneLinkShareItsRawTextAndURL() {
        let uri = "intent://pay?order=ORD-1#Intent;scheme=dana;package=id.dana;S.browser_fallback_url="
            + String(repeating: "https%3A%2F%2Fshop.example%2Ffallback", count: 12) + ";end"
        var list: [Finding] = []
        for link in 0..<40 {
            for code in ["ERR_UNKNOWN_URL_SCHEME", "OPEN_FAILED", "NO_FALLBACK"].prefix(1 + link % 3) {
                var row = finding(link, message: "m", reason: "r")
                row.raw = link % 4 == 3 ? "  " + uri + "\(link / 2)" : uri + "\(link / 2)"
                row.url = link % 5 == 4 ? uri + "&x\(link)" : uri + "\(link / 2)"
                row.code = code
                list.append(row)
            }
        }
        var plain: [UInt8] = []
        for finding in list { finding.append(to: &plain) }
        var writer = FindingRunWriter()
        let run = written(list, &writer)
        let decoded = read(run, Finding.decoder())
        XCTAssertEqual(decoded, list)
        XCTAssertEqual(read(plain, Finding.decode), list)
        let address = { (text: String) -> UnsafeRawPointer? in
            var text = text
            return text.withUTF8 { UnsafeRawPointer($0.baseAddress) }
        }
        // Rows 1 and 2 are link 1's two (1 + link % 3 rows a link).
        XCTAssertEqual(address(decoded[2].raw), address(decoded[1].raw), "one link's rows share its raw text")
        XCTAssertEqual(address(decoded[2].url), address(decoded[1].url))
        XCTAssertLessThan(run.count, plain.count * 3 / 5, "a link's URI is written once for its rows")
    }
}
