import Foundation
import XCTest
@testable import Checks
@testable import Extraction
@testable import LinkAudit
@testable import LinkAuditModel
@testable import PageSources
@testable import Policies
@testable import Reports
import TestSupport

/// Runs every check's own examples through the whole pipeline (read, extract, classify):
/// each triggering example must raise its code (by exactly the profiles its `raisedBy`
/// names, when it names them), each non-triggering one must not. One test method per
/// finding code, named after it, so a failure names the check and `--filter` runs one;
/// a failing example is reported at its own file and line.
final class CheckExamplesTests: XCTestCase {
    func test_ERR_UNKNOWN_URL_SCHEME() throws { try verifyExamples() }
    func test_UNSUPPORTED_URL() throws { try verifyExamples() }
    func test_BLOCKED_NO_GESTURE() throws { try verifyExamples() }
    func test_SUBFRAME_DEEPLINK_BLOCKED() throws { try verifyExamples() }
    func test_NOT_ALLOWLISTED() throws { try verifyExamples() }
    func test_OPEN_FAILED() throws { try verifyExamples() }
    func test_INTENT_SCHEME_ON_IOS() throws { try verifyExamples() }
    func test_FALLBACK_NOT_USED() throws { try verifyExamples() }
    func test_UNSAFE_INTENT_STRIPPED() throws { try verifyExamples() }
    func test_UNIVERSAL_LINK_SAME_HOST() throws { try verifyExamples() }
    func test_LANDING_PAGE_STAYS() throws { try verifyExamples() }
    func test_BLOCKED_LOCAL_SCHEME() throws { try verifyExamples() }
    func test_MALFORMED_TARGET() throws { try verifyExamples() }
    func test_QUERY_NOT_UTF8() throws { try verifyExamples() }
    func test_SANDBOX_BLOCKED() throws { try verifyExamples() }
    func test_PAGE_UNREADABLE() throws { try verifyExamples() }
    func test_ASSOCIATION_INVALID() throws { try verifyExamples() }

    func testEveryCheckHasExamplesBothWays() {
        for check in Checks.all {
            XCTAssertFalse(check.triggering.isEmpty, "\(check.code) has no triggering example")
            XCTAssertFalse(check.nonTriggering.isEmpty, "\(check.code) has no non-triggering example")
        }
    }

    func testCodesAreTheContractsAndUnique() {
        XCTAssertEqual(Checks.all.map(\.code), [
            "ERR_UNKNOWN_URL_SCHEME", "UNSUPPORTED_URL", "BLOCKED_NO_GESTURE", "SUBFRAME_DEEPLINK_BLOCKED",
            "NOT_ALLOWLISTED", "OPEN_FAILED", "INTENT_SCHEME_ON_IOS", "FALLBACK_NOT_USED", "UNSAFE_INTENT_STRIPPED",
            "UNIVERSAL_LINK_SAME_HOST", "LANDING_PAGE_STAYS", "BLOCKED_LOCAL_SCHEME", "MALFORMED_TARGET", "QUERY_NOT_UTF8",
            "SANDBOX_BLOCKED", "PAGE_UNREADABLE",
            "ASSOCIATION_INVALID",
        ])
    }

    /// Each example's recorded place is its own `CheckExample(` in a check file, so the
    /// failures above land on it (a helper that builds examples must pass its caller's place on).
    func testEveryExampleRecordsItsOwnPlace() throws {
        var sources: [String: [Substring]] = [:]
        for check in Checks.all {
            for example in check.triggering + check.nonTriggering {
                let path = "\(example.file)"
                XCTAssertTrue(path.hasPrefix(Repository.url("Sources/Checks/").path),
                              "\(check.code): an example records \(path):\(example.line)")
                if sources[path] == nil {
                    sources[path] = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n",
                                                                                             omittingEmptySubsequences: false)
                }
                let lines = sources[path]!
                let line = Int(example.line)
                XCTAssertTrue(line >= 1 && line <= lines.count && lines[line - 1].contains("CheckExample("),
                              "\(check.code): \(path):\(line) is not where the example is written")
            }
        }
    }

    /// Every code in `Checks.all` has its test method above, and every such method a code.
    /// Linux's XCTest has no run-time list of a class's methods (discovery reads the build's
    /// index), so this reads the methods from this file, as discovery does.
    func testEveryCodeHasItsTestMethod() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"^[ \t]*func test_([A-Z0-9_]+)\(\)"#, options: .anchorsMatchLines)
        let methods = pattern.matches(in: source, range: NSRange(source.startIndex..., in: source)).map {
            String(source[Range($0.range(at: 1), in: source)!])
        }
        XCTAssertEqual(methods.count, Set(methods).count, "a code has two test methods: \(methods.sorted())")
        let codes = Checks.all.map(\.code)
        for code in codes where !methods.contains(code) {
            XCTFail("\(code) is in Checks.all but has no test method: add `func test_\(code)() throws { try verifyExamples() }`")
        }
        for method in methods where !codes.contains(method) {
            XCTFail("test_\(method) names no check in Checks.all")
        }
    }
}

