import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import Reports
import TestSupport

/// junit.xml parses with an XML parser and has the right counts.
final class ReportJUnitXMLTests: XCTestCase {
    func testCountsOnTheDemoFixture() throws {
        let xml = try JUnitSummary(JUnitXML.render(ReportFixture.accumulate(ReportFixture.run1).report()))
        XCTAssertEqual(xml.suiteAttributes["tests"], "6")
        XCTAssertEqual(xml.suiteAttributes["failures"], "3", "failing test cases: checkout, login, redirect")
        XCTAssertEqual(xml.suiteAttributes["errors"], "0")
        XCTAssertEqual(xml.suiteAttributes["skipped"], "1", "the unreadable logo.html")
        XCTAssertEqual(xml.rootAttributes, xml.suiteAttributes.merging(["name": "linkaudit"]) { $1 })
        XCTAssertEqual(xml.cases.count, 6)
        let failures = Dictionary(uniqueKeysWithValues: xml.cases.map { ($0.name, $0.failures.count) })
        let site = ReportFixture.site
        XCTAssertEqual(failures, [site: 0, site + "broken/logo.html": 0, site + "checkout/": 7, site + "help/": 0,
                                  site + "login/": 2, site + "redirect/": 3])
        XCTAssertEqual(xml.cases.reduce(0) { $0 + $1.failures.count }, 12, "one failure per error finding")
        XCTAssertEqual(xml.cases.first { $0.name == site + "checkout/" }?.failures.first,
                       "ERR_UNKNOWN_URL_SCHEME at line 26: dana://wallet/pay?order=ORD-20240611-0042")
        let help = try XCTUnwrap(xml.cases.first { $0.name == site + "help/" })
        XCTAssertTrue(help.output.contains("suppressed error: ERR_UNKNOWN_URL_SCHEME at line 37"), help.output)
        XCTAssertTrue(help.output.contains("warning: LANDING_PAGE_STAYS at line 23"), help.output)
    }

    func testAnUnreadablePageRaisedToErrorFails() throws {
        var rules = ReportFixture.rules
        rules.severities["PAGE_UNREADABLE"] = .error
        let xml = try JUnitSummary(JUnitXML.render(ReportFixture.accumulate(ReportFixture.run1, rules: rules).report()))
        XCTAssertEqual(xml.suiteAttributes["failures"], "4")
        XCTAssertEqual(xml.suiteAttributes["skipped"], "0")
    }

    func testHostileContentStillParses() throws {
        let xml = try JUnitSummary(JUnitXML.render(InjectionFixture.report))
        XCTAssertEqual(xml.cases.count, 2)
        XCTAssertEqual(xml.cases.first?.name, InjectionFixture.page)
        XCTAssertEqual(xml.cases.first?.failures.count, InjectionFixture.urls.count)
        XCTAssertTrue(xml.cases.first?.failures.contains("ERR_UNKNOWN_URL_SCHEME at line 10: https://shop.example/x\n| injected | row |\n# heading") ?? false,
                      "line breaks in attributes survive as character references")
    }

    func testAnEmptyRunIsValid() throws {
        let xml = try JUnitSummary(JUnitXML.render(ReportAccumulator().report()))
        XCTAssertEqual(xml.suiteAttributes["tests"], "0")
        XCTAssertEqual(xml.cases.count, 0)
    }
}

/// What the tests read back from a junit.xml.
private final class JUnitSummary: NSObject, XMLParserDelegate {
    struct Case {
        var name: String
        var failures: [String] = []
        var output = ""
    }

    var rootAttributes: [String: String] = [:]
    var suiteAttributes: [String: String] = [:]
    var cases: [Case] = []
    private var inOutput = false
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
        case "testcase": cases.append(Case(name: attributes["name"] ?? ""))
        case "failure": cases[cases.count - 1].failures.append(attributes["message"] ?? "")
        case "system-out": inOutput = true
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "system-out" { inOutput = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inOutput { cases[cases.count - 1].output += string }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred error: Error) {
        parseError = error
    }
}
