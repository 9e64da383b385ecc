import XCTest
@testable import PageSources
import TestSupport

/// The crawl flags on the command line: one-line errors naming the flag, and a run
/// against the local server (stderr is a pipe here, so no progress line).
final class FetchCommandTests: XCTestCase {
    func testBadFlagsAreUsageErrorsNamingTheFlag() throws {
        let cases: [([String], String)] = [
            (["--depth", "x"], "linkaudit: --depth takes a whole number from 0 to 100, not 'x'"),
            (["--scope", "shop.*.example"], "linkaudit: --scope: 'shop.*.example' is not site, host, or [*.]host[/path]"),
            (["--timeout", "0"], "linkaudit: --timeout takes a number of seconds from 0.1 to 600, not '0'"),
            (["--timeout", "1e300"], "linkaudit: --timeout takes a number of seconds from 0.1 to 600, not '1e300'"),
            (["--timeout", "nan"], "linkaudit: --timeout takes a number of seconds from 0.1 to 600, not 'nan'"),
            (["--per-host", "0"], "linkaudit: --per-host takes a whole number from 1 to 64, not '0'"),
            (["--concurrency", "9223372036854775807"],
             "linkaudit: --concurrency takes a whole number from 1 to 256, not '9223372036854775807'"),
            (["--delay", "99999999999"], "linkaudit: --delay takes a whole number from 0 to 60000, not '99999999999'"),
            (["--retries", "11"], "linkaudit: --retries takes a whole number from 0 to 10, not '11'"),
            (["--jobs", "9223372036854775807"], "linkaudit: --jobs takes a whole number from 1 to 256, not '9223372036854775807'"),
            (["--max-page-bytes", "9223372036854775807"],
             "linkaudit: --max-page-bytes takes a whole number from 1 to 1073741824, not '9223372036854775807'"),
            (["--max-pages", "0"], "linkaudit: --max-pages takes a whole number from 1 to 10000000, not '0'"),
            (["--urls", "/nonexistent/urls.txt"], "linkaudit: --urls: cannot read /nonexistent/urls.txt"),
            (["--user-agent", " "], "linkaudit: --user-agent takes a preset (android-webview, chrome-android, desktop, "
                + "ios-wkwebview, safari-ios) or a string"),
        ]
        for (flags, message) in cases {
            let result = try CLI.run(["audit", "http://127.0.0.1:9/"] + flags)
            XCTAssertEqual(result.status, 2, flags.joined(separator: " "))
            XCTAssertEqual(result.stderr, message + "\n")
        }
    }

    func testURLRunWritesPagesAndCountsFetchStatuses() throws {
        let site = try TestSite()
        defer { site.stop() }
        let out = TempDir()
        let list = out.write("urls.txt", "# merchants\n\(site.url("/to-gojek"))\n")
        let result = try CLI.run(["audit", site.url("/missing"), "--urls", list, "--allow-private", "--timeout", "2",
                                  "--delay", "0", "--fail-on", "never", "--out", out.path + "/report"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("linkaudit: fetched pages: 1 http-error, 1 ok\n"), result.stderr)
        XCTAssertFalse(result.stderr.contains("\r"), "no progress line when stderr is not a terminal")
        let pages = try String(contentsOfFile: out.path + "/report/pages.jsonl", encoding: .utf8)
        XCTAssertEqual(pages.split(separator: "\n").count, 2)
        let links = try String(contentsOfFile: out.path + "/report/links.jsonl", encoding: .utf8)
        XCTAssertTrue(links.contains(#""source":"http[Location]","trigger":"server-redirect""#), links)
    }
}