// MARK: - Running a check's examples

extension CheckExamplesTests {
    /// What one example raised, run the way the audit runs it.
    struct ExampleRun {
        /// The profiles the example ran, by name.
        var profiles: [String]
        /// Each navigation code raised, with the profiles that raised it (over all the page's navigations).
        var raised: [String: Set<String>]
        /// The page record: what page-scope checks judge.
        var record: PageRecord
    }

    /// Runs the examples of the check the calling test method is named after (`test_CODE`).
    func verifyExamples(_ testName: String = #function, file: StaticString = #filePath, line: UInt = #line) throws {
        let code = String(testName.prefix(while: { $0 != "(" }).dropFirst("test_".count))
        let check = try XCTUnwrap(Checks.named(code), "\(testName) names no check in Checks.all", file: file, line: line)
        for example in check.triggering { expectRaised(check, example) }
        for example in check.nonTriggering { expectNotRaised(check, example) }
    }

    /// An association example's record is the one a crawl writes for that file; it has no navigations.
    func run(_ example: CheckExample) throws -> ExampleRun {
        if let record = example.associationRecord { return ExampleRun(profiles: [], raised: [:], record: record) }
        let result = PageReader().read(bytes: Array(example.html.utf8), page: example.page, file: nil)
        let profiles = try ProfileRegistry.select(example.profiles)
        let classifier = Classifier(profiles: profiles, device: example.device, settings: example.settings,
                                    options: example.options)
        var raised: [String: Set<String>] = [:]
        for navigation in classifier.audit(result.navigations) {
            for finding in navigation.findings ?? [] { raised[finding.code, default: []].formUnion(finding.profiles) }
        }
        return ExampleRun(profiles: profiles.map(\.name), raised: raised, record: result.record)
    }

    /// A triggering example raises its check's code, by exactly `raisedBy` when it is given.
    func expectRaised(_ check: Check, _ example: CheckExample) {
        guard let found = runReportingFailure(check, example) else { return }
        if check.scope == .page {
            fail(example, "\(check.code) not raised by this triggering example (page status: \(found.record.status))",
                 unless: check.firesOnPage(found.record))
            fail(example, "\(check.code) is a page check: its findings name no profiles, so raisedBy cannot be "
                 + "asserted", unless: example.raisedBy == nil)
            return
        }
        guard let by = found.raised[check.code] else {
            return fail(example, "\(check.code) not raised by this triggering example (profiles run: "
                        + "\(list(found.profiles)); codes raised: \(list(found.raised.keys)))\(excerpt(example))")
        }
        if let expected = example.raisedBy {
            fail(example, "\(check.code) expected raised by exactly \(list(expected)), found raised by \(list(by)) "
                 + "(profiles run: \(list(found.profiles)))", unless: by == expected)
        }
    }

    /// A non-triggering example raises nothing of its check's.
    func expectNotRaised(_ check: Check, _ example: CheckExample) {
        fail(example, "\(check.code): raisedBy on a non-triggering example (it must raise nothing)",
             unless: example.raisedBy == nil)
        guard let found = runReportingFailure(check, example) else { return }
        if check.scope == .page {
            fail(example, "\(check.code) raised by this non-triggering example (page status: \(found.record.status))",
                 unless: !check.firesOnPage(found.record))
        } else if let by = found.raised[check.code] {
            fail(example, "\(check.code) expected raised by none, found raised by \(list(by)) (profiles run: "
                 + "\(list(found.profiles)))\(excerpt(example))")
        }
    }

    private func runReportingFailure(_ check: Check, _ example: CheckExample) -> ExampleRun? {
        do { return try run(example) } catch {
            XCTFail("\(check.code): the example does not run: \(error)", file: example.file, line: example.line)
            return nil
        }
    }

    /// Fails at the example's own file and line.
    private func fail(_ example: CheckExample, _ message: @autoclosure () -> String, unless holds: Bool = false) {
        if !holds { XCTFail(message(), file: example.file, line: example.line) }
    }

    private func list<S: Sequence<String>>(_ names: S) -> String { "[" + names.sorted().joined(separator: ", ") + "]" }

    private func excerpt(_ example: CheckExample) -> String {
        let html = example.html.count > 100 ? example.html.prefix(100) + "…" : example.html
        return " in: \(html)"
    }
}
