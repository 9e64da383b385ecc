import XCTest
@testable import Checks
import LinkAuditModel
import PageSources
import Policies

/// `CheckRun.findings` reads each check where it lies; `findingsPlain` copies every check out
/// for `compactMap`'s closure (Docs/ARCHITECTURE.md §3). Both must give the same findings,
/// in the same order, for every classified navigation of every check's examples, with every
/// check and with a reordered subset of them.
final class CheckRunTests: XCTestCase {
    func testFindingsReadInPlaceAreThePlainOnes() throws {
        let runs = [CheckRun.standard, CheckRun(checks: Checks.all.reversed().enumerated().filter { $0.offset % 3 != 1 }.map(\.element))]
        var judged = 0, raised = 0
        for check in Checks.all {
            for example in check.triggering + check.nonTriggering where example.association == nil {
                let result = PageReader().read(bytes: Array(example.html.utf8), page: example.page, file: nil)
                let classifier = Classifier(profiles: try ProfileRegistry.select(example.profiles), device: example.device,
                                            settings: example.settings, options: example.options)
                for navigation in classifier.classify(result.navigations).navigations where navigation.verdicts != nil {
                    for run in runs {
                        let found = run.findings(navigation)
                        XCTAssertEqual(found, run.findingsPlain(navigation), "\(check.code): \(navigation.raw)",
                                       file: example.file, line: example.line)
                        judged += 1
                        raised += found.count
                    }
                }
            }
        }
        // Not vacuous: the examples raise findings of their own.
        XCTAssertGreaterThan(judged, 60)
        XCTAssertGreaterThan(raised, 50)
    }
}
