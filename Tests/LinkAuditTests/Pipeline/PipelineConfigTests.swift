import XCTest
@testable import LinkAudit
import TestSupport

/// Shipped configs load; every kind of mistake fails before any work, naming the key and file.
final class PipelineConfigTests: XCTestCase {
    static let pipelines = Repository.url("Pipelines")

    func testShippedConfigsLoad() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.pipelines.path).filter { $0.hasSuffix(".json") }
        XCTAssertTrue(Set(files).isSuperset(of: ["demo.json", "site-dump.json", "qa-report.json"]))
        for file in files {
            let plan = try PipelineRun.load(path: Self.pipelines.appendingPathComponent(file).path)
            XCTAssertEqual(plan.name + ".json", file)
            XCTAssertFalse(plan.options.inputs.isEmpty)
        }
        let qa = try PipelineRun.load(path: Self.pipelines.appendingPathComponent("qa-report.json").path)
        XCTAssertEqual(qa.options.settings.entry, .loadUrlByUser)
        XCTAssertEqual(qa.options.device.name, "android-14-indonesia")
        XCTAssertEqual(qa.options.rules.suppressions.count, 3)
        XCTAssertEqual(qa.options.formats.count, 6)
        XCTAssertEqual(qa.options.csv.layout.rawValue, "long", "the default layout")
        XCTAssertFalse(qa.options.csv.bom)
    }

    /// Writes a config beside a real input folder and returns the error it gives.
    private func error(_ json: String) -> String {
        let dir = TempDir()
        dir.write("site/index.html", "<a href='x://y'>")
        dir.write("device.json", #"{"name": "d"}"#)
        let path = dir.write("p.json", json)
        do {
            _ = try PipelineRun.load(path: path)
            return "no error"
        } catch {
            return "\(error)".replacingOccurrences(of: dir.path, with: "DIR")
        }
    }

    func testEveryKindOfMistakeNamesTheKeyAndFile() {
        XCTAssertEqual(error(#"{"inputs": ["site"], "profile": ["x"]}"#).prefix(44),
                       "DIR/p.json: profile: unknown key 'profile' (")
        XCTAssertEqual(error(#"{"inputs": "site"}"#), "DIR/p.json: inputs: expected a list")
        XCTAssertEqual(error(#"{"inputs": ["site", "nope"]}"#), "DIR/p.json: inputs[1]: no such file or folder: DIR/nope")
        XCTAssertEqual(error(#"{"inputs": []}"#), "DIR/p.json: inputs: at least one input is needed")
        XCTAssertEqual(error(#"{"inputs": ["site"], "device": "missing.json"}"#), "DIR/p.json: device: no such file: DIR/missing.json")
        XCTAssertTrue(error(#"{"inputs": ["site"], "profiles": ["android-sdkk"]}"#).hasPrefix("DIR/p.json: profiles: unknown profile 'android-sdkk'"))
        XCTAssertEqual(error(#"{"inputs": ["site"], "settings": {"entry": "tap"}}"#),
                       "DIR/p.json: settings.entry: 'tap' is not one of loadUrl, loadUrlByUser")
        XCTAssertEqual(error(#"{"inputs": ["site"], "settings": {"pageLoadMs": "1s"}}"#), "DIR/p.json: settings.pageLoadMs: expected a whole number")
        XCTAssertTrue(error(#"{"inputs": ["site"], "report": {"formats": ["pdf"]}}"#).hasPrefix("DIR/p.json: report.formats: "))
        XCTAssertTrue(error(#"{"inputs": ["site"], "report": {"failOn": "sometimes"}}"#).hasPrefix("DIR/p.json: report.failOn: "))
        XCTAssertTrue(error(#"{"inputs": ["site"], "report": {"severity": {"ERR_UNKNOWN_URL_SCHEME": "fatal"}}}"#).hasPrefix("DIR/p.json: "))
        XCTAssertEqual(error(#"{"inputs": ["site"], "baseUrl": "shop.example"}"#),
                       "DIR/p.json: baseUrl: must be an absolute http(s) URL, not 'shop.example'")
        XCTAssertEqual(error(#"{"inputs": ["site"], "jobs": 0}"#), "DIR/p.json: jobs: must be from 1 to 256")
        XCTAssertEqual(error(#"{"inputs": ["site"], "jobs": 9223372036854775807}"#), "DIR/p.json: jobs: must be from 1 to 256")
        XCTAssertEqual(error(#"{"inputs": ["site"], "maxPageBytes": 9223372036854775807}"#),
                       "DIR/p.json: maxPageBytes: must be from 1 to 1073741824 (1 GiB)")
        XCTAssertEqual(error(#"{"inputs": ["site"], "report": {"csvLayout": "tall"}}"#),
                       "DIR/p.json: report.csvLayout: unknown layout 'tall' (long or wide)")
        XCTAssertTrue(error(#"{"inputs": ["site"], "report": {"csvBom": "yes"}}"#).hasPrefix("DIR/p.json: report.csvBom: "))
        XCTAssertEqual(error(#"{"inputs": ["site"],}"#), "DIR/p.json: not valid JSON (expected a string key at line 1, column 21)")
        XCTAssertEqual(error(#"{"inputs": ["site"], "options": {"iosSDK": {"variant": "kotlin"}}}"#),
                       "DIR/p.json: options.iosSDK.variant: 'kotlin' is not one of swift, objc")
    }

    func testAValidConfigRunsWithPathsRelativeToItself() throws {
        let dir = TempDir()
        dir.write("site/index.html", "<a href='gojek://pay'>GoPay</a>")
        let path = dir.write("p.json", """
        {"name": "t", "inputs": ["site"], "baseUrl": "https://shop.example/", "profiles": ["android-webview"],
         "report": {"formats": ["csv"], "failOn": "never", "csvLayout": "wide", "csvBom": true}, "out": "\(dir.path)/out"}
        """)
        let plan = try PipelineRun.load(path: path)
        XCTAssertEqual(plan.options.csv.layout.rawValue, "wide")
        XCTAssertTrue(plan.options.csv.bom)
        let summary = try Audit.run(plan.options)
        XCTAssertEqual(summary.pages, 1)
        XCTAssertEqual(summary.report.findings, 1)
        XCTAssertEqual(plan.failPolicy.exitCode(summary.report), 0)
        let csv = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/out/findings.csv"))
        XCTAssertTrue(csv.starts(with: [0xEF, 0xBB, 0xBF] + Array("page,file,".utf8)))
        XCTAssertNotNil(String(decoding: csv, as: UTF8.self).range(of: ",profiles,outcomes,reasons,"))
    }
}
