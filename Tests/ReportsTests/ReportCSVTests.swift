import XCTest
@testable import Checks
@testable import LinkAuditModel
@testable import Reports
import TestSupport

/// findings.csv as a spreadsheet reads it: one profile per row in the long layout (a
/// filter picks values, never "contains"), the reason, raw link and local file in columns
/// of their own, ASCII wording, RFC 4180 quoting that gives back every cell exactly, and a
/// byte order mark only when asked for.
final class ReportCSVTests: XCTestCase {
    private func report(_ csv: CSVOptions = CSVOptions(), pages: [ReportFixture.Page] = ReportFixture.run1) -> Report {
        var report = ReportFixture.accumulate(pages).report(toolVersion: "0.1.0")
        report.csv = csv
        return report
    }

    /// The file's rows as dictionaries keyed by the header.
    private func rows(_ text: String) throws -> [[String: String]] {
        let table = try CSVReader.parse(text)
        let header = try XCTUnwrap(table.first)
        return table.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    func testLongLayoutIsTheDefaultWithOneProfilePerRow() throws {
        let report = report()
        let text = FindingsCSV.render(report)
        XCTAssertEqual(try CSVReader.parse(text).first, FindingsCSV.header(.long))
        let rows = try rows(text)
        let findings = Array(report.findings)
        XCTAssertEqual(rows.count, findings.reduce(0) { $0 + max(1, $1.profiles.count) },
                       "a row per finding and profile it fires on, one for a page finding")
        for row in rows {
            XCTAssertFalse(row["profile"]!.contains(" "), "one profile a row: \(row)")
            XCTAssertFalse(row["outcome"]!.contains("="), "one outcome a row: \(row)")
        }
        // The shopeeid:// script link fires on every profile: six rows, each with its own
        // outcome and reason.
        let shopee = rows.filter { $0["line"] == "24" && $0["page"] == ReportFixture.site + "redirect/" }
        XCTAssertEqual(shopee.map { $0["profile"]! },
                       ["android-webview", "android-sdk", "chrome-android", "ios-wkwebview", "ios-sdk", "safari-ios"])
        XCTAssertEqual(shopee.map { $0["reason"]! },
                       ["no-gesture", "no-gesture", "no-gesture", "no-gesture", "no-interaction", "no-gesture"])
        XCTAssertEqual(Set(shopee.map { $0["outcome"]! }), ["blocked"])
        // A filter needs no "contains": the Android WebView's rows by value.
        let webview = rows.filter { $0["profile"] == "android-webview" }
        XCTAssertEqual(webview.count, findings.filter { $0.profiles.contains("android-webview") }.count)
        let unreadable = try XCTUnwrap(rows.first { $0["code"] == "PAGE_UNREADABLE" })
        XCTAssertEqual([unreadable["profile"], unreadable["outcome"], unreadable["reason"], unreadable["raw"]], ["", "", "", ""])
        XCTAssertEqual(unreadable["file"], "Pipelines/demo-site/broken/logo.html")
    }

    func testWideLayoutKeepsOneRowPerFinding() throws {
        let report = report(CSVOptions(layout: .wide))
        let text = FindingsCSV.render(report)
        XCTAssertEqual(try CSVReader.parse(text).first, FindingsCSV.header(.wide))
        let rows = try rows(text)
        XCTAssertEqual(rows.count, Array(report.findings).count)
        let intent = try XCTUnwrap(rows.first { $0["code"] == "INTENT_SCHEME_ON_IOS" })
        XCTAssertEqual(intent["profiles"], "ios-wkwebview ios-sdk safari-ios")
        XCTAssertEqual(intent["reasons"], "android-webview=unknown-scheme android-sdk=intent-launched chrome-android=intent-launched "
            + "ios-wkwebview=unsupported-url ios-sdk=no-app safari-ios=invalid-address")
        XCTAssertEqual(intent["file"], "Pipelines/demo-site/checkout/index.html")
    }

    func testTheLinkAsWrittenIsAColumn() throws {
        var navigation = ReportFixture.nav("pay/", 7, "a[href]", .tap, "gojek://pay?x=1", ReportFixture.unknownScheme,
                                           ["ERR_UNKNOWN_URL_SCHEME": ["android-webview"]])
        navigation.raw = "  gojek://pay?x=1&amp;y  "
        var accumulator = ReportAccumulator()
        accumulator.add(page: ReportFixture.record("pay/", bytes: 1, count: 1), navigations: [navigation])
        let rows = try rows(FindingsCSV.render(accumulator.report()))
        XCTAssertEqual(rows.first?["raw"], "  gojek://pay?x=1&amp;y  ")
        XCTAssertEqual(rows.first?["url"], "gojek://pay?x=1")
    }

    func testMessagesAreASCII() throws {
        for layout in CSVLayout.allCases {
            let text = FindingsCSV.render(report(CSVOptions(layout: layout)))
            XCTAssertNil(text.unicodeScalars.first { !$0.isASCII }, "\(layout): every byte ASCII for an ASCII site")
            XCTAssertTrue(text.contains("Android WebView shows net::ERR_UNKNOWN_URL_SCHEME - unknown-scheme (android-webview)"))
        }
        for check in Checks.all {
            XCTAssertNil(check.title.unicodeScalars.first { !$0.isASCII }, "\(check.code)'s title is written into the CSV")
        }
    }

    func testOnlyLinkauditsOwnWordingIsRewritten() throws {
        // A page status (a file name) and a suppression reason with non-ASCII text and an
        // em dash of their own: kept byte for byte.
        let status = "unreadable: cannot read “menü — café”.html"
        var accumulator = ReportAccumulator(rules: ReportRules(suppressions: [
            Suppression(code: nil, page: Glob("*"), url: nil, reason: "geprüft — ok"),
        ]))
        accumulator.add(page: PageRecord(page: "https://shop.example/café", file: "site/café.html", bytes: 0, status: status),
                        navigations: [])
        let rows = try rows(FindingsCSV.render(accumulator.report()))
        XCTAssertEqual(rows.first?["message"], "Page could not be read - " + status)
        XCTAssertEqual(rows.first?["suppressed"], "geprüft — ok")
        XCTAssertEqual(rows.first?["file"], "site/café.html")
        // A finding whose message does not open with its title (from elsewhere) is left alone.
        var finding = Array(report().findings)[1]
        finding.message = "custom — text"
        XCTAssertEqual(CSVMessage.text(finding), "custom — text")
    }

    /// `CSVMessage.text` (bytes compared in place) writes what its plain version does, for
    /// every check's title with and without the separator, cut short, with other text and
    /// non-ASCII reasons, and for codes this version does not know.
    func testTheMessageRewriteEqualsThePlainOne() {
        var finding = Array(report().findings)[1]
        let codes = Checks.all.map(\.code) + ["NOT_A_CODE", ""]
        for code in codes {
            let title = FindingBuilder.title(code)
            let messages = [title, title + FindingBuilder.titleSeparator, title + FindingBuilder.titleSeparator + "opens-app (chrome-android)",
                            title + " - x", title + "— x", String(title.dropLast()), "", "—", "x — y", "=cmd", "a,\"b\"",
                            title + FindingBuilder.titleSeparator + "menü — café", "\u{301}" + title + FindingBuilder.titleSeparator]
            for message in messages {
                finding.code = code
                finding.message = message
                XCTAssertEqual(CSVMessage.text(finding), CSVMessage.plainText(finding), "\(code): \(message)")
                var cell = ByteBuffer(), plainCell = ByteBuffer(), scratch = ByteBuffer()
                CSVMessage.appendCell(finding, to: &cell, scratch: &scratch)
                CSVCell.append(CSVMessage.plainText(finding), to: &plainCell)
                XCTAssertEqual(Array(cell.written), Array(plainCell.written), "\(code): \(message)")
            }
        }
        finding.code = codes[0]
        finding.message = FindingBuilder.title(codes[0]) + FindingBuilder.titleSeparator + "r"
        XCTAssertEqual(CSVMessage.text(finding), FindingBuilder.title(codes[0]) + " - r")
    }

    func testByteOrderMarkOnlyWhenAsked() {
        let plain = Array(FindingsCSV.render(report()).utf8)
        XCTAssertEqual(Array(plain.prefix(5)), Array("page,".utf8))
        let marked = Array(FindingsCSV.render(report(CSVOptions(bom: true))).utf8)
        XCTAssertEqual(Array(marked.prefix(3)), [0xEF, 0xBB, 0xBF])
        XCTAssertEqual(Array(marked.dropFirst(3)), plain)
    }

    func testQuotingGivesBackEveryCellExactly() throws {
        let nasty = ["a,b", "say \"hi\"", "two\nlines", "cr\r\nlf", "\"", ",", "", "plain", "日本語 https://bücher.example/ü",
                     "=SUM(A1)", "-1", "+1", "@x", " leading space", "trailing,comma,"]
        var navigations: [Navigation] = []
        for (index, text) in nasty.enumerated() {
            var navigation = ReportFixture.nav("q/", index + 1, "a[href]", .tap, "gojek://pay/\(index)", ReportFixture.unknownScheme,
                                               ["ERR_UNKNOWN_URL_SCHEME": ["android-webview"]])
            navigation.raw = text
            navigations.append(navigation)
        }
        for layout in CSVLayout.allCases {
            var accumulator = ReportAccumulator()
            accumulator.add(page: ReportFixture.record("q/", bytes: 1, count: nasty.count), navigations: navigations)
            var report = accumulator.report()
            report.csv = CSVOptions(layout: layout)
            let text = FindingsCSV.render(report)
            XCTAssertTrue(text.hasSuffix("\r\n"))
            let rows = try rows(text)
            XCTAssertEqual(rows.map { $0["raw"]! }, nasty.map(CSVCell.neutralised), "\(layout)")
            for row in rows { XCTAssertEqual(row.count, FindingsCSV.header(layout).count) }
        }
    }

    func testLayoutFlagValues() throws {
        XCTAssertEqual(try CSVOptions.parse(layout: nil, bom: false), CSVOptions(layout: .long))
        XCTAssertEqual(try CSVOptions.parse(layout: " Wide ", bom: true), CSVOptions(layout: .wide, bom: true))
        XCTAssertThrowsError(try CSVOptions.parse(layout: "tall", bom: false)) {
            XCTAssertEqual($0 as? LinkAuditError, .usage("--csv-layout: unknown layout 'tall' (long or wide)"))
        }
    }
}
