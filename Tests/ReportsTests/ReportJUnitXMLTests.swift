import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import Reports
import TestSupport

/// junit.xml is valid against the JUnit schema Jenkins and GitLab read, has one failure
/// at most per test case (Jenkins shows only the first), stable case names, and the
/// right counts.
final class ReportJUnitXMLTests: XCTestCase {
    private var reports: [(name: String, text: String)] {
        let run1 = ReportFixture.accumulate(ReportFixture.run1)
        let baseline = Baseline(label: "previous", findings: Array(run1.report().findings))
        var raised = ReportFixture.rules
        raised.severities["PAGE_UNREADABLE"] = .error
        return [
            ("plain", JUnitXML.render(run1.report(toolVersion: "0.1.0"))),
            ("baseline", JUnitXML.render(ReportFixture.accumulate(ReportFixture.run2).report(baseline: baseline))),
            ("unreadable raised to error", JUnitXML.render(ReportFixture.accumulate(ReportFixture.run1, rules: raised).report())),
            ("injection", JUnitXML.render(InjectionFixture.report)),
            ("empty", JUnitXML.render(ReportAccumulator().report())),
        ]
    }

    func testValidAgainstJenkinsJUnitSchema() throws {
        for (name, text) in reports {
            XCTAssertEqual(try JUnitSchema.problems(text), [], name)
        }
    }

    func testTheSchemaCheckIsLive() throws {
        let text = try XCTUnwrap(reports.first?.text)
        // A testcase attribute the schema does not know (junit.xml had `file` until it was
        // checked), and counts on <testsuites> it does not allow.
        let withFile = text.replacingOccurrences(of: "<testcase classname=\"linkaudit.pages\" name=\"https://shop.demo-merchant.example/\"",
                                                 with: "<testcase classname=\"linkaudit.pages\" name=\"https://shop.demo-merchant.example/\" file=\"index.html\"")
        XCTAssertNotEqual(withFile, text)
        let problems = try JUnitSchema.problems(withFile)
        XCTAssertTrue(problems.contains { $0.contains("'file'") }, "\(problems)")
        let skippedOnRoot = text.replacingOccurrences(of: "<testsuites name=\"linkaudit\"", with: "<testsuites skipped=\"1\" name=\"linkaudit\"")
        XCTAssertFalse(try JUnitSchema.problems(skippedOnRoot).isEmpty)
        let nameless = text.replacingOccurrences(of: " name=\"https://shop.demo-merchant.example/\"/>", with: "/>")
        XCTAssertFalse(try JUnitSchema.problems(nameless).isEmpty, "a case needs a name")
        XCTAssertThrowsError(try JUnitSchema.problems("<testsuites>"), "not well-formed")
    }

    func testOneFailureAtMostPerCase() throws {
        for (name, text) in reports {
            let xml = try JUnitSummary(text)
            for item in xml.cases {
                XCTAssertLessThanOrEqual(item.failures.count, 1, "\(name): \(item.classname) \(item.name)")
                XCTAssertLessThanOrEqual(item.skipped.count + item.failures.count, 1, "\(name): \(item.name)")
            }
            let keys = xml.cases.map { $0.classname + " " + $0.name }
            XCTAssertEqual(Set(keys).count, keys.count, "\(name): case names are unique")
        }
    }

