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
/// each triggering example must raise its code, each non-triggering one must not.
final class CheckExamplesTests: XCTestCase {
    /// An association example's record is the one a crawl writes for that file; it has no navigations.
    private func codes(_ example: CheckExample) throws -> (navigation: Set<String>, page: Bool, record: PageRecord) {
        if let record = example.associationRecord { return ([], Checks.pageUnreadable.firesOnPage(record), record) }
        let result = PageReader().read(bytes: Array(example.html.utf8), page: example.page, file: nil)
        let classifier = Classifier(profiles: try ProfileRegistry.select(example.profiles), device: example.device,
                                    settings: example.settings, options: example.options)
        let navigations = classifier.audit(result.navigations)
        let codes = Set(navigations.flatMap { ($0.findings ?? []).map(\.code) })
        return (codes, Checks.pageUnreadable.firesOnPage(result.record), result.record)
    }

    func testEveryCheckHasExamplesBothWays() {
        for check in Checks.all {
            XCTAssertFalse(check.triggering.isEmpty, "\(check.code) has no triggering example")
            XCTAssertFalse(check.nonTriggering.isEmpty, "\(check.code) has no non-triggering example")
        }
    }

    func testTriggeringExamplesRaiseTheirCode() throws {
        for check in Checks.all {
            for example in check.triggering {
                let found = try codes(example)
                let raised = check.scope == .page ? check.firesOnPage(found.record) : found.navigation.contains(check.code)
                XCTAssertTrue(raised, "\(check.code) not raised by: \(example.html) (raised: \(found.navigation.sorted()))")
            }
        }
    }

    func testNonTriggeringExamplesDoNot() throws {
        for check in Checks.all {
            for example in check.nonTriggering {
                let found = try codes(example)
                let raised = check.scope == .page ? check.firesOnPage(found.record) : found.navigation.contains(check.code)
                XCTAssertFalse(raised, "\(check.code) raised by: \(example.html)")
            }
        }
    }

    func testCodesAreTheContractsAndUnique() {
        XCTAssertEqual(Checks.all.map(\.code), [
            "ERR_UNKNOWN_URL_SCHEME", "UNSUPPORTED_URL", "BLOCKED_NO_GESTURE", "SUBFRAME_DEEPLINK_BLOCKED",
            "NOT_ALLOWLISTED", "OPEN_FAILED", "INTENT_SCHEME_ON_IOS", "FALLBACK_NOT_USED", "UNSAFE_INTENT_STRIPPED",
            "UNIVERSAL_LINK_SAME_HOST", "LANDING_PAGE_STAYS", "BLOCKED_LOCAL_SCHEME", "MALFORMED_TARGET", "PAGE_UNREADABLE",
            "ASSOCIATION_INVALID",
        ])
    }
}
