import Foundation
import Policies
@testable import Reports
import TestSupport
import XCTest

/// summary.md says what the run took as given — inputs, device (and that the default one is
/// optimistic), runtime profiles, entry, settings, versions — and what "classified" means,
/// with nothing that differs between two machines.
final class SummaryAssumptionsTests: XCTestCase {
    /// The section of summary.md that says what the run assumed.
    private func assumed(_ summary: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard let start = summary.range(of: "## What this run assumed\n") else {
            XCTFail("summary.md has no 'What this run assumed' section", file: file, line: line)
            return ""
        }
        let rest = summary[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    private func assertContains(_ text: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        for part in expected where !text.contains(part) {
            XCTFail("missing: \(part)\nin:\n\(text)", file: file, line: line)
        }
    }

    /// `linkaudit --version`: the linkaudit and libxml2 versions the summary must name.
    private func versions() throws -> (linkaudit: String, libxml2: String) {
        let words = try CLI.run(["--version"]).stdout.split(whereSeparator: { " ()\n".contains($0) })
        XCTAssertEqual(words.count, 4, "linkaudit X (libxml2 Y)")
        return (String(words[1]), String(words[3]))
    }

    /// The README's first command, as a user runs it from the checkout.
    func testTheDemoPipelineSummarySaysWhatItAssumed() throws {
        let out = TempDir()
        let run = try CLI.run(["run", "Pipelines/demo.json", "--out", out.path + "/demo", "--quiet"],
                              cwd: Repository.root.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        let summary = try String(contentsOfFile: out.path + "/demo/summary.md", encoding: .utf8)
        let (linkaudit, libxml2) = try versions()
        assertContains(assumed(summary), [
            "- **Inputs** (1, from the pipeline Pipelines/demo.json): Pipelines/demo-site\n",
            "- **Device**: optimistic (Pipelines/devices/optimistic.json), an optimistic device: every custom scheme "
                + "and every `intent://` package has an installed app to open it",
            "no https link has an app (no App Link or Universal Link opens one)",
            "Android API level 34",
            "- **Runtime profiles** (6, the default set): `android-webview`, `android-sdk`, `chrome-android`, "
                + "`ios-wkwebview`, `ios-sdk`, `safari-ios`; not run: `android-webview-noclient`, `ios-strict`.",
            "- **Entry**: `loadUrl` (the default): ",
            "- **Page visit**: JavaScript on",
            "base URL https://shop.demo-merchant.example/",
            "pages larger than 67108864 bytes (64 MiB) not read",
            "formats csv, md, jsonl, sarif, junit, json",
            "no baseline",
            "- **Versions**: linkaudit \(linkaudit), libxml2 \(libxml2)\n",
        ])
        XCTAssertTrue(summary.contains("A navigation is *classified* when the runtime profiles decided what it does"))
        XCTAssertFalse(assumed(summary).contains("Live crawl"), "no URL input, no crawl settings")
        XCTAssertFalse(summary.contains(Repository.root.path), "a path of the checkout")
        XCTAssertFalse(summary.contains(out.path), "a path of the output folder")
    }

    /// Without `--device` the summary says the default device is the optimistic one and
    /// what that takes for granted; the flags given are named as given, paths relative.
    func testTheDefaultDeviceIsNamedOptimisticAndTheFlagsAsGiven() throws {
        let dir = TempDir()
        let page = dir.write("site/pay.html", #"<a href="gojek://pay">Pay</a>"#)
        let run = try CLI.run(["audit", page, "--out", "out", "--profiles", "ios-sdk,android-sdk", "--entry",
                               "loadUrlByUser", "--max-page-bytes", "5000", "--format", "md", "--fail-on", "never",
                               "--quiet"], cwd: dir.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        let summary = try String(contentsOfFile: dir.path + "/out/summary.md", encoding: .utf8)
        assertContains(assumed(summary), [
            "- **Inputs** (1): site/pay.html\n",
            "- **Device**: the default device (no `--device` given), which is the optimistic one: every custom scheme "
                + "and every `intent://` package has an installed app to open it (every wallet app a page names counts "
                + "as installed); no https link has an app",
            "The findings therefore show what the runtimes' navigation policies break, not what a missing app breaks",
            "- **Runtime profiles** (2): `ios-sdk`, `android-sdk`; not run: ",
            "- **Entry**: `loadUrlByUser`: each page is entered by the PayerMax guide's user-initiated load",
            "no base URL given: pages were read at the placeholder origin https://dump.invalid/, standing for the site "
                + "the files were taken from, so their relative links are its own https pages (`--base-url` gives them "
                + "their real address",
            "pages larger than 5000 bytes not read",
            "formats md;",
        ])
        XCTAssertFalse(summary.contains(dir.path), "the absolute input inside the working directory is named relatively")
    }

    /// Two checkouts in different folders: the same summary.md, byte for byte.
    func testTwoFoldersGiveTheSameSummary() throws {
        var summaries: [Data] = []
        for folder in ["a", "deeper/b"] {
            let root = TempDir()
            let dir = root.path + "/" + folder
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Repository.url("Pipelines").path, toPath: dir + "/Pipelines")
            let run = try CLI.run(["audit", dir + "/Pipelines/demo-site", "--base-url", "https://shop.demo-merchant.example/",
                                   "--device", "Pipelines/devices/iphone-japan.json", "--out", "out", "--format", "md",
                                   "--fail-on", "never", "--quiet"], cwd: dir)
            XCTAssertEqual(run.status, 0, run.stderr)
            let summary = try Data(contentsOf: URL(fileURLWithPath: dir + "/out/summary.md"))
            XCTAssertFalse(String(decoding: summary, as: UTF8.self).contains(root.path))
            summaries.append(summary)
        }
        XCTAssertEqual(summaries[0], summaries[1])
        assertContains(assumed(String(decoding: summaries[0], as: UTF8.self)), [
            "- **Inputs** (1): Pipelines/demo-site\n",
            "- **Device**: iphone-japan (Pipelines/devices/iphone-japan.json), an iOS device: 3 apps installed: ",
        ])
    }

    /// A host entry and a live crawl's settings, rendered from what the runner hands over.
    func testHostEntryAndLiveCrawlSettings() throws {
        var settings = AuditSettings()
        settings.hostEntry = HostEntry([.loadUrlByUser("https://shop.example/"), .loadUrl("https://shop.example/pay")])
        settings.entry = .loadUrlByUser
        settings.javaScriptEnabled = false
        var options = ProfileOptions()
        options.iosSDK.variant = .objc
        var run = RunAssumptions()
        run.inputs = ["https://shop.example/checkout"] + (1...11).map { "https://shop.example/p\($0)" }
        run.classification = .audited(.init(profiles: ["ios-sdk"], defaultProfiles: false,
                                            device: DeviceProfile(name: "bare", platform: .android),
                                            deviceFile: "devices/bare.json", settings: settings,
                                            hostEntryFile: "entry.json", options: options))
        run.crawl = .init(depth: 2, maxPages: 50, scope: ["site", "!*.cdn.example"], concurrency: 4, perHost: 1,
                          delayMs: 500, timeoutSeconds: 2.5, retries: 0, maxRedirects: 5, userAgent: "MyBot/1.0",
                          robots: false, associations: true, cache: true, cookies: true, allowPrivate: false)
        let report = ReportAccumulator().report(toolVersion: "9.9", assumptions: run)
        assertContains(assumed(SummaryMarkdown.render(report)), [
            "- **Inputs** (12): https://shop.example/checkout, https://shop.example/p1,",
            "https://shop.example/p9 … and 2 more\n",
            "- **Device**: bare (devices/bare.json), an Android device: no app is installed; Android API level 34",
            "- **Runtime profiles** (1): `ios-sdk`; not run: `android-webview`,",
            "- **Entry**: `loadUrlByUser`, from the host entry in `--host-entry` entry.json: `loadUrlByUser` → "
                + "`loadUrl`, the last step standing for each audited page",
            "the Android activation window opened 1000 ms before each page's load",
            "JavaScript off (script navigations are not live, `<noscript>` content is)",
            #"- **Profile options**: iosSDK {"allowAutomaticSubframeDeepLinks":false,"#,
            #""variant":"objc""#,
            "- **Live crawl**: depth 2, at most 50 pages; scope site, \\!\\*.cdn.example; 4 requests at once, 1 per host, "
                + "500 ms apart on one host; timeout 2.5 s, 0 retries, up to 5 redirects; User-Agent MyBot/1.0; "
                + "robots.txt ignored; association files fetched (cached between runs); cookies kept; private "
                + "addresses refused.",
            "- **Versions**: linkaudit 9.9\n",
        ])
    }

    /// `linkaudit report` reads verdicts, it does not make them: the summary says so.
    func testARebuiltReportSaysItsVerdictsAreRead() throws {
        let dir = TempDir()
        ReportFixture.write(ReportFixture.run1, to: dir.path + "/runs/a")
        ReportFixture.write(ReportFixture.run2, to: dir.path + "/runs/b")
        let run = try CLI.run(["report", dir.path + "/runs/a", "runs/b/links.jsonl", "--out", "out", "--format", "md",
                               "--fail-on", "never", "--quiet"], cwd: dir.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        let summary = try String(contentsOfFile: dir.path + "/out/summary.md", encoding: .utf8)
        let (linkaudit, _) = try versions()
        let text = assumed(summary)
        assertContains(text, [
            "- **Inputs** (2): runs/a, runs/b/links.jsonl\n",
            "- **Device, runtime profiles, entry, base URL**: those of the runs that wrote the links.jsonl read",
            "- **Settings**: formats md; no baseline",
            "- **Versions**: linkaudit \(linkaudit) (no page was parsed: the reports were rebuilt from links.jsonl)\n",
        ])
        XCTAssertFalse(summary.contains(dir.path))
        XCTAssertFalse(text.contains("Device**: "), "no device is claimed for verdicts read back")
    }

    /// Inputs and settings files outside the working directory: named as the reports name
    /// files (below the folder they share, a settings file by its own name), never absolutely.
    func testFilesOutsideTheWorkingDirectoryAreNamedWithoutTheMachinesPath() throws {
        let elsewhere = TempDir(), here = TempDir()
        elsewhere.write("site/pay.html", #"<a href="gojek://pay">Pay</a>"#)
        elsewhere.write("devices/phone.json", #"{"name": "phone", "platform": "android"}"#)
        let run = try CLI.run(["audit", elsewhere.path + "/site", "--device", elsewhere.path + "/devices/phone.json",
                               "--out", "out", "--format", "md", "--fail-on", "never", "--quiet"], cwd: here.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        let summary = try String(contentsOfFile: here.path + "/out/summary.md", encoding: .utf8)
        assertContains(assumed(summary), [
            "- **Inputs** (1): site\n",
            "- **Device**: phone (phone.json), an Android device: no app is installed",
        ])
        XCTAssertFalse(summary.contains(elsewhere.path), summary)
        XCTAssertFalse(summary.contains(here.path), summary)
    }
}
