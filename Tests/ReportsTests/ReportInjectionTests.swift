import XCTest
@testable import Reports
import TestSupport

/// Hostile URLs and page addresses come out inert: no spreadsheet formula in the CSV, no
/// broken table, code span or HTML in the Markdown.
final class ReportInjectionTests: XCTestCase {
    private let report = InjectionFixture.report

    func testCSVCellsNeverStartAFormula() throws {
        let rows = try CSVReader.parse(FindingsCSV.render(report))
        XCTAssertEqual(rows.count, InjectionFixture.urls.count + 2, "header + one row per finding + the unreadable page")
        XCTAssertEqual(rows.first, FindingsCSV.header(.long))
        for row in rows {
            XCTAssertEqual(row.count, FindingsCSV.header(.long).count)
            for cell in row {
                guard let first = cell.unicodeScalars.first else { continue }
                XCTAssertFalse(["=", "+", "-", "@", "\t", "\r", "＝"].contains(first), "cell starts a formula: \(cell)")
            }
        }
        let header = FindingsCSV.header(.long)
        let url = header.firstIndex(of: "url")!, raw = header.firstIndex(of: "raw")!, code = header.firstIndex(of: "code")!
        let links = rows.dropFirst().filter { $0[code] != "PAGE_UNREADABLE" }
        XCTAssertEqual(links.count, InjectionFixture.urls.count)
        for (row, original) in zip(links, InjectionFixture.urls) {
            let risky = ["=", "+", "-", "@", "\t", "\r", "＝"].contains(original.unicodeScalars.first!)
            XCTAssertEqual(row[url], risky ? "'" + original : original, "the text survives, only defused")
            XCTAssertEqual(row[raw], risky ? "'" + original : original, "raw too")
        }
    }

    func testCSVQuotesWhatWouldSplitARow() {
        let csv = FindingsCSV.render(report)
        XCTAssertTrue(csv.contains("\"https://shop.example/x\n| injected | row |\n# heading\""))
        XCTAssertTrue(csv.contains("\"https://shop.example/\"\"quoted\"\",comma\""))
        XCTAssertTrue(csv.hasSuffix("\r\n"))
    }

    func testMarkdownIsInert() {
        let markdown = SummaryMarkdown.render(report)
        XCTAssertFalse(markdown.contains("<script"), "no raw HTML from a page")
        XCTAssertFalse(markdown.contains("<b>"))
        XCTAssertFalse(markdown.contains("<img"))
        XCTAssertTrue(markdown.contains("&lt;script&gt;alert(document.cookie)&lt;/script&gt;"))
        XCTAssertFalse(markdown.contains("\n# heading"), "a newline in a URL cannot start a heading")
        XCTAssertFalse(markdown.contains("| injected | row |"))
        XCTAssertFalse(markdown.contains("[link](javascript:"), "no Markdown link from page text")
        XCTAssertTrue(markdown.contains("\\[link\\](javascript:alert(1))"))
        XCTAssertTrue(markdown.contains("javascript:\\`rm -rf /\\`"), "backticks are escaped")
        XCTAssertTrue(markdown.contains("https://shop.example/a\\|b\\|c"))
        XCTAssertFalse(markdown.contains("\u{1}") || markdown.contains("\u{1B}"), "control characters are gone")
        XCTAssertTrue(markdown.contains("Compared with Reports/&lt;script&gt;\\|\\`night\\`,"), "the baseline's path too")
    }

    func testMarkdownTablesKeepTheirColumns() {
        var columns: Int?
        for line in SummaryMarkdown.render(report).components(separatedBy: "\n") {
            guard line.hasPrefix("|") else {
                columns = nil
                continue
            }
            let pipes = unescapedPipes(line)
            if let columns { XCTAssertEqual(pipes, columns, "row breaks its table: \(line)") }
            columns = pipes
        }
    }

    func testMarkdownInlineEscaping() {
        XCTAssertEqual(MarkdownText.inline("a|b`c<d>&e\nf"), "a\\|b\\`c&lt;d&gt;&amp;e f")
        XCTAssertEqual(MarkdownText.inline("*_[x](y)_*"), "\\*\\_\\[x\\](y)\\_\\*")
        XCTAssertEqual(MarkdownText.inline(String(repeating: "a", count: 200), limit: 10), String(repeating: "a", count: 10) + "…")
    }

    func testCSVNeutralising() {
        XCTAssertEqual(CSVCell.neutralised("=1+1"), "'=1+1")
        XCTAssertEqual(CSVCell.neutralised("@x"), "'@x")
        XCTAssertEqual(CSVCell.neutralised("dana://x"), "dana://x")
        XCTAssertEqual(CSVCell.neutralised(""), "")
        XCTAssertEqual(CSVCell.field("a,b"), "\"a,b\"")
        XCTAssertEqual(CSVCell.field("say \"hi\""), "\"say \"\"hi\"\"\"")
    }

    private func unescapedPipes(_ line: String) -> Int {
        var count = 0, escaped = false
        for character in line {
            if escaped { escaped = false; continue }
            if character == "\\" { escaped = true } else if character == "|" { count += 1 }
        }
        return count
    }
}

/// An RFC 4180 reader for the tests (quoted fields, doubled quotes, CRLF).
enum CSVReader {
    struct Malformed: Error {}

    static func parse(_ text: String) throws -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = ""
        var quoted = false, afterQuote = false
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" { scalars.removeFirst(); field.unicodeScalars.append("\"") } else { quoted = false; afterQuote = true }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty && !afterQuote: quoted = true
            case ",": row.append(field); field = ""; afterQuote = false
            case "\r":
                guard scalars.popFirst() == "\n" else { throw Malformed() }
                row.append(field); rows.append(row); row = []; field = ""; afterQuote = false
            default:
                if afterQuote { throw Malformed() }
                field.unicodeScalars.append(scalar)
            }
        }
        if quoted || !field.isEmpty || !row.isEmpty { throw Malformed() }
        return rows
    }
}