    func testCasesOnTheDemoFixture() throws {
        let xml = try JUnitSummary(JUnitXML.render(ReportFixture.accumulate(ReportFixture.run1).report()))
        XCTAssertEqual(xml.suiteAttributes["tests"], "13")
        XCTAssertEqual(xml.suiteAttributes["failures"], "8", "failing cases: a page and an error code each")
        XCTAssertEqual(xml.suiteAttributes["errors"], "0")
        XCTAssertEqual(xml.suiteAttributes["skipped"], "2", "the unreadable logo.html, the suppressed mailto: link")
        XCTAssertEqual(xml.rootAttributes, ["name": "linkaudit", "tests": "13", "failures": "8", "errors": "0"])
        XCTAssertEqual(xml.cases.count, 13)
        XCTAssertEqual(xml.cases.filter { !$0.failures.isEmpty }.count, 8)
        XCTAssertEqual(xml.cases.filter { !$0.skipped.isEmpty }.count, 2)
        let site = ReportFixture.site
        let checkout = xml.cases.filter { $0.name == site + "checkout/" }
        XCTAssertEqual(checkout.map(\.classname), ["linkaudit.ERR_UNKNOWN_URL_SCHEME", "linkaudit.UNSUPPORTED_URL",
                                                   "linkaudit.BLOCKED_NO_GESTURE", "linkaudit.INTENT_SCHEME_ON_IOS",
                                                   "linkaudit.FALLBACK_NOT_USED"], "one case per code, in the reference's order")
        let unknown = try XCTUnwrap(checkout.first)
        XCTAssertEqual(unknown.failures.first?.type, "ERR_UNKNOWN_URL_SCHEME")
        XCTAssertEqual(unknown.failures.first?.message,
                       "ERR_UNKNOWN_URL_SCHEME at line 26: dana://wallet/pay?order=ORD-20240611-0042 (and 2 more)")
        let text = try XCTUnwrap(unknown.failures.first?.text)
        for line in ["page: " + site + "checkout/", "file: Pipelines/demo-site/checkout/index.html", "line: 26", "line: 27",
                     "line: 40", "url: paypay://payment?order=ORD-0042&amount=1250",
                     "source: form[action], trigger: form-post, frame: main",
                     "profiles: android-webview android-sdk chrome-android",
                     "outcomes: android-webview=error-page android-sdk=error-page chrome-android=error-page ios-wkwebview=blocked ios-sdk=opens-app safari-ios=opens-app"] {
            XCTAssertTrue(text.components(separatedBy: "\n").contains(line), "missing \(line) in\n\(text)")
        }
        let fallback = try XCTUnwrap(checkout.first { $0.classname == "linkaudit.FALLBACK_NOT_USED" })
        XCTAssertTrue(fallback.failures.isEmpty && fallback.skipped.isEmpty, "a warning passes")
        XCTAssertTrue(fallback.output.hasPrefix("warning: FALLBACK_NOT_USED at line 27: intent://"), fallback.output)
        let mailto = try XCTUnwrap(xml.cases.first { $0.name == site + "help/" && $0.classname == "linkaudit.ERR_UNKNOWN_URL_SCHEME" })
        XCTAssertEqual(mailto.skipped, ["suppressed: the app shell hands mailto: links to the mail app"])
        XCTAssertTrue(mailto.output.contains("suppressed error: ERR_UNKNOWN_URL_SCHEME at line 37"), mailto.output)
        let logo = try XCTUnwrap(xml.cases.first { $0.name == site + "broken/logo.html" })
        XCTAssertEqual(logo.classname, "linkaudit.PAGE_UNREADABLE")
        XCTAssertEqual(logo.skipped, ["not-html: binary data"])
        let home = try XCTUnwrap(xml.cases.first { $0.name == site })
        XCTAssertEqual(home.classname, "linkaudit.pages", "a page without findings passes as itself")
        XCTAssertTrue(home.failures.isEmpty && home.skipped.isEmpty && home.output.isEmpty)
    }

    func testNamesAndOrderStayPutWhenLinesAndOrderIDsChange() throws {
        // run2: the checkout page's lines moved and its order ids changed; the DANA link
        // went and a GCash one came, with the same codes.
        let first = try JUnitSummary(JUnitXML.render(ReportFixture.accumulate(ReportFixture.run1).report()))
        let second = try JUnitSummary(JUnitXML.render(ReportFixture.accumulate(ReportFixture.run2).report()))
        XCTAssertEqual(first.cases.map { $0.classname + " " + $0.name }, second.cases.map { $0.classname + " " + $0.name })
    }

