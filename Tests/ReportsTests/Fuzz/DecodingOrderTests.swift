import Foundation
import LinkAudit
import LinkAuditModel
@testable import Reports
import TestSupport
import XCTest

/// Found by the links.jsonl fuzzing harness (`Fuzz/LinksJSONL`): of a record's several bad
/// verdicts, the warning named whichever a dictionary decoded first, which changed from run
/// to run (the harness reads each file twice, in reads of different sizes, and the two
/// warnings differed). Keys are now read in name order wherever one of several is named:
/// verdicts and their details, unknown keys, severity levels.
final class DecodingOrderTests: XCTestCase {
    /// The inputs the harness found (Tests/Fixtures/fuzz/FuzzLinksJSONL/): the links.jsonl of
    /// each is its part before the first NUL; a line of each has two bad verdicts.
    func testTheFoundRunsAreWarnedAboutTheSameVerdictEachTime() throws {
        for (name, line, verdict) in [("verdicts-without-outcome.jsonl", 13, "android-webview"),
                                      ("two-bad-verdicts-read-twice.jsonl", 6, "ios-sdk")] {
            let bytes = try Fixture.data("fuzz/FuzzLinksJSONL/" + name)
            let dir = TempDir()
            let path = dir.path + "/links.jsonl"
            try Data(bytes.prefix { $0 != 0 }).write(to: URL(fileURLWithPath: path))
            var seen = Set<[String]>()
            for _ in 0..<20 {
                var warnings: [String] = []
                try LinksJSONLReader.navigations(path, warn: { warnings.append($0) }) { _, _ in }
                seen.insert(warnings)
            }
            XCTAssertEqual(seen.count, 1, "\(name): \(seen)")
            let first = seen.first?.first ?? ""
            XCTAssertTrue(first.hasPrefix("\(path):\(line): ") && first.contains("verdicts.\(verdict)"), "\(name): \(first)")
        }
    }

    func testOfSeveralBadDetailsTheFirstByNameIsNamed() throws {
        let line = #"{"page":"p","line":1,"source":"a[href]","trigger":"tap","frame":"main","raw":"x","url":"x","scheme":"","#
            + #""verdicts":{"ios-sdk":{"outcome":"loads","reason":"web","zeta":{},"beta":[],"alpha":{}}}}"#
        var messages = Set<String>()
        for _ in 0..<20 {
            XCTAssertThrowsError(try LinksJSONLReader.navigation(line)) { messages.insert(JSONErrorText.describe($0)) }
        }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("alpha") ?? false, "\(messages)")
    }

    func testOfSeveralBadSeverityLevelsTheFirstByCodeIsNamed() throws {
        let dir = TempDir()
        let path = dir.path + "/rules.json"
        try Data(#"{"severity": {"UNSUPPORTED_URL": "loud", "BLOCKED_NO_GESTURE": "fatal", "OPEN_FAILED": "huge"}}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        var messages = Set<String>()
        for _ in 0..<20 {
            XCTAssertThrowsError(try ReportConfig.load(path)) { messages.insert("\($0)") }
        }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("BLOCKED_NO_GESTURE") ?? false, "\(messages)")
    }

    func testOfSeveralUnknownKeysTheFirstByNameIsNamed() throws {
        let dir = TempDir()
        let path = dir.path + "/rules.json"
        try Data(#"{"zebra": 1, "severity": {}, "apple": 2, "mango": 3}"#.utf8).write(to: URL(fileURLWithPath: path))
        var messages = Set<String>()
        for _ in 0..<20 {
            XCTAssertThrowsError(try ReportConfig.load(path)) { messages.insert("\($0)") }
            XCTAssertThrowsError(try ExplainRequest.decode(Data(#"{"url": "x://y", "zebra": 1, "apple": 2}"#.utf8))) {
                messages.insert("\($0)")
            }
        }
        XCTAssertEqual(messages.count, 2, "\(messages)")
        XCTAssertTrue(messages.allSatisfy { $0.contains("'apple'") }, "\(messages)")
    }
}
