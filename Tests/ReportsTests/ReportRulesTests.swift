import XCTest
@testable import LinkAuditModel
@testable import Reports
import TestSupport

/// Severity overrides, suppressions, the config file and `--format`: each bad value is a
/// usage error (exit 2) whose one line names the flag or the file.
final class ReportRulesTests: XCTestCase {
    func testSeverityFlagsOverrideTheChecks() throws {
        var rules = ReportRules()
        try rules.apply(severityFlags: ["landing_page_stays=ERROR", "ERR_UNKNOWN_URL_SCHEME=info"])
        XCTAssertEqual(rules.severity(for: "LANDING_PAGE_STAYS"), .error)
        XCTAssertEqual(rules.severity(for: "ERR_UNKNOWN_URL_SCHEME"), .info)
        XCTAssertEqual(rules.severity(for: "UNSUPPORTED_URL"), .error, "the check's own")
        let report = ReportFixture.accumulate(ReportFixture.run1, rules: rules).report()
        XCTAssertEqual(report.findings.first { $0.code == "LANDING_PAGE_STAYS" }?.severity, .error)
    }

    func testBadSeverityFlags() {
        let cases = [
            "NOPE=error": "--severity: unknown finding code 'NOPE' (see 'linkaudit checks')",
            "ERR_UNKNOWN_URL_SCHEME=fatal": "--severity: level for ERR_UNKNOWN_URL_SCHEME must be error, warning or info, not 'fatal'",
            "ERR_UNKNOWN_URL_SCHEME": "--severity takes CODE=LEVEL (error, warning or info), not 'ERR_UNKNOWN_URL_SCHEME'",
        ]
        for (flag, message) in cases {
            var rules = ReportRules()
            XCTAssertThrowsError(try rules.apply(severityFlags: [flag])) {
                XCTAssertEqual($0 as? LinkAuditError, .usage(message))
            }
        }
    }

    func testConfigFile() throws {
        let dir = TempDir()
        let path = dir.write("linkaudit.json", """
        { "severity": { "LANDING_PAGE_STAYS": "info" },
          "suppress": [ { "code": "ERR_UNKNOWN_URL_SCHEME", "url": "mailto:*", "reason": "mail app" },
                        { "page": "https://shop.example/legacy/*", "reason": "retired" } ] }
        """)
        let rules = try ReportConfig.load(path)
        XCTAssertEqual(rules.severities, ["LANDING_PAGE_STAYS": .info])
        XCTAssertEqual(rules.suppressions.map(\.label), ["code ERR_UNKNOWN_URL_SCHEME, url mailto:*",
                                                         "page https://shop.example/legacy/*"])
    }

    func testBadConfigFiles() {
        let dir = TempDir()
        let cases: [(String, String)] = [
            (#"{"severty": {}}"#, "unknown key 'severty'"),
            (#"{"severity": {"NOPE": "error"}}"#, "severity: unknown finding code 'NOPE'"),
            (#"{"suppress": [{"url": "x:*"}]}"#, "missing key 'reason'"),
            (#"{"suppress": [{"reason": "why"}]}"#, "each entry needs a page or url pattern"),
            (#"{"suppress": [{"url": "x", "reason": " "}]}"#, "the reason must not be empty"),
            (#"{"suppress": [{"url": "x", "reason": "r", "cod": "X"}]}"#, "unknown key 'cod'"),
            ("{", "not valid JSON"),
        ]
        for (index, (json, expected)) in cases.enumerated() {
            let path = dir.write("c\(index).json", json)
            XCTAssertThrowsError(try ReportConfig.load(path), json) { error in
                guard case .usage(let message)? = error as? LinkAuditError else { return XCTFail("\(error)") }
                XCTAssertTrue(message.hasPrefix(path + ": "), message)
                XCTAssertTrue(message.contains(expected), "\(message) should say \(expected)")
                XCTAssertFalse(message.contains("\n"), "one line")
            }
        }
        XCTAssertThrowsError(try ReportConfig.load(dir.path + "/missing.json")) {
            XCTAssertEqual($0 as? LinkAuditError, .usage("--config: cannot read \(dir.path)/missing.json"))
        }
    }

    func testSuppressionsMatchPagesAndURLs() {
        let finding = Finding(page: "https://shop.example/legacy/pay", line: 3, source: "a[href]", trigger: "tap",
                              frame: "main", url: "dana://pay", code: "ERR_UNKNOWN_URL_SCHEME", severity: .error,
                              profiles: [], outcomes: [], message: "")
        XCTAssertTrue(Suppression(page: Glob("https://shop.example/legacy/*"), reason: "r").matches(finding))
        XCTAssertTrue(Suppression(code: "ERR_UNKNOWN_URL_SCHEME", url: Glob("dana:*"), reason: "r").matches(finding))
        XCTAssertFalse(Suppression(code: "UNSUPPORTED_URL", url: Glob("dana:*"), reason: "r").matches(finding))
        XCTAssertFalse(Suppression(url: Glob("gojek:*"), reason: "r").matches(finding))
        XCTAssertFalse(Suppression(code: "ERR_UNKNOWN_URL_SCHEME", reason: "r").matches(finding), "needs a pattern")
    }

    func testGlob() {
        XCTAssertTrue(Glob("https://*.example/*").matches("https://shop.example/a/b?c"))
        XCTAssertTrue(Glob("*").matches(""))
        XCTAssertTrue(Glob("a?c").matches("abc"))
        XCTAssertFalse(Glob("a?c").matches("ac"))
        XCTAssertTrue(Glob("*pay*end").matches("intent://pay/#Intent;end"))
        XCTAssertFalse(Glob("https://shop.example/").matches("https://shop.example/x"))
        XCTAssertTrue(Glob("[x]*").matches("[x]y"), "brackets are literal")
        XCTAssertFalse(Glob(String(repeating: "*a", count: 30) + "b").matches(String(repeating: "a", count: 200)))
    }

    func testFormats() throws {
        XCTAssertEqual(try ReportFormat.parse([]), [.csv, .md, .jsonl])
        XCTAssertEqual(try ReportFormat.parse(["csv,SARIF", "junit"]), [.csv, .sarif, .junit])
        XCTAssertEqual(try ReportFormat.parse(["all"]), Set(ReportFormat.allCases))
        XCTAssertThrowsError(try ReportFormat.parse(["csv,pdf"])) {
            XCTAssertEqual($0 as? LinkAuditError, .usage("--format: unknown format 'pdf' (csv, md, jsonl, sarif, junit, json or all)"))
        }
        XCTAssertThrowsError(try ReportFormat.parse([","])) {
            XCTAssertEqual($0 as? LinkAuditError, .usage("--format needs at least one format"))
        }
    }
}
