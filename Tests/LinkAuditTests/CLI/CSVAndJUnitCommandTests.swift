import XCTest
import TestSupport

/// findings.csv and junit.xml through the real binary: `report` rebuilt from links.jsonl
/// gives the bytes `audit` wrote, in each CSV layout and with the byte order mark; the
/// page's own text (raw links in Shift_JIS and EUC-KR pages) stays exact; a bad
/// `--csv-layout` is one line and exit 2.
final class CSVAndJUnitCommandTests: XCTestCase {
    private let site = Repository.url("Pipelines/demo-site").path

    func testReportRebuildsWhatAuditWrote() throws {
        let dir = TempDir()
        for (name, flags) in [("long", [String]()), ("wide", ["--csv-layout", "wide"]), ("bom", ["--csv-bom"])] {
            let common = ["--format", "csv,junit", "--fail-on", "never", "--quiet"] + flags
            let audited = try CLI.run(["audit", site, "--base-url", "https://shop.demo-merchant.example/",
                                       "--out", dir.path + "/audit-" + name, "--jobs", "2"] + common)
            XCTAssertEqual(audited.status, 0, audited.stderr)
            let rebuilt = try CLI.run(["report", dir.path + "/audit-" + name, "--out", dir.path + "/report-" + name] + common)
            XCTAssertEqual(rebuilt.status, 0, rebuilt.stderr)
            for file in ["findings.csv", "junit.xml"] {
                let a = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/audit-\(name)/" + file))
                let r = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/report-\(name)/" + file))
                XCTAssertEqual(a, r, "\(name): \(file)")
            }
        }
        let long = try String(contentsOfFile: dir.path + "/audit-long/findings.csv", encoding: .utf8)
        let wide = try String(contentsOfFile: dir.path + "/audit-wide/findings.csv", encoding: .utf8)
        XCTAssertTrue(long.hasPrefix("page,file,line,source,trigger,frame,url,raw,code,severity,profile,outcome,reason,"), long)
        XCTAssertTrue(wide.hasPrefix("page,file,line,source,trigger,frame,url,raw,code,severity,profiles,outcomes,reasons,"), wide)
        XCTAssertGreaterThan(long.components(separatedBy: "\r\n").count, wide.components(separatedBy: "\r\n").count)
        // The link as the Shift_JIS page wrote it, beside the URL it resolves to.
        XCTAssertTrue(long.contains(",paypay://payment?link_key=PP-8c1e5a&memo=%83R%81[%83q%81[%93%A4,"
            + "paypay://payment?link_key=PP-8c1e5a&memo=コーヒー豆,ERR_UNKNOWN_URL_SCHEME,"), long)
        XCTAssertTrue(long.contains(",Pipelines/demo-site/checkout/index.html,") || long.contains("demo-site/checkout/index.html,"))
        let bom = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/audit-bom/findings.csv"))
        XCTAssertEqual(Array(bom.prefix(3)), [0xEF, 0xBB, 0xBF])
        XCTAssertEqual(bom.dropFirst(3), Data(long.utf8))
    }

    func testABadLayoutIsOneLineAndExitTwo() throws {
        let dir = TempDir()
        for command in [["audit", site], ["report", dir.path]] {
            let result = try CLI.run(command + ["--out", dir.path + "/out", "--csv-layout", "tall"])
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertEqual(result.stderr, "linkaudit: --csv-layout: unknown layout 'tall' (long or wide)\n")
        }
    }
}
