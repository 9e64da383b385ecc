import XCTest
@testable import LinkAudit
@testable import Policies
import TestSupport

/// `hostEntry` in an audit (`--host-entry FILE`, a pipeline config's `settings.hostEntry`):
/// the same meaning as in `explain`, for every page.
final class AuditHostEntryTests: XCTestCase {
    private let page = #"<script>location.href = "dana://pay"</script>"#

    /// The android-sdk verdict on the page's load-time deep link, from links.jsonl.
    private func androidVerdict(_ dir: TempDir, _ flags: [String]) throws -> [String: String] {
        let result = try CLI.run(["audit", dir.path + "/site", "--out", dir.path + "/out", "--quiet",
                                  "--profiles", "android-sdk", "--fail-on", "never", "--format", "csv"] + flags)
        XCTAssertEqual(result.status, 0, result.stderr)
        let records = try LinksFile.records(dir.path + "/out/links.jsonl")
        for record in records {
            if record["url"] as? String == "dana://pay" {
                return try XCTUnwrap((record["verdicts"] as? [String: [String: String]])?["android-sdk"])
            }
        }
        XCTFail("no dana://pay record in \(records)")
        return [:]
    }

    func testHostEntryFlagDecidesALoadTimeDeepLink() throws {
        let dir = TempDir()
        dir.write("site/index.html", page)
        XCTAssertEqual(try androidVerdict(dir, [])["reason"], "no-gesture")
        let byUser = dir.write("user.json", #"{"loadUrlByUser": "https://shop.example/"}"#)
        XCTAssertEqual(try androidVerdict(dir, ["--host-entry", byUser])["outcome"], "opens-app")
        let plain = dir.write("plain.json", #"{"loadUrl": "https://shop.example/"}"#)
        XCTAssertEqual(try androidVerdict(dir, ["--host-entry", plain])["reason"], "no-gesture")
        // The user's load ten loads back (1 s each, the default pageLoadMs): the 10 s
        // activation window has closed when the page's script runs.
        let later = (1...10).map { #"{"loadUrl": "https://shop.example/\#($0)"}"# }.joined(separator: ", ")
        let earlier = dir.write("earlier.json", #"[{"loadUrlByUser": "https://shop.example/"}, \#(later)]"#)
        XCTAssertEqual(try androidVerdict(dir, ["--host-entry", earlier])["reason"], "no-gesture")
        let bad = try CLI.run(["audit", dir.path + "/site", "--out", dir.path + "/o2", "--host-entry", byUser, "--entry", "loadUrl"])
        XCTAssertEqual(bad.status, 2)
    }

    func testPipelineSettingsHostEntry() throws {
        let dir = TempDir()
        dir.write("site/index.html", page)
        func opens(_ settings: String) throws -> Bool {
            let path = dir.write("p.json", """
            {"name": "t", "inputs": ["site"], "baseUrl": "https://shop.example/", "profiles": ["android-sdk"],
             "settings": \(settings), "report": {"formats": ["csv"], "failOn": "never"}, "out": "\(dir.path)/out"}
            """)
            let plan = try PipelineRun.load(path: path)
            XCTAssertEqual(plan.options.settings.hostEntry != nil, settings.contains("hostEntry"))
            _ = try Audit.run(plan.options)
            let text = try String(contentsOfFile: dir.path + "/out/links.jsonl", encoding: .utf8)
            return text.contains(#""outcome":"opens-app""#)
        }
        XCTAssertFalse(try opens("{}"))
        XCTAssertTrue(try opens(#"{"hostEntry": [{"loadUrl": "https://shop.example/"}, {"loadUrlByUser": "https://shop.example/pay"}]}"#))
        XCTAssertFalse(try opens(#"{"hostEntry": {"loadUrl": "https://shop.example/"}}"#))
        let plan = try PipelineRun.load(path: dir.write("q.json", #"{"inputs": ["site"], "settings": {"hostEntry": {"loadUrlByUser": "https://a/"}}}"#))
        XCTAssertEqual(plan.options.settings.entry, .loadUrlByUser)
        XCTAssertThrowsError(try PipelineRun.load(path: dir.write("r.json", #"{"inputs": ["site"], "settings": {"entry": "loadUrl", "hostEntry": {"loadUrlByUser": "https://a/"}}}"#)))
    }
}
