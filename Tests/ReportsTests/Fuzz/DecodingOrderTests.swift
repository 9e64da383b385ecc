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

    /// 26 bad keys each, so that an order left to a dictionary names the first by name
    /// only one time in 26.
    private static let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init).shuffled()

    func testOfSeveralBadDetailsTheFirstByNameIsNamed() throws {
        let details = Self.letters.map { #""detail_\#($0)":{}"# }.joined(separator: ",")
        let line = #"{"page":"p","line":1,"source":"a[href]","trigger":"tap","frame":"main","raw":"x","url":"x","scheme":"","#
            + #""verdicts":{"ios-sdk":{"outcome":"loads","reason":"web",\#(details)}}}"#
        XCTAssertThrowsError(try LinksJSONLReader.navigation(line)) {
            XCTAssertTrue(JSONErrorText.describe($0).contains("detail_a"), JSONErrorText.describe($0))
        }
    }

    func testOfSeveralBadSeverityLevelsTheFirstByCodeIsNamed() throws {
        let dir = TempDir()
        let path = dir.path + "/rules.json"
        let levels = Self.letters.map { #""CODE_\#($0.uppercased())": "loud""# }.joined(separator: ", ")
        try Data(#"{"severity": {\#(levels)}}"#.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ReportConfig.load(path)) { XCTAssertTrue("\($0)".contains("'CODE_A'"), "\($0)") }
    }

    func testOfSeveralUnknownKeysTheFirstByNameIsNamed() throws {
        let dir = TempDir()
        let path = dir.path + "/rules.json"
        let keys = Self.letters.map { #""key_\#($0)": 1"# }.joined(separator: ", ")
        try Data(#"{\#(keys), "severity": {}}"#.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ReportConfig.load(path)) { XCTAssertTrue("\($0)".contains("'key_a'"), "\($0)") }
        XCTAssertThrowsError(try ExplainRequest.decode(Data(#"{"url": "x://y", \#(keys)}"#.utf8))) {
            XCTAssertTrue("\($0)".contains("'key_a'"), "\($0)")
        }
    }
}