    func testAnUnreadablePageRaisedToErrorFails() throws {
        var rules = ReportFixture.rules
        rules.severities["PAGE_UNREADABLE"] = .error
        let xml = try JUnitSummary(JUnitXML.render(ReportFixture.accumulate(ReportFixture.run1, rules: rules).report()))
        XCTAssertEqual(xml.suiteAttributes["failures"], "9")
        XCTAssertEqual(xml.suiteAttributes["skipped"], "1", "the suppressed mailto: link")
        let logo = try XCTUnwrap(xml.cases.first { $0.name == ReportFixture.site + "broken/logo.html" })
        XCTAssertEqual(logo.failures.first?.message, "PAGE_UNREADABLE: Page could not be read — not-html: binary data")
    }

    func testHostileContentStillParsesAndMessagesStayOnOneLine() throws {
        let xml = try JUnitSummary(JUnitXML.render(InjectionFixture.report))
        XCTAssertEqual(xml.cases.count, 2)
        XCTAssertEqual(xml.cases.first?.name, InjectionFixture.page)
        XCTAssertEqual(xml.cases.first?.failures.count, 1)
        let failure = try XCTUnwrap(xml.cases.first?.failures.first)
        XCTAssertEqual(failure.message, "ERR_UNKNOWN_URL_SCHEME at line 1: =cmd|' /C calc'!A0 (and \(InjectionFixture.urls.count - 1) more)")
        XCTAssertTrue(failure.text.contains("url: https://shop.example/x\n| injected | row |\n# heading"),
                      "the text keeps a page's line breaks")
        let unreadable = try XCTUnwrap(xml.cases.last)
        XCTAssertEqual(unreadable.skipped, ["unreadable: <img src=x onerror=alert(1)>|`x` line"], "the message is one line")
    }

    func testAnEmptyRunIsValid() throws {
        let xml = try JUnitSummary(JUnitXML.render(ReportAccumulator().report()))
        XCTAssertEqual(xml.suiteAttributes["tests"], "0")
        XCTAssertEqual(xml.cases.count, 0)
    }

    func testTotalsMatchTheCasesWritten() throws {
        for (name, text) in reports {
            let xml = try JUnitSummary(text)
            XCTAssertEqual(xml.suiteAttributes["tests"], String(xml.cases.count), name)
            XCTAssertEqual(xml.suiteAttributes["failures"], String(xml.cases.filter { !$0.failures.isEmpty }.count), name)
            XCTAssertEqual(xml.suiteAttributes["skipped"], String(xml.cases.filter { !$0.skipped.isEmpty }.count), name)
        }
    }
}

/// What the tests read back from a junit.xml.
private final class JUnitSummary: NSObject, XMLParserDelegate {
    struct Failure: Equatable {
        var type: String
        var message: String
        var text = ""
    }

    struct Case {
        var classname: String
        var name: String
        var failures: [Failure] = []
        var skipped: [String] = []
        var output = ""
    }

    var rootAttributes: [String: String] = [:]
    var suiteAttributes: [String: String] = [:]
    var cases: [Case] = []
    private var inside: String?
    private var parseError: Error?

    init(_ text: String) throws {
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? parseError ?? CocoaError(.fileReadCorruptFile) }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch name {
        case "testsuites": rootAttributes = attributes
        case "testsuite": suiteAttributes = attributes
        case "testcase": cases.append(Case(classname: attributes["classname"] ?? "", name: attributes["name"] ?? ""))
        case "failure":
            cases[cases.count - 1].failures.append(Failure(type: attributes["type"] ?? "", message: attributes["message"] ?? ""))
            inside = name
        case "skipped": cases[cases.count - 1].skipped.append(attributes["message"] ?? "")
        case "system-out": inside = name
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == inside { inside = nil }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        switch inside {
        case "system-out": cases[cases.count - 1].output += string
        case "failure":
            let last = cases[cases.count - 1].failures.count - 1
            cases[cases.count - 1].failures[last].text += string
        default: break
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred error: Error) {
        parseError = error
    }
}
